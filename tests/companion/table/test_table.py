import sqlite3
from pathlib import Path

import pytest

from companion import events as ev
from companion.errors import IllegalActionError
from companion.table.proposers import CAMERA
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import JUDGE, JudgeOnlyError, SeatError, StaleError, Table

pytestmark = pytest.mark.usefixtures("counter_game_registered")


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return Table.new_game(Store(tmp_path / "t.sqlite3"), "test-counter", {"version": 1, "start": 0})


def test_an_accepted_action_is_stored_before_it_is_published(table: Table):
    stored_when_published: list[list[str]] = []
    table.bus.subscribe(
        lambda e: stored_when_published.append(table.store.record(table.game_id)["actions"]),
        kinds={ev.ACTION_APPLIED},
    )
    accepted = table.submit("A", "add 2")
    assert str(accepted.action) == "add 2"
    assert accepted.version == 1
    assert stored_when_published == [["add 2"]]


def test_a_seat_acts_only_when_the_game_waits_for_it(table: Table):
    with pytest.raises(SeatError, match="waits for seat A"):
        table.submit("B", "add 1")
    assert table.version == 0
    assert table.store.record(table.game_id)["actions"] == []


@pytest.mark.parametrize(
    ("text", "error"),
    [("add 7", IllegalActionError), ("fly 1", ValueError), ("add", ValueError)],
)
def test_bad_proposals_change_nothing(table: Table, text: str, error: type[Exception]):
    table.submit("A", "add 1")
    before = table.state()
    with pytest.raises(error):
        table.submit("B", text)
    assert table.state() == before
    assert table.store.record(table.game_id)["actions"] == ["add 1"]


def test_a_stale_proposal_is_refused(table: Table):
    table.submit("A", "add 1", version=0)
    with pytest.raises(StaleError, match="moved on"):
        table.submit("B", "add 1", version=0)


def test_seats_undo_only_their_own_last_action_and_the_judge_any(table: Table):
    table.submit("A", "add 1")
    table.submit("B", "add 2")
    with pytest.raises(SeatError):
        table.undo("A")
    assert str(table.undo("B").action) == "add 2"
    assert str(table.undo("A").action) == "add 1"
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        table.undo(JUDGE)
    assert table.store.record(table.game_id)["actions"] == []


def test_undo_last_takes_back_the_last_action_as_whoever_proposed_it(table: Table):
    """The undo button's call: one step, the rules of ``undo`` for the proposer it finds."""
    undone: list[dict] = []
    table.bus.subscribe(lambda e: undone.append(e.data), kinds={ev.UNDONE})
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        table.undo_last()
    table.submit("A", "add 1")
    table.submit(JUDGE, "add 2")
    table.submit(CAMERA, "add 1")
    assert [str(table.undo_last().action) for _ in range(3)] == ["add 1", "add 2", "add 1"]
    assert [(u["by"], u["seat"]) for u in undone] == [
        ("camera", None), ("judge", None), ("seat", "A"),
    ]  # fmt: skip
    assert table.store.record(table.game_id)["actions"] == []
    assert table.version == 6


def test_undo_last_leaves_a_seats_winning_action_in_a_finished_game(table: Table):
    for seat, n in [("A", 3), ("B", 3), ("A", 3), ("B", 1)]:
        table.submit(seat, f"add {n}")
    with pytest.raises(SeatError):
        table.undo_last()
    assert table.store.unfinished() is None
    assert table.version == 4


def test_the_judge_can_reopen_a_finished_game(table: Table):
    for seat, n in [("A", 3), ("B", 3), ("A", 3), ("B", 1)]:
        table.submit(seat, f"add {n}")
    assert table.state()["winner"] == "B"
    assert table.store.unfinished() is None
    with pytest.raises(SeatError):
        table.undo("B")
    table.undo(JUDGE)
    assert table.store.unfinished() is not None


def test_a_resumed_table_knows_who_pushed_what(tmp_path: Path):
    store = Store(tmp_path / "t.sqlite3")
    table = Table.new_game(store, "test-counter", {"version": 1, "start": 0})
    table.submit("A", "add 1")
    table.submit("B", "add 1")
    resumed = Table.resume(Store(tmp_path / "t.sqlite3"))
    assert resumed is not None
    assert resumed.version == 2
    assert resumed.state() == table.state()
    with pytest.raises(SeatError):
        resumed.undo("A")
    assert str(resumed.undo("B").action) == "add 1"


def test_flags_are_published_not_applied(table: Table):
    seen: list[dict] = []
    table.bus.subscribe(lambda e: seen.append(e.data), kinds={ev.FLAGGED})
    table.flag("two_cells", ("b2", "c3"), subject="A:x#1")
    assert seen == [
        {"reason": "two_cells", "cells": ["b2", "c3"], "by": "camera", "subject": "A:x#1"}
    ]
    assert table.version == 0


def test_a_new_game_replaces_the_one_in_play_which_is_abandoned(table: Table):
    from tests.companion.counter_game import CounterGame

    started: list[dict] = []
    table.bus.subscribe(lambda e: started.append(e.data), kinds={ev.GAME_STARTED})
    table.submit("A", "add 1")
    old_id = table.game_id
    table.start_game(StartRequest(CounterGame(start=5)))
    assert table.game_id != old_id
    assert table.version == 0
    assert table.state()["position"]["total"] == 5
    assert started == [{"game": "test-counter", "game_id": table.game_id}]
    statuses = {g.id: g.status for g in table.store.games()}
    assert statuses == {old_id: "abandoned", table.game_id: "playing"}
    table.submit("A", "add 2")
    assert table.store.record(table.game_id)["actions"] == ["add 2"]


# -- judge-only corrections (issue 8) ---------------------------------------------------------


def _counter_with_a_correction() -> type:
    """The counter game plus a judge-only correction, ``fix <total>``: any game may offer them."""
    from dataclasses import dataclass

    from companion.games.protocol import Action
    from tests.companion.counter_game import Add, CounterGame

    @dataclass(frozen=True)
    class Fix(Action):
        judge_only = True
        total: int

        def __str__(self) -> str:
            return f"fix {self.total}"

    class CorrectableCounter(CounterGame):
        corrections = ("fix <total>",)

        def parse_action(self, text: str) -> Action:
            word, n = text.split()
            return Fix(int(n)) if word == "fix" else super().parse_action(text)

        def push(self, action: Action) -> list[ev.Event]:
            if isinstance(action, Fix):
                self._actions.append(Add(action.total - self.total))
                return []
            return super().push(action)

    return CorrectableCounter


def test_only_the_judge_may_push_a_correction_whoever_the_game_waits_for(tmp_path: Path):
    from companion.table.table import CAMERA, JudgeOnlyError

    table = Table.start(Store(tmp_path / "t.sqlite3"), _counter_with_a_correction()())
    for proposer in ("A", "B", CAMERA):
        with pytest.raises(JudgeOnlyError, match="only the judge"):
            table.submit(proposer, "fix 4")
    assert table.version == 0 and table.store.log(table.game_id) == []
    table.submit(JUDGE, "fix 4")
    assert table.state()["position"]["total"] == 4
    assert table.store.log(table.game_id)[-1]["by"] == "judge"
    with pytest.raises(SeatError):  # a seat cannot take back the judge's correction
        table.undo("A")
    table.undo(JUDGE)
    assert table.state()["position"]["total"] == 0


def test_dreamblade_corrections_go_through_the_table_as_judge_only(tmp_path: Path):
    from companion.games.dreamblade.demo_game import demo_game

    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(tmp_path / "db.sqlite3"), "dreamblade", setup)
    mini = table.read(lambda game: game.reserve("A")[0])
    with pytest.raises(SeatError, match="only the judge"):
        table.submit("A", f"correct place {mini} c3")
    accepted = table.submit(JUDGE, f"correct place {mini} c3")
    assert accepted.version == 1
    assert table.read(lambda game: game.state.zone[mini]) == "c3"
    assert table.store.record(table.game_id)["actions"] == [f"correct place {mini} c3"]
    assert table.read(lambda game: game.corrections)[0].startswith("correct place")


def test_submit_replies_with_the_version_its_own_action_made(table: Table):
    """Finding 10: the reply's version was read after the lock, so a push that slipped in after
    it (here: one made by a listener of the first) was acknowledged in its place."""
    table.bus.subscribe(
        lambda event: table.submit("B", "add 1") if event.data["version"] == 1 else None,
        kinds={ev.ACTION_APPLIED},
    )
    accepted = table.submit("A", "add 2")
    assert table.version == 2
    assert accepted.version == 1
    assert table.store.log(table.game_id)[0]["action"] == "add 2"


def test_an_undo_checks_the_state_seen_and_undoes_in_one_step(table: Table):
    table.submit("A", "add 1")
    table.submit("B", "add 2")
    with pytest.raises(StaleError, match="moved on"):
        table.undo("B", version=1)
    with pytest.raises(StaleError, match="new game"):
        table.undo("B", version=2, game_id=table.game_id + 1)
    assert table.version == 2
    undone = table.undo("B", version=2, game_id=table.game_id)
    assert (str(undone.action), undone.version) == ("add 2", 3)


def test_a_proposal_for_a_game_the_table_no_longer_plays_is_stale(table: Table):
    old_game = table.game_id
    table.start_game(StartRequest(table.snapshot()))
    with pytest.raises(StaleError, match="new game"):
        table.submit("A", "add 1", version=0, game_id=old_game)
    assert table.version == 0


@pytest.mark.parametrize("name", ["judge", "camera", "JUDGE"])
def test_no_seat_name_stands_for_the_judge_or_the_camera(tmp_path: Path, name: str):
    """Finding 4: a seat named 'judge' had the judge's authority (Table compared strings)."""
    table = Table.start(Store(tmp_path / "t.sqlite3"), _counter_with_a_correction()())
    for seat in ("A", "B"):
        table.submit(seat, "add 1")
    with pytest.raises(SeatError):
        table.submit(name, "add 1")  # not its turn: a seat, not an authority
    with pytest.raises(JudgeOnlyError):
        table.submit(name, "fix 4")
    with pytest.raises(SeatError):
        table.undo(name)
    assert table.version == 2
    assert [entry["by"] for entry in table.store.log(table.game_id)] == ["seat", "seat"]
    table.submit(JUDGE, "fix 4")
    table.submit(CAMERA, "add 1")
    assert [(e["by"], e["seat"]) for e in table.store.log(table.game_id)[-2:]] == [
        ("judge", None), ("camera", None),
    ]  # fmt: skip
    reread = Table(Store(tmp_path / "t.sqlite3"), table.snapshot(), table.game_id)
    assert reread.undo_last().events[0].data["by"] == "camera"


def test_only_the_seat_whose_ability_it_is_applies_its_manual_effect(tmp_path):
    """Seat A's unimplemented ability left its effect open while seat B has the decision: only A
    (or the judge) may apply it, and B's phone lists only B's own choices."""
    from companion.games.dreamblade.actions import Hurt
    from tests.companion.games.dreamblade.builders import at, creature

    payback = creature("dragon", power=1, defense=9, life=9, abilities=["blade: Payback"])
    game = at([payback], [creature("foe")], {"A:dragon#1": "c3", "B:foe#1": "b2"}, seat="B")
    game.state.manual_seat = "A"
    assert game.pending().seat == "B"
    table = Table.start(Store(tmp_path / "t.sqlite3"), game)
    with pytest.raises(SeatError):
        table.submit("B", "hurt A:dragon#1 1")
    assert Hurt("A:dragon#1", 1) not in table.read(lambda g: g.decision_actions())
    assert "hurt A:dragon#1 1" not in {o["notation"] for o in table.state()["offers"]}
    table.submit("A", "hurt B:foe#1 1")
    assert table.read(lambda g: g.state.damage) == {"B:foe#1": 1}


# -- the camera's evidence, in the action's transaction ---------------------------------------

PICTURES = [("a1", b"before-jpeg", b"after-jpeg"), ("b2", b"before-2", b"after-2")]


def test_the_cameras_pictures_are_stored_with_its_action_before_it_is_published(table: Table):
    seen_when_published: list[list[tuple[str, bytes, bytes]]] = []
    table.bus.subscribe(
        lambda e: seen_when_published.append(table.store.pictures(table.game_id, 1)),
        kinds={ev.ACTION_APPLIED},
    )
    with table.evidence(PICTURES):
        table.submit(CAMERA, "add 1")
        table.submit(CAMERA, "add 2")  # the same change proposed a second action
    assert seen_when_published[0] == PICTURES
    assert table.store.pictured_entries(table.game_id) == {1, 2}
    table.submit("A", "add 1")  # out of the block: no pictures
    with table.evidence(PICTURES):
        table.submit("B", "add 1")  # a seat's action never takes the camera's pictures
    assert table.store.pictured_entries(table.game_id) == {1, 2}


def test_pictures_that_cannot_be_stored_leave_no_action_either(table: Table):
    broken = [("a1", b"before", None)]  # the store refuses it (NOT NULL) inside the transaction
    with table.evidence(broken), pytest.raises(sqlite3.IntegrityError):  # type: ignore[arg-type]
        table.submit(CAMERA, "add 1")
    assert table.version == 0
    assert table.store.log(table.game_id) == [] == table.log()
    assert table.store.pictured_entries(table.game_id) == set()
    assert table.read(lambda game: game.total) == 0
    table.submit(CAMERA, "add 1")  # the table goes on
    assert table.version == 1


def test_the_log_kept_in_memory_is_the_stores(table: Table, tmp_path: Path):
    for step in ("A add 1", "B add 2", "undo B", "B add 1", "A add 3", "undo A", "undo JUDGE"):
        who, _, text = step.partition(" ")
        if who == "undo":
            table.undo(JUDGE if text == "JUDGE" else text)
        else:
            table.submit(who, text)
    # the store's entries, with what the rules said of each push (replayed, not stored)
    stored = [
        {**entry, "notices": []} if entry["kind"] == "push" else entry
        for entry in table.store.log(table.game_id)
    ]
    assert table.log() == stored
    assert table.log(2) == stored[-2:]
    reopened = Table.resume(Store(table.store.path))
    assert reopened is not None and reopened.log() == table.log()


def test_a_logged_action_keeps_its_rule_notices_through_undo_and_resume(tmp_path: Path):
    """The rules' own decisions are in the log entry of the action that caused them, the same
    after the table is opened again (replayed, never stored twice)."""
    from companion.games.dreamblade.demo_game import demo_game

    setup = demo_game().record()
    setup.pop("actions")
    store = Store(tmp_path / "db.sqlite3")
    table = Table.new_game(store, "dreamblade", setup)
    published: list[ev.Event] = []
    table.bus.subscribe(published.append, {ev.NOTICE})
    table.submit("A", "init 1 1")  # turn 1: both 1s are rolled again
    table.submit("A", "init 3 3")  # a tie, rolled again
    table.undo("A")
    table.submit("A", "init 3 5")
    keys = [[n["key"] for n in entry.get("notices", [])] for entry in table.log()]
    assert keys == [
        ["notice.rule.dreamblade.ones_rerolled.turn_1"],
        ["notice.rule.dreamblade.tie_rerolled"],
        [],
        ["notice.rule.dreamblade.first_player"],
    ]
    assert [e.data["key"] for e in published] == [k[0] for k in keys if k]
    resumed = Table.resume(Store(tmp_path / "db.sqlite3"))
    assert resumed is not None
    assert resumed.log() == table.log()
