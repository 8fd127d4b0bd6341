"""End to end at a phone's size (390×844), in English and Japanese, with no console error: one
phone plays whole Arena of the Planeswalkers duels against the table (normal, then strong),
each started in two taps on the phone ("Play against the table", then the level) and played to
a winner. The table's computer cannot roll a combat die whose faces the companion does not know,
so the phone's player types the computer's rolls too (its d20 rolled on the phone, its hits
from real dice); the log says why the computer chose each of its actions. No text the phone
shows names an engine id, a pending kind or a Python repr.

The phone's player picks its first army card and ends each turn at once; the computer's attacks
all hit (the player types as many hits as dice) and the player's shields never come up, so the
computer wins before the turn track runs out.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.arena.demo import demo_setup
from companion.games.arena.game import Arena
from companion.settings import Settings
from companion.simulation.other_games import demo_seats
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import join_url
from tests.web_panel.solo_taps import play_against_the_table
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
]

DECISIONS = 400  # at most this many steps in one game
PHONE, COMPUTER = "ann", "ben"  # the demo's seats: the phone holds the first


class SoloArena:
    def __init__(self, tmp_path: Path) -> None:
        game = Arena(demo_setup())
        settings = Settings.model_validate(
            {
                "data_dir": str(tmp_path),
                "game": "arena",
                "seats": demo_seats(game),
                "computer": {"think_seconds": 0.05},
            }
        )
        self.table = Table.start(Store(settings.store_path), game)
        self.app = create_app(self.table, settings, secret_key="s", testing=True)
        self.server = serve(self.app, "127.0.0.1", 0).start_in_thread()

    def close(self) -> None:
        self.server.stop()
        self.app.extensions["panel"].close()


@pytest.fixture
def solo(tmp_path: Path) -> Iterator[SoloArena]:
    running = SoloArena(tmp_path)
    yield running
    running.close()


def _start_solo(solo: SoloArena, phone: Page, lang: str, level: str) -> None:
    play_against_the_table(phone, solo.table, lang, level)
    assert solo.app.extensions["panel"].computer_view() == {COMPUTER: level}


def _phone_step(phone: Page, kind: str, seat: str, dice: int) -> None:
    """The phone's player: rolls the d20s on the phone, takes the first turn, types the
    computer's hits (all its dice) and its own shields (none), picks its first army card and
    ends each turn."""
    box = phone.locator("#pending")
    if kind == "first_roll":
        box.locator("#ar-d20-roll").click()
    elif kind == "first_choice":
        box.locator("#ar-first-self").click()
    elif kind in ("attack_dice", "defence_dice"):
        count = dice if kind == "attack_dice" and seat == COMPUTER else 0
        box.locator("input.og-count").fill(str(count))
        box.locator("#ar-count-send").click()
    elif kind == "choose_army":
        box.locator('[data-verb="choose"]').first.click()
    else:  # summon, move, attack: the turn ends
        box.locator('[data-verb="end"]').first.click()


def _play_to_a_winner(solo: SoloArena, phone: Page, lang: str) -> int:
    """The game played to its end; how many of the computer's rolls the phone typed."""
    table, typed = solo.table, 0
    for _ in range(DECISIONS):
        state = table.state()
        if state["winner"]:
            break
        pending = state["pending"]
        if pending["seat"] == PHONE or state["dice_typed_for"] == COMPUTER:
            wait_for_version(phone, state["version"])
            assert_no_internal_ids(phone)
            dice = (pending.get("details") or {}).get("dice") or 0
            _phone_step(phone, pending["kind"], pending["seat"], dice)
            typed += pending["seat"] == COMPUTER
        deadline = time.monotonic() + 10  # the phone's proposal, or the table's choice
        while table.version == state["version"] and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table.version > state["version"], f"nothing came of {pending['kind']}"
    else:
        pytest.fail(f"no winner in {DECISIONS} steps")
    assert table.state()["winner"] == COMPUTER
    wait_for_version(phone, table.version)
    expect(phone.locator(".winner")).to_be_visible()
    assert_no_internal_ids(phone)
    return typed


def test_one_phone_plays_arena_against_the_table_to_a_winner(
    browser: Browser, solo: SoloArena
) -> None:
    url = solo.server.url
    phone = new_phone(browser, url, "en-US")
    phone.goto(url + "/join/" + join_url(solo.app, PHONE).rsplit("/join/", 1)[1])
    for lang, level in (("en", "normal"), ("ja", "strong")):
        phone.goto(url + f"/lang/{lang}")
        phone.goto(url + "/")
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        _start_solo(solo, phone, lang, level)
        typed = _play_to_a_winner(solo, phone, lang)
        assert typed > 0  # the computer's d20 and hits came from the phone
        entries = [e for e in solo.table.log() if e["seat"] == COMPUTER]
        reasons = [e["reason"]["key"] for e in entries if e.get("reason")]
        assert reasons and all(key.startswith("ar.ai.") for key in reasons)
        reason = phone.locator("#log .log-reason").first
        expect(reason).to_be_visible()
        shown = reason.inner_text()
        assert shown.strip() and not any(key in shown for key in reasons)
        screenshot(phone, f"solo-arena-winner-{level}-{lang}")
