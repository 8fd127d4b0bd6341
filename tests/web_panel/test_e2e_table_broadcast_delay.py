"""End to end on the real clock: a single table's own broadcast with a delay (its config's
``broadcast: {enabled: true, delay_seconds: 3}``), as its users meet it — ``companion run`` in its
own process, two phones seated through the join links the table's screen shows, playing through
the phones' API, and spectators asking the broadcast on the same panel.

What the phones' move does is on the broadcast's answers (the spectator page's and the overlay's)
only the delay after the table accepted it, and on each of them once it has passed; no request
argument or header a spectator (or a seated player, or the table's own screen) sends brings it
sooner. In Chromium, the spectator page at phone and laptop sizes in English and Japanese (and the
overlay in each language) says the delay in the viewer's language, keeps the empty map for the
delay while it asks the server, then draws the spawned miniature as the phones draw it.

The timing claims need no tolerance: the server, the test and the browser read the same clock
(the system's wall clock: ``time.time``, ``Date.now``), and each bound is taken on the safe side —
an answer counted as "received" when it came back, the action as "accepted" when it was sent.
"""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, Request, expect

from tests.companion.app.test_demo_phones import Phone
from tests.web_panel.browser import LOCALES, every_screen, new_phone, screenshot
from tests.web_panel.hub.test_e2e_boards import expect_dreamblade_board
from tests.web_panel.visible_text import assert_no_internal_ids
from tests.web_panel.webkit.tables import PanelClient, TableProcess
from web_panel.broadcast.pages import POLL_SECONDS
from web_panel.i18n import translate

pytestmark = [pytest.mark.process]  # each test runs `companion run`

# Seconds the broadcast runs behind the table: longer than the pages' 2 s poll, so each page asks
# the server at least once while the move must stay hidden; short enough for a test.
DELAY = 3
BROADCAST = {"enabled": True, "delay_seconds": DELAY}
TABLE = "table-1"  # the name a table's config gives it unless told otherwise


@dataclass
class Seated:
    """The table (``companion run``), its own screen, and a phone seated at each seat."""

    table: TableProcess
    screen: PanelClient
    phones: dict[str, Phone]

    @property
    def url(self) -> str:
        return self.table.url


@pytest.fixture
def seated(tmp_path: Path) -> Iterator[Seated]:
    table = TableProcess(tmp_path / "table", {"broadcast": BROADCAST}).start()
    try:
        screen = PanelClient(table.url)
        phones = {}
        for seat in ("A", "B"):
            phone = Phone(table.url)
            assert phone.join(table.url + screen.join_path(seat))["seat"] == seat
            phones[seat] = phone
        yield Seated(table, screen, phones)
    finally:
        table.stop()


def send(phone: Phone, verb: str, args: dict[str, Any]) -> int:
    """The phone sends one of the actions it is offered, as its page does; the new version."""
    view = phone.state()
    offered = [o for o in view["offers"] or [] if o["verb"] == verb and o["args"] == args]
    assert offered, f"{verb} {args} is not offered: {view['pending']}"
    seen = {"game_id": view["game_id"], "version": view["version"]}
    status, said = phone.open("/api/actions", {"action": {"verb": verb, "args": args}, **seen})
    assert status == 200, said
    return int(said["version"])


def to_the_first_spawn(seated: Seated) -> tuple[int, dict[str, Any]]:
    """The phones roll initiative (A 3, B 2: A first) and A spawns nothing; B's turn to spawn.
    Returns the version and the spawn B's phone is offered (a miniature onto the empty map)."""
    send(seated.phones["A"], "initiative", {"a": 3, "b": 2})
    version = send(seated.phones["A"], "done", {})
    view = seated.phones["B"].state()
    assert view["pending"]["seat"] == "B" and not view["extra"]["board"]
    spawn = next(o["args"] for o in view["offers"] if o["verb"] == "spawn")
    return version, spawn


def version_in(answer: dict[str, Any]) -> int | None:
    """The version of the table's game an answer of ``/api/broadcast[/<table>]`` hands out."""
    shown = answer if "frame" in answer else answer["tables"][0]
    assert shown["table"] == TABLE
    frame = shown["frame"]
    return None if frame is None else int(frame["view"]["version"])


def stranger(url: str, path: str, headers: dict[str, str] | None = None) -> Callable[[], Any]:
    """A spectator's browser asking ``path`` with ``headers``, with its own (empty) cookies."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def ask() -> Any:
        request = urllib.request.Request(url + path, headers=headers or {})
        with opener.open(request, timeout=10) as response:
            return json.load(response)

    return ask


def asks(seated: Seated) -> dict[str, Callable[[], Any]]:
    """Every way of asking the broadcast: as its pages do, and as someone trying to see the game
    sooner — arguments, forged headers, a seated player's phone, the table's own screen."""
    url = seated.url
    one = f"/api/broadcast/{TABLE}"
    future = str(int(time.time()) + 3600)
    forged = {
        "cache": {"Cache-Control": "no-cache", "Pragma": "no-cache", "If-None-Match": "*"},
        "date": {"Date": "Fri, 01 Jan 2100 00:00:00 GMT", "If-Modified-Since": "Thu, 01 Jan 1970"},
        "delay": {"X-Delay": "0", "X-Broadcast-Delay": "0", "Range": "bytes=0-"},
        "local": {"X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1", "Host": "localhost"},
    }
    found: dict[str, Callable[[], Any]] = {
        "page": stranger(url, "/api/broadcast"),
        "overlay": stranger(url, one),
        "?delay=0": stranger(url, one + "?delay=0"),
        "?delay=0&at": stranger(url, f"/api/broadcast?delay=0&at={future}&now={future}"),
        "?version": stranger(url, one + "?version=latest&live=1&since=0"),
        "?poll": stranger(url, one + "?poll_seconds=0&delay_seconds=0&lang=ja"),
    }
    for name, headers in forged.items():
        found[name] = stranger(url, one, headers)
    found["seated phone"] = lambda: seated.phones["B"].open(one)[1]
    found["table screen"] = lambda: seated.screen.get("/api/broadcast")
    return found


def wait_until_shown(seated: Seated, version: int) -> None:
    ask = stranger(seated.url, f"/api/broadcast/{TABLE}")
    deadline = time.time() + DELAY + 10
    while version_in(ask()) != version:
        assert time.time() < deadline, f"version {version} never reached the broadcast"
        time.sleep(0.1)


def test_a_move_reaches_the_broadcast_only_the_delay_after_the_table_accepted_it(seated: Seated):
    before, spawn = to_the_first_spawn(seated)
    wait_until_shown(seated, before)
    ways = asks(seated)
    sent_at = time.time()  # the table accepts the move after this…
    moved = send(seated.phones["B"], "spawn", spawn)
    answered_at = time.time()  # …and before this (it records the frame before answering)
    assert moved == before + 1
    asked: list[tuple[str, float, float, int | None]] = []  # way, sent, received, version shown
    while time.time() < answered_at + DELAY + 1.5:
        for name, ask in ways.items():
            sent = time.time()
            answer = ask()
            asked.append((name, sent, time.time(), version_in(answer)))
            assert answer["delay"] == DELAY, name  # and nobody changed the delay
        time.sleep(0.05)
    for name, sent, received, version in asked:
        assert version in (before, moved), (name, version)
        early = received - sent_at  # the server answered before ``received``…
        if version == moved:  # …and, if it showed the move, after acceptance + DELAY
            assert early >= DELAY, f"{name} showed the move {early:.3f}s after it was sent"
        if sent >= answered_at + DELAY:  # the server answered after the delay had passed
            assert version == moved, f"{name} still hid the move {sent - answered_at:.3f}s in"
    for name in ways:  # each way was tried while the move was hidden and after the delay
        assert any(n == name and s >= answered_at and r < sent_at + DELAY for n, s, r, _ in asked)
        assert any(n == name and s >= answered_at + DELAY for n, s, _, _ in asked)
    first = min(r for _, _, r, version in asked if version == moved)  # when it first appeared
    assert first - sent_at >= DELAY


def broadcast_asks(page: Page) -> list[Request]:
    """The page's requests to the broadcast's API, kept as each finishes."""
    finished: list[Request] = []
    page.on("requestfinished", lambda r: finished.append(r) if "/api/broadcast" in r.url else None)
    return finished


def asked_between(requests: list[Request], start: float, end: float) -> bool:
    """Whether one of ``requests`` was sent after ``start`` and answered before ``end`` (the
    browser's own timing, in the wall clock's milliseconds)."""
    for request in requests:
        timing = request.timing
        begun = timing["startTime"] / 1000
        if begun >= start and begun + timing["responseEnd"] / 1000 < end:
            return True
    return False


@pytest.mark.browser
def test_the_spectator_page_shows_the_move_only_the_delay_later_in_the_viewers_language(
    browser: Browser, seated: Seated
):
    """The spectator page on a phone and a laptop, in English and Japanese, and the overlay in
    each language (opened with ``?delay=0``, which changes nothing)."""
    before, spawn = to_the_first_spawn(seated)
    url = seated.url
    pages = every_screen(browser, url, at=url + "/broadcast")
    for lang, locale in LOCALES.items():
        pages[f"overlay-{lang}"] = new_phone(
            browser, url, locale, laptop=True, at=f"{url}/overlay/{TABLE}?delay=0&version=latest"
        )
    requests = {name: broadcast_asks(page) for name, page in pages.items()}
    shown: dict[str, Locator] = {
        name: page.locator("body")
        if name.startswith("overlay")
        else page.locator(f'.bc-table[data-table="{TABLE}"]')
        for name, page in pages.items()
    }
    boards = {
        name: page.locator("#ov-board" if name.startswith("overlay") else ".bc-board")
        for name, page in pages.items()
    }
    for name, page in pages.items():
        lang = name.removeprefix("overlay-").split("-")[0]
        if not name.startswith("overlay"):  # the delay, said in the viewer's language
            text = translate(lang, "broadcast.delay_seconds", seconds=DELAY)
            expect(page.locator("#bc-delay")).to_have_text(text)
        expect(shown[name]).to_have_attribute("data-version", str(before))
        # the players by their seats' names in the viewer's language ("プレイヤーA" in Japanese)
        names = [s.get("names", {}).get(lang, s["name"]) for s in seated.screen.state()["seats"]]
        expect(page.locator(".bc-name")).to_have_text(names)
        expect(boards[name].locator(".db-cell")).to_have_count(25)  # the map, still empty
        expect(boards[name].locator(".db-mini")).to_have_count(0)
    sent_at = time.time()
    moved = send(seated.phones["B"], "spawn", spawn)
    answered_at = time.time()
    after = seated.screen.state()  # the table's own view of the move
    assert after["version"] == moved and after["extra"]["board"]
    first: dict[str, float] = {}  # when each page was first seen showing the move
    deadline = answered_at + DELAY + POLL_SECONDS + 5
    while len(first) < len(pages) and time.time() < deadline:
        for name, locator in shown.items():
            if name not in first:
                version = locator.get_attribute("data-version")
                if version == str(moved):
                    first[name] = time.time()
                else:
                    assert version == str(before), name
        time.sleep(0.1)
    assert set(first) == set(pages), f"never drew the move: {set(pages) - set(first)}"
    for name, seen in first.items():  # the page drew what the server answered after the delay
        assert seen - sent_at >= DELAY, f"{name} drew the move {seen - sent_at:.3f}s in"
        # it kept the old map while it asked the server, after the move, within the delay
        assert asked_between(requests[name], answered_at, sent_at + DELAY), name
    for name, page in pages.items():
        expect_dreamblade_board(boards[name], after)  # the spawned miniature, as phones draw it
        assert_no_internal_ids(page)
        screenshot(page, f"table-broadcast-delay-{name}")
