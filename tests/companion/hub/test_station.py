"""The hub and its tables over a real Mosquitto with the generated accounts: pairings set up the
tables' games, results come back, a table or the hub away and back loses nothing, and a table
can't report for another."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.events import JUDGE_ANSWERED, JUDGE_CALLED, Event
from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.table_link import TableLink
from companion.hub.tournament import Tournament
from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import JUDGE, Table
from tests.companion.counter_game import CounterGame
from tests.companion.hub.mqtt import account, generated_broker, raw_client, wait_for

TABLES = ("table-1", "table-2")


class HeardLink(TableLink):
    """The table's link, noting each count of open judge calls the hub sent it (after acting on
    it), so a test waits for the count rather than for a while."""

    heard_calls: tuple[tuple[int, int], ...] = ()

    def on_judge_calls(self, calls: dict[str, Any]) -> None:
        super().on_judge_calls(calls)
        self.heard_calls = (*self.heard_calls, (calls["open"], calls["calls"]))


class Seat:
    """One table of the test: its game, its link to the hub, the names it was given."""

    def __init__(self, folder: Path, name: str, plan: Any, accounts: dict[str, str]) -> None:
        self.settings = Settings(
            table_name=name, data_dir=folder / name, hub=account(plan, accounts, name)
        )
        self.table = Table.start(Store(self.settings.store_path), CounterGame())
        self.clock: list[tuple[float | None, float | None, bool, str]] = []
        self.link = self.connect()

    def connect(self) -> HeardLink:
        return HeardLink(
            self.settings, self.table,
            lambda *status: self.clock.append(status), make_game=lambda _m, _s: CounterGame(),
            watch=self.spectator_view,
        )  # fmt: skip

    def spectator_view(self) -> dict[str, Any]:
        """What the table's panel would show a spectator (here: its names and its version)."""
        return {"names": dict(self.names), "version": self.table.version}

    @property
    def names(self) -> dict[str, str]:
        """The names the pairing put on the table's seats (none before one)."""
        return {seat: s.name for seat, s in self.table.session.seats().items()}

    def play_to_the_end(self) -> str:
        while self.table.read(lambda game: game.winner()) is None:
            self.table.submit(JUDGE, "add 3")
        return self.table.read(lambda game: game.winner())


@pytest.fixture
def room(tmp_path: Path) -> Iterator[tuple[Any, dict[str, str], Tournament]]:
    with generated_broker(tmp_path / "broker", TABLES) as (plan, accounts):
        tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
        tournament.set_tables(TABLES)
        tournament.configure(round_minutes=50)
        for name in ("Ann", "Ben", "Cho", "Dai"):
            tournament.check_in(name)
        yield plan, accounts, tournament


@pytest.mark.process
def test_a_round_from_pairing_to_results(room: Any, tmp_path: Path):
    plan, accounts, tournament = room
    hub = HubStation(account(plan, accounts, "hub"), tournament)
    seats = [Seat(tmp_path, name, plan, accounts) for name in TABLES]
    try:
        tournament.start_round()
        matches = tournament.state.round_matches(1)
        for seat, match in zip(seats, matches, strict=True):
            assert wait_for(lambda s=seat: bool(s.names))
            players = tournament.state.players
            assert seat.names == {"A": players[match.a].name, "B": players[match.b or 0].name}
            assert wait_for(lambda s=seat: bool(s.clock) and s.clock[-1][0] == 3000)
            _, remaining, running, at_time = seat.clock[-1]
            assert running and remaining is not None and 2990 < remaining <= 3000
            assert at_time == "notify_only"
        winner = seats[0].play_to_the_end()
        assert wait_for(lambda: matches[0].outcome is not None)
        assert matches[0].outcome == winner.lower() and matches[0].reported_by == "table-1"
        # the players confirm on their phones: the hub records it and echoes it to the table
        assert wait_for(lambda: seats[0].link.result_view() is not None)
        seats[0].link.confirm("B")
        assert wait_for(lambda: matches[0].confirmed == {matches[0].b})
        assert wait_for(lambda: (seats[0].link.result_view() or {}).get("confirmed") == ["B"])
        # table-2 calls the judge: the queue says which table and what its game waits for
        seats[1].table.bus.publish(Event(JUDGE_CALLED, {"by": "buttons"}))
        assert wait_for(lambda: bool(tournament.state.judge_calls))
        call = tournament.state.judge_calls[1]
        assert (call.table, call.seat, call.waiting_for) == ("table-2", "A", "add")
        # every state a table sends carries what its spectators see: the hub keeps the latest
        version = seats[1].table.submit(JUDGE, "add 1").version
        expected = {"names": seats[1].names, "version": version}
        assert wait_for(lambda: hub.tables["table-2"].get("view") == expected)
    finally:
        for seat in seats:
            seat.link.close()
        hub.close()


@pytest.mark.process
def test_a_judge_call_answered_at_the_hub_or_at_the_table_clears_on_both(room: Any, tmp_path: Path):
    """Issue 24: the judge-call banner stayed after the call was answered."""
    plan, accounts, tournament = room
    hub = HubStation(account(plan, accounts, "hub"), tournament)
    seat = Seat(tmp_path, "table-1", plan, accounts)
    answered: list[dict] = []
    seat.table.bus.subscribe(lambda e: answered.append(e.data), kinds={JUDGE_ANSWERED})
    try:
        assert wait_for(lambda: seat.link.publisher.connected)
        seat.table.bus.publish(Event(JUDGE_CALLED, {"by": "A"}))
        assert wait_for(lambda: len(tournament.state.judge_calls) == 1)
        tournament.answer_call(1, by="Jo")  # "On my way" on the hub's page
        assert wait_for(lambda: answered == [{"by": "hub"}])  # the table's phones clear it
        # called again, and this time the judge at the table takes it
        seat.table.bus.publish(Event(JUDGE_CALLED, {"by": "B"}))
        assert wait_for(lambda: len(tournament.state.judge_calls) == 2)
        seat.table.bus.publish(Event(JUDGE_ANSWERED, {"by": "table"}))
        assert wait_for(lambda: tournament.state.judge_calls[2].answered_by == "table-1")
        assert tournament.state.judge_calls[1].answered_by == "Jo"
        # the hub's count of open calls (now 0 of 2) has reached the table and was acted on
        assert wait_for(lambda: seat.link.heard_calls[-1:] == ((0, 2),))
        assert answered == [{"by": "hub"}, {"by": "table"}]  # no echo back from the hub
    finally:
        seat.link.close()
        hub.close()


@pytest.mark.process
def test_a_table_cannot_report_for_another(room: Any, tmp_path: Path):
    plan, accounts, tournament = room
    hub = HubStation(account(plan, accounts, "hub"), tournament)
    try:
        tournament.start_round()
        first = tournament.state.round_matches(1)[0]
        client, reasons = raw_client(plan.port, "x", "table-2", accounts["table-2"])
        assert wait_for(lambda: bool(reasons))
        # the hub publishes its clock once subscribed: from then on it hears the tables
        clocks: list[bytes] = []
        client.on_message = lambda _client, _userdata, message: clocks.append(message.payload)
        client.subscribe("companion/hub/clock", qos=1)
        assert wait_for(lambda: bool(clocks))
        forged = f'{{"match": {first.id}, "outcome": "b"}}'
        client.publish("companion/table-2/result", forged, qos=1).wait_for_publish(5)
        client.publish("companion/table-1/result", forged, qos=1).wait_for_publish(5)  # ACL
        assert wait_for(lambda: bool(hub.notices))
        assert hub.notices[0]["code"] == "not_in_round" and hub.notices[0]["table"] == "table-2"
        client.disconnect()
        client.loop_stop()
        assert first.outcome is None
        assert len(hub.notices) == 1  # the write to table-1's topic never reached the hub
    finally:
        hub.close()


@pytest.mark.process
def test_a_table_and_the_hub_away_mid_round_lose_nothing(room: Any, tmp_path: Path):
    plan, accounts, tournament = room
    hub = HubStation(account(plan, accounts, "hub"), tournament)
    seats = [Seat(tmp_path, name, plan, accounts) for name in TABLES]
    try:
        tournament.start_round()
        assert wait_for(lambda: all(s.names for s in seats))
        # table-2 drops off: the hub sees it offline (its last will, or its goodbye)
        seats[1].link.close()
        assert wait_for(lambda: hub.online.get("table-2") is False)
        # the hub goes down too; table-2's game ends while both are away
        hub.close()
        tournament.journal.close()
        seats[1].play_to_the_end()
        # the hub comes back from its journal, then table-2
        again = Tournament(Journal(tmp_path / "hub.sqlite3"))
        hub = HubStation(account(plan, accounts, "hub"), again)
        seats[1].link = seats[1].connect()
        second = again.state.round_matches(1)[1]
        assert wait_for(lambda: second.outcome is not None)
        assert wait_for(lambda: hub.online.get("table-2") is True)
        assert seats[1].link.match is not None and seats[1].link.match["match"] == second.id
        seats[0].play_to_the_end()
        assert wait_for(lambda: again.state.round_matches(1)[0].outcome is not None)
        assert list(hub.notices) == []
        again.start_round()  # the round is complete: nothing was lost
    finally:
        for seat in seats:
            seat.link.close()
        hub.close()
