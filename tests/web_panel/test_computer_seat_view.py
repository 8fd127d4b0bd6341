"""Across the seam table → panel: a seated phone plays seat A against the table's computer seat B;
the phone's view shows B's actions with the reason the computer gave, in the log it renders."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from companion.settings import Settings
from companion.table.computer_seat import ComputerSeat
from tests.web_panel.conftest import JUDGE_PIN, dreamblade_table, seated
from web_panel import create_app


def test_the_phone_sees_the_computers_moves_and_why(tmp_path: Path) -> None:
    table = dreamblade_table(tmp_path, 0)
    settings = Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN}}
    )
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    try:
        computer = ComputerSeat(table, "B", "normal", seed=2, dice=random.Random(2))
        phone = seated(app, "A")
        reasoned: list[dict[str, object]] = []
        for _ in range(60):
            computer.play_ready()
            view = phone.state()
            reasoned = [e for e in view["log"] if e.get("reason")]
            if len(reasoned) >= 2:
                break
            seen = {"game_id": view["game_id"], "version": view["version"]}
            rolled = phone.post("/api/roll", seen)
            if rolled.status_code == 409:
                offered = view["offers"]
                assert offered, view["pending"]
                assert phone.act(offered[0]).status_code == 200
        assert len(reasoned) >= 2
        assert all(e["seat"] == "B" and e["by"] == "seat" for e in reasoned)
        assert all(str(e["reason"]["key"]).startswith("ai.reason.") for e in reasoned)  # type: ignore[index]
        # a phone of seat A cannot play the computer's seat
        while not computer.waits_for_me():
            view = phone.state()
            seen = {"game_id": view["game_id"], "version": view["version"]}
            if phone.post("/api/roll", seen).status_code == 409:
                assert phone.act(view["offers"][0]).status_code == 200
        view = phone.state()
        assert phone.act(view["offers"][0]).status_code == 403
        assert phone.state()["version"] == view["version"]
    finally:
        app.extensions["panel"].close()


def test_the_phone_shows_the_computers_move_to_carry_and_says_when_it_is_done(
    tmp_path: Path,
) -> None:
    table = dreamblade_table(tmp_path, 0)
    settings = Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN}}
    )
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    try:
        computer = ComputerSeat(table, "B", "normal", seed=2, dice=random.Random(2), carried=True)
        phone = seated(app, "A")
        for _ in range(60):
            computer.play_ready()
            view = phone.state()
            if view["expected"]:
                break
            seen = {"game_id": view["game_id"], "version": view["version"]}
            if phone.post("/api/roll", seen).status_code == 409:
                assert phone.act(view["offers"][0]).status_code == 200
        expected = view["expected"]
        assert expected and expected["seat"] == "B"
        assert expected["label"]["key"] in ("action.spawn", "action.move")
        seen = {"game_id": view["game_id"], "version": view["version"]}
        done = phone.post("/api/carried", seen)
        assert done.status_code == 200, done.get_json()
        after = phone.state()
        assert after["version"] == view["version"] + 1 and after["expected"] is None
        assert after["log"][-1]["seat"] == "B" and after["log"][-1]["reason"]
        again = phone.post(
            "/api/carried", {"game_id": after["game_id"], "version": after["version"]}
        )
        assert again.status_code == 422
        assert again.get_json()["rule"] == "expect.none"
    finally:
        app.extensions["panel"].close()


class _Demo:
    """A scripted demo that a phone takes over (``companion.simulation.demo_run.DemoRun``)."""

    def __init__(self) -> None:
        self.taken_over = False

    def scripted(self) -> bool:
        return not self.taken_over

    def view(self) -> dict[str, bool]:
        return {"scripted": self.scripted(), "taken_over": self.taken_over}

    def take_over(self) -> None:
        self.taken_over = True


def test_play_from_here_with_nobody_in_the_other_seat_gives_it_to_the_computer(
    tmp_path: Path,
) -> None:
    table = dreamblade_table(tmp_path, 0)
    settings = Settings.model_validate(
        {
            "data_dir": str(tmp_path),
            "game": "dreamblade",
            "panel": {"judge_pin": JUDGE_PIN},
            "computer": {"carried": False},
        }
    )
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    panel = app.extensions["panel"]
    try:
        panel.demo = _Demo()
        phone = seated(app, "A")
        taken = phone.post("/api/demo/take_over")
        assert taken.status_code == 200
        assert taken.get_json() == {"scripted": False, "taken_over": True}
        assert phone.state()["computer"] == {"B": "normal"}
        # the customer plays A; the table answers for B on its own (its worker thread)
        for _ in range(200):
            view = phone.state()
            if any(e["seat"] == "B" and e.get("reason") for e in view["log"]):
                break
            if view["pending"]["seat"] in ("A", None):
                seen = {"game_id": view["game_id"], "version": view["version"]}
                if phone.post("/api/roll", seen).status_code == 409 and view["offers"]:
                    phone.act(view["offers"][0])
            else:
                threading.Event().wait(0.05)
        assert any(e["seat"] == "B" and e.get("reason") for e in phone.state()["log"])
        # a second customer scans B's code: the table lets the seat go, that phone plays it
        second = seated(app, "B")
        assert second.state()["computer"] == {}
        assert panel.computer_seats == {}
        for _ in range(200):  # A plays until the game waits for B
            view = phone.state()
            if view["pending"]["seat"] == "B":
                break
            seen = {"game_id": view["game_id"], "version": view["version"]}
            if phone.post("/api/roll", seen).status_code == 409 and view["offers"]:
                phone.act(view["offers"][0])
        before = table.version
        threading.Event().wait(0.5)  # the table's worker would have played by now
        assert table.version == before  # B waits for its new player
        view = second.state()
        seen = {"game_id": view["game_id"], "version": view["version"]}
        if second.post("/api/roll", seen).status_code == 409:
            assert second.act(view["offers"][0]).status_code == 200
        assert table.log()[-1]["seat"] == "B" and not table.log()[-1].get("reason")
    finally:
        panel.close()
