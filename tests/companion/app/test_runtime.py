"""The runtime wires devices to a table; every missing device falls back without stopping it."""

from __future__ import annotations

import json
import logging
import threading
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from companion import events as ev
from companion.app.runtime import TableRuntime
from companion.games.dreamblade.demo_game import demo_game
from companion.settings import LightsSettings, Settings
from companion.table.controls import Buttons
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import SeatError, StaleError, Table
from firmware_config.pins import ButtonPins


@pytest.fixture
def runtime(tmp_path: Path):
    settings = Settings(
        data_dir=tmp_path,
        lights=LightsSettings(backend="ws281x"),  # not a Pi: must fall back
    )
    table = Table.start(Store(settings.store_path), demo_game())
    running = TableRuntime(settings, table)
    yield running
    running.stop()


def test_leds_that_cannot_open_fall_back_to_virtual_said_in_our_words(runtime, caplog):
    with caplog.at_level(logging.INFO):
        driver = runtime.start_lights()
    assert driver.lights.name == "virtual"
    [note] = runtime.devices
    assert note.device == "LEDs" and note.found.startswith("ws281x did not open (")
    assert "simulated" in note.still and "rpi_ws281x" in note.fix
    assert "ws281x did not open" in caplog.text  # the library's message: the log only
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.process
def test_the_panel_serves_the_table(runtime):
    url = runtime.start_panel(host="127.0.0.1", port=0)
    with urllib.request.urlopen(f"{url}/api/state", timeout=5) as response:
        state = json.load(response)
    assert state["game"] == "dreamblade"
    assert state["pending"]["kind"] == "initiative_roll"


def test_buttons_confirm_undo_and_call_the_judge(runtime):
    Device.pin_factory = MockFactory()
    try:
        runtime.start_buttons()
        assert runtime.problems == []
        table = runtime.table
        table.submit(JUDGE, "init 6 5")
        runtime.confirm()  # seat A has nothing to spawn: "done" ends its spawn phase
        assert table.store.record(table.game_id)["actions"] == ["init 6 5", "done"]
        runtime.undo_last()
        assert table.store.record(table.game_id)["actions"] == ["init 6 5"]
        flags: list[dict] = []
        table.bus.subscribe(lambda e: flags.append(e.data), kinds={ev.FLAGGED})
        table.submit("A", "done")  # B's spawn phase: "done" is B's, the button confirms it
        table.submit("B", "done")
        runtime.confirm()  # the action phase: nothing to confirm
        assert flags == [{"reason": "nothing_to_confirm", "cells": [], "by": "buttons"}]
        called: list[str] = []
        table.bus.subscribe(lambda e: called.append(e.kind), kinds={ev.JUDGE_CALLED})
        runtime.call_judge()
        assert called == [ev.JUDGE_CALLED]
    finally:
        Device.pin_factory.close()
        Device.pin_factory = None


class Interleaving:
    """The table's lock, letting another proposer in the moment the button's thread lets it go:
    ``between`` runs once, at the first full release after ``arm``, as a phone's request
    waiting on the lock would."""

    def __init__(self, lock: Any) -> None:
        self._lock = lock
        self._depth = 0
        self._between: Callable[[], None] | None = None

    def arm(self, between: Callable[[], None]) -> None:
        self._between = between

    def __enter__(self) -> bool:
        self._lock.acquire()
        self._depth += 1
        return True

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        self._lock.release()
        between, self._between = self._between, None
        if self._depth == 0 and between is not None:
            between()
        elif between is not None:
            self._between = between


def test_the_undo_button_never_takes_back_an_action_that_arrives_while_it_acts(
    tmp_path: Path, counter_game_registered
):
    """Seat A plays, the judge corrects; the undo button is pressed as seat A's phone sends its
    next move (made on the state it saw). Whatever the order, the button takes back the judge's
    action and never seat A's: it reads who proposed the last action and undoes it in one step
    of the table's (it used to read, let go of the table, then undo as that proposer)."""
    settings = Settings(data_dir=tmp_path)
    table = Table.new_game(Store(settings.store_path), "test-counter", {"version": 1, "start": 0})
    running = TableRuntime(settings, table)
    factory = MockFactory()
    pins = ButtonPins(confirm=17, undo=27, hold_seconds=5.0, bounce_seconds=0)
    buttons = Buttons(running.confirm, running.undo_last, running.call_judge, pins, factory)
    try:
        table.submit("A", "add 1")
        table.submit(JUDGE, "add 2")
        seen = table.version
        undone: list[dict] = []
        table.bus.subscribe(lambda e: undone.append(e.data), kinds={ev.UNDONE})
        refused: list[Exception] = []

        def phone_a_moves() -> None:
            try:
                table.submit("A", "add 1", version=seen, game_id=table.game_id)
            except (StaleError, SeatError) as error:
                refused.append(error)

        lock = Interleaving(table._lock)
        table._lock = lock  # type: ignore[assignment]
        lock.arm(phone_a_moves)
        factory.pin(27).drive_low()
        factory.pin(27).drive_high()  # a short press: undo
        assert [(u["action"], u["by"]) for u in undone] == [("add 2", "judge")]
        assert table.store.record(table.game_id)["actions"] == ["add 1"]
        assert len(refused) == 1  # seat A's move came after the undo: made on a stale state
    finally:
        buttons.close()
        factory.reset()
        running.stop()


def test_the_undo_button_with_nothing_to_undo_does_nothing(tmp_path: Path):
    settings = Settings(data_dir=tmp_path)
    table = Table.start(Store(settings.store_path), demo_game())
    TableRuntime(settings, table).undo_last()
    assert table.version == 0


def test_without_gpio_the_buttons_step_aside_said_in_our_words(runtime, monkeypatch, caplog):
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "nonexistent")  # gpiozero finds no pin factory
    monkeypatch.setattr("companion.app.devices.on_a_pi", lambda model_file=None: False)
    Device.pin_factory = None
    with caplog.at_level(logging.INFO):
        runtime.start_buttons()
    [note] = runtime.devices
    assert note.line().split(". To fix: ")[0] == (
        "buttons: none found (no GPIO on this machine) — "
        "the phones' done, undo and judge call do their job"
    )
    assert runtime.problems == []
    assert "Unable to find pin factory" in caplog.text  # gpiozero's words: the log only


def test_a_game_without_a_map_gets_no_camera(tmp_path: Path):
    from companion.settings import Settings as S
    from companion.table.setup import starting_game

    settings = S(data_dir=tmp_path, game="planechase")
    table = Table.start(Store(settings.store_path), starting_game(settings))
    running = TableRuntime(settings, table)
    assert running.start_camera("synth:") is False
    assert any("planechase has no map" in p for p in running.problems)


@pytest.mark.process
def test_the_camera_started_first_feeds_the_panels_camera_view(runtime):
    import cv2
    import numpy as np

    from web_panel.camera_view import GRID_COLOUR

    assert runtime.start_camera("synth:", runtime.settings.data_dir / "calibration.json")
    camera = runtime.camera
    assert camera is not None
    for thread in runtime._threads:
        thread.join(timeout=120)  # the synthetic source plays its frames, then ends
    snapshot = camera.snapshot()
    assert snapshot is not None and snapshot.calibration is not None
    url = runtime.start_panel(host="127.0.0.1", port=0)
    # the panel's tag scan and the camera read the same labels (a tournament's seated players')
    assert runtime.panel is not None and runtime.panel.labels is runtime.labels
    assert camera.reading_of == runtime.labels.current  # type: ignore[attr-defined]
    with urllib.request.urlopen(f"{url}/api/camera", timeout=5) as response:
        info = json.load(response)
    assert info["available"] and info["calibrated"]
    assert {t["tag"] for t in info["tags"]} == {"db:B1#1", "db:B2#1", "db:B3#1"}
    with urllib.request.urlopen(f"{url}/api/camera/frame.jpg", timeout=5) as response:
        assert response.headers["Content-Type"] == "image/jpeg"
        jpeg = response.read()
    image = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    assert image is not None and image.shape == snapshot.frame.shape
    grid_like = np.abs(image.astype(int) - GRID_COLOUR).sum(axis=2) < 60  # JPEG blurs colours
    assert grid_like.sum() > 1000  # the grid is drawn over the synthetic frame
    raw_grid_like = np.abs(snapshot.frame.astype(int) - GRID_COLOUR).sum(axis=2) < 60
    assert raw_grid_like.sum() < grid_like.sum() / 10


def test_the_camera_reads_a_dungeon_command_table_on_its_square_grid(tmp_path: Path):
    from companion.games.dungeon_command.game import DungeonCommand
    from companion.settings import Settings as S
    from tests.companion.games.dungeon_command.conftest import make_setup

    battlefield = {"columns": 20, "rows": 16}
    settings = S(data_dir=tmp_path, game="dungeon_command", camera={"battlefield": battlefield})
    table = Table.start(Store(settings.store_path), DungeonCommand(make_setup()))
    running = TableRuntime(settings, table)
    try:
        assert running.start_camera(f"file:{tmp_path / 'no-such-video.mp4'}") is True
        assert running.camera is not None
        assert running.camera.grid.width_mm == 20 * 25.4  # type: ignore[attr-defined]
    finally:
        running.stop()


class _SeenByCamera:
    """A camera view whose last frame read the given tags (the runtime asks only for this)."""

    def __init__(self, seen: dict) -> None:
        from vision.observe import Placement

        placements = tuple(Placement(tag, cell, 1.0, 0.0, 0.0) for tag, cell in seen.items())
        self._snapshot = type("Snapshot", (), {"placements": placements})()

    def snapshot(self):
        return self._snapshot


def test_a_dungeon_command_table_lights_the_squares_the_camera_reads(tmp_path: Path):
    import threading

    from companion.games.dungeon_command.demo import demo_setup
    from companion.games.dungeon_command.game import DungeonCommand
    from companion.lights.colours import OFF
    from vision.board_change import TagId

    settings = Settings(
        data_dir=tmp_path,
        game="dungeon_command",
        lights=LightsSettings(backend="virtual", layout="example_squares_6x4"),
        camera={"battlefield": {"columns": 6, "rows": 4}},
    )
    game = DungeonCommand(demo_setup())
    game.push(game.parse_action("deploy dwarf-cleric"))
    table = Table.start(Store(settings.store_path), game)
    running = TableRuntime(settings, table)
    running.camera = _SeenByCamera({TagId("dc", "dwarf-cleric", 1): "b2"})
    lit = threading.Event()
    try:
        driver = running.start_lights()
        assert running.problems == []
        lights = driver.lights
        lights.subscribe(lambda frame: lit.set() if frame.cells["b2"] != OFF else None)
        if lights.frames and lights.frames[-1].cells["b2"] != OFF:
            lit.set()  # drawn before we listened
        assert lit.wait(timeout=30)
        assert lights.frames[-1].cells["a1"] == OFF
    finally:
        running.stop()


def test_a_layout_under_another_map_is_a_problem_and_the_lights_idle(tmp_path: Path):
    from companion.games.arena.demo import demo_setup
    from companion.games.arena.game import Arena

    settings = Settings(
        data_dir=tmp_path,
        game="arena",
        lights=LightsSettings(backend="virtual", layout="example_hexes_4x3"),
        camera={"battlefield": {"columns": 8, "rows": 6}},
    )
    table = Table.start(Store(settings.store_path), Arena(demo_setup()))
    running = TableRuntime(settings, table)
    try:
        running.start_lights()
        assert any("example_hexes_4x3" in p and "lights idle" in p for p in running.problems)
    finally:
        running.stop()


@pytest.mark.process
def test_a_tournament_table_takes_its_pairing_and_clock_from_the_hub(tmp_path: Path):
    from companion.hub.journal import Journal
    from companion.hub.station import HubStation
    from companion.hub.tournament import Tournament
    from tests.companion.hub.mqtt import account, generated_broker, wait_for

    with generated_broker(tmp_path / "broker", ("table-5",)) as (plan, accounts):
        tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
        tournament.set_tables(["table-5"])
        tournament.configure(round_minutes=40)
        for name in ("Aiko", "Ben"):
            tournament.check_in(name)
        hub = HubStation(account(plan, accounts, "hub"), tournament)
        hub_account = account(plan, accounts, "table-5")
        settings = Settings(table_name="table-5", data_dir=tmp_path / "table", hub=hub_account)
        runtime = TableRuntime(settings, Table.start(Store(settings.store_path), demo_game()))
        try:
            url = runtime.start_panel(host="127.0.0.1", port=0)
            runtime.start_hub()
            first_game = runtime.table.game_id
            tournament.start_round()
            (match,) = tournament.state.round_matches(1)

            def state() -> dict:
                with urllib.request.urlopen(f"{url}/api/state", timeout=5) as response:
                    return json.load(response)

            assert wait_for(lambda: runtime.table.game_id != first_game)
            names = tournament.state.players
            assert wait_for(lambda: state()["clock"]["remaining"] is not None)
            seen = state()
            assert {s["seat"]: s["name"] for s in seen["seats"]} == {
                "A": names[match.a].name,
                "B": names[match.b or 0].name,
            }
            assert seen["clock"]["running"] and 2390 < seen["clock"]["remaining"] <= 2400
            assert seen["clock"]["at_time"] == "notify_only"  # the event's, sent by the hub
        finally:
            runtime.stop()
            hub.close()


def test_seat_colours_picked_on_the_panel_reach_the_leds_of_a_new_game(tmp_path: Path):
    from companion.games.dungeon_command.demo import demo_setup
    from companion.games.dungeon_command.game import DungeonCommand
    from companion.lights.colours import scaled
    from companion.lights.scenes import DIM
    from vision.board_change import TagId
    from web_panel import create_app

    settings = Settings(
        data_dir=tmp_path,
        game="dungeon_command",
        lights=LightsSettings(backend="virtual", layout="example_squares_6x4"),
        camera={"battlefield": {"columns": 6, "rows": 4}},
    )
    game = DungeonCommand(demo_setup())
    game.push(game.parse_action("deploy dwarf-cleric"))
    table = Table.start(Store(settings.store_path), game)
    running = TableRuntime(settings, table)
    running.camera = _SeenByCamera({TagId("dc", "dwarf-cleric", 1): "b2"})
    green = threading.Event()
    try:
        lights = running.start_lights().lights

        def seen(frame) -> None:  # green at the dim level, give or take 8-bit rounding
            red, green_level, blue = frame.cells["b2"]
            if red == blue == 0 and abs(green_level - scaled((0, 255, 0), DIM)[1]) <= 8:
                green.set()

        lights.subscribe(seen)
        client = create_app(table, settings, secret_key="k", testing=True).test_client()
        seats = {
            "ann": {"name": "Ann", "colour": "#00FF00"},
            "ben": {"name": "Ben", "colour": "#FF00FF"},
        }
        token = {"X-CSRF-Token": client.get("/api/me").get_json()["csrf"]}
        body = {"game": "dungeon_command", "seats": seats}
        reply = client.post("/api/setup/new", json=body, headers=token)
        assert reply.status_code == 200, reply.json
        assert not green.is_set()  # the new game has no creature deployed yet
        table.submit("ann", "deploy dwarf-cleric")
        assert green.wait(timeout=30)  # Ann's creature in the colour picked for Ann
    finally:
        running.stop()


def test_with_a_marker_registration_the_camera_reads_carriers(tmp_path: Path):
    from companion.settings import CameraSettings
    from vision.board_change import TagId
    from vision.registration import LabelRegistration
    from vision.tags import MarkerReader

    markers = tmp_path / "tags.markers.yaml"
    markers.write_text(LabelRegistration("aruco4x4", {3: TagId("db", "B1", 1)}).to_yaml())
    settings = Settings(data_dir=tmp_path, camera=CameraSettings(markers=markers))
    running = TableRuntime(settings, Table.start(Store(settings.store_path), demo_game()))
    try:
        assert running.start_camera(f"file:{tmp_path / 'none.mp4'}") is True
        loop = running.camera
        assert isinstance(loop.reader, MarkerReader)  # type: ignore[union-attr]
        assert loop.config.carrier is not None  # type: ignore[union-attr]
    finally:
        running.stop()
    # a seated player's QR stickers at this carriers table: said in the run's problems
    from companion.table.seated_labels import save_seated

    qr = LabelRegistration("qr", {0: TagId("db", "Z12", 1)}, 9)
    paired = TableRuntime(settings, Table.start(Store(tmp_path / "p.sqlite3"), demo_game()))
    save_seated(paired.table.session, 3, {"B": qr})  # what the hub's pairing left in its session
    try:
        assert paired.start_camera(f"file:{tmp_path / 'none.mp4'}") is True
        assert paired.problems == [
            "camera: Player B's labels (seat B) are QR stickers, but this table reads carriers: "
            "the camera does not read their miniatures"
        ]
    finally:
        paired.stop()
    markers.write_text("family: datamatrix\n")
    again = TableRuntime(settings, Table.start(Store(tmp_path / "u.sqlite3"), demo_game()))
    assert again.start_camera("synth:") is False
    assert any("family" in p for p in again.problems)


@pytest.mark.process
def test_a_table_with_an_account_but_no_address_joins_the_hub_found_by_mdns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    import secrets

    from companion.hub import discovery
    from companion.hub.broker import BrokerPlan, start_broker, write_broker
    from companion.hub.journal import Journal
    from companion.hub.station import HubStation
    from companion.hub.tournament import Tournament
    from companion.settings import HubSettings
    from tests.companion.hub.mqtt import advertised_elsewhere, free_port, wait_for

    prefix = f"test-{secrets.token_hex(4)}"  # no other hub on the network serves this event
    plan = BrokerPlan(
        folder=tmp_path / "broker", tables=("table-5",), host="0.0.0.0", port=free_port(),
        prefix=prefix,
    )  # fmt: skip
    accounts = write_broker(plan)
    broker = start_broker(plan)
    tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
    tournament.set_tables(["table-5"])
    hub_account = HubSettings(
        mqtt_host="127.0.0.1", mqtt_port=plan.port, topic_prefix=prefix,
        username="hub", password=accounts["hub"],
    )  # fmt: skip
    hub = HubStation(hub_account, tournament)
    section = HubSettings(username="table-5", password=accounts["table-5"], topic_prefix=prefix)
    settings = Settings(table_name="table-5", data_dir=tmp_path / "table", hub=section)
    runtime = TableRuntime(settings, Table.start(Store(settings.store_path), demo_game()))
    monkeypatch.setattr(discovery, "BROWSE_SECONDS", 15.0)  # a loaded test machine answers late
    try:
        with advertised_elsewhere(plan.port, prefix):
            runtime.start_hub()
            assert not [p for p in runtime.problems if p.startswith("hub:")], runtime.problems
            assert wait_for(lambda: hub.online.get("table-5") is True, 15)
    finally:
        runtime.stop()
        hub.close()
        broker.terminate()
        broker.wait(timeout=5)


@pytest.mark.process
def test_a_table_that_finds_no_hub_by_mdns_tries_hub_local_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from companion.hub import discovery
    from companion.settings import HubSettings

    monkeypatch.setattr(discovery, "BROWSE_SECONDS", 0.5)
    section = HubSettings(username="table-5", password="pw", topic_prefix="test-nobody-here")
    settings = Settings(table_name="table-5", data_dir=tmp_path, hub=section)
    runtime = TableRuntime(settings, Table.start(Store(settings.store_path), demo_game()))
    try:
        runtime.start_hub()  # hub.local does not answer here: the link keeps trying, nothing fails
        assert runtime.problems == ["hub: no hub answered on mDNS; trying hub.local:1883"]
    finally:
        runtime.stop()


def test_a_table_without_a_ca_does_not_connect_to_a_tls_hub_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from companion.hub import discovery, table_link
    from companion.hub.discovery import FoundHub
    from companion.settings import HubSettings

    tls_hub = FoundHub("x", "192.0.2.7", 8883, True, "companion")
    resolve = discovery.resolve_hub
    monkeypatch.setattr(
        discovery, "resolve_hub", lambda hub: resolve(hub, find=lambda s, enough: ([tls_hub], None))
    )

    def no_link(*args: object, **kwargs: object) -> None:
        raise AssertionError("a table without the CA must not connect")

    monkeypatch.setattr(table_link, "TableLink", no_link)
    section = HubSettings(username="table-5", password="pw")
    settings = Settings(table_name="table-5", data_dir=tmp_path, hub=section)
    runtime = TableRuntime(settings, Table.start(Store(settings.store_path), demo_game()))
    try:
        runtime.start_hub()
        (problem,) = runtime.problems
        assert problem.startswith("hub: hub found by mDNS at 192.0.2.7:8883")
        assert "not connecting" in problem
    finally:
        runtime.stop()


def test_a_remote_hosts_leds_light_the_guests_miniatures_by_count(tmp_path: Path):
    """The runtime's lights read the seat played at the other table from the table's remote
    block: B's two scissors (on the guest's map) light e5 in B's colour at the level for two,
    though it is B's spawn phase (at a table on its own e5 would breathe pale as B's portal)."""
    from companion.games.dreamblade.demo_game import DEMO_ACTIONS
    from companion.lights.colours import Palette, scaled
    from companion.lights.scenes import absent_level

    settings = Settings(data_dir=tmp_path, lights=LightsSettings(backend="virtual"))
    table = Table.start(Store(settings.store_path), demo_game())
    table.set_remote({"role": "host", "seat": "B", "partner": "online", "connected": True,
                      "names": {}})  # fmt: skip
    running = TableRuntime(settings, table)
    orange = Palette().seat("B")
    two_there = threading.Event()
    try:
        lights = running.start_lights().lights
        lights.subscribe(
            lambda frame: (
                two_there.set()
                if _near(frame.cells["e5"], scaled(orange, absent_level(2)))
                else None
            )
        )
        for text in DEMO_ACTIONS[: DEMO_ACTIONS.index("spawn B:spellbound-scissors#2 e5")]:
            table.submit(JUDGE, text)
        assert table.read(lambda game: game.phase_seat) == "B"
        assert not two_there.is_set()
        table.submit(JUDGE, "spawn B:spellbound-scissors#2 e5")
        assert two_there.wait(timeout=30)
    finally:
        running.stop()


def _near(shown: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    """The mirror's colour is the frame's give or take 8-bit rounding of gamma and brightness."""
    return all(abs(a - b) <= 8 for a, b in zip(shown, wanted, strict=True))
