"""The hub's broadcast hands out each table only as it was the organizer's delay ago, whatever
the page asks: the delay is the server's, chosen from the time each state arrived at the hub.
The spectator page and overlay need no login and carry no PIN, join code or session."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.hub.publisher import table_summary
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import Settings
from companion.table.proposers import JUDGE
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.hub.conftest import Organizer
from web_panel import create_app
from web_panel.hub.app import create_hub_app

# how long ago each state arrived at the hub (seconds), by version
ARRIVED = {1: 400, 2: 300, 3: 200, 4: 60, 5: 30, 6: 0}  # margins for a slow machine
PIN = "246810"


pytestmark = pytest.mark.process  # its fixtures open a listening socket (the fast tier refuses it)


@pytest.fixture
def hub(tournament: Tournament, station: HubStation, tmp_path: Path) -> Flask:
    return create_hub_app(
        tournament, station, secret_key="test-secret", data_dir=tmp_path, testing=True
    )


def played(tmp_path: Path, station: HubStation, now: float) -> Flask:
    """A Dreamblade table plays six actions; the hub receives its state after each, each
    arriving ``ARRIVED[version]`` seconds before ``now``. Returns the table's panel app."""
    table = dreamblade_table(tmp_path, 0)
    settings = Settings(table_name="table-1", data_dir=tmp_path / "table")
    panel_app = create_app(table, settings, secret_key="t", testing=True)
    panel = panel_app.extensions["panel"]
    for text in DEMO_ACTIONS[: len(ARRIVED)]:
        table.submit(JUDGE, text)
        state = table.state()
        summary = table_summary("table-1", state, table.read(lambda g: g.summary()))
        summary["view"] = panel.spectator_view()
        station.clock = lambda v=state["version"]: now - ARRIVED[v]
        station.state_received("table-1", summary)
    return panel_app


def shown_version(answer: Any) -> int | None:
    frame = answer.get_json()["frame"]
    return None if frame is None else frame["view"]["version"]


def test_the_broadcast_never_hands_out_a_version_newer_than_the_delay_allows(
    hub: Flask, station: HubStation, tournament: Tournament, tmp_path: Path
):
    played(tmp_path, station, time.time())
    assert tournament.state.settings.broadcast_delay == 120  # an event's default: 2 minutes
    stranger = hub.test_client()
    # the newest state that arrived 120 s ago or earlier: version 3 (200 s), not 4 (60 s)
    assert shown_version(stranger.get("/api/broadcast/table-1")) == 3
    asks = [
        "/api/broadcast/table-1?version=latest",
        "/api/broadcast/table-1?version=6",
        "/api/broadcast/table-1?version=99",  # a future version
        "/api/broadcast/table-1?delay=0&at=9999999999",
    ]
    for path in asks:
        assert shown_version(stranger.get(path)) == 3, path
    forged = [
        {"X-Forwarded-For": "127.0.0.1"},
        {"Date": "Fri, 01 Jan 2100 00:00:00 GMT"},
        {"Cache-Control": "no-cache", "Pragma": "no-cache", "If-None-Match": "*"},
        {"X-Delay": "0", "Last-Event-ID": "1.6.0", "Range": "bytes=0-"},
    ]
    for headers in forged:
        assert shown_version(stranger.get("/api/broadcast/table-1", headers=headers)) == 3
    # not even the hub's own screen, nor an organizer signed in elsewhere, sees more
    own = Organizer(hub)
    assert shown_version(own.get("/api/broadcast/table-1?version=latest")) == 3
    assert own.post("/api/pin", {"pin": PIN}).status_code == 200
    signed = Organizer(hub, remote="192.168.1.20")
    assert signed.post("/api/sign_in", {"name": "Ana", "pin": PIN}).status_code == 200
    assert shown_version(signed.get("/api/broadcast/table-1")) == 3
    # the list of every table says the same, and the delay it keeps
    answer = stranger.get("/api/broadcast?version=latest").get_json()
    assert answer["delay"] == 120
    shown = {t["table"]: t["frame"] for t in answer["tables"]}
    assert shown["table-1"]["view"]["version"] == 3
    assert shown["table-2"] is None  # a table that sent nothing
    assert stranger.get("/api/broadcast/table-1").headers["Cache-Control"] == "no-store"


def test_the_organizer_sets_the_delay_and_the_server_applies_it_at_once(
    hub: Flask, station: HubStation, tmp_path: Path
):
    played(tmp_path, station, time.time())
    organizer = Organizer(hub)
    stranger = hub.test_client()
    for delay, version in ((0, 6), (45, 4), (3600, None), (250, 2)):
        assert organizer.post("/api/settings", {"broadcast_delay": delay}).status_code == 200
        assert shown_version(stranger.get("/api/broadcast/table-1")) == version
    # a stranger cannot change it, and a delay out of range is refused in the page's language
    assert hub.test_client().post("/api/settings", json={"broadcast_delay": 0}).status_code == 403
    refused = Organizer(hub, language="ja").post("/api/settings", {"broadcast_delay": 3601})
    assert refused.status_code == 400
    assert refused.get_json()["message"] == "中継の遅れは 0〜3600 秒で設定します。"
    assert organizer.post("/api/settings", {"broadcast_delay": "0"}).status_code == 400
    assert shown_version(stranger.get("/api/broadcast/table-1")) == 2  # unchanged


def test_the_spectator_pages_need_no_login_and_show_no_pin_join_code_or_session(
    hub: Flask, station: HubStation, tmp_path: Path
):
    panel_app = played(tmp_path, station, time.time())
    code = join_url(panel_app, "A").rsplit("/", 1)[1]  # a seat's join code at the table
    organizer = Organizer(hub)
    assert organizer.post("/api/pin", {"pin": PIN}).status_code == 200
    assert organizer.post("/api/settings", {"broadcast_delay": 0}).status_code == 200
    stranger = hub.test_client()
    for path in ("/broadcast", "/overlay/table-1", "/api/broadcast", "/api/broadcast/table-1"):
        answer = stranger.get(path)
        assert answer.status_code == 200, path
        text = answer.get_data(as_text=True)
        assert PIN not in text and code not in text and "/join/" not in text, path
        if path.startswith("/api/"):
            assert "csrf" not in text.lower(), path
        else:  # a page's boot data: the panel's messages, and no token, seat or judge rights
            boot = json.loads(text.split('type="application/json">', 1)[1].split("</script>")[0])
            assert "csrf" not in boot and boot["me"]["seat"] is None and not boot["me"]["judge"]
        assert "Set-Cookie" not in answer.headers, path
    assert stranger.get("/overlay/nowhere").status_code == 404
    assert stranger.get("/api/broadcast/nowhere").get_json()["error"] == "no_such_table"
