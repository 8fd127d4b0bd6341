"""End to end at a phone's size: the judge sets up Planechase, Dungeon Command and Arena on the
panel's form, then plays a few actions with each game's own view."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.table.table import Table
from tests.web_panel.arena_rolls import take_first_turn, type_d20
from tests.web_panel.browser import (
    close_pages,
    fill_army_card,
    new_phone,
    scan_join_code,
    screenshot,
    wait_for_version,
)
from tests.web_panel.conftest import JUDGE_PIN
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]


def _judge_on_the_setup_page(browser: Browser, server: PanelServer, game: str) -> Page:
    phone = new_phone(browser, server.url)
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    expect(phone.locator("#viewer")).to_have_text("Judge")
    phone.goto(server.url + "/setup")
    phone.locator("#setup-game").select_option(game)
    expect(phone.locator("#setup-other")).to_be_visible()
    return phone


def _name_players(phone: Page, names: list[str]) -> None:
    for index, name in enumerate(names):
        phone.locator(f'#setup-other fieldset[data-seat="p{index + 1}"] .seat-name').fill(name)


def _start(phone: Page, server: PanelServer, table: Table, game: str) -> None:
    phone.locator("#setup-start").click()
    expect(phone).to_have_url(server.url + "/")  # the judge's phone: its own page again
    assert table.read(lambda g: g.name) == game
    wait_for_version(phone, 0)


def test_planechase_set_up_and_played(browser: Browser, server: PanelServer, table: Table):
    phone = _judge_on_the_setup_page(browser, server, "planechase")
    phone.locator("#setup-players").select_option("3")
    _name_players(phone, ["Aiko", "Ben", "Chie"])
    phone.locator("#setup-virtual").check()
    screenshot(phone, "planechase-setup")
    _start(phone, server, table, "planechase")

    plane = table.read(lambda g: g.candidates()[0])
    expect(phone.locator(".prompt")).to_contain_text("Aiko")  # the engine's prompt, by name
    phone.locator(f'.pc-candidates [data-action="reveal {plane}"]').click()
    wait_for_version(phone, 1)
    name = table.read(lambda g: g.plane.name)
    expect(phone.locator(".pc-plane-name")).to_have_text(name)
    expect(phone.locator(".pc-die")).to_contain_text("free")
    phone.locator('[data-action="roll chaos"]').click()
    wait_for_version(phone, 2)
    expect(phone.locator(".pc-die")).to_contain_text("1 mana")
    expect(phone.locator(".pc-roll.face-chaos")).to_be_visible()
    phone.locator('[data-action="roll planeswalk"]').click()
    wait_for_version(phone, 3)
    expect(phone.locator(".pc-plane.none")).to_be_visible()
    screenshot(phone, "planechase-played")


def test_dungeon_command_set_up_and_played(browser: Browser, server: PanelServer, table: Table):
    phone = _judge_on_the_setup_page(browser, server, "dungeon_command")
    _name_players(phone, ["Aiko", "Ben"])
    for seat, commander, leadership in (("p1", "Valnar Trueblade", None), ("p2", "Kalteros", "6")):
        band = phone.locator(f'fieldset.og-band[data-seat="{seat}"]')
        band.locator(".og-commander").fill(commander)
        band.locator(".og-commander").dispatch_event("change")
        band = phone.locator(f'fieldset.og-band[data-seat="{seat}"]')  # drawn again
        band.locator(".og-morale").fill("10")
        if leadership:
            band.locator(".og-leadership").fill(leadership)
        band.locator(".og-creatures").fill(
            "\n".join(f"Creature {seat}{i:02d} {1 + i % 3}" for i in range(12))
        )
    screenshot(phone, "dungeon-command-setup")
    phone.locator("#setup-start").click()
    expect(phone).to_have_url(server.url + "/")  # the judge's phone: its own page again
    wait_for_version(phone, 0)
    expect(phone.locator('.dc-band[data-seat="p1"] .dc-leadership')).to_have_text("7")
    phone.locator('[data-action="deploy creature-p102"]').click()  # level 3
    wait_for_version(phone, 1)
    expect(phone.locator('.dc-band[data-seat="p1"] .dc-check')).to_contain_text("4 more levels")
    phone.locator('[data-action="deploy creature-p101"]').click()  # level 2
    wait_for_version(phone, 2)
    phone.locator('[data-action="next"]').click()
    wait_for_version(phone, 3)
    expect(phone.locator(".pending-title")).to_contain_text("Ben")
    screenshot(phone, "dungeon-command-played")


def test_a_refused_setup_says_why(browser: Browser, server: PanelServer, table: Table):
    phone = _judge_on_the_setup_page(browser, server, "dungeon_command")
    phone.locator('fieldset.og-band[data-seat="p1"] .og-commander').fill("Kalteros")
    phone.locator("#setup-start").click()
    expect(phone.locator("#toast")).to_contain_text("Player 1: Kalteros: Morale: type it in")
    assert table.read(lambda g: g.name) == "test-counter"


def test_arena_set_up_and_played(browser: Browser, server: PanelServer, table: Table):
    phone = _judge_on_the_setup_page(browser, server, "arena")
    _name_players(phone, ["Aiko", "Ben"])
    walker = {"figures": "1", "life": "5", "power": "2", "toughness": "1", "cost": "120"}
    fill_army_card(phone, "p1", 0, {"name": "Jace", **walker})
    fill_army_card(phone, "p2", 0, {"name": "Chandra", **walker})
    phone.locator('fieldset.og-army[data-seat="p1"] button', has_text="Add an army card").click()
    squad = {"figures": "3", "life": "1", "power": "1", "toughness": "1", "cost": "60", "ppf": "20"}
    fill_army_card(phone, "p1", 1, {"name": "Soldiers", "kind": "squad", **squad})
    screenshot(phone, "arena-setup")
    _start(phone, server, table, "arena")

    expect(phone.locator(".ar-track")).to_contain_text("Turn 1 of 30")
    type_d20(phone, 16, 1)  # seed 003: the d20 for the first player, Aiko's then Ben's
    type_d20(phone, 11, 2)
    take_first_turn(phone, 3)  # Aiko won the roll and goes first
    phone.locator('[data-action="choose jace"]').click()
    wait_for_version(phone, 4)
    phone.locator('[data-action="summon soldiers-1"]').click()
    wait_for_version(phone, 5)
    phone.locator('[data-action="next"]').click()
    wait_for_version(phone, 6)
    phone.locator('[data-action="next"]').click()  # no move
    wait_for_version(phone, 7)
    phone.locator('.ar-attackers [data-figure="jace"]').click()
    phone.locator('.ar-targets [data-figure="chandra"]').click()
    phone.locator("#ar-attack-send").click()
    wait_for_version(phone, 8)
    dice = table.read(lambda g: g.pending().details["dice"])
    expect(phone.locator(".ar-dice")).to_contain_text(f"roll {dice} dice")
    phone.locator('.og-counter[data-key="hits"] input').fill("2")
    phone.locator("#ar-count-send").click()
    wait_for_version(phone, 9)
    phone.locator("#ar-count-send").click()  # no shields
    wait_for_version(phone, 10)
    expect(phone.locator('.ar-figure[data-figure="chandra"] .ar-life')).to_have_text("life 3/5")
    screenshot(phone, "arena-played")


# Each demo played into its game (actions, what shows it is drawn): its players all in view
DEMOS_PLAYED = {
    "dungeon_command": (12, ".dc-band"),  # into turn 1: both bands in play
    "planechase": (6, ".pc-plane"),  # a plane revealed and rolled on
    "arena": (7, ".ar-figures"),  # the d20 rolls, who goes first, both armies, a figure out
}


@pytest.mark.parametrize("language", ["en-US", "ja-JP"])
@pytest.mark.parametrize("path", ["/", "/table"])
@pytest.mark.parametrize("name", DEMOS_PLAYED)
def test_each_demo_shows_its_players_by_name(
    browser: Browser, tmp_path: Path, name: str, path: str, language: str
):
    import re
    from importlib import import_module

    from companion.settings import Settings
    from companion.simulation.other_games import demo_game, demo_seats, play
    from companion.table.store import Store
    from tests.web_panel.visible_text import assert_no_internal_ids
    from web_panel import create_app, serve

    players = import_module(f"companion.games.{name}.demo").PLAYER_NAMES
    played, drawn = DEMOS_PLAYED[name]
    game, script = demo_game(name)
    seats = demo_seats(game)
    settings = Settings(data_dir=tmp_path, game=name, seats=seats)
    demo_table = Table.start(Store(settings.store_path), game)
    play(demo_table, script[:played], report=lambda line: None)
    app = create_app(demo_table, settings, secret_key="s", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        page = new_phone(browser, running.url, language)
        if path != "/":
            page.goto(running.url + path)
        wait_for_version(page, played)
        expect(page.locator(drawn).first).to_be_visible()
        lang, other = ("en", "ja") if language == "en-US" else ("ja", "en")
        for names in players.values():
            expect(page.locator("body")).to_contain_text(names[lang])
            expect(page.locator("body")).not_to_contain_text(names[other])
        text = re.sub(r"https?://\S+", "", page.locator("body").inner_text())  # join links
        ids = r"\b(?:ann|ben|cho|Ann|Ben|Cho)\b(?! Sato| Min)"
        assert not re.findall(ids, text), "a seat's id shown"
        assert_no_internal_ids(page)
        screenshot(page, f"{name}-demo-names{path.replace('/', '-')}-{language}")
        if path == "/table":  # a phone seated by the table's code is named, never by its seat id
            seat = next(iter(players))
            phone = new_phone(
                browser, running.url, language, at=running.url + scan_join_code(page, seat)
            )
            expect(phone.locator("#viewer")).to_have_text(players[seat][lang])
    finally:
        close_pages()  # before the server stops: the table screen's timers keep asking it
        running.stop()
        app.extensions["panel"].close()
