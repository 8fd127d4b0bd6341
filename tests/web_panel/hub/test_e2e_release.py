"""The judge frees a seat from the hub's organizer page, in a browser at a phone's size and a
laptop's, in English and Japanese: each table of the round shows a button per seat, named with
its player; pressing one sends the table the release over a real Mosquitto (the table's side is
tested in tests/web_panel/hub/test_player_pages.py) and says what happens next."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings
from tests.companion.hub.mqtt import free_port, open_broker, raw_client, wait_for
from tests.web_panel.browser import HUB_REFRESH_MS, new_phone, screenshot
from tests.web_panel.visible_text import internal_ids
from web_panel import serve
from web_panel.app import PanelServer
from web_panel.hub.app import create_hub_app

pytestmark = [
    pytest.mark.browser,
]

WORDS = {  # Ben's seat's button and what the page says once pressed
    "en-US": (
        "Free seat {seat} (Ben Sato)",
        "Seat {seat} at table-1 is free: Ben Sato's page shows",
    ),
    "ja-JP": (
        "{seat} 席を空ける（Ben Sato さん）",
        "table-1 卓の {seat} 席を空けました。Ben Sato さんの",
    ),
}


@pytest.fixture
def released(tournament: Tournament, tmp_path: Path) -> Iterator[tuple[PanelServer, list[Any]]]:
    """The hub served, its station on a real broker; and the releases table-1 receives."""
    port = free_port()
    broker = open_broker(port, tmp_path)
    tournament.check_in("Aiko Tanaka")
    tournament.check_in("Ben Sato")
    tournament.start_round()
    station = HubStation(HubSettings(mqtt_host="127.0.0.1", mqtt_port=port), tournament)
    table, _ = raw_client(port, "table-1-follow")
    received: list[Any] = []
    table.on_message = lambda _c, _u, message: received.append(json.loads(message.payload))
    table.subscribe("companion/hub/tables/table-1/release", qos=1)
    app = create_hub_app(
        tournament, station, secret_key="k", data_dir=tmp_path, refresh_ms=HUB_REFRESH_MS
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        yield running, received
    finally:
        running.stop()
        station.close()
        table.loop_stop()
        table.disconnect()
        broker.terminate()
        broker.wait(timeout=5)


@pytest.mark.parametrize("laptop", [False, True], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", WORDS)
def test_the_judge_frees_a_seat_from_the_organizer_page(
    browser: Browser,
    released: tuple[PanelServer, list[Any]],
    tournament: Tournament,
    language: str,
    laptop: bool,
):
    server, received = released
    [match] = tournament.state.round_matches(1)
    assert match.table == "table-1"
    seat = "A" if tournament.state.players[match.a].name == "Ben Sato" else "B"
    organizer = new_phone(browser, server.url, language, laptop=laptop)  # the hub's own screen
    button_text, said = (words.format(seat=seat) for words in WORDS[language])
    buttons = organizer.locator('#tables li[data-table="table-1"] .release button')
    expect(buttons).to_have_count(2)
    button = buttons.filter(has_text=button_text)
    expect(button).to_be_visible()
    button.click()
    expect(organizer.locator("#toast")).to_contain_text(said)
    assert wait_for(lambda: [(r["match"], r["seat"]) for r in received] == [(match.id, seat)]), (
        received
    )
    expect(organizer.locator('#tables li[data-table="table-2"] .release')).to_have_count(0)
    # the tables card and its notice (the page's check-in form offers the warband "None")
    shown = organizer.locator("#tables").inner_text() + organizer.locator("#toast").inner_text()
    assert internal_ids(shown) == []
    screenshot(organizer, f"hub-release-{'laptop' if laptop else 'phone'}-{language}")
