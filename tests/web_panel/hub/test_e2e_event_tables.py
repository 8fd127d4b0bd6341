"""End to end across the hub and its tables: a real Mosquitto, the hub's station and pages, two
tables (each a real table with its panel served) linked over MQTT; headless Chromium, in English
and Japanese, with no console errors.

- The table's screen (1280×800 and 390×844) says which table it is in the event — its name, the
  round, the match and the players — and offers no remote-play invite or code while the event
  runs.
- A player's phone, seated from their own page on the hub, loses its seat when the next round's
  pairing sends them to another table: it says where they play now ("Round 2 has started: your
  seat is now at table-2 (seat B)") and links back to their page, which has the new seat's link.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.table_link import TableLink
from companion.hub.tournament import Tournament
from companion.settings import HubSettings, Settings
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, open_broker, wait_for
from tests.web_panel.browser import HUB_REFRESH_MS, new_phone, screenshot
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.app import PanelServer
from web_panel.hub.app import create_hub_app
from web_panel.hub.player_page import player_token
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

TABLES = ["table-1", "table-2"]
PLAYERS = ("Aiko", "Ben", "Cho", "Dai")
LANGUAGES = {"en-US": "en", "ja-JP": "ja"}
HUB_SECRET = "hub-secret"


class ServedTable:
    """A table of the event with its panel served, wired as ``companion run`` wires them: the
    pairing starts its game, and the join links of each pairing go to the hub."""

    def __init__(self, folder: Path, name: str, hub: HubSettings) -> None:
        self.settings = Settings(table_name=name, data_dir=folder / name, hub=hub)
        self.table = Table.start(Store(self.settings.store_path), starting_game(self.settings))
        self.app = create_app(self.table, self.settings, secret_key=f"{name}-secret", testing=True)
        self.panel = self.app.extensions["panel"]
        self.server: PanelServer = serve(self.app, "127.0.0.1", 0).start_in_thread()
        self.link = TableLink(
            self.settings,
            self.table,
            watch=self.panel.spectator_view,
            join_base=lambda: self.server.url,
        )
        self.panel.tournament = self.link
        self.link.on_change = self.panel.feed.panel_changed

    def close(self) -> None:
        self.link.close()
        self.server.stop()
        self.panel.close()


class Event:
    def __init__(self, hub_url: str, tournament: Tournament, station: HubStation) -> None:
        self.hub_url = hub_url
        self.tournament = tournament
        self.station = station
        self.tables: dict[str, ServedTable] = {}

    def page_of(self, name: str) -> str:
        """The player's own page on the hub, as the organizer hands it out."""
        player = next(p for p in self.tournament.state.players.values() if p.name == name)
        return f"{self.hub_url}/p/{player_token(HUB_SECRET, player.id)}"

    def linked(self) -> bool:
        """Every table of the round has sent the hub its pairing's join links."""
        current = self.tournament.state.current
        assert current is not None
        return all(
            self.station.links_for(m.table, m.id) is not None
            for m in self.tournament.state.round_matches(current.number)
            if m.table is not None
        )


@pytest.fixture
def event(tmp_path: Path) -> Iterator[Event]:
    """The hub (its pages at ``localhost``: the tables' phones keep their own cookies at
    ``127.0.0.1``) and two tables in round 1."""
    port = free_port()
    broker = open_broker(port, tmp_path)
    hub = HubSettings(mqtt_host="127.0.0.1", mqtt_port=port)
    tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
    tournament.set_tables(TABLES)
    for name in PLAYERS:
        tournament.check_in(name)
    station = HubStation(hub, tournament)
    app = create_hub_app(
        tournament, station, secret_key=HUB_SECRET, data_dir=tmp_path, refresh_ms=HUB_REFRESH_MS
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    room = Event(running.url.replace("127.0.0.1", "localhost"), tournament, station)
    try:
        for name in TABLES:
            room.tables[name] = ServedTable(tmp_path, name, hub)
        tournament.start_round()
        for linked in room.tables.values():
            assert wait_for(lambda t=linked: t.link.match is not None)  # the paired game began
        assert wait_for(room.linked)
        yield room
    finally:
        for linked in room.tables.values():
            linked.close()
        running.stop()
        station.close()
        tournament.journal.close()
        broker.terminate()
        broker.wait(timeout=5)


def table_screen(browser: Browser, served: ServedTable, language: str, laptop: bool) -> Page:
    screen = new_phone(
        browser, served.server.url, language, laptop=laptop, at=served.server.url + "/table"
    )
    return screen


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_screen_names_its_table_round_match_and_players(
    browser: Browser, event: Event, language: str
):
    lang = LANGUAGES[language]
    match = event.tournament.state.match_at("table-1")
    assert match is not None and match.b is not None
    players = event.tournament.state.players
    for laptop in (True, False):
        screen = table_screen(browser, event.tables["table-1"], language, laptop)
        card = screen.locator("#event-card")
        expect(card).to_be_visible()
        expect(screen.locator("#event-table")).to_have_text("table-1")
        expect(screen.locator("#event-round")).to_have_text(
            translate(lang, "event.round_match", round=1, match=match.id)
        )
        names = {"a": players[match.a].name, "b": players[match.b].name}
        expect(screen.locator("#event-players")).to_have_text(
            translate(lang, "event.players", **names)
        )
        # no remote play while the event runs: neither the invite nor "join with a code"
        expect(screen.locator("#remote-card")).to_be_hidden()
        expect(screen.get_by_text(translate(lang, "remote.invite"))).to_have_count(0)
        expect(screen.get_by_text(translate(lang, "remote.join"))).to_have_count(0)
        expect(screen.locator("figure.join")).to_have_count(2)  # the walk-up seats' codes stay
        box, decision = card.bounding_box(), screen.locator("#decision").bounding_box()
        assert box is not None and decision is not None
        assert box["y"] < decision["y"]  # above the game
        assert_no_internal_ids(screen)
        screenshot(screen, f"event-table-screen-{'laptop' if laptop else 'phone'}-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_phone_that_lost_its_seat_to_the_next_round_says_where_to_go(
    browser: Browser, event: Event, language: str
):
    lang = LANGUAGES[language]
    state = event.tournament.state
    first = state.match_at("table-1")
    assert first is not None and first.b is not None
    moving = state.players[first.b].name  # seat B loses round 1: next round at the other table
    phone = new_phone(browser, event.hub_url, language, at=event.page_of(moving))
    phone.locator("#join").click()  # from their own page, to their seat at table-1
    expect(phone.locator("#viewer")).to_contain_text(moving)
    assert phone.url.startswith(event.tables["table-1"].server.url)

    for match in state.round_matches(1):
        event.tournament.report(match.id, "a", table=None, by="test")
    event.tournament.start_round()
    second = next(m for m in state.round_matches(2) if first.b in (m.a, m.b))
    assert second.table == "table-2"
    seat = "A" if second.a == first.b else "B"
    said = translate(lang, "moved.table", round=2, table="table-2", seat=seat)
    expect(phone.locator("#moved .moved-where")).to_have_text(said, timeout=15_000)
    expect(phone.locator("#pending")).not_to_contain_text(translate(lang, "pending.spectator"))
    back = phone.locator("#moved-page")
    expect(back).to_have_text(translate(lang, "moved.page"))
    assert back.get_attribute("href") == event.page_of(moving)
    assert_no_internal_ids(phone)
    screenshot(phone, f"event-moved-phone-{language}")

    assert wait_for(event.linked)
    back.click()  # the player's own page: round 2, the new table, its seat's link
    expect(phone.locator("#where")).to_contain_text("table-2")
    href = phone.locator("#join").get_attribute("href") or ""
    assert href.startswith(event.tables["table-2"].server.url + "/join/"), href
    phone.locator("#join").click()  # and the phone takes its new seat
    expect(phone.locator("#viewer")).to_contain_text(moving)
    assert phone.url.startswith(event.tables["table-2"].server.url)
    expect(phone.locator("#moved")).to_have_count(0)
