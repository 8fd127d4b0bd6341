"""End to end, the way a new table is used: ``companion run`` started with no config in an empty
data folder; two phones join through the links it prints, at this machine's network address; the
table screen sets up a game with the shipped sample warbands; the phones play it to its winner; the
server is killed in the middle and the game goes on after the restart with the same phones seated.
Once in English, then a second game at the same table with seat B's phone in Japanese. No text
shown on a phone or the table screen names an engine id or a pending kind.

The phones play a short honest game: seat A walks one Sir Glorious from its portal to the centre
cell and holds it; seat B passes. A wins a turn at every conquest phase, so six turns end it.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web_panel.browser import (
    SERVER_GONE,
    new_phone,
    screenshot,
    tolerate,
    wait_for_version,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
]

RUNNER = "A:sir-glorious#1"  # seat A's walker, and the only creature on the map
ROUTE = ("a1", "b1", "b2", "c2", "c3")  # from A's portal to the 5-point centre, a cell a shift
ENGINE_ID = re.compile(r"\b[AB]:[\w-]+#\d+")
PENDING_KINDS = re.compile(
    r"\b(initiative_roll|choose_action|choose_strike_cell|attack_dice|assign_damage"
    r"|place_disruption|confirm_conquest|game_over|spawn_phase)\b"
)
START_SECONDS = 60
# The key-cell values printed on the table's map where the shipped default map leaves them unknown
# (c3 = 5 is known): the players read them off the map when they set up the game.
PRINTED_MAP = {"b2": 1, "c2": 2, "d2": 1, "b3": 2, "d3": 2, "b4": 1, "c4": 2, "d4": 1}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        port: int = probe.getsockname()[1]
    return port


class CompanionRun:
    """``companion run --port PORT`` in its own process, with the data folder ``data``."""

    def __init__(self, data: Path, port: int) -> None:
        self.data = data
        self.port = port
        self.process: subprocess.Popen[str] | None = None
        self.lines: list[str] = []

    def start(self) -> None:
        env = {**os.environ, "COMPANION_HOME": str(self.data), "COMPANION_CAMERA": ""}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "companion", "run", "--port", str(self.port)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        self.lines = []
        assert self.process.stdout is not None
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            self.lines.append(line.rstrip())
            if len([n for n in self.lines if n.startswith("  ")]) == 2:  # both join links
                return
        self.kill()
        pytest.fail("companion run printed no join links:\n" + "\n".join(self.lines))

    def value(self, label: str) -> str:
        """What the terminal printed after ``label:``."""
        return next(line.split(": ", 1)[1] for line in self.lines if line.startswith(label))

    def join_links(self) -> dict[str, str]:
        """Seat name → the join link printed for it."""
        pairs = (line.strip().split(": ", 1) for line in self.lines if line.startswith("  "))
        return dict(pairs)  # type: ignore[arg-type]

    @property
    def table_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def state(self) -> dict[str, Any]:
        with urllib.request.urlopen(f"{self.table_url}/api/state", timeout=5) as response:
            import json

            data: dict[str, Any] = json.load(response)
        return data

    def kill(self) -> None:
        """Kill it the hard way (no clean shutdown), like a pulled plug."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        if self.process is not None and self.process.stdout is not None:
            self.process.stdout.close()


@pytest.fixture
def companion(tmp_path: Path) -> Iterator[CompanionRun]:
    running = CompanionRun(tmp_path / "empty-data", _free_port())
    yield running
    running.kill()


def _phone_address(companion: CompanionRun) -> str:
    """The address phones open: this machine's LAN address, which must not be loopback."""
    phones = companion.value("Phones")
    if phones.startswith("http://127."):
        warnings.warn(
            "this machine has no network address besides loopback: the phones join on loopback "
            "(the LAN part of the test is skipped)",
            stacklevel=2,
        )
    return phones


def _no_internal_text(*pages: Page) -> None:
    for page in pages:
        shown = page.locator("body").inner_text()
        assert not ENGINE_ID.search(shown), f"an engine id is shown: {ENGINE_ID.search(shown)}"
        assert not PENDING_KINDS.search(shown), f"a pending kind is shown: {shown}"


def _join(browser: Browser, companion: CompanionRun, link: str, language: str) -> Page:
    base = _phone_address(companion)
    assert link.startswith(base + "/join/")
    phone = new_phone(browser, base, language, at=link)
    return phone


def _set_up(table_screen: Page, companion: CompanionRun) -> None:
    """The table screen starts a Dreamblade game with the two shipped samples on the default map,
    with the values of its key cells read off the printed map where the map file has none."""
    table_screen.goto(companion.table_url + "/setup?from=table")  # its New game button
    table_screen.locator('.warband-pick[data-seat="A"]').select_option("builtin:sample-valor")
    table_screen.locator('.warband-pick[data-seat="B"]').select_option("builtin:sample-madness")
    values = table_screen.locator(".map-value")  # the map's unknown values, agreed at set-up
    for index in range(values.count()):
        field = values.nth(index)
        field.fill(str(PRINTED_MAP[str(field.get_attribute("data-cell"))]))
    table_screen.locator("#setup-start").click()
    if table_screen.locator("#confirm").is_visible():
        table_screen.locator("#confirm-yes").click()  # the game at the table is abandoned
    expect(table_screen).to_have_url(companion.table_url + "/table")


def _runner_cell(state: dict[str, Any]) -> str | None:
    board = state["extra"]["board"]
    return next(
        (cell for cell, minis in board.items() if any(m["id"] == RUNNER for m in minis)), None
    )


def _take_turn_step(phones: dict[str, Page], state: dict[str, Any]) -> None:
    """The phone whose decision it is makes it (seat A's phone when anyone may)."""
    pending = state["pending"]
    phone = phones[pending["seat"] or "A"]
    wait_for_version(phone, state["version"])
    box = phone.locator("#pending")
    legal = [offer["notation"] for offer in state["offers"] or []]
    kind = pending["kind"]
    if kind == "initiative_roll":
        for seat, value in (("A", 6), ("B", 5)):
            box.locator(f'.db-die-row[data-seat="{seat}"] [data-die="{value}"]').click()
        box.locator("#init-send").click()
    elif kind == "spawn":
        spawn = f"spawn {RUNNER} a1"
        if spawn in legal:
            box.locator(f'.db-pick[data-mini="{RUNNER}"]').click()
            box.locator(f'[data-action="{spawn}"]').click()
        else:
            box.locator('[data-action="done"]').click()
    elif kind == "choose_action":
        box.locator('[data-action="shift"]').click()
    elif kind == "shift":
        here = _runner_cell(state)
        step = ROUTE[ROUTE.index(here) + 1] if here in ROUTE[:-1] else None
        move = f"move {RUNNER} {step}"
        if pending["seat"] == "A" and move in legal:
            box.locator(f'.db-pick[data-mini="{RUNNER}"]').click()
            box.locator(f'[data-action="{move}"]').click()
        else:
            box.locator('[data-action="done"]').click()
    elif kind == "confirm_conquest":
        _no_internal_text(*phones.values())  # every turn, at its end
        unknown = pending["details"]["unknown_values"]
        if unknown:  # the map's value of a cell claimed, read off the map printed on the table
            cell = unknown[0]
            box.locator(f"#value-{cell}").fill(str(PRINTED_MAP[cell]))
            box.locator(f"#value-{cell}").locator("xpath=following-sibling::button").click()
        else:
            box.locator('[data-action="confirm"]').click()
    else:
        pytest.fail(f"the test does not expect a {kind} decision here")
    wait_for_version(phone, state["version"] + 1)


def _play(phones: dict[str, Page], companion: CompanionRun, until_turn_wins: int) -> None:
    """Play from the phones until a seat has ``until_turn_wins`` turn wins (or the game ends)."""
    for _ in range(400):
        state = companion.state()
        wins = state["extra"]["turn_wins"]
        if state["winner"] or max(wins.values()) >= until_turn_wins:
            return
        _take_turn_step(phones, state)
    pytest.fail("the game did not get there in 400 decisions")


def _restart_in_the_middle(companion: CompanionRun, phones: dict[str, Page]) -> None:
    version = companion.state()["version"]
    tolerate(SERVER_GONE)  # the pages see the server go away, as intended
    companion.kill()
    for phone in phones.values():
        expect(phone.locator("body")).to_have_attribute("data-live", "no")
    companion.start()
    assert any(line.startswith("Resumed game") for line in companion.lines)
    for phone in phones.values():  # the same pages reconnect by themselves, still seated
        expect(phone.locator("body")).to_have_attribute("data-live", "yes", timeout=15_000)
        wait_for_version(phone, version)


def _expect_seated(phones: dict[str, Page], names: dict[str, str]) -> None:
    for seat, phone in phones.items():
        expect(phone.locator("#viewer")).to_contain_text(names[seat])


def test_a_whole_game_at_a_new_table_from_two_phones_with_a_restart(
    browser: Browser, companion: CompanionRun
):
    companion.start()
    assert companion.lines[0] == "Started game 1 (dreamblade)."
    links = companion.join_links()
    assert set(links) == {"Player A", "Player B"}
    table_screen = new_phone(
        browser, companion.table_url, laptop=True, at=companion.table_url + "/table"
    )
    for seat, name in (("A", "Player A"), ("B", "Player B")):
        shown = table_screen.locator(f'figure.join[data-seat="{seat}"] .join-link code')
        expect(shown).to_have_text(re.compile(re.escape(_phone_address(companion)) + "/join/"))
        assert links[name].startswith(_phone_address(companion))
    phones = {
        "A": _join(browser, companion, links["Player A"], "en-US"),
        "B": _join(browser, companion, links["Player B"], "en-US"),
    }
    _expect_seated(phones, {"A": "Seat A", "B": "Seat B"})

    # game 2 in English: set up on the table screen; the phones stay seated
    _set_up(table_screen, companion)
    _expect_seated(phones, {"A": "Seat A", "B": "Seat B"})
    for phone in phones.values():
        expect(phone.locator("#pending")).to_have_attribute("data-kind", "initiative_roll")
    _play(phones, companion, until_turn_wins=3)
    _no_internal_text(*phones.values(), table_screen)
    _restart_in_the_middle(companion, phones)
    _play(phones, companion, until_turn_wins=6)
    assert companion.state()["winner"] == "A"
    expect(phones["B"].locator(".winner")).to_be_visible()
    _no_internal_text(*phones.values(), table_screen)
    screenshot(phones["A"], "real-table-winner-en")

    # game 3 at the same table, seat B's phone in Japanese
    phones["B"].goto(_phone_address(companion) + "/lang/ja")
    expect(phones["B"].locator("html")).to_have_attribute("lang", "ja")
    _set_up(table_screen, companion)
    _expect_seated(phones, {"A": "Seat A", "B": "B"})
    expect(phones["B"].locator("#viewer")).to_contain_text("席")
    _play(phones, companion, until_turn_wins=2)
    _restart_in_the_middle(companion, phones)
    _no_internal_text(*phones.values(), table_screen)
    _play(phones, companion, until_turn_wins=6)
    assert companion.state()["winner"] == "A"
    expect(phones["B"].locator(".winner")).to_be_visible()
    _no_internal_text(*phones.values(), table_screen)
    screenshot(phones["B"], "real-table-winner-ja")
