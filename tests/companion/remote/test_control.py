"""A table's remote session as the runtime and the panel drive it, through the broker
``companion remote broker`` writes (real Mosquitto, TLS with the pinned certificate, the generated
accounts and ACL): the host invites, the guest joins with the code, both play; a restarted table
resumes from its store."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.remote import control as control_module
from companion.remote.broker import (
    BrokerSecrets,
    RemoteBroker,
    host_section,
    start_broker,
    stop_broker,
    write_broker,
)
from companion.remote.control import (
    RemoteControl,
    RemoteRefused,
    guest_join,
    host_invite,
    tls_connector,
)
from companion.remote.link import GuestLink, HostLink
from companion.remote.state import RemoteState
from companion.settings import RemoteSettings
from companion.table.store import Store
from companion.table.table import PausedError, Table
from tests.companion.hub.mqtt import free_port, wait_for

pytestmark = pytest.mark.usefixtures("counter_game_registered")

Broker = tuple[RemoteBroker, BrokerSecrets]


def _table(path: Path, start: int = 0) -> Table:
    return Table.new_game(Store(path), "test-counter", {"version": 1, "start": start})


@pytest.fixture
def controls(
    remote_broker: Broker, tmp_path: Path
) -> Iterator[tuple[RemoteControl, RemoteControl]]:
    plan, found = remote_broker
    remote = RemoteSettings.model_validate(host_section(plan, found))
    host = RemoteControl(_table(tmp_path / "host.sqlite3"), remote,
                         tls_connector(tmp_path / "host"))  # fmt: skip
    guest = RemoteControl(_table(tmp_path / "guest.sqlite3", 4), RemoteSettings(),
                          tls_connector(tmp_path / "guest"))  # fmt: skip
    yield host, guest
    for control in (host, guest):
        control.close()


def _playing(*controls: RemoteControl) -> bool:
    return all(c.table.held is None and c.link is not None for c in controls)


@pytest.mark.process
def test_the_host_invites_the_guest_joins_with_the_code_and_both_play(
    controls: tuple[RemoteControl, RemoteControl],
):
    host, guest = controls
    assert not host.start() and not guest.start()  # no session in either store yet
    code = host.invite()
    assert code.startswith("TTC1-") and host.current_invite() == code
    assert isinstance(host.link, HostLink)
    assert wait_for(lambda: host.table.state()["remote"]["partner"] == "waiting")
    with pytest.raises(PausedError):  # nobody to play against yet
        host.table.submit("A", "add 1")
    guest.join(host.invite_link(code, "http://127.0.0.1:8000/table"))  # the link, pasted
    assert isinstance(guest.link, GuestLink)
    assert guest.state.session().code == code  # type: ignore[union-attr]
    assert wait_for(lambda: _playing(host, guest))
    assert guest.table.state()["position"] == {"version": 1, "total": 0}  # the host's game
    host.table.submit("A", "add 2")
    assert wait_for(lambda: guest.table.version == 1)
    assert guest.table.submit("B", "add 3", version=1).version == 2
    assert host.table.store.record(host.table.game_id)["actions"] == ["add 2", "add 3"]
    assert guest.current_invite() is None  # the code is the host's to show


@pytest.mark.process
def test_a_bad_code_is_refused_with_its_catalog_key_and_changes_nothing(
    controls: tuple[RemoteControl, RemoteControl],
):
    host, guest = controls
    code = host.invite()
    typo = code[:-3] + ("0" if code[-3] != "0" else "1") + code[-2:]
    with pytest.raises(RemoteRefused) as refused:
        guest.join(typo)
    assert refused.value.key == "remote.invite.checksum"
    with pytest.raises(RemoteRefused) as refused:
        guest.join("hello friend")
    assert refused.value.key == "remote.invite.garbled"
    with pytest.raises(RemoteRefused) as refused:
        guest.join(host.invite_link(code, "http://127.0.0.1:8000/table")[:-20])  # cut short
    assert refused.value.key == "remote.invite.short"
    assert guest.state.session() is None and guest.link is None
    assert guest.table.state()["remote"] is None


def test_a_table_without_a_remote_section_cannot_invite(tmp_path: Path):
    control = RemoteControl(_table(tmp_path / "t.sqlite3"), RemoteSettings(),
                            tls_connector(tmp_path))  # fmt: skip
    with pytest.raises(RemoteRefused) as refused:
        control.invite()
    assert refused.value.key == "remote.not_configured"


@pytest.mark.process
def test_restarted_tables_find_their_session_and_play_on(
    controls: tuple[RemoteControl, RemoteControl], remote_broker: Broker, tmp_path: Path
):
    host, guest = controls
    guest.join(host.invite())
    assert wait_for(lambda: _playing(host, guest))
    host.table.submit("A", "add 1")
    assert wait_for(lambda: guest.table.version == 1)
    for control in (host, guest):  # both tables stop
        control.close()
        control.table.store.close()
    plan, found = remote_broker
    reopened = []
    for name, remote in (("host", RemoteSettings.model_validate(host_section(plan, found))),
                         ("guest", RemoteSettings())):  # fmt: skip
        table = Table.resume(Store(tmp_path / f"{name}.sqlite3"))
        assert table is not None
        control = RemoteControl(table, remote, tls_connector(tmp_path / name))
        assert control.start()
        reopened.append(control)
    try:
        again_host, again_guest = reopened
        assert wait_for(lambda: _playing(again_host, again_guest), 15)
        assert again_guest.table.submit("B", "add 2", version=1).version == 2
        assert again_host.table.state()["position"] == {"version": 1, "total": 3}
    finally:
        for control in reopened:
            control.close()


@pytest.mark.process
def test_sessions_written_before_the_tables_run_start_with_them(
    remote_broker: Broker, tmp_path: Path
):
    """As ``companion remote host`` / ``join CODE`` do: the session goes in the store, then the
    table runs and finds it."""
    plan, found = remote_broker
    remote = RemoteSettings.model_validate(host_section(plan, found))
    host_table, guest_table = _table(tmp_path / "h.sqlite3"), _table(tmp_path / "g.sqlite3")
    _, code = host_invite(RemoteState(host_table.store), remote, "test-counter")
    session = guest_join(RemoteState(guest_table.store), code)
    assert (session.role, session.seat) == ("guest", "B")
    with pytest.raises(RemoteRefused):
        guest_join(RemoteState(guest_table.store), "TTC1-0000")
    assert RemoteState(guest_table.store).session() == session  # a bad code changed nothing
    host = RemoteControl(host_table, remote, tls_connector(tmp_path / "h"))
    guest = RemoteControl(guest_table, RemoteSettings(), tls_connector(tmp_path / "g"))
    try:
        assert host.start() and guest.start()
        assert wait_for(lambda: _playing(host, guest))
    finally:
        host.close()
        guest.close()


@pytest.mark.process
def test_a_stored_session_whose_broker_cannot_be_reached_waits_paused_and_starts_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    """No network at boot: the broker's certificate can't be fetched yet. The guest table stays
    paused (never a table on its own that lets anyone act for the host's seat) and its link
    starts by itself once the broker is there."""
    monkeypatch.setattr(control_module, "RETRY_SECONDS", 0.2)
    plan = RemoteBroker(tmp_path / "broker", "127.0.0.1", port=free_port(), listen="127.0.0.1")
    found = write_broker(plan)  # written, not running yet
    remote = RemoteSettings.model_validate(host_section(plan, found))
    host_table, guest_table = _table(tmp_path / "h.sqlite3"), _table(tmp_path / "g.sqlite3")
    _, code = host_invite(RemoteState(host_table.store), remote, "test-counter")
    guest_join(RemoteState(guest_table.store), code)
    guest = RemoteControl(guest_table, RemoteSettings(), tls_connector(tmp_path / "g"))
    host = RemoteControl(host_table, remote, tls_connector(tmp_path / "h"))
    process = None
    try:
        assert guest.start()
        assert guest.link is None and guest.problem is not None
        assert guest_table.held == "link_down"
        with pytest.raises(PausedError):
            guest_table.submit("A", "add 1")
        process = start_broker(plan)
        assert host.start()
        assert wait_for(lambda: _playing(host, guest), 20)
        assert guest.problem is None
    finally:
        host.close()
        guest.close()
        if process is not None:
            stop_broker(process)


@pytest.mark.process
def test_a_table_whose_account_the_broker_refuses_says_so_and_plays_on_when_it_is_right(
    remote_broker: Broker, tmp_path: Path
):
    """A wrong password (the broker's accounts made again, a config copied wrong) is not a lost
    link: the table says the broker refused its account, which no waiting will mend."""
    plan, found = remote_broker
    section = host_section(plan, found)
    wrong = RemoteSettings.model_validate({**section, "host_password": "not-the-password"})
    host = RemoteControl(_table(tmp_path / "host.sqlite3"), wrong, tls_connector(tmp_path / "h"))
    try:
        host.invite()
        assert wait_for(lambda: host.table.held == "account_refused")
        assert host.table.state()["remote"]["connected"] is False
        with pytest.raises(PausedError) as refused:
            host.table.submit("A", "add 1")
        assert refused.value.reason == "account_refused"
        assert host.table.version == 0
    finally:
        host.close()
    # the same store with the right settings: a lost link at worst, never "refused"
    store_path = host.table.store.path
    host.table.store.close()
    table = Table.resume(Store(store_path))
    assert table is not None
    right = RemoteSettings.model_validate(section)
    fixed = RemoteControl(table, right, tls_connector(tmp_path / "h"))
    try:
        fixed.invite()
        assert wait_for(lambda: table.state()["remote"]["connected"] is True)
        assert table.held == "partner_away"  # no guest yet: waiting, the account taken
    finally:
        fixed.close()
