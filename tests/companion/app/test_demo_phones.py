"""A customer's phone on a running ``companion demo`` (a separate process): every tap while the
script plays is refused and said in the phone's language, the script goes on and the process
stays up; "Play from here" stops the script cleanly and the phones play on."""

from __future__ import annotations

import http.cookiejar
import json
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.test_commands import _start


class Phone:
    """A phone's browser as the panel meets it: its own cookies, its CSRF token, its language."""

    def __init__(self, base: str, lang: str = "en") -> None:
        self.base = base
        self.headers = {"Accept-Language": lang}
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        self.csrf = ""

    def open(self, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        headers = dict(self.headers)
        data = None
        if body is not None:
            headers |= {"Content-Type": "application/json", "X-CSRF-Token": self.csrf}
            data = json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, headers=headers)
        try:
            with self.opener.open(request, timeout=20) as response:
                text = response.read().decode()
                status = response.status
        except urllib.error.HTTPError as error:
            text, status = error.read().decode(), error.code
        try:
            return status, json.loads(text)
        except ValueError:
            return status, text

    def join(self, link: str) -> dict[str, Any]:
        status, _ = self.open(link.removeprefix(self.base))
        assert status == 200
        _, me = self.open("/api/me")
        self.csrf = me["csrf"]
        return me

    def state(self) -> dict[str, Any]:
        _, view = self.open("/api/state")
        return view


def _sent(offer: dict[str, Any]) -> dict[str, Any]:
    """An offer as a phone sends it back: its verb and arguments."""
    return {"verb": offer["verb"], "args": offer["args"]}


def _taps(view: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """Every change a customer can tap on the phone: each listed action, a made-up one, undo, the
    clock, the first judge PIN, a new game, a camera calibration and a catalog entry."""
    seen = {"game_id": view["game_id"], "version": view["version"]}
    offers = view["offers"] or []
    return [
        *[("/api/actions", {"action": _sent(offer), **seen}) for offer in offers],
        ("/api/actions", {"action": "pass", **seen}),
        ("/api/actions", {"action": "shift A:x#1 c3", "game_id": 1, "version": 0}),  # stale
        ("/api/undo", seen),
        ("/api/clock", {"op": "start"}),
        ("/api/judge/pin", {"pin": "4321"}),
        ("/api/setup/new", {"game": view["game"]}),
        ("/api/camera/calibrate", {"corners": []}),
        ("/api/camera_prompts/dismiss", {"id": "x", "game_id": view["game_id"]}),
        ("/api/judge/call", {}),
    ]


@pytest.mark.process
@pytest.mark.parametrize("game", ["dreamblade", "planechase"])
def test_a_customer_cannot_stop_the_demo_and_may_take_it_over(tmp_path: Path, game: str):
    args = ["demo", "--game", game, "--host", "127.0.0.1", "--port", "0", "--pace", "0.4"]
    heard: list[str] = []
    process, lines = _start(args, tmp_path, "Ctrl-C stops the demo.", heard)
    try:
        table = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        base = table.removesuffix("/table")
        links = [line.strip().split(": ", 1)[1] for line in lines if line.startswith("  ")]
        phone, other = Phone(base, "ja"), Phone(base, "en")
        assert phone.join(links[0])["seat"] is not None
        assert other.join(links[1])["seat"] is not None
        view = phone.state()
        assert view["demo"] == {"scripted": True, "taken_over": False}
        start = view["version"]

        refused = 0
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:  # taps on each new state the script reaches
            for path, body in _taps(phone.state()):
                status, said = phone.open(path, body)
                assert (status, said["error"]) == (409, "demo_watching"), (path, said)
                assert "デモ" in said["message"] and "demo" not in said["message"]
                refused += 1
        assert refused > 20
        assert process.poll() is None
        assert phone.state()["version"] > start  # the script went on meanwhile

        status, _ = Phone(base).open("/api/demo/take_over", {})  # no seat: a spectator
        assert status in (403, 409)  # (no CSRF token either)
        status, demo = phone.open("/api/demo/take_over", {})
        assert (status, demo) == (200, {"scripted": False, "taken_over": True})
        taken = phone.state()
        assert taken["demo"] == {"scripted": False, "taken_over": True}
        time.sleep(1.2)  # three paces: the script would have acted by now
        assert phone.state()["version"] == taken["version"]  # the script stopped

        # the phones play on: whoever the game waits for takes a listed action
        pending = taken["pending"]["seat"]
        actor = other if pending == other.open("/api/me")[1]["seat"] else phone
        offer = (taken["offers"] or [])[0]
        action = _sent(offer)
        seen = {"game_id": taken["game_id"], "version": taken["version"]}
        status, done = actor.open("/api/actions", {"action": action, **seen})
        assert status == 200, done
        assert phone.state()["version"] == taken["version"] + 1
        assert process.poll() is None
    finally:
        process.terminate()
        process.wait(timeout=20)
    time.sleep(0.2)  # its last lines read
    said = "\n".join(heard)
    assert "A phone took the demo over: the script stopped, the phones play on." in said
    for bad in ("Traceback", "IllegalActionError", "Error"):
        assert bad not in said, said


def _customer_step(phone: Phone, view: dict[str, Any]) -> None:
    """The customer's phone makes the decision the game waits for from it: rolls the dice the
    table offers, reads a key cell's printed value, or takes the first listed action."""
    seen = {"game_id": view["game_id"], "version": view["version"]}
    unknown = (view["pending"].get("details") or {}).get("unknown_values")
    if unknown:
        status, said = phone.open("/api/map_value", {"cell": unknown[0], "value": 2, **seen})
        assert status == 200, said
        return
    status, said = phone.open("/api/roll", seen)
    if status == 409 and said["error"] == "nothing_to_roll":
        status, said = phone.open("/api/actions", {"action": _sent(view["offers"][0]), **seen})
    assert status == 200 or said["error"] == "stale", said


@pytest.mark.process
def test_a_customer_plays_the_computer_from_here_while_another_phone_watches(tmp_path: Path):
    """The store demo (issue 35): one customer scans a seat's code and takes over with "Play from
    here"; nobody holds the other seat, so the table plays it (normal) and says so; the customer
    plays against it while a second phone, which scanned no code, only watches the same game; a
    third customer who scans the table's seat's code takes that seat over."""
    args = ["demo", "--game", "dreamblade", "--host", "127.0.0.1", "--port", "0", "--pace", "0.3"]
    heard: list[str] = []
    process, lines = _start(args, tmp_path, "Ctrl-C stops the demo.", heard)
    try:
        table = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        base = table.removesuffix("/table")
        links = [line.strip().split(": ", 1)[1] for line in lines if line.startswith("  ")]
        customer, watcher = Phone(base, "ja"), Phone(base, "en")
        mine = customer.join(links[0])["seat"]
        status, page = watcher.open("/")
        assert status == 200 and "<html" in page
        _, me = watcher.open("/api/me")
        watcher.csrf = me["csrf"]
        assert me["seat"] is None  # no code scanned: it watches
        status, demo = customer.open("/api/demo/take_over", {})
        assert (status, demo) == (200, {"scripted": False, "taken_over": True})
        other = next(s for s in ("A", "B") if s != mine)
        assert customer.state()["computer"] == {other: "normal"}
        assert watcher.state()["computer"] == {other: "normal"}

        start = customer.state()["version"]
        deadline = time.monotonic() + 90
        computer_moves: list[dict[str, Any]] = []
        while time.monotonic() < deadline:
            view = customer.state()
            computer_moves = [
                e
                for e in view["log"]
                if e["seq"] > start and e["seat"] == other and e.get("reason")
            ]
            if len(computer_moves) >= 3 or view["winner"]:
                break
            if view["pending"]["seat"] in (mine, None):
                _customer_step(customer, view)
                seen = {"game_id": view["game_id"], "version": view["version"]}
                status, said = watcher.open("/api/actions", {"action": "pass", **seen})
                assert (status, said["error"]) == (403, "spectator")
            else:
                time.sleep(0.1)  # the table thinks for the other seat
        assert len(computer_moves) >= 3, "the table did not answer the customer"
        mine_moves = [e for e in customer.state()["log"] if e["seq"] > start and e["seat"] == mine]
        assert mine_moves  # the customer played too
        watched = {e["seq"]: e for e in watcher.state()["log"]}  # the same game, the same why
        for move in computer_moves:
            assert watched[move["seq"]]["reason"] == move["reason"]
        # a second customer scans the computer's seat's code: that phone plays it from now
        second = Phone(base, "en")
        assert second.join(links[1])["seat"] == other
        assert second.state()["computer"] == {}
        assert process.poll() is None
    finally:
        process.terminate()
        process.wait(timeout=20)
    time.sleep(0.2)
    said = "\n".join(heard)
    for bad in ("Traceback", "IllegalActionError", "Error"):
        assert bad not in said, said
