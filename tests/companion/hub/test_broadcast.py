"""The broadcast's delay (``companion.hub.broadcast``): a frame is handed out only once it is
``delay`` old by the server's clock, the delay may grow again, and the last dice stay shown."""

from __future__ import annotations

from typing import Any

from companion.hub.broadcast import MAX_DELAY, DelayedFrames, broadcast_frame, last_roll


def test_a_frame_is_shown_only_once_it_is_as_old_as_the_delay():
    frames = DelayedFrames()
    for at in (100.0, 200.0, 300.0):
        frames.record("t", {"at": at}, at)
    assert frames.shown("t", 250.0, 200.0) is None  # nothing arrived by 50
    assert frames.shown("t", 320.0, 120.0).shown == {"at": 200.0}  # type: ignore[union-attr]
    assert frames.shown("t", 320.0, 0).shown == {"at": 300.0}  # type: ignore[union-attr]
    assert frames.shown("t", 300.0, -50).shown == {"at": 300.0}  # type: ignore[union-attr]
    # a longer delay again shows the older frame: none was dropped
    assert frames.shown("t", 320.0, 200.0).shown == {"at": 100.0}  # type: ignore[union-attr]
    assert frames.shown("elsewhere", 320.0, 0) is None


def test_frames_no_delay_could_show_again_are_dropped():
    frames = DelayedFrames()
    frames.record("t", {"n": 1}, 0.0)
    frames.record("t", {"n": 2}, 10.0)
    frames.record("t", {"n": 3}, MAX_DELAY + 100.0)
    later = MAX_DELAY + 200.0
    assert frames.shown("t", later, MAX_DELAY).shown == {"n": 2}  # type: ignore[union-attr]
    assert frames.shown("t", later, MAX_DELAY + 500).shown == {"n": 2}  # type: ignore[union-attr]  # at most MAX_DELAY


def entry(seq: int, action: str, **more: Any) -> dict[str, Any]:
    return {"seq": seq, "kind": "push", "action": action, "seat": "A", "undone": False, **more}


def summary(game_id: int, log: list[dict[str, Any]]) -> dict[str, Any]:
    view = {"game": "dreamblade", "game_id": game_id, "version": len(log), "log": log}
    return {"game": "dreamblade", "game_id": game_id, "version": len(log), "view": view}


def test_the_last_roll_is_the_newest_roll_still_standing():
    log = [entry(1, "dice 1,2"), entry(2, "dice 3,blade"), entry(3, "move A:x#1 a4")]
    assert last_roll({"game": "dreamblade", "log": log})["seq"] == 2  # type: ignore[index]
    log[1]["undone"] = True
    assert last_roll({"game": "dreamblade", "log": log})["seq"] == 1  # type: ignore[index]
    log.append(entry(4, "init 3 5"))  # initiative dice are dice too
    assert last_roll({"game": "dreamblade", "log": log})["seq"] == 4  # type: ignore[index]
    assert last_roll({"game": "nowhere", "log": log}) is None


def test_a_frame_keeps_the_last_roll_of_its_game_once_the_log_shown_moved_past_it():
    players = {"A": {"name": "Aiko", "warband": "Ravens"}}
    first = broadcast_frame("t", summary(1, [entry(1, "dice 1,2")]), players, None)
    assert first["last_roll"]["action"] == "dice 1,2"
    frames = DelayedFrames()
    frames.record("t", first, 0.0)
    moved = summary(1, [entry(2, "move A:x#1 a4")])
    later = broadcast_frame("t", moved, players, frames.newest("t"))
    assert later["last_roll"]["action"] == "dice 1,2"
    assert later["players"] == players
    other_game = broadcast_frame("t", summary(2, []), players, frames.newest("t"))
    assert other_game["last_roll"] is None
