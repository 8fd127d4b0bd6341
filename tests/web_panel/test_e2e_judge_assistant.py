"""End to end (issue 17): on a phone (390×844, Japanese), the judge opens the live game, moves to
the position editor, poses a hypothetical, gets the answer in Japanese, and returns to the live
game — which never changed. No console error on the way."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ConsoleMessage, expect

from companion.table.table import Table
from tests.web_panel.browser import screenshot, wait_for_version
from tests.web_panel.conftest import JUDGE_PIN, dreamblade_table
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

PLAYED = 6  # the demo script's first actions: initiative and the first spawns


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return dreamblade_table(tmp_path, PLAYED)


@pytest.mark.parametrize(("size", "locale"), [((390, 844), "ja-JP"), ((1280, 800), "en-US")])
def test_the_judge_poses_a_hypothetical_and_returns_to_the_live_game(
    browser: Browser, server, table: Table, size: tuple[int, int], locale: str
) -> None:
    language = locale[:2]
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale=locale, is_mobile=width < 500
    )
    context.set_default_timeout(15_000)
    phone = context.new_page()
    problems: list[str] = []
    phone.on("console", lambda m: _note(problems, m))
    phone.on("pageerror", lambda error: problems.append(str(error)))
    phone.goto(server.url + "/")
    live = table.read(lambda game: game.position())
    version = table.version

    # the judge logs in and sees the live game
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    wait_for_version(phone, version)
    expect(phone.locator("#judge-assistant")).to_be_visible()

    # the editor starts from the live game: its miniatures by name, never by engine id
    phone.locator("#ja-from-live").click()
    expect(phone.locator("#ja-position li").first).to_be_visible()
    positions = phone.locator("#ja-position").inner_text()
    assert ":" not in positions.replace(": ", "") or "#" not in positions

    # a hypothetical: a creature of seat B joins one of seat A's in its cell
    a_cell, b_mini = _a_cell_and_a_b_creature(table)
    phone.locator("#ja-mini").select_option(b_mini)
    phone.locator("#ja-where").select_option(a_cell)
    phone.locator("#ja-place").click()
    expect(phone.locator(f'#ja-position li[data-mini="{b_mini}"]')).to_have_attribute(
        "data-where", a_cell
    )

    # an impossible edit is refused with the reason, and the position stays
    phone.locator("#ja-edit").fill("add A nobody c3")
    phone.locator("#ja-edit-apply").click()
    expect(phone.locator("#toast")).to_contain_text(translate(language, "judge.refused"))
    expect(phone.locator(f'#ja-position li[data-mini="{b_mini}"]')).to_have_attribute(
        "data-where", a_cell
    )

    # the question: who is engaged now, answered in the phone's language
    phone.locator("#ja-question").select_option("engaged")
    phone.locator("#ja-ask").click()
    expect(phone.locator("#ja-answer li").first).to_contain_text(a_cell)
    answer = phone.locator("#ja-answer").inner_text()
    if language == "ja":
        assert "体目" in answer  # "(B、1体目)": a miniature named by seat and copy
    assert b_mini not in answer
    screenshot(phone, f"judge-assistant-{language}")

    # back to the live game: unchanged
    phone.locator("#ja-back").click()
    expect(phone.locator("#ja-from-live")).to_be_visible()
    assert table.version == version
    assert table.read(lambda game: game.position()) == live
    phone.locator("#ja-question").select_option("engaged")
    phone.locator("#ja-ask").click()
    expect(phone.locator("#ja-answer li").first).to_be_visible()
    assert a_cell not in phone.locator("#ja-answer").inner_text() or _engaged_live(table, a_cell)
    assert problems == []
    context.close()


def _note(problems: list[str], message: ConsoleMessage) -> None:
    if message.type == "error":
        problems.append(f"{message.text} ({message.location.get('url', '')})")


def _a_cell_and_a_b_creature(table: Table) -> tuple[str, str]:
    def pick(game: object) -> tuple[str, str]:
        state, setup = game.state, game.setup  # type: ignore[attr-defined]
        a_cell = next(
            where
            for mini, where in state.zone.items()
            if len(where) == 2
            and setup.pieces[mini].owner == "A"
            and setup.pieces[mini].is_creature
        )
        b_mini = next(
            mini
            for mini, where in state.zone.items()
            if setup.pieces[mini].owner == "B"
            and setup.pieces[mini].is_creature
            and not setup.pieces[mini].mini.unknown_fields
        )
        return a_cell, b_mini

    return table.read(pick)


def _engaged_live(table: Table, cell: str) -> bool:
    return table.read(lambda game: cell in game.contested_cells())
