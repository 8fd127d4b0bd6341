"""A seat the table plays: its choices pass the table's gate as its seat, its dice are the table's
virtual dice, and each choice's reason is kept with its log entry (and read back from the store)."""

from __future__ import annotations

import random
import threading
from pathlib import Path

import pytest

from companion import events as ev
from companion.errors import IllegalActionError
from companion.games.dreamblade.ai import DreambladeAi, roll
from companion.games.dreamblade.demo_game import demo_game
from companion.games.protocol import Action
from companion.table.computer_seat import ComputerSeat
from companion.table.dice_roll import NothingToRoll, roll_for
from companion.table.proposers import CAMERA, JUDGE
from companion.table.store import Store
from companion.table.table import SeatError, Table


def _human_turn(table: Table, player: DreambladeAi, dice: random.Random) -> int:
    """Seat A's phone: plays (as an easy player) while the game waits for A or for nobody."""
    done = 0
    while True:
        pending = table.read(lambda game: None if game.is_over else game.pending())
        if pending is None or pending.seat == "B":
            return done
        seat = pending.seat or "A"
        if pending.details.get("unknown_values"):  # the printed map's value, read by the judge
            table.submit(JUDGE, table.read(lambda game: roll(game, dice)))
            continue
        try:
            roll_for(table, seat, rng=dice)
        except NothingToRoll:
            choice = table.read(player.choose)
            table.submit(seat, choice.action)
        done += 1


def test_a_whole_game_against_the_computer_seat(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    table = Table.start(Store(path), demo_game())
    computer = ComputerSeat(table, "B", "normal", seed=5, dice=random.Random(6))
    phone = DreambladeAi("easy", seed=7)
    dice = random.Random(8)
    for _ in range(200):
        if table.read(lambda game: game.is_over):
            break
        _human_turn(table, phone, dice)
        computer.play_ready()
    assert table.read(lambda game: game.winner()) == "B"
    entries = table.log()
    by_b = [e for e in entries if e["seat"] == "B"]
    reasoned = [e for e in by_b if "reason" in e]
    assert reasoned and all(e["reason"]["key"].startswith("ai.reason.") for e in reasoned)
    rolls = [e for e in by_b if e["step"] in ("attack_dice", "deathblow_dice")]
    assert all("reason" not in e for e in rolls)  # dice are rolled, not chosen
    assert not any("reason" in e for e in entries if e["seat"] == "A")
    # the store keeps the reasons: a table opened again reads them back
    assert [e.get("reason") for e in Store(path).log(table.game_id)] == [
        e.get("reason") for e in entries
    ]


def test_it_plays_only_its_own_seat(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    computer = ComputerSeat(table, "B", "easy", seed=1, dice=random.Random(1))
    roll_for(table, "A", rng=random.Random(3))  # the initiative: anyone's roll
    while not computer.waits_for_me():
        _human_turn(table, DreambladeAi("easy", seed=2), random.Random(4))
    before = table.version
    b_action = table.read(lambda game: next(iter(game.decision_actions())))
    with pytest.raises(SeatError):
        table.submit("A", b_action)
    assert table.version == before
    moves = computer.play_ready()
    assert moves and not computer.waits_for_me()


def test_levels_and_seats_are_checked(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    with pytest.raises(ValueError, match="level"):
        ComputerSeat(table, "B", "hard")
    with pytest.raises(ValueError, match="no seat"):
        ComputerSeat(table, "C")


def test_attached_it_answers_after_the_phone_moves(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    computer = ComputerSeat(table, "B", "normal", seed=3, dice=random.Random(3))
    answered = threading.Event()
    table.bus.subscribe(
        lambda e: answered.set() if e.data.get("seat") == "B" else None, {ev.ACTION_APPLIED}
    )
    computer.attach()
    try:
        phone, dice = DreambladeAi("easy", seed=9), random.Random(9)
        for _ in range(50):
            if answered.is_set():
                break
            if not computer.waits_for_me():
                _human_turn(table, phone, dice)
            answered.wait(timeout=5)
        assert answered.is_set()
        assert any(e.get("reason") for e in table.log())
    finally:
        computer.detach()


def _elsewhere(table: Table) -> list[Action]:
    """The expected miniature's other legal cells now, as actions."""
    expected = table.expected()
    assert expected is not None
    return table.read(
        lambda game: [
            a
            for a in game.decision_actions()
            if getattr(a, "mini", None) == expected.piece
            and getattr(a, "cell", None) != expected.cell
        ]
    )


def _until_computer_places(table: Table, computer: ComputerSeat, choice: bool = False) -> None:
    """Play until the computer waits for its miniature to be carried (``choice``: to a cell
    that has others it could have been put in by mistake)."""
    phone, dice = DreambladeAi("easy", seed=11), random.Random(11)
    for _ in range(300):
        if table.expected() is not None:
            if not choice or _elsewhere(table):
                return
            table.carried_out("A")
        _human_turn(table, phone, dice)
        computer.play_ready()
    raise AssertionError("the computer never moved a miniature")


def test_a_miniature_put_in_the_wrong_cell_is_refused_until_it_is_right(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    computer = ComputerSeat(table, "B", "normal", seed=4, dice=random.Random(4), carried=True)
    _until_computer_places(table, computer, choice=True)
    expected = table.expected()
    assert expected is not None and expected.seat == "B"
    assert table.state()["expected"]["cell"] == expected.cell
    assert computer.play_ready() == []  # it waits for the players
    before = (table.version, len(table.log()))
    wrong = _elsewhere(table)[0]  # the same miniature, another cell
    with pytest.raises(IllegalActionError, match=f"put {expected.piece} in {expected.cell}"):
        table.submit(CAMERA, wrong)  # the camera saw the miniature land elsewhere
    with pytest.raises(IllegalActionError, match="computer's move"):
        table.submit("B", wrong)
    assert (table.version, len(table.log())) == before
    assert table.expected() == expected
    accepted = table.submit(CAMERA, expected.action)  # now where the computer said
    assert accepted.action == expected.action
    entry = table.log()[-1]
    assert entry["seat"] == "B" and entry["by"] == "seat" and entry["reason"]
    assert table.expected() is None


def test_without_a_camera_a_phone_says_the_move_was_carried_out(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    computer = ComputerSeat(table, "B", "easy", seed=8, dice=random.Random(8), carried=True)
    _until_computer_places(table, computer)
    expected = table.expected()
    assert expected is not None
    table.carried_out("A")
    assert table.log()[-1]["action"] == str(expected.action)
    assert table.log()[-1]["seat"] == "B"
    with pytest.raises(IllegalActionError, match="no move"):
        table.carried_out("A")


def test_its_carried_move_says_where_the_miniature_comes_from(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    heard: list[dict[str, object]] = []
    table.bus.subscribe(lambda event: heard.append(dict(event.data)), {ev.ACTION_EXPECTED})
    computer = ComputerSeat(table, "B", "normal", seed=2, dice=random.Random(2), carried=True)
    kinds: set[str] = set()
    phone, dice = DreambladeAi("easy", seed=5), random.Random(5)
    for _ in range(400):
        expected = table.expected()
        if expected is not None:
            cells = table.read(lambda game: {m.id: c for c, ms in game.board().items() for m in ms})
            portal = table.read(lambda game: game.portal("B"))
            assert heard[-1] == {
                "seat": "B",
                "piece": expected.piece,
                "cell": expected.cell,
                "start": cells.get(expected.piece, portal),  # its cell, or its portal
            }
            kinds.add("move" if expected.piece in cells else "spawn")
            if kinds == {"move", "spawn"}:
                return
            table.carried_out("A")
        _human_turn(table, phone, dice)
        computer.play_ready()
    raise AssertionError(f"the computer carried only {kinds}")


def test_its_dice_typed_from_real_dice_on_the_players_phone(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), demo_game())
    computer = ComputerSeat(table, "B", "normal", seed=3, typed_dice=True)
    assert table.state()["dice_typed_for"] is None  # initiative: both seats roll, no seat's
    phone, dice = DreambladeAi("easy", seed=3), random.Random(3)
    for _ in range(600):
        typed_for = table.state()["dice_typed_for"]
        if typed_for == "B":
            assert computer.play_ready() == []  # the table rolls nothing for it
            version = table.version
            typed = table.read(lambda game: roll(game, dice))  # what the real dice showed
            accepted = table.submit("A", typed, version=version)  # typed on A's phone
            entry = table.log()[-1]
            assert (entry["action"], entry["seat"]) == (str(accepted.action), "B")
            computer.detach()
            assert table.state()["dice_typed_for"] is None  # its own seat's again
            return
        if table.read(lambda game: game.is_over):
            break
        if not computer.waits_for_me():
            _human_turn(table, phone, dice)
        else:
            computer.play_ready()
    raise AssertionError("the computer never had dice to roll")
