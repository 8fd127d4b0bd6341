"""Long player names on the hub's pages at a phone's size (390×844), in English and Japanese:
the standings, the pairings, the players, the judge queue, the wall and a table's live position
wrap a name between its words or cut it short with the whole name in its title — never in the
middle of a word (``tests/web_panel/line_breaks.py``). The miniatures' names in the board cells
of the wall and of a table's live position too: a word too long for its cell is cut short."""

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
from tests.web_panel.browser import HUB_REFRESH_MS, new_phone, screenshot
from tests.web_panel.conftest import dreamblade_table
from tests.web_panel.line_breaks import broken_names
from web_panel import serve
from web_panel.app import PanelServer
from web_panel.hub.app import create_hub_app
from web_panel.view import spectator_view

pytestmark = [
    pytest.mark.browser,
]

# At most 40 characters (the hub's limit), words that fit a phone's width, names that don't
LONG_NAMES = [
    "Montgomery Fairweather-Worthington III",
    "Bartholomew Featherstone-Cholmondeley",
    "Maximiliana Wolfenbüttel Abercrombie",
    "Alexandrina Castellanos-Villanueva",
]
LANGUAGES = ("en-US", "ja-JP")
# A miniature's name with a word longer than a board cell is wide at a phone's size (a name a
# player typed in for a miniature the catalog lacks may be anything): table-2's gargoyle's
LONG_WORD_MINI = "Pearlthorn Overwhelmingly-Unbreakable Gargoylesquadroncommander"
GARGOYLE = "A:pearlthorn-gargoyle#1"


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
        view = spectator_view(game, seats)
        if match is second:
            view["extra"]["pieces"][GARGOYLE]["name"] = LONG_WORD_MINI
        station.tables[match.table] = {"table": match.table, "view": view}
        station.online[match.table] = True
    app = create_hub_app(
        tournament, station, secret_key="k", data_dir=tmp_path, refresh_ms=HUB_REFRESH_MS
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()
    station.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", ["/", "/wall", "/print", "/tables/table-2"])
def test_long_names_wrap_between_words_on_the_hub_pages(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, path: str, language: str
):
    page = new_phone(browser, hub_server.url, language, at=hub_server.url + path)
    anchor = {"/": "#standings", "/wall": "#wall-tables", "/print": "table",
              "/tables/table-2": "#watch-match"}[path]  # fmt: skip
    any_name = re.compile("|".join(name.split()[0] for name in LONG_NAMES))
    expect(page.locator(anchor).first).to_contain_text(any_name, timeout=10_000)
    page.wait_for_timeout(300)  # the boards drawn
    broken = broken_names(page, LONG_NAMES)
    assert not broken, "\n".join(broken)
    screenshot(page, f"hub-long-names{path.replace('/', '-') or '-'}-{language}")


def board_mini_names(station: HubStation) -> list[str]:
    """The names of the miniatures on the tables' boards (what the cells show)."""
    names = set()
    for summary in station.tables.values():
        extra = summary["view"]["extra"]
        on_board = {mini["id"] for minis in extra["board"].values() for mini in minis}
        names |= {extra["pieces"][mini]["name"] for mini in on_board}
    return sorted(names)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("path", ["/wall", "/tables/table-2"])
def test_miniature_names_in_the_board_cells_wrap_between_words(
    browser: Browser, hub_server: PanelServer, path: str, language: str
):
    station: HubStation = hub_server.app.extensions["hub_station"]
    names = board_mini_names(station)
    assert LONG_WORD_MINI in names and len(names) > 3, "the boards have miniatures to check"
    page = new_phone(browser, hub_server.url, language, at=hub_server.url + path)
    gargoyle = page.locator(f'.db-mini[data-mini="{GARGOYLE}"]', has_text="Gargoylesquadron")
    expect(gargoyle).to_be_visible(timeout=10_000)
    expect(page.locator(".db-mini").first).to_be_visible()
    page.wait_for_timeout(300)  # every board drawn
    broken = broken_names(page, names)
    assert not broken, "\n".join(broken)
    # the word too long for its cell is cut short with an ellipsis; the whole name is its title
    expect(gargoyle).to_have_attribute("title", LONG_WORD_MINI)
    expect(gargoyle).to_have_css("text-overflow", "ellipsis")
    # read in the page in one go, found there at that moment: the wall draws its boards again
    # at each refresh, and a node found first and read after may be one the page has just
    # replaced (detached: no size, no style)
    cut, heights, line = page.evaluate(
        """(gargoyle) => {
            const found = [...document.querySelectorAll(`.db-mini[data-mini="${gargoyle}"]`)]
                .filter((n) => n.textContent.includes("Gargoylesquadron"));
            const cut = found.length > 0 && found.every((n) => n.scrollWidth > n.clientWidth);
            const nodes = [...document.querySelectorAll(".db-mini")];
            return [cut, nodes.map((n) => n.getBoundingClientRect().height),
                    parseFloat(getComputedStyle(nodes[0]).lineHeight)];
        }""",
        GARGOYLE,
    )
    assert cut, "not cut short"
    # and a name whose words fit wraps between them: some miniature takes two lines or more
    assert max(heights) > 1.5 * line, "no miniature's name wraps: the check checked nothing"
    screenshot(page, f"hub-long-mini-names{path.replace('/', '-')}-{language}")
