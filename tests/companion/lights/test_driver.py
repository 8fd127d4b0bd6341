from __future__ import annotations

import threading

from companion import events as ev
from companion.events import Event, EventBus
from companion.lights.board_view import BoardView
from companion.lights.colours import OFF, TURN_ORDER_COLOURS, Palette, scaled
from companion.lights.driver import (
    CARRY_CYCLE,
    FLAG_SECONDS,
    REFRESH_SECONDS,
    LightsDriver,
    PaletteSource,
)
from companion.lights.playback import LIFT_SECONDS, PLAYBACK_SECONDS, TRAVEL_SECONDS
from companion.lights.scenes import DIM, TURN_WON_SECONDS, absent_level, occupancy, turn_won
from companion.lights.virtual import VirtualLights
from tests.companion.games.arena.conftest import new_arena

from .conftest import tiny_layout

PALETTE = Palette()


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _driver(views: list[BoardView | None], clock: Clock) -> tuple[LightsDriver, VirtualLights]:
    lights = VirtualLights(tiny_layout())
    return LightsDriver(lights, lambda: views[-1], PALETTE, clock), lights


def _shown(lights: VirtualLights, cell: str) -> tuple[int, int, int]:
    return lights.frames[-1].cells[cell]


def test_shows_the_state_scene_and_follows_events():
    clock = Clock()
    views: list[BoardView | None] = [BoardView(phase="action", occupants={"b3": ("A",)})]
    driver, lights = _driver(views, clock)
    bus = EventBus()
    driver.attach(bus)
    driver.tick()
    assert _shown(lights, "b3") == scaled(PALETTE.seat("A"), DIM)
    views.append(BoardView(phase="action", occupants={"c3": ("B",)}))
    bus.publish(Event(ev.ACTION_APPLIED, {"action": "x"}))
    driver.tick()
    assert _shown(lights, "b3") == OFF
    assert _shown(lights, "c3") == scaled(PALETTE.seat("B"), DIM)


def test_flagged_cells_flash_for_a_while_then_stop():
    clock = Clock()
    driver, lights = _driver([BoardView(phase="action")], clock)
    driver.on_event(Event(ev.FLAGGED, {"message": "ambiguous", "cells": ["d2"]}))
    driver.tick()
    assert _shown(lights, "d2") == PALETTE.illegal
    clock.now += FLAG_SECONDS + 0.1
    driver.tick()
    assert _shown(lights, "d2") == OFF


def test_turn_won_plays_once_at_the_start_of_the_next_turn():
    clock = Clock()
    views: list[BoardView | None] = [BoardView(phase="initiative", turn=2)]
    driver, lights = _driver(views, clock)
    driver.on_event(Event(ev.TURN_WON, {"turn": 1, "seat": "A"}))
    clock.now += 1.0
    driver.tick()
    expected = turn_won(BoardView(phase="initiative", last_turn_winner="A"), 1.0, PALETTE)
    assert lights.frames[-1].cells["a1"] == expected.colour("a1") == PALETTE.seat("A")
    clock.now += TURN_WON_SECONDS
    driver.tick()
    assert lights.frames[-1].cells["a1"] == OFF
    # the next action does not replay it
    driver.on_event(Event(ev.ACTION_APPLIED, {}))
    driver.tick()
    assert lights.frames[-1].cells["a1"] == occupancy(views[-1], 0, PALETTE).colour("a1")


def test_no_game_means_attract_mode():
    clock = Clock()
    driver, lights = _driver([None], clock)
    driver.tick()
    assert all(colour != OFF for colour in lights.frames[-1].cells.values())


def test_run_stops_and_leaves_the_leds_dark():
    clock = Clock()
    driver, lights = _driver([BoardView(phase="action", occupants={"a1": ("A",)})], clock)
    stop = threading.Event()
    stop.set()
    driver.run(stop)
    assert all(colour == OFF for colour in lights.frames[-1].cells.values())


def test_a_still_scene_is_pushed_once():
    clock = Clock()
    driver, lights = _driver([BoardView(phase="action", occupants={"a1": ("A",)})], clock)
    for _ in range(5):
        clock.now += 0.1
        driver.tick()
    assert lights.shown == 1


def test_an_event_is_drawn_at_once_not_at_the_next_frame_tick():
    clock = Clock()
    views: list[BoardView | None] = [BoardView(phase="action", occupants={"a1": ("A",)})]
    driver, lights = _driver(views, clock)
    bus = EventBus()
    driver.attach(bus)
    stop = threading.Event()
    runner = threading.Thread(target=driver.run, args=(stop,), kwargs={"fps": 0.001})
    runner.start()  # one frame every 1000 s: only the wake-up can draw the next one
    try:
        shown = threading.Event()
        lights.subscribe(lambda frame: shown.set() if frame.cells["c3"] != OFF else None)
        views.append(BoardView(phase="action", occupants={"c3": ("B",)}))
        bus.publish(Event(ev.ACTION_APPLIED, {"action": "x"}))
        assert shown.wait(timeout=30)
    finally:
        stop.set()
        driver.wake()
        runner.join(timeout=30)


def test_an_action_that_changes_no_cell_is_drawn_at_once_too():
    """A remote table's follow path: the frame showing the game as of an action is drawn when
    the action lands, even when its pixels are the same (not at the next tick, issue 37)."""
    clock = Clock()
    driver, _lights = _driver([BoardView(phase="action", occupants={"a1": ("A",)})], clock)
    bus = EventBus()
    driver.attach(bus)
    drawn = threading.Event()
    draw = driver.tick

    def tick():
        drawn.set()
        return draw()

    driver.tick = tick  # type: ignore[method-assign]
    stop = threading.Event()
    runner = threading.Thread(target=driver.run, args=(stop,), kwargs={"fps": 0.001})
    runner.start()  # one frame every 1000 s: only the wake-up can draw the next one
    try:
        assert drawn.wait(timeout=30)  # the first frame
        drawn.clear()
        bus.publish(Event(ev.ACTION_APPLIED, {"action": "pass"}))  # the board as it was
        assert drawn.wait(timeout=30)
    finally:
        stop.set()
        driver.wake()
        runner.join(timeout=30)


# -- an Arena table on a hex layout ------------------------------------------------------------


def _arena_driver(clock: Clock, palette_source: PaletteSource | None = None):
    from companion.games.arena.demo import demo_setup
    from companion.lights.map_view import view_for_game

    wired = [f"{column}{row}" for row in (1, 2) for column in "abcd"]  # row 3 has no LEDs
    layout = tiny_layout(
        map={"kind": "hexes", "columns": 4, "rows": 3},
        led_count=len(wired),
        cell_leds={cell: number for number, cell in enumerate(wired)},
    )
    battlefield = {"columns": 4, "rows": 3, "glyph_hexes": {"g1": "c2", "g2": "d3"}}
    game = new_arena(demo_setup())
    lights = VirtualLights(layout)
    driver = LightsDriver(
        lights,
        lambda: view_for_game(game, layout.map, battlefield, {}),
        PALETTE,
        clock,
        palette_source,
    )
    return game, driver, lights


def test_an_arena_game_lights_the_hexes_its_figures_stand_on():
    clock = Clock()
    game, driver, lights = _arena_driver(clock)
    bus = EventBus()
    driver.attach(bus)
    for text in ("choose walker-a", "summon soldiers-a-1 a1", "move walker-a g1 c2"):
        for event in game.push(game.parse_action(text)):
            bus.publish(event)
    driver.tick()
    ann = TURN_ORDER_COLOURS[0]
    assert _shown(lights, "a1") == scaled(ann, DIM)
    assert _shown(lights, "c2") == ann  # the walker holds the glyph of power
    assert _shown(lights, "b1") == OFF
    assert "d3" not in lights.frames[-1].cells  # the unheld glyph's hex has no LED


def test_a_prompted_hex_flashes_until_the_next_action():
    from companion.games.arena.camera import CAMERA_PROMPTED

    clock = Clock()
    _, driver, lights = _arena_driver(clock)
    driver.on_event(Event(CAMERA_PROMPTED, {"kind": "disengage", "figure": "x", "hex": "b2"}))
    driver.tick()
    assert _shown(lights, "b2") == PALETTE.prompt
    clock.now += 0.3  # the flash's dark half
    driver.tick()
    assert _shown(lights, "b2") == OFF
    clock.now += 0.2
    driver.tick()
    assert _shown(lights, "b2") == PALETTE.prompt
    driver.on_event(Event(ev.ACTION_APPLIED, {"action": "disengage x y 0"}))
    clock.now += 0.5
    driver.tick()
    assert _shown(lights, "b2") == OFF
    assert lights.frames[-1].number == lights.shown


def test_a_view_that_changes_without_an_event_is_read_within_a_second():
    clock = Clock()
    views: list[BoardView | None] = [BoardView(phase="action", occupants={"a1": ("A",)})]
    driver, lights = _driver(views, clock)
    views.append(BoardView(phase="action", occupants={"c3": ("B",)}))
    clock.now += REFRESH_SECONDS / 2
    driver.tick()
    assert _shown(lights, "c3") == OFF
    clock.now += REFRESH_SECONDS
    driver.tick()
    assert _shown(lights, "c3") == scaled(PALETTE.seat("B"), DIM)


def test_with_no_game_on_its_map_a_hex_layout_idles_over_its_own_hexes():
    clock = Clock()
    _, driver, lights = _arena_driver(clock)
    driver._view_source = lambda: None  # e.g. the table now plays Planechase
    clock.now += REFRESH_SECONDS
    driver.tick()
    cells = lights.frames[-1].cells
    assert set(cells) == set(lights.layout.cells)
    assert all(colour != OFF for colour in cells.values())


def test_seat_colours_picked_for_a_new_game_reach_the_leds():
    picked: dict[str, str] = {}
    game, driver, lights = _arena_driver(
        Clock(), palette_source=lambda: Palette().with_seat_colours(picked)
    )
    for text in ("choose walker-a", "summon soldiers-a-1 a1"):
        applied = Event(ev.ACTION_APPLIED, {"action": text})  # the table's, once per action
        for event in [*game.push(game.parse_action(text)), applied]:
            driver.on_event(event)
    driver.tick()
    assert _shown(lights, "a1") == scaled(TURN_ORDER_COLOURS[0], DIM)  # ann: first in turn order
    picked["ann"] = "#00FF00"  # the panel's set-up saved a colour for ann, then started a game
    driver.on_event(Event(ev.GAME_STARTED, {"game": "arena", "game_id": 2}))
    driver.tick()
    assert _shown(lights, "a1") == scaled((0, 255, 0), DIM)


# -- a remote table: the absent seat's moves play out (issue 28) -------------------------------


def _remote(minis: dict[str, str]) -> BoardView:
    """Seat B plays at the other table; ``minis``: its miniatures' cells."""
    occupants: dict[str, tuple[str, ...]] = {}
    for cell in minis.values():
        occupants[cell] = (*occupants.get(cell, ()), "B")
    return BoardView(
        phase="action",
        occupants=occupants,
        portals={"A": "a1", "B": "e5"},
        absent=frozenset({"B"}),
        absent_minis={mini: ("B", cell) for mini, cell in minis.items()},
    )


def test_an_absent_seats_move_plays_once_then_the_board_shows_it():
    clock = Clock()
    views: list[BoardView | None] = [_remote({"B:x#1": "d4"})]
    driver, lights = _driver(views, clock)
    driver.tick()
    views.append(_remote({"B:x#1": "b4"}))  # two cells: d4 c4 b4
    driver.on_event(Event(ev.ACTION_APPLIED, {"action": "move B:x#1 b4"}))
    driver.tick()
    assert _shown(lights, "d4") == PALETTE.seat("B") and _shown(lights, "b4") == OFF
    clock.now += LIFT_SECONDS + TRAVEL_SECONDS / 2
    driver.tick()
    assert _shown(lights, "c4") == PALETTE.seat("B")  # on its way
    clock.now += PLAYBACK_SECONDS
    driver.tick()
    assert _shown(lights, "d4") == OFF
    assert _shown(lights, "b4") == scaled(PALETTE.seat("B"), absent_level(1))


def test_a_new_game_does_not_play_its_miniatures_in():
    clock = Clock()
    views: list[BoardView | None] = [_remote({})]
    driver, lights = _driver(views, clock)
    views.append(_remote({"B:x#1": "d4"}))
    driver.on_event(Event(ev.GAME_STARTED, {}))
    driver.tick()
    assert _shown(lights, "d4") == scaled(PALETTE.seat("B"), absent_level(1))
    assert _shown(lights, "e5") == OFF  # no playback from the portal


# -- solo play: the computer's move waits for the players to carry it (issue 35) ----------------


def test_a_computers_move_to_carry_plays_from_cell_to_cell_until_it_is_taken():
    clock = Clock()
    views: list[BoardView | None] = [
        BoardView(phase="action", occupants={"d4": ("B",)}, portals={"A": "a1", "B": "e5"})
    ]
    driver, lights = _driver(views, clock)
    bus = EventBus()
    driver.attach(bus)
    driver.tick()
    dim = scaled(PALETTE.seat("B"), DIM)
    assert _shown(lights, "d4") == dim
    bus.publish(
        Event(ev.ACTION_EXPECTED, {"seat": "B", "piece": "B:x#1", "cell": "b4", "start": "d4"})
    )
    driver.tick()
    assert _shown(lights, "d4") == PALETTE.seat("B") and _shown(lights, "b4") == OFF
    clock.now += LIFT_SECONDS + TRAVEL_SECONDS / 2
    driver.tick()
    assert _shown(lights, "c4") == PALETTE.seat("B")  # on its way, in the seat's colour
    clock.now += CARRY_CYCLE  # nobody carried it yet: it plays again
    driver.tick()
    assert _shown(lights, "c4") == PALETTE.seat("B")
    views.append(BoardView(phase="action", occupants={"b4": ("B",)}, portals=views[0].portals))
    bus.publish(Event(ev.ACTION_APPLIED, {"action": "move B:x#1 b4"}))  # the camera saw it
    for _ in range(3):
        clock.now += CARRY_CYCLE / 3
        driver.tick()
        assert _shown(lights, "b4") == dim and _shown(lights, "c4") == OFF


def test_a_spawn_to_carry_comes_from_the_portal_and_a_dropped_one_stops():
    clock = Clock()
    views: list[BoardView | None] = [BoardView(phase="spawn", portals={"A": "a1", "B": "e5"})]
    driver, lights = _driver(views, clock)
    driver.tick()
    driver.on_event(
        Event(ev.ACTION_EXPECTED, {"seat": "B", "piece": "B:x#1", "cell": "d5", "start": "e5"})
    )
    driver.tick()
    assert _shown(lights, "e5") == PALETTE.seat("B")
    driver.on_event(Event(ev.ACTION_EXPECTED, {"seat": "B", "piece": None, "cell": None}))
    for _ in range(4):
        clock.now += CARRY_CYCLE / 4
        driver.tick()
        assert _shown(lights, "e5") == OFF and _shown(lights, "d5") == OFF
