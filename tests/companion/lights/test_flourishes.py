"""Planeswalk and chaos flourishes: short, repeatable animations, then the board comes back."""

from __future__ import annotations

from companion import grid
from companion.events import Event, EventBus
from companion.games import find_kit
from companion.games.planechase.demo import demo_setup
from companion.games.planechase.game import CHAOS, PLANESWALKED, Planechase
from companion.lights.board_view import BoardView
from companion.lights.colours import OFF, Palette
from companion.lights.driver import LightsDriver
from companion.lights.flourishes import (
    CHAOS_SECONDS,
    FLOURISHES,
    PLANESWALK_SECONDS,
    chaos,
    planeswalk,
)
from companion.lights.scenes import occupancy
from companion.lights.virtual import VirtualLights

from .conftest import tiny_layout

PALETTE = Palette()
BOARD = BoardView(phase="action", occupants={"b2": ("A",)})


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def _lit(frame_cells: dict[str, tuple[int, int, int]]) -> set[str]:
    return {cell for cell, colour in frame_cells.items() if colour != OFF}


def test_planeswalk_starts_at_the_centre_and_ripples_outwards():
    assert _lit(dict(planeswalk(0.0, PALETTE).cells)) == {"c3"}
    rings = [_lit(dict(planeswalk(t, PALETTE).cells)) for t in (0.0, 0.4, 0.7)]
    assert rings[1] == {"b2", "c2", "d2", "b3", "d3", "b4", "c4", "d4"}
    assert "a1" in rings[2] and "c3" not in rings[2]
    assert planeswalk(1.9, PALETTE).colour("c3") < planeswalk(0.0, PALETTE).colour("c3")


def test_chaos_flickers_repeatably():
    frames = [chaos(step / 10, PALETTE) for step in range(15)]
    assert all(_lit(dict(f.cells)) for f in frames)
    assert len({tuple(sorted(_lit(dict(f.cells)))) for f in frames}) > 1
    assert chaos(0.73, PALETTE) == chaos(0.73, PALETTE)


def test_each_planechase_event_has_its_flourish():
    flourishes = {
        kind: FLOURISHES[name] for kind, name in find_kit("planechase").flourishes.items()
    }
    assert flourishes[PLANESWALKED].seconds == PLANESWALK_SECONDS
    assert flourishes[CHAOS].seconds == CHAOS_SECONDS


def _driver(clock: Clock) -> tuple[LightsDriver, VirtualLights, EventBus]:
    lights = VirtualLights(tiny_layout())
    driver = LightsDriver(lights, lambda: BOARD, PALETTE, clock)
    bus = EventBus()
    driver.attach(bus)
    return driver, lights, bus


def test_the_driver_plays_a_flourish_then_shows_the_board_again():
    clock = Clock()
    driver, lights, bus = _driver(clock)
    driver.tick()
    board = occupancy(BOARD, 0, PALETTE)
    assert lights.frames[-1].cells["b2"] == board.colour("b2")
    bus.publish(Event(PLANESWALKED, {"plane": "ohop-01"}))
    shown = []
    for _ in range(int(PLANESWALK_SECONDS * 10)):
        driver.tick()
        shown.append(dict(lights.frames[-1].cells))
        clock.now += 0.1
    since = clock.now - 50.0
    assert shown[0] == dict(planeswalk(0.0, PALETTE).cells)
    assert len({tuple(sorted(frame.items())) for frame in shown}) > 2  # it moves
    driver.tick()
    assert since >= PLANESWALK_SECONDS
    assert lights.frames[-1].cells == {cell: board.colour(cell) for cell in grid.CELLS}


def test_a_real_chaos_roll_plays_the_chaos_flourish():
    clock = Clock()
    driver, lights, bus = _driver(clock)
    game = Planechase(demo_setup())
    game.push(game.legal_actions()[0])
    for event in game.push(game.parse_action("roll chaos")):
        bus.publish(event)
    clock.now += 0.25
    driver.tick()
    assert dict(lights.frames[-1].cells) == dict(chaos(0.25, PALETTE).cells)
    clock.now += CHAOS_SECONDS
    driver.tick()
    assert lights.frames[-1].cells["b2"] == occupancy(BOARD, 0, PALETTE).colour("b2")
