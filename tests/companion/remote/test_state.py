"""The remote session in the table's store: single-use invites, kept answers, a restart."""

from pathlib import Path

from companion.remote.state import RemoteState
from companion.table.store import Store


def test_a_table_on_its_own_has_no_session(tmp_path: Path):
    assert RemoteState(Store(tmp_path / "t.sqlite3")).session() is None


def test_an_invite_binds_its_first_guest_only_and_a_new_one_kills_it(tmp_path: Path):
    state = RemoteState(Store(tmp_path / "t.sqlite3"))
    state.start_host({"room": "r"}, {"room": "r", "username": "guest"}, "B", "dreamblade")
    code = state.new_invite(lambda nonce: f"TTC1-{nonce}")
    session = state.session()
    assert session is not None and session.code == code and session.bound is None
    nonce = session.nonce or ""
    assert state.bind(nonce, "g-1")
    assert state.bind(nonce, "g-1")  # the same guest again (it reconnected)
    assert not state.bind(nonce, "g-2")  # a photo of the code seats nobody else
    assert not state.bind("guessed", "g-3")
    state.new_invite(lambda nonce: f"TTC1-{nonce}")
    assert not state.bind(nonce, "g-1")  # the old invite died with its guest
    assert state.session().bound is None  # type: ignore[union-attr]


def test_the_session_and_the_answers_survive_a_restart(tmp_path: Path):
    path = tmp_path / "t.sqlite3"
    state = RemoteState(Store(path))
    state.start_guest({"room": "r"}, "B", "n1", "TTC1-x")
    state.follows(11, 2)
    state.keep_answer("p1", "g", {"id": "p1", "ok": True, "version": 4})
    state.store.close()
    again = RemoteState(Store(path))
    session = again.session()
    assert session is not None
    assert (session.role, session.seat, session.nonce, session.code) == ("guest", "B", "n1",
                                                                         "TTC1-x")  # fmt: skip
    assert session.guest_id is not None and session.guest_id.startswith("g-")
    assert (session.host_game, session.local_game) == (11, 2)
    assert again.answer("p1", "g") == {"id": "p1", "ok": True, "version": 4}
    assert again.answer("p1", "someone else") is None
    again.end()
    assert again.session() is None and again.answer("p1", "g") is None
