from __future__ import annotations

import random

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.table.dice_roll import NothingToRoll, roll_for
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import SeatError, StaleError, Table


def _table(tmp_path, until: str) -> Table:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    for text in DEMO_ACTIONS[: DEMO_ACTIONS.index(until)]:
        table.submit(JUDGE, text)
    return table


def test_a_seat_rolls_its_attack_dice_and_they_are_logged_like_typed_ones(tmp_path):
    table = _table(tmp_path, "dice 2,3,3,blade")
    seat = table.read(lambda game: game.pending().seat)
    before = table.version
    accepted = roll_for(table, seat, before, table.game_id, random.Random(3))
    assert str(accepted.action).startswith("dice ") and accepted.version == before + 1
    entry = table.log()[-1]
    assert entry["action"] == str(accepted.action) and entry["seat"] == seat
    assert table.read(lambda game: game.pending().kind) != "attack_dice"


def test_the_other_seat_a_stale_phone_and_no_dice_are_refused_and_change_nothing(tmp_path):
    table = _table(tmp_path, "dice 2,3,3,blade")
    seat = table.read(lambda game: game.pending().seat)
    other = "A" if seat == "B" else "B"
    version = table.version
    with pytest.raises(SeatError):
        roll_for(table, other, version, table.game_id)
    with pytest.raises(StaleError):
        roll_for(table, seat, version - 1, table.game_id)
    assert table.version == version
    (tmp_path / "spawn").mkdir()
    spawning = _table(tmp_path / "spawn", "spawn A:sir-glorious#1 a1")
    with pytest.raises(NothingToRoll):
        roll_for(spawning, "A", spawning.version, spawning.game_id)


def test_what_is_kept_with_a_roll_is_written_in_the_rolls_own_transaction(tmp_path):
    """A remote host keeps its answer to a guest's roll with the roll: both are stored, or
    neither (so a resent roll is answered again, never rolled again)."""
    table = _table(tmp_path, "dice 2,3,3,blade")
    seat = table.read(lambda game: game.pending().seat)
    before, log_before = table.version, table.store.log(table.game_id)

    def disk_full(_db, _seq):
        raise RuntimeError("disk full")

    with pytest.raises(RuntimeError):
        roll_for(table, seat, kept_with=disk_full)
    assert table.version == before and table.store.log(table.game_id) == log_before
    kept: list[int] = []
    roll_for(table, seat, kept_with=lambda _db, seq: kept.append(seq))
    assert kept == [table.store.log(table.game_id)[-1]["seq"]]
