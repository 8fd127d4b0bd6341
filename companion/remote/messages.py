"""Every message between a host table and a guest table, as a schema (pydantic models), their
topics under the room, and the one way to read one off the broker.

- ``R/host/presence``, ``R/guest/presence`` (retained): ``Presence``; each client's Last Will
  sets its own to offline.
- ``R/guest/hello``: ``Hello`` — a guest shows the invite's nonce; the host binds the first guest
  for it.
- ``R/host/game`` (retained): ``GameLog`` — the host's whole log of its game, once per version.
- ``R/guest/propose`` (QoS 1): ``Proposal`` — an action, undo or roll for the guest's seat.
- ``R/host/reply`` (QoS 1): ``Reply`` — the host's answer to a proposal (or to a hello).

``read`` checks a payload's size (``MAX_BYTES`` per kind) and how deep its JSON nests before
the model reads it, strictly (no ``"3"`` for 3), and raises ``Unreadable`` with a short reason for
the log. The links drop an unreadable message, count it and carry on.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.json_limits import json_depth

MAX_DEPTH = 32
ID_LIMIT = 64
TEXT_LIMIT = 512
KB = 1024
MAX_BYTES = {
    "presence": 1 * KB,
    "hello": 1 * KB,
    "game": 4 * 1024 * KB,  # a whole game's log with its set-up (warbands): well under 1 MB
    "propose": 4 * KB,
    "reply": 4 * KB,
}
TOPICS = {
    "host_presence": "host/presence",
    "guest_presence": "guest/presence",
    "hello": "guest/hello",
    "game": "host/game",
    "propose": "guest/propose",
    "reply": "host/reply",
}


def topic(room: str, name: str) -> str:
    """The topic ``name`` (a key of ``TOPICS``) of ``room``."""
    return f"{room}/{TOPICS[name]}"


class Message(BaseModel):
    """Strict, frozen; fields of a later version are ignored. ``v``: the schema's version."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)

    v: Literal[1] = 1

    def payload(self) -> bytes:
        return self.model_dump_json().encode()


class Presence(Message):
    online: bool
    since: float


class Hello(Message):
    nonce: str = Field(min_length=1, max_length=ID_LIMIT)
    guest_id: str = Field(min_length=1, max_length=ID_LIMIT)


class Entry(Message):
    """One entry of the host's log, as ``Table.log`` gives it."""

    seq: int = Field(ge=1)
    kind: Literal["push", "undo"]
    action: str | None = Field(default=None, max_length=TEXT_LIMIT)
    seat: str | None = Field(default=None, max_length=ID_LIMIT)
    by: Literal["seat", "judge", "camera"]

    def as_log(self) -> dict[str, Any]:
        return {"seq": self.seq, "kind": self.kind, "action": self.action, "seat": self.seat,
                "by": self.by}  # fmt: skip


def guest_mark(guest_id: str) -> str:
    """What the host's messages say of its guest: a hash of the guest's id, never the id. The
    guest's account may read the host's topics but not the guest's own, so only the host and the
    guest know the id; someone holding a leaked invite (the guest's account) reads the mark and
    still can't propose as the guest."""
    return hashlib.sha256(f"companion-remote-guest:{guest_id}".encode()).hexdigest()[:32]


class GameLog(Message):
    """The host's game for its bound guest (named by ``guest_mark``): set-up record, whole log,
    version, the guest's seat and the seats' names."""

    guest: str = Field(max_length=ID_LIMIT)
    game: str = Field(max_length=ID_LIMIT)
    game_id: int
    setup: dict[str, Any]
    entries: list[Entry]
    version: int = Field(ge=0)
    seat: str = Field(max_length=ID_LIMIT)
    names: dict[str, str] = Field(default_factory=dict, max_length=16)


class Proposal(Message):
    id: str = Field(min_length=1, max_length=ID_LIMIT)
    guest_id: str = Field(min_length=1, max_length=ID_LIMIT)
    kind: Literal["action", "undo", "roll", "agree"]
    seat: str = Field(max_length=ID_LIMIT)
    text: str = Field(default="", max_length=TEXT_LIMIT)
    version: int | None = None
    game_id: int | None = None


class ReplyError(Message):
    """Why the host refused: ``kind`` names the refusal (``seat``, ``stale``, ``illegal``,
    ``malformed``, ``paused``, ``wrong_seat``, ``not_invited``, ``invite_used``)."""

    kind: str = Field(max_length=ID_LIMIT)
    message: str = Field(default="", max_length=TEXT_LIMIT)
    rule: str | None = Field(default=None, max_length=ID_LIMIT)
    reason: str | None = Field(default=None, max_length=ID_LIMIT)  # a pause's reason


class Reply(Message):
    id: str = Field(min_length=1, max_length=ID_LIMIT + 8)
    ok: bool
    version: int | None = None
    game_id: int | None = None
    error: ReplyError | None = None
    # an ``agree`` proposal's outcome at the host: the seats' map values waiting, agreed or not
    outcome: Literal["waiting", "agreed", "disagreed"] | None = None


M = TypeVar("M", bound=Message)


class Unreadable(ValueError):
    """A message that is not what its topic promises; the text says why, briefly, for a log."""


def read(model: type[M], kind: str, payload: bytes | bytearray) -> M:
    """``payload`` as a ``model`` after checking its size (``MAX_BYTES[kind]``) and depth."""
    limit = MAX_BYTES[kind]
    if len(payload) > limit:
        raise Unreadable(f"{len(payload)} bytes, more than the {limit} allowed")
    if json_depth(bytes(payload), MAX_DEPTH) > MAX_DEPTH:
        raise Unreadable(f"JSON nested more than {MAX_DEPTH} deep")
    try:
        return model.model_validate_json(payload)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first["loc"]) or "the message"
        raise Unreadable(f"{where}: {first['msg']}") from None
