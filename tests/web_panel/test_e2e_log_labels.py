"""End to end at a phone's size, in English and Japanese: the log says what each action was when
it was taken. A "done" that ended the spawn phase still reads "Done spawning" once the game is in
its action phase (and later), and the log's entries keep their numbers (their place in the game's
log) however long it grows."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import dreamblade_table
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate
from web_panel.view import LOG_LENGTH

pytestmark = [
    pytest.mark.browser,
]


def _script_dones() -> tuple[int, int]:
    """Places in the demo script: the last "done" ending a spawn phase before the game first
    waits for a cell to fight in, and the "done" that then passes in the action phase."""
    game = demo_game()
    spawn_done = None
    for index, text in enumerate(DEMO_ACTIONS):
        kind = game.pending().kind
        if text == "done" and kind == "spawn":
            spawn_done = index
        if text == "done" and kind == "choose_strike_cell" and spawn_done is not None:
            return spawn_done, index
        game.push(game.parse_action(text))
    raise AssertionError("the demo never passes in an action phase after a spawn phase")


SPAWN_DONE, PASS_DONE = _script_dones()


def _phase(table: Table) -> str:
    return str(table.read(lambda game: game.phase))


def _entry(phone: Page, seq: int) -> Locator:
    return phone.locator(f'#log li[value="{seq}"]')


@pytest.mark.parametrize("language", ["en-US", "ja-JP"])
def test_a_spawn_phases_done_reads_so_after_the_game_moved_on(
    browser: Browser, tmp_path: Path, language: str
):
    lang = language[:2]
    table = dreamblade_table(tmp_path, SPAWN_DONE + 1)  # the done pushed: the phase ended
    settings = Settings.model_validate({"data_dir": str(tmp_path / "data"), "game": "dreamblade"})
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        phone = new_phone(browser, server.url, language, at=server.url + "/")
        seq = SPAWN_DONE + 1
        wait_for_version(phone, seq)
        done_spawning = translate(lang, "action.done.spawn")
        expect(_entry(phone, seq)).to_contain_text(done_spawning)

        # the game goes on into the action phase: where a "done" means "fight no more"
        pushed = seq
        while (
            _phase(table) != "action"
            or table.read(lambda g: g.pending().kind) != "choose_strike_cell"
        ):
            table.submit(JUDGE, DEMO_ACTIONS[pushed])
            pushed += 1
        wait_for_version(phone, pushed)
        expect(_entry(phone, seq)).to_contain_text(done_spawning)
        expect(_entry(phone, seq)).not_to_contain_text(
            translate(lang, "action.done.choose_strike_cell")
        )
        assert_no_internal_ids(phone)
        screenshot(phone, f"log-spawn-done-in-action-phase-{lang}")

        # past the action phase's own "done" (a pass): each done reads as what it was
        while pushed <= PASS_DONE:
            table.submit(JUDGE, DEMO_ACTIONS[pushed])
            pushed += 1
        wait_for_version(phone, pushed)
        expect(_entry(phone, seq)).to_contain_text(done_spawning)
        passed = translate(lang, "action.done.choose_strike_cell")
        expect(_entry(phone, PASS_DONE + 1)).to_contain_text(passed)

        # a long log: each entry keeps its own number, none repeated, the newest first
        while pushed < max(LOG_LENGTH + 12, PASS_DONE + 3):
            table.submit(JUDGE, DEMO_ACTIONS[pushed])
            pushed += 1
        wait_for_version(phone, pushed)
        numbers = phone.locator("#log li").evaluate_all("items => items.map((li) => li.value)")
        assert numbers == list(range(pushed, pushed - LOG_LENGTH, -1))
        expect(_entry(phone, pushed - LOG_LENGTH + 1)).to_be_visible()
        screenshot(phone, f"log-numbered-by-version-{lang}")
    finally:
        server.stop()
        app.extensions["panel"].close()
