"""End to end: the spectator wall draws every table's board live, and the judge opens the live
position of a table whose player called from their phone, read-only, from the hub's judge queue
— a real Mosquitto, the hub's station and pages, and tables (each a real table with its panel)
linked to it over MQTT; headless Chromium at phone and laptop sizes, in English and Japanese,
with no console errors."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Request, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.games.protocol import Game
from companion.hub.journal import Journal
from companion.hub.records import RECORDS_FOLDER, GameRecords
from companion.hub.station import HubStation
from companion.hub.table_link import TableLink
from companion.hub.tournament import Tournament
from companion.settings import HubSettings, Settings
from companion.table.proposers import JUDGE
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.mqtt import free_port, open_broker, wait_for
from tests.web_panel.browser import HUB_REFRESH_MS, new_phone, screenshot
from tests.web_panel.conftest import seated
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.hub.app import create_hub_app
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

TABLES = ["table-1", "table-2", "table-3"]  # table-3 never joins
PLAYERS = ("Aiko", "Ben", "Cho", "Dai")
# The demo script into a strike's damage (3 on a scissors, which must be placed next).
PLAYED = DEMO_ACTIONS.index("damage B:spellbound-scissors#1=3") + 1
NEXT_MOVE = DEMO_ACTIONS.index("move A:pearlthorn-gargoyle#1 a4")
SIZES = ("phone", "laptop")
LANGUAGES = {"en-US": "en", "ja-JP": "ja"}


class LinkedTable:
    """A table of the event: its game, its panel (whose spectator view goes with every state it
    sends) and its link to the hub, wired as ``companion run`` wires them."""

    def __init__(self, folder: Path, name: str, hub: HubSettings, make: Callable[[], Game]):
        self.settings = Settings(table_name=name, data_dir=folder / name, hub=hub)
        self.table = Table.start(Store(self.settings.store_path), make())
        self.app = create_app(self.table, self.settings, secret_key="test-secret", testing=True)
        self.panel = self.app.extensions["panel"]
        self.link = TableLink(
            self.settings, self.table,
            make_game=lambda _match, _settings: make(), watch=self.panel.spectator_view,
            export=self.panel.game_export,
        )  # fmt: skip
        self.link.on_change = self.panel.feed.panel_changed  # as ``companion run`` wires it

    def seated(self) -> set[str]:
        """The names on the seats of the table's panel."""
        return {seat.name for seat in self.panel.seats.values()}

    def close(self) -> None:
        self.link.close()
        self.panel.close()


class Room:
    def __init__(self, url: str, tournament: Tournament, station: HubStation) -> None:
        self.url = url
        self.tournament = tournament
        self.station = station
        self.tables: dict[str, LinkedTable] = {}

    def names(self, table: str) -> tuple[str, str]:
        match = self.tournament.state.match_at(table)
        assert match is not None and match.b is not None
        players = self.tournament.state.players
        return players[match.a].name, players[match.b].name

    def view(self, table: str) -> dict[str, Any]:
        view: dict[str, Any] = self.tables[table].panel.spectator_view()
        return view

    def push(self, table: str, upto: int) -> int:
        """Push the demo script at ``table`` until ``upto``; the hub has the new state after."""
        linked = self.tables[table].table
        for text in DEMO_ACTIONS[len(linked.snapshot().actions) : upto]:
            linked.submit(JUDGE, text)
        version = linked.version
        assert wait_for(lambda: self.station.tables[table]["view"]["version"] == version)
        return version


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    """The hub and two tables in round 1: table-1 plays Dreamblade (the demo script, well into
    its third turn), table-2 another game (Dungeon Command's demo set-up)."""
    port = free_port()
    broker = open_broker(port, tmp_path)
    hub = HubSettings(mqtt_host="127.0.0.1", mqtt_port=port)
    tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
    tournament.set_tables(TABLES)
    for name in PLAYERS:
        tournament.check_in(name)
    station = HubStation(hub, tournament, records=GameRecords(tmp_path / RECORDS_FOLDER))
    app = create_hub_app(
        tournament, station, secret_key="hub-secret", data_dir=tmp_path, refresh_ms=HUB_REFRESH_MS
    )
    server = serve(app, "127.0.0.1", 0)
    running = server.start_in_thread()
    room = Room(running.url, tournament, station)
    other = Settings(game="dungeon_command")
    makers = {"table-1": demo_game, "table-2": lambda: starting_game(other)}
    try:
        for name, make in makers.items():
            room.tables[name] = LinkedTable(tmp_path, name, hub, make)
        tournament.start_round()
        for name, linked in room.tables.items():
            assert wait_for(lambda t=linked: t.link.match is not None)  # the paired game began
            assert linked.seated() == set(room.names(name))
        room.push("table-1", PLAYED)
        yield room
    finally:
        for linked in room.tables.values():
            linked.close()
        running.stop()
        station.close()
        tournament.journal.close()
        broker.terminate()
        broker.wait(timeout=5)


def open_page(browser: Browser, room: Room, path: str, size: str, language: str) -> Page:
    page = new_phone(browser, room.url, language, laptop=size == "laptop")
    if path != "/":
        page.goto(room.url + path)
    return page


def rgb(colour: str) -> str:
    """``#0072B2`` as the browser computes it: ``rgb(0, 114, 178)``."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


def expect_dreamblade_board(board: Any, view: dict[str, Any]) -> None:
    """Every miniature on the map in its cell, by name, in its owner's colour, with its damage;
    the nine scoring cells marked with their values."""
    extra = view["extra"]
    colours = {seat["seat"]: seat["colour"] for seat in view["seats"]}
    expect(board.locator(".db-cell")).to_have_count(25)
    expect(board.locator(".db-cell.key")).to_have_count(9)
    assert extra["board"], "the script put miniatures on the map"
    for cell, minis in extra["board"].items():
        shown = board.locator(f'.db-cell[data-cell="{cell}"] .db-mini')
        expect(shown).to_have_count(len(minis))
        for index, mini in enumerate(minis):
            piece = extra["pieces"][mini["id"]]
            expect(shown.nth(index)).to_contain_text(piece["name"])
            if mini["damage"]:
                expect(shown.nth(index)).to_contain_text(f"✖{mini['damage']}")
            expect(shown.nth(index)).to_have_css("background-color", rgb(colours[piece["owner"]]))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_wall_draws_every_tables_board_live(
    browser: Browser, room: Room, size: str, language: str
):
    wall = open_page(browser, room, "/wall", size, language)
    lang = LANGUAGES[language]
    first = wall.locator('.wall-table[data-table="table-1"]')
    expect(first.locator(".names")).to_have_text(" – ".join(room.names("table-1")))
    view = room.view("table-1")
    assert any(m["damage"] for minis in view["extra"]["board"].values() for m in minis)
    expect_dreamblade_board(first.locator(".wall-board"), view)
    # another game: whatever its view gives, as the panel draws it (here both commanders)
    second = wall.locator('.wall-table[data-table="table-2"] .wall-board')
    for band in room.view("table-2")["extra"]["warbands"]:
        expect(second).to_contain_text(band["commander"])
    # a table that never joined: no board, and said so
    third = wall.locator('.wall-table[data-table="table-3"]')
    expect(third.locator(".wall-board")).to_have_count(0)
    expect(third.locator(".status")).to_have_text(translate(lang, "hub.tables.unseen"))
    # the next polls send the tags the page holds: the boards that did not move don't come again
    with wall.expect_response(lambda answer: "seen=" in answer.url) as polled:
        pass
    answer = {table["name"]: table for table in polled.value.json()["tables"]}
    assert all(answer[n].get("view_unchanged") and "view" not in answer[n] for n in TABLES[:2])
    expect_dreamblade_board(first.locator(".wall-board"), view)  # still drawn from what it held
    # nor does the event (round, standings, players) while it has not changed
    with wall.expect_response(lambda answer: "event_seen=" in answer.url) as polled:
        pass
    answer = polled.value.json()
    assert answer["event_unchanged"] is True
    assert not {"round", "standings", "players"} & set(answer)
    standings = wall.locator("#wall-standings li")
    expect(standings).to_have_count(len(PLAYERS))  # drawn from the event it held
    expect(wall.locator("#round-title")).to_have_text(translate(lang, "hub.round.title", number=1))
    expect(first.locator(".names")).to_have_text(" – ".join(room.names("table-1")))
    # the event changes (a late player checks in): the next poll brings it, and the wall shows it
    room.tournament.check_in("Emi")
    expect(standings).to_have_count(len(PLAYERS) + 1)
    expect(standings.last).to_contain_text("Emi")
    # live: the gargoyle moves at table-1 and the wall shows it where it went
    room.push("table-1", NEXT_MOVE + 1)
    expect(first.locator('.db-cell[data-cell="a4"] .db-mini')).to_contain_text(
        room.view("table-1")["extra"]["pieces"]["A:pearlthorn-gargoyle#1"]["name"]
    )
    expect_dreamblade_board(first.locator(".wall-board"), room.view("table-1"))
    # a miniature's card, with its owner's name (the wall shows many tables: the right one's)
    first.locator('.db-cell[data-cell="a4"] .db-mini').click()
    expect(wall.locator("#mini-info .hint").first).to_contain_text(room.names("table-1")[0])
    wall.locator("#mini-info button").click()
    assert_no_internal_ids(wall)
    screenshot(wall, f"hub-wall-boards-{size}-{language}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_judge_opens_a_calling_tables_live_position_read_only(
    browser: Browser, room: Room, size: str, language: str
):
    lang = LANGUAGES[language]
    # a player of table-1 calls the judge from their phone
    assert seated(room.tables["table-1"].app, "A").post("/api/judge/call").status_code == 200
    assert wait_for(lambda: bool(room.tournament.state.judge_calls))
    hub = open_page(browser, room, "/", size, language)
    call = hub.locator("#judge-calls li[data-call]")
    expect(call).to_have_count(1)
    expect(call).to_contain_text("table-1")
    sent: list[Request] = []
    hub.on("request", lambda request: sent.append(request))
    call.locator("a.open-table").click()
    expect(hub).to_have_url(room.url + "/tables/table-1")

    a, b = room.names("table-1")
    expect(hub.locator("#watch-match")).to_have_text(f"{a} – {b}")
    view = room.view("table-1")
    expect(hub.locator("body")).to_have_attribute("data-version", str(view["version"]))
    expect_status(hub, lang, view)
    expect_dreamblade_board(hub.locator("#board"), view)
    # reserves and the graveyard, by name (the destroyed Sir Glorious is in A's graveyard)
    zones = hub.locator("#board .db-zones")
    expect(zones).to_have_count(2)
    expect(zones.first).to_contain_text(a)
    expect(zones.first).to_contain_text(view["extra"]["pieces"]["A:sir-glorious#1"]["name"])
    # nothing on the page acts on the game
    expect(hub.locator("#watch-game").locator("button, input, select, textarea")).to_have_count(0)
    expect(hub.locator("#watch-away")).to_be_hidden()
    assert_no_internal_ids(hub)
    screenshot(hub, f"hub-judge-table-{size}-{language}")

    # live: the game moves on at the table, and the page follows
    version = room.push("table-1", NEXT_MOVE + 1)
    expect(hub.locator("body")).to_have_attribute("data-version", str(version))
    view = room.view("table-1")
    expect_status(hub, lang, view)
    expect_dreamblade_board(hub.locator("#board"), view)
    # what just happened, newest first, in words: the gargoyle's move by its player
    moved = view["extra"]["pieces"]["A:pearlthorn-gargoyle#1"]["name"]
    expect(hub.locator("#log li")).to_have_count(len(view["log"]))
    expect(hub.locator("#log li").first).to_contain_text(moved)
    expect(hub.locator("#log li").first).to_contain_text("a4")
    # a miniature's card opens (its stats, to read); it changes nothing either
    hub.locator('#board .db-cell[data-cell="a4"] .db-mini').click()
    expect(hub.locator("#mini-info")).to_be_visible()
    expect(hub.locator("#mini-info h3")).to_have_text(
        view["extra"]["pieces"]["A:pearlthorn-gargoyle#1"]["name"]
    )
    assert_no_internal_ids(hub)
    assert {request.method for request in sent} == {"GET"}, "the judge's page only reads"
    assert room.tables["table-1"].table.version == version


def expect_status(page: Page, lang: str, view: dict[str, Any]) -> None:
    """The turn and phase, and who the game waits for and for what, in the player's words."""
    extra = view["extra"]
    status = page.locator("#status")
    expect(status).to_contain_text(translate(lang, "status.turn", turn=extra["turn"]))
    expect(status).to_contain_text(translate(lang, f"phase.{extra['phase']}"))
    pending = view["pending"]
    names = {seat["seat"]: seat["name"] for seat in view["seats"]}
    kind = translate(lang, f"kind.{pending['kind']}")
    title = translate(lang, "pending.title", name=names[pending["seat"]], kind=kind)
    expect(page.locator("#pending .pending-title")).to_have_text(title)


def test_an_away_table_shows_its_last_position(browser: Browser, room: Room):
    judge = open_page(browser, room, "/tables/table-2", "laptop", "en-US")
    commander = room.view("table-2")["extra"]["warbands"][0]["commander"]
    expect(judge.locator("#board")).to_contain_text(commander)
    expect(judge.locator("#watch-away")).to_be_hidden()
    wall = open_page(browser, room, "/wall", "laptop", "en-US")
    room.tables.pop("table-2").close()  # the table goes away: it says so as it leaves
    expect(judge.locator("#watch-away")).to_be_visible()
    expect(judge.locator("#board")).to_contain_text(commander)
    away = wall.locator('.wall-table[data-table="table-2"]')
    expect(away).to_have_class("wall-table away")
    expect(away.locator(".wall-board")).to_contain_text(commander)
    # a table the event does not have
    judge.goto(room.url + "/tables/table-9")
    expect(judge.locator("body")).to_have_text("There is no table named table-9 in this event.")
