"""End to end (issue 35): a new solo game starts with none of the last one's notices. The camera
flagged the computer's miniature in a wrong cell during a solo game; the table's screen (two
taps) starts another one; the player's phone (390×844, English then Japanese) no longer says it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.browser import LOCALES, held_until, new_phone, screenshot
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.app import PanelServer
from web_panel.i18n import translate

pytestmark = [pytest.mark.browser]


@pytest.fixture
def solo_table(tmp_path: Path) -> Iterator[tuple[Table, PanelServer]]:
    table = dreamblade_table(tmp_path, 0)
    settings = Settings.model_validate({"data_dir": str(tmp_path / "data"), "game": "dreamblade"})
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    yield table, server
    server.stop()
    app.extensions["panel"].close()


def _two_taps(table: Table, page: Page, lang: str, level: str) -> None:
    """ "Play against the table", then the level."""
    game_id = table.game_id
    card = page.locator("#solo-card")
    card.locator("#solo-open").click()
    card.locator(f'.solo-level[data-level="{level}"]').click()
    expect(page.locator("#computer-seats")).to_contain_text(translate(lang, f"solo.level.{level}"))
    # the level may show already (the last solo game's): the new game is the table's to start
    deadline = time.monotonic() + 15
    while table.game_id == game_id and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table.game_id != game_id, "no new game was started"


def test_a_new_solo_game_shows_no_notice_of_the_last_one(
    browser: Browser, solo_table: tuple[Table, PanelServer]
) -> None:
    table, server = solo_table
    url = server.url
    for lang in ("en", "ja"):
        screen = new_phone(browser, url, LOCALES[lang], laptop=True, at=url + "/table")
        join = join_url(server.app, "A").rsplit("/join/", 1)[1]
        phone = new_phone(browser, url, LOCALES[lang], at=url + "/join/" + join)
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        _two_taps(table, screen, lang, "easy")
        # the camera saw the computer's miniature in a wrong cell (what CameraLoop flags)
        table.flag(
            "refused", ("d3",), subject="B:B45#1", cell="d3", rule="expect.other", detail="-"
        )
        said = translate(lang, "rule.expect.other")
        expect(phone.locator("#notices")).to_contain_text(said)
        assert_no_internal_ids(phone)
        screenshot(phone, f"solo-notice-before-{lang}")

        _two_taps(table, screen, lang, "easy")  # the next solo game
        expect(phone.locator("#notices")).not_to_contain_text(said)
        expect(phone.locator("#computer-seats")).to_be_visible()
        screenshot(phone, f"solo-notice-after-{lang}")


def test_the_card_closes_when_the_new_games_news_comes_before_the_answer(
    browser: Browser, solo_table: tuple[Table, PanelServer]
) -> None:
    """The new game's news can reach the table's screen before the answer to the tap that
    started it: once the answer comes, the card is closed again (not left offering the levels,
    a second tap away from another game)."""
    _, server = solo_table
    url = server.url
    screen = new_phone(browser, url, laptop=True, at=url + "/table")
    held: list[Route] = []
    screen.route("**/api/solo", lambda route: held.append(route))
    card = screen.locator("#solo-card")
    card.locator("#solo-open").click()
    card.locator('.solo-level[data-level="easy"]').click()
    held_until(screen, lambda: bool(held), "the tap on a level")
    started = held[0].fetch()  # the table starts the game and tells every screen
    expect(screen.locator("#computer-seats")).to_contain_text(translate("en", "solo.level.easy"))
    held[0].fulfill(response=started)
    expect(card.locator("#solo-open")).to_be_visible()
    expect(card.locator(".solo-level")).to_have_count(0)


def test_a_view_that_waited_to_ask_who_the_phone_is_never_replaces_a_newer_one(
    browser: Browser, solo_table: tuple[Table, PanelServer]
) -> None:
    """A new game's first view makes the phone ask who it is (``/api/me``) before showing it; a
    flag raised meanwhile brings a newer view, which asks too and is shown. When the first answer
    comes late (a loaded table), its older view is dropped, not shown over the flag (seen as
    ``test_a_new_solo_game_shows_no_notice_of_the_last_one`` losing its notice under load)."""
    table, server = solo_table
    url = server.url
    screen = new_phone(browser, url, LOCALES["en"], laptop=True, at=url + "/table")
    join = join_url(server.app, "A").rsplit("/join/", 1)[1]
    phone = new_phone(browser, url, LOCALES["en"], at=url + "/join/" + join)
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    phone.route("**/api/me", hold_the_first)
    _two_taps(table, screen, "en", "easy")
    held_until(phone, lambda: bool(held), "the phone asking who it is in the new game")
    table.flag("refused", ("d3",), subject="B:B45#1", cell="d3", rule="expect.other", detail="-")
    said = translate("en", "rule.expect.other")
    expect(phone.locator("#notices")).to_contain_text(said)
    with phone.expect_response("**/api/me"):
        held[0].continue_()
    phone.wait_for_timeout(300)  # the late answer read, and its view dropped (or, before, shown)
    expect(phone.locator("#notices")).to_contain_text(said)
    expect(phone.locator("#computer-seats")).to_be_visible()
