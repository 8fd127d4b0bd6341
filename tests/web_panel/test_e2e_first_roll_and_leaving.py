"""End to end at a phone's size (390×844), in English and Japanese, with no console error: Arena's
first player from the d20 rolls (seed 003) typed from a real die or rolled on the phone, a
result outside 1–20 said and not sent, the roll's winner letting the other player go first (the
table's screen at a laptop's size saying who chooses); and leaving Planechase while a plane is
awaited (seed 004): the leaver's planeswalk is removed and the plane stays face up."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.arena.demo import demo_setup as arena_setup
from companion.games.arena.game import Arena
from companion.games.planechase.demo import demo_setup as planechase_setup
from companion.games.planechase.game import Planechase
from companion.games.protocol import Game
from companion.settings import Settings
from companion.simulation.other_games import demo_seats
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.arena_rolls import type_d20
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import catalog, translate

pytestmark = [
    pytest.mark.browser,
]

LOCALES = {"en": "en-US", "ja": "ja-JP"}


def _t(lang: str, key: str, **values: object) -> str:
    assert key in catalog(lang), key  # the panel's words, each game's own merged in
    return translate(lang, key, **values)


class Running:
    """A table with the demo's named players, served on a free port."""

    def __init__(self, game: Game, tmp_path: Path) -> None:
        settings = Settings(data_dir=tmp_path, game=game.name, seats=demo_seats(game))
        self.table = Table.start(Store(settings.store_path), game)
        self.app = create_app(self.table, settings, secret_key="s", testing=True)
        self.server = serve(self.app, "127.0.0.1", 0).start_in_thread()

    def phone(self, browser: Browser, seat: str, lang: str) -> Page:
        url = self.server.url
        page = new_phone(
            browser,
            url,
            LOCALES[lang],
            at=url + "/join/" + join_url(self.app, seat).rsplit("/join/", 1)[1],
        )
        page.goto(url + "/")
        wait_for_version(page, self.table.version)
        return page

    def close(self) -> None:
        self.server.stop()
        self.app.extensions["panel"].close()


@pytest.fixture
def arena(tmp_path: Path) -> Iterator[Running]:
    running = Running(Arena(arena_setup()), tmp_path)
    yield running
    running.close()


@pytest.fixture
def planechase(tmp_path: Path) -> Iterator[Running]:
    running = Running(Planechase(planechase_setup()), tmp_path)
    yield running
    running.close()


def _names(running: Running, lang: str) -> dict[str, str]:
    from importlib import import_module

    game = running.table.read(lambda g: g.name)
    players = import_module(f"companion.games.{game}.demo").PLAYER_NAMES
    return {seat: names[lang] for seat, names in players.items()}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_arena_first_player_from_the_d20_on_the_phones(
    browser: Browser, arena: Running, lang: str
) -> None:
    names = _names(arena, lang)
    ann, ben = arena.phone(browser, "ann", lang), arena.phone(browser, "ben", lang)
    expect(ann.locator("#pending")).to_contain_text(_t(lang, "ar.d20.title"))
    expect(ann.locator(".prompt")).to_contain_text(names["ann"])

    for bad in (0, 21):  # seed 003: a d20 shows 1 to 20; said on the phone, nothing sent
        ann.locator('.og-counter[data-key="d20"] input').fill(str(bad))
        ann.locator("#ar-d20-send").click()
        expect(ann.locator("#toast")).to_contain_text(_t(lang, "ar.d20.range"))
        assert arena.table.version == 0

    type_d20(ann, 14, 1)  # typed from a real die
    wait_for_version(ben, 1)
    type_d20(ben, 14, 2)  # a tie for the highest: both roll again
    expect(ben.locator(".ar-d20-rounds")).to_contain_text(f"{names['ann']} 14")
    expect(ben.locator(".ar-d20-rounds")).to_contain_text(f"{names['ben']} 14")
    screenshot(ben, f"arena-first-roll-tie-{lang}")
    version = 2
    while arena.table.read(lambda g: g.pending().kind) == "first_roll":
        seat = arena.table.read(lambda g: g.pending().seat)
        roller = ann if seat == "ann" else ben
        wait_for_version(roller, version)
        roller.locator("#ar-d20-roll").click()  # rolled on the phone
        version += 1
        wait_for_version(roller, version)
    rounds = arena.table.read(lambda g: g.state.d20)
    last = rounds[-1]
    won = max(last, key=last.__getitem__)
    other = "ben" if won == "ann" else "ann"
    assert len(rounds) >= 2 and all(1 <= n <= 20 for r in rounds for n in r.values())
    # seed 003, a duel: the winner of the roll chooses who goes first
    assert arena.table.read(lambda g: g.pending()).seat == won
    winner, loser = (ann, ben) if won == "ann" else (ben, ann)
    wait_for_version(winner, version)
    wait_for_version(loser, version)
    expect(winner.locator(".pending-title")).to_contain_text(_t(lang, "kind.first_choice"))
    expect(winner.locator("#ar-first-self")).to_have_text(_t(lang, "ar.first.self"))
    give = winner.locator("#ar-first-give")
    expect(give).to_have_text(_t(lang, "ar.first.give", name=names[other]))
    expect(loser.locator("#ar-first-give")).to_have_count(0)  # only the winner chooses
    expect(loser.locator(".not-yours")).to_contain_text(names[won])
    screen = new_phone(
        browser, arena.server.url, LOCALES[lang], laptop=True, at=arena.server.url + "/table"
    )
    expect(screen.locator(".pending-title")).to_contain_text(_t(lang, "kind.first_choice"))
    expect(screen.locator(".pending-title")).to_contain_text(names[won])
    assert_no_internal_ids(winner)
    assert_no_internal_ids(screen)
    screenshot(winner, f"arena-first-choice-{lang}")
    screenshot(screen, f"arena-first-choice-table-{lang}")
    give.click()  # the winner lets the other player go first
    version += 1
    wait_for_version(loser, version)
    assert arena.table.read(lambda g: g.pending()).seat == other
    assert arena.table.read(lambda g: g.pending().kind) == "choose_army"
    expect(loser.locator(".prompt")).to_contain_text(names[other])
    expect(loser.locator("#pending [data-action]").first).to_be_visible()  # picks an army card
    expect(loser.locator(".ar-d20-rounds li")).to_have_count(len(rounds))
    log = loser.locator("#log li").first
    expect(log).to_contain_text(_t(lang, "ar.action.first", name=names[other]))
    assert_no_internal_ids(loser)
    screenshot(loser, f"arena-first-roll-decided-{lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_planechase_a_player_leaves_while_their_planeswalk_waits(
    browser: Browser, planechase: Running, lang: str
) -> None:
    table = planechase.table
    first = table.read(lambda g: g.candidates()[0])
    for text in (f"reveal {first}", "end", "roll planeswalk"):  # Ben walks away from Ann's plane
        table.submit(JUDGE, text)
    plane = table.read(lambda g: g.planes[first].name)
    ben = planechase.phone(browser, "ben", lang)
    expect(ben.locator(".pc-plane.none")).to_be_visible()  # the planeswalk waits on Ben's reveal
    expect(ben.locator(".pc-candidates [data-action]")).to_have_count(1)
    leaving = ben.locator("#pending details.og-folded", has_text=_t(lang, "pc.leave_title"))
    leaving.locator("summary").click()
    name = _names(planechase, lang)["ben"]
    button = leaving.locator('[data-action="leave ben"]')
    expect(button).to_have_text(_t(lang, "pc.action.leave", name=name))
    screenshot(ben, f"planechase-leave-during-reveal-{lang}")
    button.click()
    wait_for_version(ben, 4)
    # seed 004: Ben's planeswalk is removed: Ann's plane stays face up, under Cho now
    expect(ben.locator(".pc-plane-name")).to_have_text(plane)
    expect(ben.locator(".og-seat.out")).to_contain_text(name)
    assert table.read(lambda g: (g.plane.id, g.controller, g.pending().kind)) == (
        first,
        "cho",
        "end_turn",
    )
    assert_no_internal_ids(ben)
    screenshot(ben, f"planechase-left-plane-stays-{lang}")
