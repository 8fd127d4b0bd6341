"""End to end: the judge sets up a new Dreamblade game on a phone — seat names, a saved warband
for one seat and one built from the catalog (and saved) for the other — abandoning the game in
progress after a confirmation."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.table.table import Table
from tests.web_panel.browser import LOCALES, SCREENS, every_screen, new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN, join_url
from tests.web_panel.map_values import DEFAULT_MAP_VALUES, type_map_values
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


def _seat_link(app: Flask, seat: str) -> str:
    """The path of a new join link of ``seat``: each phone that joins uses its own code."""
    return "/join/" + join_url(app, seat).rsplit("/join/", 1)[1]


def test_the_judge_sets_up_a_new_dreamblade_game(
    browser: Browser, server: PanelServer, table: Table
):
    table.submit("A", "add 1")
    phone = new_phone(browser, server.url, at=server.url + "/setup")
    expect(phone.locator("#setup-refused")).to_be_visible()
    phone.goto(server.url + "/")
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    expect(phone.locator("#viewer")).to_have_text("Judge")
    phone.locator("#setup-link").click()

    maps = [translate("en", f"setup.{key}") for key in ("configured_map", "builtin_map.default")]
    expect(phone.locator("#setup-map option")).to_have_text(maps)
    phone.locator('fieldset.seat[data-seat="A"] .seat-name').fill("Aiko")
    phone.locator('fieldset.seat[data-seat="B"] .seat-name').fill("Ben")
    phone.locator("#setup-minutes").fill("45")
    phone.locator('.warband-pick[data-seat="A"]').select_option("builtin:sample-valor")
    phone.locator('.warband-pick[data-seat="B"]').select_option("build")
    builder = phone.locator('.builder[data-seat="B"]')
    builder.locator(".catalog-search").fill("scissors")
    builder.locator(".result").first.click()
    builder.locator(".result").first.click()
    builder.locator(".catalog-search").fill("lockjaw")
    builder.locator('.result[data-id="lockjaw"]').click()
    expect(builder.locator(".chosen li")).to_have_count(2)
    # a miniature whose power nobody knows is marked, and no game starts with it
    builder.locator(".catalog-search").fill("brawler")
    brawler = builder.locator('.result[data-id="runetagged-brawler"]')
    expect(brawler).to_have_class(re.compile("incomplete"))
    expect(brawler).to_contain_text("values unknown")
    brawler.click()
    expect(builder.locator(".chosen li.incomplete")).to_contain_text("Runetagged Brawler")
    phone.locator("#setup-start").click()
    phone.locator("#confirm-yes").click()
    expect(phone.locator("#toast")).to_contain_text("values nobody has entered yet")
    expect(phone.locator("#toast")).to_contain_text("Runetagged Brawler")
    assert table.read(lambda game: game.name) == "test-counter"
    builder.locator(".chosen li.incomplete button").click()
    expect(builder.locator(".chosen li")).to_have_count(2)
    builder.locator(".warband-name").fill("Snippers")
    builder.get_by_role("button", name="Save for next time").click()
    expect(phone.locator("#toast")).to_contain_text("Snippers")
    screenshot(phone, "setup-form")
    assert_no_internal_ids(phone)

    phone.locator('.warband-pick[data-seat="B"]').select_option("saved:snippers")
    type_map_values(phone)
    phone.locator("#setup-start").click()
    expect(phone.locator("#confirm")).to_be_visible()
    phone.locator("#confirm-yes").click()
    expect(phone).to_have_url(server.url + "/")  # the judge's phone: its own page again
    expect(phone.locator(".status")).to_contain_text("Turn 1")
    assert table.read(lambda game: game.name) == "dreamblade"
    assert len(table.read(lambda game: game.reserve("B"))) == 3
    assert [g.status for g in table.store.games()] == ["abandoned", "playing"]
    phone.goto(server.url + "/table")
    expect(phone.locator("figure.join figcaption").first).to_contain_text("Aiko")
    screenshot(phone, "setup-new-table")
    assert_no_internal_ids(phone)


def test_a_seated_phone_stays_seated_through_a_new_game_with_its_seat(
    browser: Browser, server: PanelServer, app: Flask
):
    phone = new_phone(browser, server.url, at=server.url + _seat_link(app, "A"))
    expect(phone.locator("#viewer")).to_contain_text("Seat A")
    judge = app.test_client()
    csrf = judge.get("/api/me").get_json()["csrf"]
    headers = {"X-CSRF-Token": csrf}
    judge.post("/api/judge/login", json={"pin": JUDGE_PIN}, headers=headers)
    warbands = {seat: {"saved": "builtin:sample-madness"} for seat in ("A", "B")}
    dreamblade = {
        "game": "dreamblade",
        "dreamblade": {"warbands": warbands, "map_values": DEFAULT_MAP_VALUES},
    }
    response = judge.post("/api/setup/new", json=dreamblade, headers=headers)
    assert response.status_code == 200
    expect(phone.locator("#pending")).to_have_attribute("data-kind", "initiative_roll")
    expect(phone.locator("#viewer")).to_contain_text("Seat A")
    # a game without seat A (Planechase's demo players): this phone watches
    response = judge.post("/api/setup/new", json={"game": "planechase"}, headers=headers)
    assert response.status_code == 200
    expect(phone.locator("#viewer")).to_have_text("Spectator")
    expect(phone.locator(".pending-title")).to_be_visible()


def test_default_seat_names_are_in_the_phones_language_and_typed_ones_as_typed(
    browser: Browser, server: PanelServer, app: Flask, table: Table
):
    """On a phone and a laptop: each judge sets up the same game in turn, then each size's
    players join it."""
    judges = {
        size: new_phone(browser, server.url, "ja-JP", laptop=size == "laptop")
        for size in ("phone", "laptop")
    }
    for judge in judges.values():
        judge.locator("#judge-pin").fill(JUDGE_PIN)
        judge.locator("#judge-login").click()
    for judge in judges.values():
        expect(judge.locator("#viewer")).to_have_text(translate("ja", "viewer.judge"))
        judge.goto(server.url + "/setup")
    for judge in judges.values():  # every form read before any game starts
        seat_a = judge.locator('fieldset.seat[data-seat="A"] .seat-name')
        expect(seat_a).to_have_value("プレイヤーA")  # nobody typed it: the phone's language
        maps = [
            translate("ja", f"setup.{key}") for key in ("configured_map", "builtin_map.default")
        ]
        expect(judge.locator("#setup-map option")).to_have_text(maps)  # never the map's id
    for judge in judges.values():
        judge.locator('fieldset.seat[data-seat="B"] .seat-name').fill("Ben")
        for seat in ("A", "B"):
            judge.locator(f'.warband-pick[data-seat="{seat}"]').select_option(
                "builtin:sample-valor"
            )
        type_map_values(judge)
        judge.locator("#setup-start").click()
        expect(judge).to_have_url(server.url + "/")  # the judge's phone: its own page again
    for judge in judges.values():
        judge.goto(server.url + "/table")
    for size, judge in judges.items():
        expect(judge.locator("figure.join figcaption").first).to_contain_text("プレイヤーA")
        expect(judge.locator("figure.join figcaption").last).to_contain_text("Ben")
        expect(judge.locator("body")).not_to_contain_text("Player")
        screenshot(judge, f"setup-seat-names-ja-{size}")

    players = {
        size: (
            new_phone(browser, server.url, laptop=laptop, at=server.url + _seat_link(app, "A")),
            new_phone(
                browser, server.url, "ja-JP", laptop=laptop, at=server.url + _seat_link(app, "B")
            ),
        )
        for size, laptop in (("phone", False), ("laptop", True))
    }
    for size, (english, japanese) in players.items():
        expect(english.locator("#viewer")).to_contain_text("Player A")
        expect(japanese.locator("#viewer")).to_contain_text("Ben")
        expect(japanese.locator("#pending")).to_contain_text("プレイヤーA")
        expect(japanese.locator("body")).not_to_contain_text("Player")
        screenshot(japanese, f"seat-names-ja-{size}")


def test_a_judge_who_starts_a_game_from_a_seated_phone_is_back_on_its_seat(
    browser: Browser, server: PanelServer, app: Flask, table: Table
):
    """In English and Japanese, on a phone and a laptop: four phones hold seat A, each becomes
    the judge and starts the next game in turn, and is back on its seat in it."""
    phones = {
        f"{language}-{size}": new_phone(
            browser,
            server.url,
            LOCALES[language],
            laptop=size == "laptop",
            at=server.url + _seat_link(app, "A"),
        )
        for language, size in SCREENS
    }
    for name, phone in phones.items():
        lang = name.split("-")[0]
        expect(phone.locator("#viewer")).to_contain_text(translate(lang, "viewer.seat", seat="A"))
        phone.locator("#judge-unlock summary").click()  # folded away on a seated phone
        phone.locator("#judge-pin").fill(JUDGE_PIN)
        phone.locator("#judge-login").click()
    for name, phone in phones.items():
        lang = name.split("-")[0]
        expect(phone.locator("#viewer")).to_have_text(translate(lang, "viewer.judge"))
        phone.locator("#setup-link").click()
    for name, phone in phones.items():
        for seat in ("A", "B"):  # the same players' next game: the phone keeps its seat
            phone.locator(f'.warband-pick[data-seat="{seat}"]').select_option(
                "builtin:sample-valor"
            )
        type_map_values(phone)
        phone.locator("#setup-start").click()
        expect(phone).to_have_url(server.url + "/")
        expect(phone.locator("#pending")).to_have_attribute("data-kind", "initiative_roll")
        assert table.read(lambda game: game.name) == "dreamblade"
        assert phone.evaluate("window.Panel.state.me.seat") == "A"
        expect(phone.locator('.db-die-row[data-seat="A"]')).to_be_visible()  # its seat's roll
        screenshot(phone, f"setup-judge-back-on-seat-{name}")
        assert_no_internal_ids(phone)
        phone.context.close()  # its part done: the next phones' games are not drawn for it


def test_the_map_values_are_typed_once_and_offered_at_the_next_set_up(
    browser: Browser, server: PanelServer, table: Table
):
    """In English and Japanese, on a phone and a laptop: every judge's form is opened before any
    game is set up, then each judge sets up its next games in turn."""
    judges = every_screen(browser, server.url)
    for judge in judges.values():
        judge.locator("#judge-pin").fill(JUDGE_PIN)
        judge.locator("#judge-login").click()
    for name, judge in judges.items():
        lang = name.split("-")[0]
        expect(judge.locator("#viewer")).to_have_text(translate(lang, "viewer.judge"))

    def set_up(judge: Page) -> None:
        judge.goto(server.url + "/setup")
        judge.locator("#setup-map").select_option("default")
        for seat in ("A", "B"):
            judge.locator(f'.warband-pick[data-seat="{seat}"]').select_option(
                "builtin:sample-valor"
            )

    for judge in judges.values():
        set_up(judge)
    for judge in judges.values():
        expect(judge.locator("#map-values-remembered")).to_have_count(0)  # never typed here yet
        for cell in DEFAULT_MAP_VALUES:
            expect(judge.locator(f'.map-value[data-cell="{cell}"]')).to_have_value("")
    for name, judge in judges.items():
        type_map_values(judge)
        judge.locator("#setup-start").click()
        expect(judge).to_have_url(server.url + "/")

        set_up(judge)  # the next game: the values read off this map are filled in, and said so
        said = translate(name.split("-")[0], "setup.map_values_remembered")
        expect(judge.locator("#map-values-remembered")).to_have_text(said)
        for cell, value in DEFAULT_MAP_VALUES.items():
            expect(judge.locator(f'.map-value[data-cell="{cell}"]')).to_have_value(str(value))
        screenshot(judge, f"setup-map-values-remembered-{name}")
        assert_no_internal_ids(judge)
        judge.locator('.map-value[data-cell="b2"]').fill("3")  # the judge may change one
        judge.locator("#setup-start").click()
        expect(judge).to_have_url(server.url + "/")
        assert table.read(lambda game: game.setup.dream_map.key_values["b2"]) == 3

        set_up(judge)
        expect(judge.locator('.map-value[data-cell="b2"]')).to_have_value("3")
        expect(judge.locator('.map-value[data-cell="c2"]')).to_have_value("2")
        judge.context.close()  # its part done: the next judges' games are not drawn for it
