from __future__ import annotations

import threading

from companion import events as ev
from companion.events import Event, EventBus
from companion.lights.board_view import BoardView
from companion.lights.colours import OFF, Palette, scaled
from companion.lights.driver import FLAG_SECONDS, LightsDriver
from companion.lights.scenes import DIM, TURN_WON_SECONDS, occupancy, turn_won
from companion.lights.virtual import VirtualLights

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
