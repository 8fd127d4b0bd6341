"""End to end (issue 35): one phone, alone at a table with a camera, plays whole games against the
table — one at each level, in English and then in Japanese, at a phone's size — each started in
two taps on the phone ("Play against the table", then the level) and played to a winner. Every
spawn and move of the computer is shown on the phone and lit on the LEDs from cell to cell in its
seat's colour, the player puts its miniature on the (simulated) map and the camera confirms it;
once a game the miniature first goes in a wrong cell, which the phone says, and nothing is taken
until it is right. No text the phone shows names an engine id.

The phone's player passes every turn (spawns nothing, moves nothing) and rolls the table's
virtual dice: the computer must claim the map to win. One server and one camera serve all six
games; a strong move thinks 0.05 s, so the test stays affordable.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.lights.board_view import board_view_or_none
from companion.lights.colours import Palette
from companion.lights.driver import FLAG_SECONDS, LightsDriver
from companion.lights.virtual import VirtualLights
from companion.settings import Settings
from companion.table.table import Expected, Table
from tests.companion.lights.conftest import tiny_layout
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import dreamblade_table, join_url
from tests.web_panel.fake_camera import watched_by_camera
from tests.web_panel.solo_taps import play_against_the_table
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
]

THINKING_SEEN: list[int] = []  # whether the phone said the table was choosing, each time looked
PRINTED_VALUE = 2  # what the phone's player reads off the printed map for an unknown key cell
DECISIONS = 600  # at most this many steps in one game


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class SoloTable:
    """The table the phone plays at: the panel, its camera over the simulated map, its LEDs."""

    def __init__(self, tmp_path: Path) -> None:
        self.table = dreamblade_table(tmp_path, 0)
        settings = Settings.model_validate(
            {
                "data_dir": str(tmp_path / "data"),
                "game": "dreamblade",
                "computer": {"think_seconds": 0.05},
            }
        )
        self.camera, self.map = watched_by_camera(self.table)
        self.look(self.map.settled())  # the camera finds the map before the first game
        self.app = create_app(
            self.table, settings, secret_key="test-secret", testing=True, camera=self.camera
        )
        self.server = serve(self.app, "127.0.0.1", 0).start_in_thread()
        self.clock = Clock()
        self.leds = VirtualLights(tiny_layout())  # one LED a cell
        self.palette = Palette()
        self.driver = LightsDriver(
            self.leds, lambda: self.table.read(board_view_or_none), self.palette, self.clock
        )
        self.driver.attach(self.table.bus)

    def look(self, frames: Iterator[Any]) -> None:
        for frame in frames:
            self.camera.process(frame)

    def close(self) -> None:
        self.server.stop()
        self.app.extensions["panel"].close()


@pytest.fixture(scope="module")
def solo(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SoloTable]:
    table = SoloTable(tmp_path_factory.mktemp("solo"))
    yield table
    table.close()


def _lit_from_cell_to_cell(solo: SoloTable, expected: Expected) -> None:
    """The LEDs play the computer's move in its seat's colour: the cell it leaves first, then
    the cell it goes to."""
    colour = solo.palette.seat(expected.seat)
    seen: list[str] = []
    # the player takes a moment to look up from the phone: a cell the camera flagged at the
    # last move (a wrong cell) has stopped flashing over the move by then
    solo.clock.now += FLAG_SECONDS
    for _ in range(40):
        solo.clock.now += 0.05
        solo.driver.tick()
        cells = solo.leds.frames[-1].cells
        seen += [cell for cell in (expected.start, expected.cell) if cells.get(cell) == colour]
    assert expected.start is not None and expected.start in seen and expected.cell in seen
    assert seen.index(expected.start) < len(seen) - seen[::-1].index(expected.cell) - 1


def _a_wrong_cell(table: Table, expected: Expected) -> str | None:
    cells = table.read(
        lambda game: [
            getattr(a, "cell", None)
            for a in game.decision_actions()
            if getattr(a, "mini", None) == expected.piece
        ]
    )
    return next((c for c in cells if c not in (None, expected.cell)), None)


def _carry(solo: SoloTable, phone: Page, lang: str, expected: Expected, wrong: bool) -> bool:
    """The player reads the computer's move off the phone and the LEDs, and puts its miniature
    on the map (``wrong``: first in a wrong cell, if it has one). Whether it went wrong first."""
    table = solo.table
    version = table.version
    wait_for_version(phone, version)
    expect(phone.locator("#pending .computer-carry")).to_be_visible()
    expect(phone.locator("#pending .computer-camera")).to_have_text(
        translate(lang, "computer.camera_confirms")
    )
    expect(phone.locator("#pending .computer-carried")).to_have_count(0)  # the camera says so
    _lit_from_cell_to_cell(solo, expected)
    board = table.read(lambda g: {m.id: c for c, ms in g.board().items() for m in ms})
    solo.map.arrange(board)  # the map as the game stands (the camera saw it all along)
    misplaced = _a_wrong_cell(table, expected) if wrong else None
    if misplaced is not None:
        solo.look(solo.map.put(expected.piece, misplaced))
        assert table.version == version and table.expected() == expected  # nothing taken
        why = translate(lang, "rule.expect.other")
        expect(phone.locator("#notices")).to_contain_text(why)
        assert_no_internal_ids(phone)
        screenshot(phone, f"solo-wrong-cell-{lang}")
    solo.look(solo.map.put(expected.piece, expected.cell))
    taken = next((e for e in table.log() if e["seq"] == version + 1), None)  # the table plays on
    assert taken is not None, "the camera did not take the computer's move"
    assert taken["action"] == str(expected.action)
    assert taken["seat"] == expected.seat and taken["reason"]
    return misplaced is not None


def _my_step(phone: Page, state: dict[str, Any]) -> None:
    """The phone's player decides: rolls, reads the printed map, or passes."""
    box = phone.locator("#pending")
    kind = state["pending"]["kind"]
    unknown = (state["pending"].get("details") or {}).get("unknown_values") or []
    if kind == "confirm_conquest" and unknown:
        agree = box.locator(f'.agree-cell[data-cell="{unknown[0]}"]')  # the one reader of it
        agree.locator(".agree-value").fill(str(PRINTED_VALUE))
        agree.locator(".agree-confirm").click()
    elif box.locator("#dice-roll").count():
        box.locator("#dice-roll").click()
    elif kind == "confirm_conquest":
        box.locator('[data-action="confirm"]').click()
    elif kind == "choose_action":  # with nothing to strike with, it shifts (nothing, then done)
        box.locator('[data-action="shift"]').click()
    else:  # spawn, shift: it passes
        box.locator('[data-action="done"]').click()


def _play_to_a_winner(solo: SoloTable, phone: Page, lang: str, level: str, wrong: bool) -> None:
    table = solo.table
    went_wrong = False
    carries = 0
    for _ in range(DECISIONS):
        state = table.state()
        if state["winner"]:
            break
        expected = table.expected()
        if expected is not None:
            went_wrong |= _carry(solo, phone, lang, expected, wrong and not went_wrong)
            carries += 1
            continue
        seat = state["pending"]["seat"]
        if seat in ("A", None):
            wait_for_version(phone, state["version"])
            _my_step(phone, state)
            deadline = time.monotonic() + 10
            while table.version == state["version"] and time.monotonic() < deadline:
                time.sleep(0.02)
            assert table.version > state["version"], f"the phone's {state['pending']['kind']}"
        else:  # the table thinks for B (the phone may say so, unless it has moved on already)
            THINKING_SEEN.append(phone.locator("#pending .computer-thinking").count())
            deadline = time.monotonic() + 10
            while (
                table.version == state["version"]
                and table.expected() is None
                and time.monotonic() < deadline
            ):
                time.sleep(0.02)
    else:
        pytest.fail(f"no winner against the {level} table in {DECISIONS} steps")
    assert carries > 0
    assert went_wrong or not wrong
    wait_for_version(phone, table.version)
    expect(phone.locator(".winner")).to_be_visible()
    assert_no_internal_ids(phone)


def _start_solo(solo: SoloTable, phone: Page, lang: str, level: str) -> None:
    play_against_the_table(phone, solo.table, lang, level)


def test_one_phone_plays_the_table_at_each_level_to_a_winner(
    browser: Browser, solo: SoloTable
) -> None:
    url = solo.server.url
    phone = new_phone(browser, url, "en-US")
    # seat A's code scanned before anything is played: a seated phone may start a solo game
    phone.goto(url + "/join/" + join_url(solo.app, "A").rsplit("/join/", 1)[1])
    for lang in ("en", "ja"):
        phone.goto(url + f"/lang/{lang}")
        phone.goto(url + "/")
        expect(phone.locator("html")).to_have_attribute("lang", lang)
        for index, level in enumerate(("easy", "normal", "strong")):
            _start_solo(solo, phone, lang, level)
            _play_to_a_winner(solo, phone, lang, level, wrong=index == 0)
            screenshot(phone, f"solo-winner-{level}-{lang}")
    assert any(THINKING_SEEN)  # "The table is choosing…" was on the phone while it chose


def test_the_table_screen_starts_a_solo_game_in_two_taps(browser: Browser, solo: SoloTable) -> None:
    """On the table's own screen (1280×800), in English and in Japanese."""
    url = solo.server.url
    screen = new_phone(browser, url, "en-US", laptop=True)
    for lang, level in (("en", "normal"), ("ja", "easy")):
        screen.goto(url + f"/lang/{lang}?next=/table")
        expect(screen.locator("html")).to_have_attribute("lang", lang)
        game_id = solo.table.game_id
        card = screen.locator("#solo-card")
        card.locator("#solo-open").click()
        expect(card.locator(".solo-level")).to_have_count(3)
        screenshot(screen, f"solo-table-screen-{lang}")
        card.locator(f'.solo-level[data-level="{level}"]').click()
        expect(screen.locator("#computer-seats")).to_contain_text(
            translate(lang, f"solo.level.{level}")
        )
        assert solo.table.game_id != game_id
        assert solo.app.extensions["panel"].computer_view() == {"B": level}
        assert_no_internal_ids(screen)
