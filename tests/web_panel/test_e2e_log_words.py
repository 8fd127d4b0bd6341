"""End to end, on the table's screen at a laptop's size and on a phone's, in English and Japanese:
the event log of the other games in plain words — Arena's log names the player who rolled the d20
once (the entry's own name, not again in its action) and counts "1 hit", not "1 hits"; Dungeon
Command's log says when damage destroyed a creature. Any console error fails the test."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.settings import Settings
from companion.simulation.other_games import demo_game, demo_seats, play
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import close_pages, new_phone, screenshot
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

SCREENS = [("en-US", True), ("ja-JP", False), ("en-US", False), ("ja-JP", True)]


@contextmanager
def served(
    tmp_path: Path, name: str, until: Callable[[Table, str], bool]
) -> Iterator[tuple[str, Table]]:
    """The game's demo played at a table until ``until(table, action)`` says so, the table's
    panel served: its address and the table."""
    game, script = demo_game(name)
    settings = Settings(data_dir=tmp_path, game=name, seats=demo_seats(game))
    table = Table.start(Store(settings.store_path), game)
    for action in script:
        play(table, [action], report=lambda line: None)
        if until(table, action):
            break
    else:
        raise AssertionError("the demo never got there")
    app = create_app(table, settings, secret_key="s", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        yield running.url, table
    finally:
        close_pages()  # before the server stops: the table screen's timers keep asking it
        running.stop()
        app.extensions["panel"].close()


def open_log(browser: Browser, url: str, table: Table, locale: str, laptop: bool) -> Page:
    page = new_phone(browser, url, locale, laptop=laptop, at=url + "/table")
    expect(page.locator("body")).to_have_attribute("data-version", str(table.version))
    return page


def seat_name(table: Table, seat: str, lang: str) -> str:
    return demo_seats(table.read(lambda game: game))[seat].name_in(lang)


@pytest.mark.parametrize(("locale", "laptop"), SCREENS)
def test_arenas_log_names_the_roller_once_and_counts_one_hit(
    browser: Browser, tmp_path: Path, locale: str, laptop: bool
):
    def first_single_hit(table: Table, action: str) -> bool:
        return action in ("hits 1", "shields 1")

    lang = locale[:2]
    with served(tmp_path, "arena", first_single_hit) as (url, table):
        page = open_log(browser, url, table, locale, laptop)
        rolls = [e for e in table.log(40) if e["action"].startswith("d20 ")]
        assert rolls and all(e["by"] == "seat" for e in rolls)
        for entry in rolls:
            _, seat, number = entry["action"].split(" ")
            who = seat_name(table, seat, lang)
            said = translate(lang, "ar.action.d20_own", n=number)
            line = translate(lang, "log.push", who=who, action=said)
            expect(page.locator("#log li", has_text=line).first).to_be_visible()
        # each entry's own line (its text, not the rule notices shown under it, which may name
        # both players: a tied roll) names the player once
        lines = page.locator("#log li").evaluate_all(
            "items => items.map(li => Array.from(li.childNodes)"
            ".filter(n => n.nodeType === Node.TEXT_NODE).map(n => n.textContent).join(''))"
        )
        for item in lines:
            for seat in ("ann", "ben"):
                assert item.count(seat_name(table, seat, lang)) <= 1, item
        last = table.log(1)[0]["action"]  # "hits 1" or "shields 1"
        verb = last.split(" ")[0]
        said = translate(lang, f"ar.action.{verb}", n=1)
        assert said in ("1 hit", "1 shield") or lang == "ja"
        expect(page.locator("#log li").first).to_contain_text(said)
        assert "1 hits" not in page.locator("#log").inner_text()
        screenshot(page, f"log-words-arena-{lang}-{'laptop' if laptop else 'phone'}")
        assert_no_internal_ids(page)


@pytest.mark.parametrize(("locale", "laptop"), SCREENS)
def test_dungeon_commands_log_says_which_damage_destroyed_a_creature(
    browser: Browser, tmp_path: Path, locale: str, laptop: bool
):
    def destroyed(table: Table) -> list[str]:
        return table.read(lambda g: [label for ls in g.state.destroyed.values() for label in ls])

    def damage_destroys(table: Table, action: str) -> bool:
        return action.startswith("damage ") and action.split(" ")[1] in destroyed(table)

    lang = locale[:2]
    with served(tmp_path, "dungeon_command", damage_destroys) as (url, table):
        page = open_log(browser, url, table, locale, laptop)
        _, label, amount = table.log(1)[0]["action"].split(" ")
        name = page.evaluate("(label) => window.Panel.state.view.extra.names[label]", label)
        said = translate(lang, "dc.action.damage_destroyed", label=name, amount=amount)
        expect(page.locator("#log li").first).to_contain_text(said)
        # only that damage says so: the one creature destroyed, by that entry
        plain = translate(lang, "dc.action.damage", label="X", amount="9")
        both = translate(lang, "dc.action.damage_destroyed", label="X", amount="9")
        assert both.startswith(plain)
        destroyed_words = both[len(plain) :]
        expect(page.locator("#log li", has_text=destroyed_words)).to_have_count(1)
        assert len(destroyed(table)) == 1
        screenshot(page, f"log-words-dc-{lang}-{'laptop' if laptop else 'phone'}")
        assert_no_internal_ids(page)
