"""The seated players' label registrations a table keeps for its tournament match, in its
session (the table's store)."""

import json
from pathlib import Path

from companion.table.seated_labels import clear_seated, load_seated, save_seated
from companion.table.session import Session, stored_labels
from companion.table.store import Store
from vision.board_change import TagId
from vision.registration import LabelRegistration

ANN = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1)}, 3)
BEN = LabelRegistration("aruco4x4", {2: TagId("db", "Z12", 1)}, 8)


def test_the_seated_labels_survive_a_restart_and_are_cleared(tmp_path: Path) -> None:
    store = Store(tmp_path / "table.sqlite")
    session = Session(store)
    assert load_seated(session) == {}
    save_seated(session, 7, {"A": ANN, "B": BEN})
    assert load_seated(Session(store)) == {"A": ANN, "B": BEN}
    revision = session.labels_revision
    save_seated(session, 7, {"A": ANN, "B": BEN})  # the same again: nothing changes
    assert session.labels_revision == revision
    save_seated(session, 8, {"B": BEN})
    assert load_seated(session) == {"B": BEN}
    assert session.labels_revision == revision + 1
    assert set(stored_labels(store.path)) == {"B"}  # read without writing (companion doctor)
    save_seated(session, 9, {})  # a pairing without labels: none
    assert load_seated(session) == {}
    save_seated(session, 9, {"A": ANN})
    clear_seated(session)
    assert load_seated(session) == {}


def test_a_damaged_entry_is_left_out(tmp_path: Path) -> None:
    store = Store(tmp_path / "table.sqlite")
    session = Session(store)
    save_seated(session, 7, {"A": ANN, "B": BEN})
    data = session.labels()
    session.set_labels(7, {"A": data["A"], "B": {**data["B"], "key": 99}})
    assert load_seated(session) == {"A": ANN}  # seat B's entry no longer loads
    with store.transaction() as db:
        db.execute("UPDATE session_labels SET registration='{not json' WHERE seat='A'")
    assert session.labels() == {"B": json.loads(json.dumps({**data["B"], "key": 99}))}
    assert load_seated(session) == {}
