"""The live stream: one message per change, catch-up by Last-Event-ID, clean shutdown."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

from flask import Flask

from companion.events import Event
from companion.games import fixed_maps
from companion.lights.colours import to_hex
from companion.lights.frame import Frame
from companion.lights.virtual import VirtualLights
from companion.settings import Settings
from companion.table.start_request import StartRequest
from companion.table.table import Table
from firmware_config.layout import load_layout
from tests.companion.counter_game import CounterGame
from web_panel import create_app
from web_panel.stream import Feed, sse_message
from web_panel.view import public_view


def _feed(app: Flask) -> Feed:
    feed: Feed = app.extensions["panel"].feed
    return feed


def _next_state(stream: Iterator[str]) -> str:
    """The next state message of a stream, skipping keep-alive comments and the retry hint."""
    for chunk in stream:
        if chunk.startswith("id: "):
            return chunk
    raise AssertionError("the stream ended")


def _event_id(message: str) -> str:
    return message.split("\n", 1)[0].removeprefix("id: ")


def test_an_sse_message_has_its_id_event_and_data_lines():
    assert sse_message("state", '{"a":1}', "3.4.0") == 'id: 3.4.0\nevent: state\ndata: {"a":1}\n\n'
    assert sse_message("ping", "x") == "event: ping\ndata: x\n\n"


def test_a_new_client_gets_the_current_view_at_once(app: Flask, table: Table):
    stream = _feed(app).events(None)
    assert next(stream).startswith("retry: ")
    message = _next_state(stream)
    assert _event_id(message) == f"{table.game_id}.0.0"
    assert '"version":0' in message


def test_every_change_is_pushed(app: Flask, table: Table):
    stream = _feed(app).events(None)
    _next_state(stream)
    table.submit("A", "add 2")
    assert _event_id(_next_state(stream)) == f"{table.game_id}.1.0"
    table.undo("A")
    assert _event_id(_next_state(stream)) == f"{table.game_id}.2.0"


def test_a_reconnecting_client_is_caught_up_with_what_it_missed(app: Flask, table: Table):
    feed = _feed(app)
    first = feed.events(None)
    seen = _event_id(_next_state(first))
    table.submit("A", "add 1")
    table.submit("B", "add 3")
    caught_up = _next_state(feed.events(seen))
    assert _event_id(caught_up) == f"{table.game_id}.2.0"
    assert '"action":"add 3"' in caught_up


def test_a_client_that_is_up_to_date_gets_no_copy_until_something_changes(app: Flask, table: Table):
    feed = _feed(app)
    current_id, _ = feed.current()
    stream = feed.events(current_id)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(_next_state(stream)))
    reader.start()
    table.submit("A", "add 1")
    reader.join(timeout=10)
    assert len(received) == 1
    assert _event_id(received[0]) == f"{table.game_id}.1.0"


def test_a_flag_from_the_camera_reaches_the_phones_as_a_notice(app: Flask, table: Table):
    stream = _feed(app).events(None)
    _next_state(stream)
    table.flag("on_line", ("c3", "c4"), subject="A:x#1")
    message = _next_state(stream)
    assert _event_id(message) == f"{table.game_id}.0.1"
    (notice,) = json.loads(message.split("data: ", 1)[1])["notices"]
    assert notice["kind"] == "flagged" and notice["reason"] == "on_line"
    assert (notice["cells"], notice["subject"]) == (["c3", "c4"], "A:x#1")


def test_a_new_game_starts_with_no_notice_of_the_last_one(app: Flask, table: Table):
    """The last game's flags and judge calls end with it; a device's state stays the table's."""
    stream = _feed(app).events(None)
    _next_state(stream)
    table.flag("refused", ("c3",), subject="A:x#1", rule="expect.other")
    table.bus.publish(Event("judge_called", {"seat": "A"}))
    table.bus.publish(Event("device", {"device": "camera", "status": "moved", "message": "m"}))
    notices = json.loads(_next_state(stream).split("data: ", 1)[1])["notices"]
    assert {n["kind"] for n in notices} == {"flagged", "judge_called", "device"}

    table.start_game(StartRequest(CounterGame(start=2)))
    view = json.loads(_next_state(stream).split("data: ", 1)[1])
    assert view["game_id"] == table.game_id
    assert [n["kind"] for n in view["notices"]] == ["device"]
    table.flag("on_line", ("c4",))  # the new game's own flags are shown
    notices = json.loads(_next_state(stream).split("data: ", 1)[1])["notices"]
    assert [n.get("reason") for n in notices] == [None, "on_line"]


def test_a_flag_raised_as_a_new_game_starts_is_the_new_games(table: Table, settings: Settings):
    """The camera may flag the new game's first miniature before the start's news reaches the
    phones' feed (the table publishes it once the game is in play): the flag stays."""
    started: list[int] = []

    def camera_flags_at_once(event: Event) -> None:
        started.append(event.data["game_id"])
        table.flag("refused", ("d3",), subject="B:x#1", rule="expect.other")

    table.bus.subscribe(camera_flags_at_once, kinds={"game_started"})  # before the panel's feed
    app = create_app(table, settings, secret_key="s", testing=True)
    try:
        table.flag("on_line", ("c3",))  # the last game's
        assert len(json.loads(_feed(app).current()[1])["notices"]) == 1
        table.start_game(StartRequest(CounterGame(start=2)))
        assert started == [table.game_id]
        _, message = _feed(app).current()
        notices = json.loads(message)["notices"]
        assert [(n["kind"], n["reason"]) for n in notices] == [("flagged", "refused")]
    finally:
        app.extensions["panel"].close()


def test_closing_the_feed_ends_every_stream(app: Flask):
    feed = _feed(app)
    stream = feed.events(None)
    _next_state(stream)
    ended = threading.Event()

    def drain() -> None:
        for _ in stream:
            pass
        ended.set()

    threading.Thread(target=drain, daemon=True).start()
    feed.close()
    assert ended.wait(timeout=10)


def test_the_view_is_built_once_per_change_however_many_clients(app: Flask, table: Table):
    panel = app.extensions["panel"]
    builds: list[int] = []

    def counting_build(notices: list) -> dict:
        builds.append(1)
        return public_view(table, panel.settings.seats, panel.clock, notices)

    feed = Feed(table, counting_build)
    streams = [feed.events(None) for _ in range(5)]
    for stream in streams:
        _next_state(stream)
    assert len(builds) == 1
    table.submit("A", "add 1")
    for stream in streams:
        _next_state(stream)
    assert len(builds) == 2
    feed.close()


def test_the_stream_endpoint_serves_event_stream(app: Flask, table: Table):
    client = app.test_client()
    current_id, _ = _feed(app).current()
    response = client.get("/api/stream", buffered=False)
    assert response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-cache"
    chunks = response.iter_encoded()
    assert next(chunks).startswith(b"retry: ")
    assert next(chunks).startswith(f"id: {current_id}".encode())
    response.close()


def _next_leds(stream: Iterator[str]) -> dict:
    for chunk in stream:
        if chunk.startswith("event: leds"):
            return json.loads(chunk.split("data: ", 1)[1])
    raise AssertionError("the stream ended")


def test_the_virtual_leds_are_mirrored_on_the_stream(table: Table, settings):
    lights = VirtualLights(load_layout("matrix16x16", fixed_maps()))
    app = create_app(table, settings, secret_key="s", testing=True, lights=lights)
    stream = _feed(app).events(None)
    _next_state(stream)
    lights.show_frame(Frame({"c3": (255, 0, 0)}))
    colours = _next_leds(stream)
    assert colours["c3"] == to_hex(lights.frames[-1].cells["c3"])
    assert colours["a1"] == "#000000"
    app.extensions["panel"].close()
    lights.show_frame(Frame({"c3": (0, 0, 255)}))  # no longer listened to: nothing raises


def test_the_same_led_colours_are_not_sent_again(app: Flask):
    feed = _feed(app)
    feed.leds_changed({"a1": "#ff0000"})
    stream = feed.events(None)
    assert _next_leds(stream) == {"a1": "#ff0000"}
    feed.leds_changed({"a1": "#ff0000"})
    feed.leds_changed({"a1": "#00ff00"})
    assert _next_leds(stream) == {"a1": "#00ff00"}
