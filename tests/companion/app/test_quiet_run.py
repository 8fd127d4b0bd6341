"""``companion run`` as its operator reads it (issue 36): quiet while two phones play, the join
links the last thing printed and printed again when a new game voids them; ``--verbose`` lists
each request."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.test_commands import _start
from tests.companion.app.test_demo_phones import Phone

pytestmark = pytest.mark.process  # each test runs `companion run`


def _links(lines: list[str]) -> dict[str, str]:
    """The join links printed (indented ``  Name: URL`` lines), by name."""
    return dict(line.strip().split(": ", 1) for line in lines if line.startswith("  "))


def _play(phones: dict[str, Phone], actions: int) -> dict[str, Any]:
    """The two seated phones play ``actions`` actions: whoever the game waits for (either, when
    both roll) rolls the dice the decision asks for, else takes the first action it is offered.
    Returns the last view."""
    anyone = next(iter(phones.values()))
    view = anyone.state()
    for _ in range(actions):
        pending = view["pending"]
        assert pending is not None, "the game ended before the phones played their actions"
        phone = phones.get(pending["seat"], anyone)
        seen = {"game_id": view["game_id"], "version": view["version"]}
        status, said = phone.open("/api/roll", seen)  # the table rolls the seat's dice
        if status == 409 and said["error"] == "nothing_to_roll":
            offered = view["offers"] or []
            assert offered, view["pending"]
            chosen = {"verb": offered[0]["verb"], "args": offered[0]["args"]}
            status, said = phone.open("/api/actions", {"action": chosen, **seen})
        assert status == 200, said
        view = anyone.state()
        assert view["version"] == seen["version"] + 1
    return view


def _two_phones(base: str, links: dict[str, str]) -> dict[str, Phone]:
    phones = {}
    for name, link in links.items():
        phone = Phone(base)
        seat = phone.join(link)["seat"]
        assert seat is not None, name
        phones[seat] = phone
    return phones


def test_run_stays_quiet_while_two_phones_play_fifty_actions(tmp_path: Path):
    heard: list[str] = []
    process, lines = _start(["run", "--port", "0"], tmp_path, "Player B:", heard)
    try:
        base = next(line.split(": ", 1)[1] for line in lines if line.startswith("Phones"))
        phones = _two_phones(base, _links(lines))
        view = _play(phones, 50)
        assert view["version"] == 50
        for phone in phones.values():  # the phones' own page and stream traffic too
            assert phone.open("/")[0] == 200
        time.sleep(0.5)  # anything the requests printed has reached us
    finally:
        process.terminate()
        process.wait(timeout=20)
    time.sleep(0.2)
    said = [line for line in heard if line]
    assert len(said) <= 15, "\n".join(said)
    assert not any("HTTP/1.1" in line for line in said), "\n".join(said)
    links = [i for i, line in enumerate(said) if line.startswith("  ")]
    assert links == [len(said) - 2, len(said) - 1], "\n".join(said)  # the links come last


def test_verbose_run_lists_each_request(tmp_path: Path):
    heard: list[str] = []
    process, lines = _start(["run", "--port", "0", "--verbose"], tmp_path, "Player B:", heard)
    try:
        table = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        base = table.removesuffix("/table")
        assert Phone(base).open("/api/state")[0] == 200
        time.sleep(0.5)
    finally:
        process.terminate()
        process.wait(timeout=20)
    time.sleep(0.2)
    assert any('"GET /api/state HTTP/1.1" 200' in line for line in heard), "\n".join(heard)


def test_a_new_game_prints_its_join_links_again_as_the_last_lines(tmp_path: Path):
    heard: list[str] = []
    process, lines = _start(["run", "--port", "0"], tmp_path, "Player B:", heard)
    try:
        table = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        base = table.removesuffix("/table")
        screen = Phone(base)  # the table's own screen (loopback) may set up a game: no PIN yet
        screen.open("/table")
        screen.csrf = screen.open("/api/me")[1]["csrf"]
        status, said = screen.open("/api/setup/new", {"game": "planechase"})
        assert status == 200, said
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any("game 2" in line for line in heard):
            time.sleep(0.1)
        time.sleep(0.3)
    finally:
        process.terminate()
        process.wait(timeout=20)
    time.sleep(0.2)
    said = [line for line in heard if line]
    again = next(i for i, line in enumerate(said) if line == "Join links for game 2:")
    new_links = _links(said[again:])
    assert len(new_links) >= 2 and all("/join/2." in link for link in new_links.values())
    assert said[-1].startswith("  "), "\n".join(said)  # still the last thing printed
