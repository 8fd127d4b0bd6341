"""End to end at a phone's size, in English and Japanese: seat A's phone against the table's
computer seat B. The phone shows the computer's move to carry out, in the player's words (no
engine ids); "Done: it is there" takes it, and the log says why the computer chose it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.games.dreamblade.ai import DreambladeAi, roll
from companion.settings import Settings
from companion.table.computer_seat import ComputerSeat
from companion.table.dice_roll import NothingToRoll, roll_for
from companion.table.proposers import JUDGE
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


def _until_the_computer_moves(table: Table, computer: ComputerSeat) -> None:
    """Seat A plays (an easy player, the table's dice) until the computer waits for a carry."""
    player, dice = DreambladeAi("easy", seed=3), random.Random(3)
    for _ in range(300):
        computer.play_ready()
        if table.expected() is not None:
            return
        pending = table.read(lambda game: game.pending())
        if pending.details.get("unknown_values"):
            table.submit(JUDGE, table.read(lambda game: roll(game, dice)))
            continue
        try:
            roll_for(table, pending.seat or "A", rng=dice)
        except NothingToRoll:
            table.submit(pending.seat or "A", table.read(player.choose).action)
    raise AssertionError("the computer never moved a miniature")


@pytest.mark.parametrize("language", ["en-US", "ja-JP"])
def test_the_phone_carries_the_computers_move_and_reads_why(
    browser: Browser, tmp_path: Path, language: str
) -> None:
    lang = language[:2]
    table = dreamblade_table(tmp_path, 0)
    computer = ComputerSeat(table, "B", "normal", seed=1, dice=random.Random(1), carried=True)
    _until_the_computer_moves(table, computer)
    settings = Settings.model_validate({"data_dir": str(tmp_path / "data"), "game": "dreamblade"})
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        phone = new_phone(
            browser,
            server.url,
            language,
            at=server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
        )
        wait_for_version(phone, table.version)
        carry = phone.locator("#pending .computer-carry")
        expect(carry).to_be_visible()
        assert translate(lang, "computer.carry").split("{")[0].strip() in carry.inner_text()
        assert_no_internal_ids(phone)
        screenshot(phone, f"computer-carry-{lang}")
        before = table.version
        phone.locator("#pending .computer-carried").click()
        wait_for_version(phone, before + 1)
        reason = phone.locator(f'#log li[value="{before + 1}"] .log-reason')
        expect(reason).to_be_visible()
        assert_no_internal_ids(phone)
        screenshot(phone, f"computer-reason-{lang}")
        assert table.log()[-1]["seat"] == "B"
    finally:
        server.stop()
        app.extensions["panel"].close()
