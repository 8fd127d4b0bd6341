"""Long player names on the hub's pages at a phone's size (390×844), in English and Japanese:
the standings, the pairings, the players, the judge queue, the wall and a table's live position
wrap a name between its words or cut it short with the whole name in its title — never in the
middle of a word (``tests/web_panel/line_breaks.py``)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings, SeatSettings
from tests.companion.hub.mqtt import free_port
from tests.web_panel.browser import CHROMIUM, new_phone, screenshot
from tests.web_panel.conftest import dreamblade_table
from tests.web_panel.line_breaks import broken_names
from web_panel import serve
from web_panel.app import PanelServer
from web_panel.hub.app import create_hub_app
from web_panel.view import spectator_view

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed"),
]

# At most 40 characters (the hub's limit), words that fit a phone's width, names that don't
LONG_NAMES = [
    "Montgomery Fairweather-Worthington III",
    "Bartholomew Featherstone-Cholmondeley",
    "Maximiliana Wolfenbüttel Abercrombie",
    "Alexandrina Castellanos-Villanueva",
]
LANGUAGES = ("en-US", "ja-JP")


@pytest.fixture
def hub_server(tournament: Tournament, tmp_path: Path) -> Iterator[PanelServer]:
    for name in LONG_NAMES:
        tournament.check_in(name)
    tournament.start_round()
    first, second = tournament.state.round_matches(1)
    tournament.report(first.id, "a", table=first.table, by="test")
    assert first.table is not None and second.table is not None
    tournament.call_judge(second.table, "A", "choose_action")
    station = HubStation(HubSettings(mqtt_host="127.0.0.1", mqtt_port=free_port()), tournament)
    players = tournament.state.players
    for match in (first, second):
        assert match.table is not None and match.b is not None
        seats = {
            "A": SeatSettings(name=players[match.a].name, colour="#0072B2"),
            "B": SeatSettings(name=players[match.b].name, colour="#E69F00"),
        }
        game = dreamblade_table(tmp_path / match.table, 40)
        station.tables[match.table] = {"table": match.table, "view": spectator_view(game, seats)}
        station.online[match.table] = True
    app = create_hub_app(tournament, station, secret_key="k", data_dir=tmp_path)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()
    station.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", ["/", "/wall", "/print", "/tables/table-2"])
def test_long_names_wrap_between_words_on_the_hub_pages(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, path: str, language: str
):
    page = new_phone(browser, hub_server.url, language)
    page.goto(hub_server.url + path)
    anchor = {"/": "#standings", "/wall": "#wall-tables", "/print": "table",
              "/tables/table-2": "#watch-match"}[path]  # fmt: skip
    any_name = re.compile("|".join(name.split()[0] for name in LONG_NAMES))
    expect(page.locator(anchor).first).to_contain_text(any_name, timeout=10_000)
    page.wait_for_timeout(300)  # the boards drawn
    broken = broken_names(page, LONG_NAMES)
    assert not broken, "\n".join(broken)
    screenshot(page, f"hub-long-names{path.replace('/', '-') or '-'}-{language}")
