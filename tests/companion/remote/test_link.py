"""The host's and the guest's links through a real Mosquitto, two in-process tables."""

import logging
import socket
import time
from pathlib import Path

import pytest

from companion.remote import messages as msg
from companion.remote.link import HELLO_AGAIN_SECONDS, GuestLink, HostLink
from companion.remote.state import RemoteState
from companion.settings import SeatSettings
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import PausedError, SeatError, Table
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.pair import (
    ROOM,
    SEATS,
    Pair,
    Reach,
    guest_table,
    linked_pair,
    plain_client,
)

pytestmark = pytest.mark.usefixtures("counter_game_registered")


@pytest.fixture
def pair(tmp_path: Path):
    with linked_pair(tmp_path) as linked:
        yield linked


def _same_record(pair: Pair) -> bool:
    host, guest = pair.host.table, pair.guest.table
    return [(e["kind"], e["action"], e["by"], e["seat"]) for e in host.log()] == [
        (e["kind"], e["action"], e["by"], e["seat"]) for e in guest.log()
    ] and host.version == guest.version


@pytest.mark.process
def test_the_guest_joins_and_follows_the_hosts_game(pair: Pair):
    host, guest = pair.host.table, pair.guest.table
    assert guest.state()["position"] == host.state()["position"] == {"version": 1, "total": 0}
    assert guest.state()["remote"] == {
        "role": "guest", "seat": "B", "partner": "online", "connected": True,
        "names": {"A": "Player A", "B": "Player B"},
        "paused": None,
    }  # fmt: skip
    assert host.state()["remote"]["role"] == "host"
    assert host.state()["remote"]["partner"] == "online"
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    assert _same_record(pair)


@pytest.mark.process
def test_the_guest_shows_the_host_players_names_in_its_own_colours(pair: Pair):
    host, guest = pair.host.table, pair.guest.table
    colours = {seat: s.colour for seat, s in pair.guest.seats().items()}
    host.session.set_seats(
        {
            "A": SeatSettings(name="Aiko", colour="#112233"),
            "B": SeatSettings(name="Ben", colour="#445566"),
        }
    )
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    seats = guest.session.seats()
    assert {seat: s.name for seat, s in seats.items()} == {"A": "Aiko", "B": "Ben"}
    assert {seat: s.colour for seat, s in seats.items()} == colours
    # the remote block follows once the entry is applied
    assert wait_for(lambda: guest.state()["remote"]["names"] == {"A": "Aiko", "B": "Ben"})


@pytest.mark.process
def test_a_guest_action_is_applied_at_the_host_and_mirrored_back(pair: Pair):
    host, guest = pair.host.table, pair.guest.table
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    accepted = guest.submit("B", "add 3", version=1)
    assert accepted.version == 2 == guest.version  # the guest shows it when its phone hears
    assert host.store.record(host.game_id)["actions"] == ["add 1", "add 3"]
    assert guest.store.record(guest.game_id)["actions"] == ["add 1", "add 3"]
    assert host.log()[-1]["seat"] == "B"
    # refusals come back as the table's own errors; nothing changed
    with pytest.raises(SeatError):
        guest.submit("B", "add 1")  # the game waits for A: refused, and in the host's log
    assert pair.host.refusals[-1].startswith("the guest's seat B tried action out of turn")
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 3)
    with pytest.raises(SeatError):  # the last action is the host's: the guest's undo can't
        guest.undo_last()
    guest.submit("B", "add 2", version=3)
    assert guest.undo("B").version == 5
    assert _same_record(pair)
    assert host.state()["position"] == guest.state()["position"] == {"version": 1, "total": 5}


@pytest.mark.process
def test_the_guest_acting_for_the_hosts_seat_is_refused_and_logged(
    pair: Pair, caplog: pytest.LogCaptureFixture
):
    guest, host = pair.guest.table, pair.host.table
    with caplog.at_level(logging.WARNING, "companion.remote.link"):
        with pytest.raises(SeatError, match="seat B only"):
            guest.submit("A", "add 1", version=0)
        with pytest.raises(SeatError, match="seat B only"):
            guest.submit("A", "add 2")
    assert host.version == 0 == guest.version
    assert pair.host.refusals == ["the guest tried to act for seat A (it plays seat B)"] * 2
    assert "the guest tried to act for seat A" in caplog.text


@pytest.mark.process
def test_a_duplicate_proposal_is_answered_again_and_applied_once(pair: Pair):
    host = pair.host.table
    host.submit("A", "add 1")
    guest_id = pair.guest.state.session().guest_id  # type: ignore[union-attr]
    replies: list[msg.Reply] = []
    spy = plain_client("rcore-spy")
    spy.on_message = lambda _c, _u, m: replies.append(msg.read(msg.Reply, "reply", m.payload))
    spy.connect("127.0.0.1", pair.broker.port)
    spy.subscribe(f"{ROOM}/host/reply", qos=1)
    spy.loop_start()
    try:
        proposal = msg.Proposal(
            id="dup-1", guest_id=guest_id, kind="action", seat="B", text="add 2", version=1,
            game_id=host.game_id,
        )  # fmt: skip
        for _ in range(3):  # the same proposal, late and again
            spy.publish(f"{ROOM}/guest/propose", proposal.payload(), qos=1)
        assert wait_for(lambda: len([r for r in replies if r.id == "dup-1"]) == 3)
        # the host table stops right after and starts again from its store: the same answer
        pair.host.close()
        host.store.close()
        reopened = Table.resume(Store(host.store.path))
        assert reopened is not None
        pair.host = pair.host_link(reopened, RemoteState(reopened.store))
        assert wait_for(pair.playing)
        spy.publish(f"{ROOM}/guest/propose", proposal.payload(), qos=1)
        assert wait_for(lambda: len([r for r in replies if r.id == "dup-1"]) == 4)
        host = reopened
    finally:
        spy.loop_stop()
        spy.disconnect()
    answers = {r.model_dump_json() for r in replies if r.id == "dup-1"}
    assert answers == {msg.Reply(id="dup-1", ok=True, version=2, game_id=host.game_id)
                       .model_dump_json()}  # fmt: skip
    assert host.store.record(host.game_id)["actions"] == ["add 1", "add 2"]
    assert wait_for(lambda: pair.guest.table.version == 2)


@pytest.mark.process
def test_unreadable_messages_are_dropped_and_counted_and_the_loop_goes_on(pair: Pair):
    spy = plain_client("rcore-spy")
    spy.connect("127.0.0.1", pair.broker.port)
    spy.loop_start()
    try:
        for payload in (b"not json", b'{"v": 1, "id": "x"}', b"[" * 200 + b"]" * 200,
                        b'{"v":1,"id":"big","guest_id":"g","kind":"action","seat":"B","text":"'
                        + b"x" * 5000 + b'"}'):  # fmt: skip
            spy.publish(f"{ROOM}/guest/propose", payload, qos=1).wait_for_publish(5)
        spy.publish(f"{ROOM}/host/presence", b'{"v": 2, "online": "yes"}', qos=1)
        assert wait_for(lambda: pair.host.dropped == 4 and pair.guest.dropped == 1)
    finally:
        spy.loop_stop()
        spy.disconnect()
    guest = pair.guest.table
    pair.host.table.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    assert guest.submit("B", "add 2").version == 2  # both loops still answer


@pytest.mark.process
def test_a_second_guest_with_a_used_invite_is_refused(pair: Pair, tmp_path: Path):
    nonce = pair.host.state.session().nonce  # type: ignore[union-attr]
    other, other_state = guest_table(tmp_path / "other.sqlite3", nonce or "")
    link = pair.guest_link(other, other_state, name="rcore-guest-2")
    assert wait_for(lambda: link.refused == "invite_used")
    assert other.held is not None
    with pytest.raises(PausedError):
        other.submit("B", "add 1")
    assert other.state()["position"] == {"version": 1, "total": 5}  # never saw the host's game
    assert any("used or old invite" in note for note in pair.host.refusals)
    assert pair.playing()  # the invited guest plays on


@pytest.mark.process
def test_both_tables_pause_when_the_broker_goes_and_resume_when_it_is_back(pair: Pair):
    host, guest = pair.host.table, pair.guest.table
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    pair.broker.stop()
    assert wait_for(lambda: host.held == "link_down" and guest.held == "link_down")
    with pytest.raises(PausedError) as refused:
        guest.submit("B", "add 1")
    assert refused.value.reason == "link_down"
    assert guest.state()["remote"]["connected"] is False
    pair.broker.start()  # a new broker: nothing retained; the links say it all again
    assert wait_for(pair.playing, 15)
    assert guest.submit("B", "add 2").version == 2
    assert _same_record(pair)


RESUME_BUDGET = 3.0  # seconds from the broker being back to both tables playing (issue 36)
DOWN = 8.0  # seconds the broker stays down: any doubling backoff is far along by then


def _sends_at_once(link: HostLink | GuestLink) -> bool:
    sock = link.client.socket()
    assert sock is not None
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0


@pytest.mark.process
def test_play_resumes_within_3_s_of_the_broker_coming_back_without_hammering_it(pair: Pair):
    """Issue 36: the resume took 12–15 s (a backoff doubling to 10 s). The tables resume within
    the budget, and while the broker was down each tried it at most once every 1.5 s."""
    attempts: list[float] = []
    for link in (pair.host, pair.guest):
        link.client.on_connect_fail = lambda _c, _u: attempts.append(time.monotonic())
    pair.broker.stop()
    assert wait_for(lambda: not pair.host.connected and not pair.guest.connected)
    time.sleep(DOWN)
    tried = len(attempts)
    pair.broker.start()  # returns once it listens
    back = time.monotonic()
    assert wait_for(pair.playing, 15)
    resumed = time.monotonic() - back
    assert resumed <= RESUME_BUDGET, f"resumed {resumed:.1f} s after the broker came back"
    assert 2 <= tried <= 2 * DOWN / 1.5, f"{tried} attempts by two tables in {DOWN:g} s"
    assert all(_sends_at_once(link) for link in (pair.host, pair.guest))  # the new sockets too
    pair.host.table.submit("A", "add 1")
    assert pair.guest.table.submit("B", "add 2", version=1).version == 2


@pytest.mark.process
def test_each_link_sends_its_messages_at_once(pair: Pair):
    """Nagle off: a proposal written just after the table acknowledged the host's game no longer
    waits for the broker's delayed ACK (issue 37: 40 ms added guest → host)."""
    assert _sends_at_once(pair.host) and _sends_at_once(pair.guest)


@pytest.mark.process
def test_a_restarted_host_resumes_the_session_from_its_store(pair: Pair):
    host, guest = pair.host.table, pair.guest.table
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    guest.submit("B", "add 2")
    pair.host.close()  # the host table stops (its presence goes offline)
    assert wait_for(lambda: guest.held == "partner_away")
    with pytest.raises(PausedError):
        guest.submit("B", "add 1")
    store_path = host.store.path
    host.store.close()
    reopened = Table.resume(Store(store_path))
    assert reopened is not None
    state = RemoteState(reopened.store)
    assert state.session() is not None
    assert state.session().bound == pair.guest.state.session().guest_id  # type: ignore[union-attr]
    pair.host = pair.host_link(reopened, state)
    assert wait_for(pair.playing)
    reopened.submit("A", "add 3")
    assert guest.submit("B", "add 1", version=3).version == 4
    assert _same_record(pair)


@pytest.mark.process
def test_a_host_link_for_a_killed_host_turns_offline_by_its_will(pair: Pair):
    """The host's process vanished without a word (no close): the broker's Last Will tells the
    guest, which pauses."""
    guest = pair.guest.table
    link: HostLink = pair.host
    sock = link.client.socket()
    link.client.loop_stop()  # no more pings, nothing said
    assert sock is not None
    sock.close()
    assert wait_for(lambda: guest.held == "partner_away", 20)


@pytest.mark.process
def test_a_late_message_of_the_hosts_earlier_game_changes_nothing(pair: Pair):
    host, guest = pair.host.table, pair.guest.table
    host.submit("A", "add 1")
    assert wait_for(lambda: guest.version == 1)
    old = msg.GameLog.model_validate_json(
        pair.host._game_message(pair.host.state.session()).payload()
    )
    host.start_game(StartRequest(host.read(lambda g: type(g)(2))))  # the host starts a new game
    assert wait_for(lambda: guest.state()["position"] == {"version": 1, "total": 2})
    followed = guest.game_id
    spy = plain_client("rcore-spy")
    spy.connect("127.0.0.1", pair.broker.port)
    spy.loop_start()
    try:  # the old game's message, late (and again the current one, duplicated)
        spy.publish(f"{ROOM}/host/game", old.payload(), qos=1).wait_for_publish(5)
        current = pair.host._game_message(pair.host.state.session())
        spy.publish(f"{ROOM}/host/game", current.payload(), qos=1).wait_for_publish(5)
    finally:
        spy.loop_stop()
        spy.disconnect()
    host.submit("A", "add 3")  # a message that surely comes after both
    assert wait_for(lambda: guest.version == 1)
    assert guest.game_id == followed
    assert guest.state()["position"] == {"version": 1, "total": 5}
    assert _same_record(pair)


@pytest.mark.process
def test_what_the_host_publishes_never_names_the_guests_id(pair: Pair):
    """Someone with a leaked invite reads the host's topics (the guest's account may): they see
    only a hash of the guest's id, and a proposal under that hash is not the guest's."""
    host = pair.host.table
    guest_id = pair.guest.state.session().guest_id  # type: ignore[union-attr]
    assert guest_id is not None
    heard: list[tuple[str, bytes]] = []
    spy = plain_client("rcore-leak")
    spy.on_message = lambda _c, _u, m: heard.append((m.topic, m.payload))
    spy.connect("127.0.0.1", pair.broker.port)
    spy.subscribe(f"{ROOM}/host/#", qos=1)
    spy.loop_start()
    try:
        host.submit("A", "add 1")
        assert wait_for(lambda: any(topic.endswith("/game") for topic, _ in heard))
        game = next(p for t, p in reversed(heard) if t.endswith("/game"))
        mark = msg.read(msg.GameLog, "game", game).guest
        assert mark == msg.guest_mark(guest_id) != guest_id
        intruder = msg.Proposal(
            id="leak-1", guest_id=mark, kind="action", seat="B", text="add 2", version=1,
            game_id=host.game_id,
        )  # fmt: skip
        spy.publish(f"{ROOM}/guest/propose", intruder.payload(), qos=1)
        assert wait_for(lambda: any(b'"leak-1"' in p for t, p in heard if t.endswith("/reply")))
    finally:
        spy.loop_stop()
        spy.disconnect()
    assert all(guest_id.encode() not in payload for _, payload in heard)
    reply = next(msg.read(msg.Reply, "reply", p) for t, p in heard if b'"leak-1"' in p)
    assert not reply.ok and reply.error is not None and reply.error.kind == "not_invited"
    assert host.version == 1  # nothing applied


@pytest.mark.process
def test_a_guest_that_missed_the_hosts_game_asks_again_and_plays(pair: Pair):
    """The host's game lost on its way to a guest coming back (seen under load: the guest
    stayed "catching up"): the guest says hello again and the host sends the game again."""
    table, state = pair.guest.table, pair.guest.state
    pair.guest.close()  # the guest table's link goes (a restart); a new one comes back
    link = GuestLink(table, state, Reach("127.0.0.1", pair.broker.port),
                     lambda: plain_client("rcore-guest"), seats=SEATS)  # fmt: skip
    lost: list[bytes] = []  # every game the host sends while the way is bad
    bad_way = True
    follow = link._handlers["game"]
    link._handlers["game"] = lambda payload: lost.append(payload) if bad_way else follow(payload)
    pair.links.append(link)
    link.start()
    assert wait_for(lambda: bool(lost), 5)  # the game came, and was lost on the way
    time.sleep(0.5)
    assert not link.synced and table.held == "syncing"
    bad_way = False
    assert wait_for(lambda: link.synced, 3 * HELLO_AGAIN_SECONDS)
    assert table.held is None
    pair.host.table.submit("A", "add 1")
    assert wait_for(lambda: table.version == pair.host.table.version)
