"""The table's remote-play gate: holding refuses everything and changes nothing; a guest forwards
its proposals and follows the host's log (idempotently, with the host's proposers)."""

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion import events as ev
from companion.errors import IllegalActionError
from companion.table.proposers import CAMERA, JUDGE, Proposer
from companion.table.store import Store
from companion.table.table import Accepted, PausedError, SeatError, Table

pytestmark = pytest.mark.usefixtures("counter_game_registered")

SETUP = {"version": 1, "start": 0}


def _table(path: Path) -> Table:
    return Table.new_game(Store(path), "test-counter", SETUP)


@pytest.fixture
def table(tmp_path: Path) -> Table:
    return _table(tmp_path / "t.sqlite3")


def test_a_held_table_refuses_every_action_and_undo_and_changes_nothing(table: Table):
    table.submit("A", "add 1")
    seen: list[ev.Event] = []
    table.bus.subscribe(seen.append)
    table.hold("link_down")
    before = table.state()
    for attempt in (
        lambda: table.submit("B", "add 2"),
        lambda: table.submit(JUDGE, "add 2"),
        lambda: table.undo("A"),
        table.undo_last,
    ):
        with pytest.raises(PausedError) as refused:
            attempt()
        assert refused.value.reason == "link_down"
    assert table.state() == before
    assert table.store.record(table.game_id)["actions"] == ["add 1"]
    assert [e.kind for e in seen] == [ev.REMOTE_CHANGED]  # the hold, and nothing else
    table.release()
    assert table.submit("B", "add 2").version == 2
    assert [e.kind for e in seen] == [ev.REMOTE_CHANGED] * 2 + ["added", ev.ACTION_APPLIED]


def test_holding_and_releasing_publish_the_remote_block_once_each(table: Table):
    changes: list[dict[str, Any]] = []
    table.bus.subscribe(lambda e: changes.append(e.data["remote"]), kinds={ev.REMOTE_CHANGED})
    remote = {"role": "host", "seat": "B", "partner": "online", "connected": True, "names": {}}
    table.set_remote(remote)
    table.hold("partner_away")
    table.hold("partner_away")  # no change: not published again
    table.release()
    assert [c["paused"] for c in changes] == [None, "partner_away", None]
    assert table.state()["remote"] == {**remote, "paused": None}
    with pytest.raises(ValueError):
        table.hold("coffee")


def test_a_normal_table_has_no_remote_block(table: Table):
    assert table.state()["remote"] is None
    assert table.held is None


def test_follow_applies_the_hosts_entries_once_with_the_hosts_proposers(tmp_path: Path):
    host = _table(tmp_path / "host.sqlite3")
    guest = _table(tmp_path / "guest.sqlite3")
    host.submit("A", "add 1")
    host.submit(JUDGE, "add 2")
    host.submit("A", "add 3")
    host.undo("A")
    applied: list[ev.Event] = []
    guest.bus.subscribe(applied.append, kinds={ev.ACTION_APPLIED, ev.UNDONE})
    assert guest.follow(host.log()[:2]) == 2
    assert guest.follow(host.log()) == 2  # the first two again: ignored
    assert guest.follow(host.log()) == 0
    assert guest.version == host.version == 4
    assert guest.state()["position"] == host.state()["position"]
    assert [(e["kind"], e["action"], e["by"], e["seat"]) for e in guest.log()] == [
        (e["kind"], e["action"], e["by"], e["seat"]) for e in host.log()
    ]
    assert [(e.kind, e.data["by"], e.data["seat"]) for e in applied] == [
        (ev.ACTION_APPLIED, "seat", "A"),
        (ev.ACTION_APPLIED, "judge", None),
        (ev.ACTION_APPLIED, "seat", "A"),
        (ev.UNDONE, "seat", "A"),
    ]
    # stored as the host's: a restarted guest knows who pushed what
    reopened = Table.resume(Store(tmp_path / "guest.sqlite3"))
    assert reopened is not None
    assert reopened.log() == guest.log()


def test_follow_refuses_a_log_with_a_gap_and_applies_nothing(tmp_path: Path):
    host = _table(tmp_path / "host.sqlite3")
    guest = _table(tmp_path / "guest.sqlite3")
    for seat, text in (("A", "add 1"), ("B", "add 1"), ("A", "add 1")):
        host.submit(seat, text)
    with pytest.raises(ValueError, match="skips"):
        guest.follow(host.log()[2:])
    assert guest.version == 0


def test_follow_works_while_held_and_a_new_host_game_replaces_the_guests(tmp_path: Path):
    host = _table(tmp_path / "host.sqlite3")
    guest = _table(tmp_path / "guest.sqlite3")
    old_game = guest.game_id
    host.submit("A", "add 3")
    guest.hold("syncing")
    guest.follow(host.log(), {"version": 1, "start": 4}, "test-counter")
    assert guest.game_id != old_game
    assert guest.state()["position"] == {"version": 1, "total": 7}
    assert guest.held == "syncing"


class _Host:
    """A forwarder that submits to a host table and follows its log, as the link does."""

    def __init__(self, host: Table, guest: Table) -> None:
        self.host, self.guest = host, guest
        self.calls: list[tuple[str, Proposer]] = []

    def submit(self, proposer: Proposer, text: str, version: Any, game_id: Any) -> Accepted:
        self.calls.append(("submit", proposer))
        accepted = self.host.submit("B", text, version=version)
        self.guest.follow(self.host.log())
        return accepted

    def undo(self, proposer: Proposer, version: Any, game_id: Any) -> Accepted:
        self.calls.append(("undo", proposer))
        accepted = self.host.undo("B", version=version)
        self.guest.follow(self.host.log())
        return accepted


def test_a_guest_forwards_every_proposal_and_gets_the_hosts_answer(tmp_path: Path):
    host = _table(tmp_path / "host.sqlite3")
    guest = _table(tmp_path / "guest.sqlite3")
    forwarder = _Host(host, guest)
    guest.forward_to(forwarder)
    host.submit("A", "add 1")
    guest.follow(host.log())
    with pytest.raises(IllegalActionError):  # the host's answer, as the host gave it
        guest.submit("B", "add 9")
    accepted = guest.submit(CAMERA, "add 2", version=1)
    assert accepted.version == 2 == guest.version  # the guest's state already shows it
    with pytest.raises(SeatError):
        guest.submit("A", "add 1")
    assert guest.undo_last().version == 3
    assert forwarder.calls == [("submit", "B"), ("submit", CAMERA), ("submit", "A"), ("undo", "B")]
    assert [(e["kind"], e["action"], e["seat"]) for e in guest.log()] == [
        ("push", "add 1", "A"),
        ("push", "add 2", "B"),
        ("undo", None, "B"),
    ]
    guest.hold("link_down")
    with pytest.raises(PausedError):
        guest.submit("B", "add 1")
    assert len(forwarder.calls) == 4  # a held guest does not even ask


def test_what_is_kept_with_an_action_is_kept_with_it_or_neither(table: Table):
    """A remote host keeps its answer to a proposal in the action's own transaction."""
    with table.store.transaction() as db:
        db.execute("CREATE TABLE answers (seq INTEGER)")

    def broken(db: sqlite3.Connection, seq: int) -> None:
        db.execute("INSERT INTO answers VALUES (?)", (seq,))
        raise sqlite3.OperationalError("the disk went away")

    before = table.state()
    with pytest.raises(sqlite3.OperationalError):
        table.submit("A", "add 1", kept_with=broken)
    assert table.state() == before
    assert table.store.record(table.game_id)["actions"] == []
    assert table.store.rows("SELECT seq FROM answers") == []

    def kept(db: sqlite3.Connection, seq: int) -> None:
        db.execute("INSERT INTO answers VALUES (?)", (seq,))

    assert table.submit("A", "add 1", kept_with=kept).version == 1
    assert table.undo("A", kept_with=kept).version == 2
    assert table.store.rows("SELECT seq FROM answers") == [(1,), (2,)]
