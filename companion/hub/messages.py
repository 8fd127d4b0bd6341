"""Every message between the tables and the hub, as a schema (pydantic models), and the one way
to read one off the broker.

A table sends ``TableState``, ``GameEvent``, ``MatchResult``, ``JudgeCall``, ``JudgeAnswered``,
``ResultConfirmed``, ``SeatLinks`` (and its ``status``, the bare text ``online``/``offline``); the
hub sends ``RoundClock``, ``Pairing``, ``JudgeCallsOpen`` and ``SeatRelease``. Each carries
``schema_version`` (``SCHEMA_VERSION``; a message without one is read as version 1, what tables
sent before it existed).

``read`` checks a payload before anything parses it — its size (``MAX_BYTES`` per kind), how deep
its JSON nests (``MAX_DEPTH``, measured on the raw bytes), then the model, strictly (no ``"3"``
for 3, no list for a match number) — and raises ``Unreadable`` with a short reason for the log.
Whoever reads a message drops an unreadable one, counts it and carries on: nothing a table sends
can stop the hub's loop, and nothing the broker hands a table stops the table's.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.json_limits import json_depth

SCHEMA_VERSION: Literal[1] = 1
MAX_DEPTH = 32  # a spectator view nests about 8 deep
NAME_LIMIT = 64
KB = 1024
# the largest payload read per message kind: a state carries the spectator view (tens of KB)
MAX_BYTES = {
    "state": 512 * KB,
    "events": 64 * KB,
    "result": 1 * KB,
    "judge": 1 * KB,
    "confirm": 1 * KB,
    "judge_answered": 1 * KB,
    "clock": 2 * KB,
    "match": 256 * KB,  # two players' warbands and label registrations
    "judge_calls": 1 * KB,
    "seats": 2 * KB,
    "release": 1 * KB,
}
URL_LIMIT = 300
STATUSES = (b"online", b"offline")

Seat = Literal["A", "B"]


class Part(BaseModel):
    """Strictly typed (no ``"3"`` for 3); fields of a later version are ignored."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class Message(Part):
    """What every message has: its schema's version."""

    schema_version: Literal[1] = SCHEMA_VERSION

    def payload(self) -> str:
        """The message as it goes on the broker: compact JSON, unset optional fields included."""
        return self.model_dump_json()


# -- from a table ------------------------------------------------------------------------------


class TableState(Message):
    """A table's summary (``publisher.table_summary``): its game, version, what it waits for and
    the game's own summary fields (``winner``, ``turn``, ``score`` and any others a game adds),
    with, when the table runs its panel, ``view``: what a spectator's phone sees."""

    model_config = ConfigDict(strict=True, extra="allow", frozen=True)

    table: str = Field(max_length=NAME_LIMIT)
    game: str = Field(max_length=NAME_LIMIT)
    game_id: int
    version: int
    pending: dict[str, Any] | None = None
    winner: str | None = Field(default=None, max_length=NAME_LIMIT)
    turn: int | None = None
    score: dict[str, float] | None = None
    view: dict[str, Any] | None = None


class GameEvent(Message):
    """One game event as the table's bus published it (``Event.to_json``)."""

    kind: str = Field(max_length=NAME_LIMIT)
    data: dict[str, Any]


class MatchResult(Message):
    """The result of the table's tournament match: seat ``a``'s or ``b``'s win, or a draw (an
    outcome the event refuses — a draw in a cut — is refused by the event, and shown)."""

    match: int
    outcome: str = Field(max_length=8)


class JudgeCall(Message):
    """A judge call: the game waits for ``seat``'s decision of kind ``waiting_for``."""

    seat: Seat | None
    waiting_for: str = Field(max_length=NAME_LIMIT)


class JudgeAnswered(Message):
    """The judge at the table took the table's judge calls (the hub marks them answered)."""


class ResultConfirmed(Message):
    """A seated player agrees with the result the hub recorded for the match."""

    match: int
    seat: Seat


class SeatLinks(Message):
    """The join link of each seat of the table's match (``A``, ``B``: web addresses minted by the
    table's session for that match's game only): the hub shows each player theirs."""

    match: int
    game_id: int
    join: dict[Seat, str]

    def links(self) -> dict[str, str]:
        """The links, each checked to be a web address of reasonable length (``ValueError``)."""
        for url in self.join.values():
            if not url.startswith(("http://", "https://")) or len(url) > URL_LIMIT:
                raise ValueError("a join link must be a web address")
        return {str(seat): url for seat, url in self.join.items()}


# -- from the hub ------------------------------------------------------------------------------


class RoundClock(Message):
    """The round clock every table shows (``Tournament.clock_status``)."""

    round: int
    length: float | None = None
    deadline: float | None = None
    remaining: float | None = None
    running: bool = False
    at_time: str = Field(default="notify_only", max_length=NAME_LIMIT)
    hub_time: float | None = None


class PairedPlayer(Part):
    id: int
    name: str = Field(max_length=NAME_LIMIT)
    warband: dict[str, Any] | None = None
    labels: dict[str, Any] | None = None


class Whereabouts(Part):
    """Where a player of this table's previous match plays in the current round: a table (or
    ``None``: at the organizer's desk) and seat, a bye, or not paired (dropped)."""

    table: str | None = Field(default=None, max_length=NAME_LIMIT)
    seat: Seat | None = None
    bye: bool = False


class Before(Part):
    """This table's match of the round before (``match``) and where its players, by the seats
    they held here, play now: a phone that lost its seat to the new pairing says so."""

    match: int
    round: int
    seats: dict[Seat, Whereabouts] = Field(default_factory=dict)


class Pairing(Message):
    """The table's match in the current round (``Tournament.table_pairing``); ``id`` ``None``:
    nobody is paired at this table."""

    id: int | None = None
    round: int | None = None
    table: str | None = Field(default=None, max_length=NAME_LIMIT)
    a: PairedPlayer | None = None
    b: PairedPlayer | None = None
    outcome: Literal["a", "b", "draw", "bye"] | None = None
    reported_by: str | None = Field(default=None, max_length=NAME_LIMIT)
    confirmed: list[int] = Field(default_factory=list)
    # the event's game (a kit's name): the game the table starts; ``None``: the table's own
    game: str | None = Field(default=None, max_length=NAME_LIMIT)
    # the event's map (``event_map.map_data``; the table checks it as a map when it builds the
    # game, ``table_link.event_map``), ``None`` when the organizer chose none
    map: dict[str, Any] | None = None
    # the players of this table's match in the round before, and where they play now
    before: Before | None = None


class JudgeCallsOpen(Message):
    """How many of the table's judge calls the hub still holds open (0: every call answered),
    and how many it has recorded in all (so a table knows whether its latest call was counted)."""

    open: int = Field(ge=0)
    calls: int = Field(default=0, ge=0)


class SeatRelease(Message):
    """The judge frees ``seat`` of the table's match ``match`` (a dead phone, a swapped device);
    sent once, not retained."""

    match: int
    seat: Seat


# the model of each kind a table sends (``status`` is bare text) and each the hub sends
TABLE_MESSAGES: dict[str, type[Message]] = {
    "state": TableState,
    "events": GameEvent,
    "result": MatchResult,
    "judge": JudgeCall,
    "confirm": ResultConfirmed,
    "judge_answered": JudgeAnswered,
    "seats": SeatLinks,
}
HUB_MESSAGES: dict[str, type[Message]] = {
    "clock": RoundClock,
    "match": Pairing,
    "judge_calls": JudgeCallsOpen,
    "release": SeatRelease,
}

M = TypeVar("M", bound=Message)


class Unreadable(ValueError):
    """A message that is not what its topic promises; the text says why, briefly, for a log."""


def read(model: type[M], payload: bytes | bytearray, max_bytes: int) -> M:
    """``payload`` as a ``model`` after checking its size and depth; ``Unreadable`` otherwise."""
    if len(payload) > max_bytes:
        raise Unreadable(f"{len(payload)} bytes, more than the {max_bytes} allowed")
    depth = json_depth(bytes(payload), MAX_DEPTH)
    if depth > MAX_DEPTH:
        raise Unreadable(f"JSON nested more than {MAX_DEPTH} deep")
    try:
        return model.model_validate_json(payload)
    except ValidationError as error:
        raise Unreadable(_reason(error)) from None


def read_kind(kind: str, payload: bytes | bytearray, models: dict[str, type[Message]]) -> Message:
    """A message of ``kind`` (a key of ``models``) read with that kind's size limit."""
    return read(models[kind], payload, MAX_BYTES[kind])


def read_status(payload: bytes | bytearray) -> bool:
    """A table's ``status``: connected or not; ``Unreadable`` for anything but the two words."""
    if bytes(payload) not in STATUSES:
        raise Unreadable(f"a status is online or offline, not {bytes(payload[:20])!r}")
    return payload == b"online"


def _reason(error: ValidationError) -> str:
    """The first problem of ``error``, short: where and what (never the whole payload)."""
    first = error.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the message"
    more = f" (and {error.error_count() - 1} more)" if error.error_count() > 1 else ""
    return f"{where}: {first['msg']}{more}"
