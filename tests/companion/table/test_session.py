"""The table's session: the seat rule both ways, join codes, seats' names and the clock, all kept in
the table's store (a restarted table knows them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.settings import ClockSettings, SeatSettings
from companion.table.session import (
    JoinCodeError,
    Lineup,
    Session,
    carries_seats,
    may_set_up,
    stored_seats,
)
from companion.table.start_request import StartRequest
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.counter_game import CounterGame

AIKO_BEN = Lineup.of({"A": "Aiko", "B": "Ben"})
CAROL_DAN = Lineup.of({"A": "Carol", "B": "Dan"})


@pytest.fixture
def table(counter_game_registered: None, tmp_path: Path) -> Table:
    table = Table.start(Store(tmp_path / "table.sqlite"), CounterGame())
    table.session.adopt(table.game_id, AIKO_BEN)
    return table


def _seat(table: Table, seat: str, phone: str) -> None:
    code = table.session.issue_code(seat, table.game_id)
    assert table.session.join(code, table.game_id, phone) == seat


def test_the_rule_same_players_carry_other_players_and_pairings_never():
    assert carries_seats(AIKO_BEN, Lineup.of({"B": "Ben", "A": "Aiko"}))
    assert not carries_seats(AIKO_BEN, CAROL_DAN)
    assert not carries_seats(AIKO_BEN, Lineup.of({"A": "Ben", "B": "Aiko"}))  # swapped seats
    assert not carries_seats(AIKO_BEN, Lineup.of({"A": "Aiko", "B": "Ben"}, paired=True))
    assert not carries_seats(None, AIKO_BEN)  # nobody knows who played before
    # a pairing's players setting up their next game at the table keep their phones
    assert carries_seats(Lineup.of({"A": "Aiko", "B": "Ben"}, paired=True), AIKO_BEN)


def test_the_same_players_next_game_keeps_their_phones(table: Table):
    _seat(table, "A", "phone-aiko")
    _seat(table, "B", "phone-ben")
    table.start_game(StartRequest(CounterGame(start=1), AIKO_BEN))
    assert table.session.seat_of("phone-aiko", table.game_id) == "A"
    assert table.session.phones(table.game_id) == {"A": ["phone-aiko"], "B": ["phone-ben"]}
    table.start_game(
        StartRequest(CounterGame(start=2))
    )  # no lineup given: the same players play on
    assert table.session.seat_of("phone-ben", table.game_id) == "B"


def test_a_game_for_other_players_unseats_every_phone_and_voids_its_codes(table: Table):
    _seat(table, "A", "phone-aiko")
    unused = table.session.issue_code("B", table.game_id)
    old_game = table.game_id
    table.start_game(StartRequest(CounterGame(start=1), CAROL_DAN))
    assert table.session.seat_of("phone-aiko", table.game_id) is None
    assert table.session.seat_of("phone-aiko", old_game) is None  # nothing of it is kept
    assert table.session.phones(table.game_id) == {}
    with pytest.raises(JoinCodeError) as raised:
        table.session.join(unused, table.game_id, "phone-aiko")
    assert raised.value.code == "earlier_game"


def test_a_hub_pairing_never_carries_even_for_the_same_names(table: Table):
    _seat(table, "A", "phone-aiko")
    table.start_game(
        StartRequest(CounterGame(start=1), Lineup.of({"A": "Aiko", "B": "Ben"}, paired=True))
    )
    assert table.session.seat_of("phone-aiko", table.game_id) is None
    _seat(table, "A", "phone-aiko")  # joined through this match's code
    table.start_game(
        StartRequest(CounterGame(start=2), AIKO_BEN)
    )  # they set up their game at the table
    assert table.session.seat_of("phone-aiko", table.game_id) == "A"


def test_a_join_code_seats_the_first_phone_that_uses_it_across_a_restart(table: Table):
    code = table.session.issue_code("A", table.game_id)
    assert table.session.join(code, table.game_id, "phone-1") == "A"
    assert table.session.join(code.upper().replace(".A.", ".A."), table.game_id, "phone-1") == "A"
    with pytest.raises(JoinCodeError, match="another phone") as raised:
        table.session.join(code, table.game_id, "phone-2")
    assert raised.value.code == "already_used"
    assert table.session.claimed == 1
    again = Session(table.store)  # a restarted table: the same key, the same claims
    with pytest.raises(JoinCodeError, match="another phone"):
        again.join(code, table.game_id, "phone-2")
    assert again.seat_of("phone-1", table.game_id) == "A"


def test_join_codes_are_short_unique_and_cannot_be_forged(table: Table, tmp_path: Path):
    session = table.session
    code = session.issue_code("anna-2", 12)
    assert len(code) <= len("12.anna-2.") + 16
    assert session.issue_code("A", 1) != session.issue_code("A", 1)
    game, seat, tail = code.split(".")
    assert session.verify_code(f"{game}.{seat}.{tail.upper()}", 12) == "anna-2"
    with pytest.raises(JoinCodeError) as raised:
        session.verify_code(f"{game}.B.{tail}", 12)  # another seat's name on this code
    assert raised.value.code == "invalid"
    other = Session(Store(tmp_path / "other.sqlite"))  # another table's key
    with pytest.raises(JoinCodeError, match="not valid"):
        session.verify_code(other.issue_code("A", 1), 1)
    with pytest.raises(JoinCodeError, match="earlier game"):
        session.verify_code(session.issue_code("A", 4), 5)


def test_the_seats_names_live_in_the_store(table: Table):
    assert table.session.seats() == {}
    seats = {"A": SeatSettings(name="Aiko", colour="#0072B2", names={"ja": "愛子"})}
    table.session.set_seats(seats)
    assert Session(table.store).seats() == seats
    assert stored_seats(table.store.path) == seats
    assert stored_seats(table.store.path.with_name("none.sqlite")) == {}


def test_the_round_clock_survives_a_restart(table: Table):
    clock = table.session.clock(ClockSettings(round_minutes=50))
    clock.configure(30)
    clock.start()
    status = Session(table.store).clock(ClockSettings(round_minutes=50)).status()
    assert status["length"] == 30 * 60 and status["running"] is True
    assert 30 * 60 - 5 < status["remaining"] <= 30 * 60
    clock.pause()
    status = Session(table.store).clock(ClockSettings()).status()
    assert status["running"] is False and status["length"] == 30 * 60


@pytest.mark.parametrize(
    ("facts", "allowed"),
    [
        ({"judge": True}, True),
        ({"own_screen": True}, True),
        ({"own_screen": True, "judge_pin_set": True}, False),
        ({"own_screen": True, "judge_pin_set": True, "game_over": True}, True),
        ({"seated": True, "judge_pin_set": True}, False),
        ({"seated": True, "game_over": True, "judge_pin_set": True}, True),
        ({"game_over": True}, False),  # a phone that scanned nothing
    ],
)
def test_who_may_set_up_a_game(facts: dict[str, bool], allowed: bool):
    base = {"judge": False, "own_screen": False, "judge_pin_set": False, "game_over": False}
    assert may_set_up(**{**base, "seated": False, **facts}) is allowed
