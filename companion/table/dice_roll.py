"""The shared virtual dice at a table: the game's kit rolls the dice the pending decision asks for
(``GameKit.virtual_dice``) and the roll is submitted like any typed action, as the seat that asked
(so the seat's rights, the version check and, at a remote guest table, the gate all apply).

``roll_for`` has the shape of remote play's roller (``companion.remote.link.Roller``): at a host
table the guest's ``roll`` proposal is rolled here, by the host's dice. A guest table never rolls
its own: ``remote_roller`` asks its link to have the host roll (``GuestLink.roll``: a ``roll``
proposal), so the result comes from the game's one engine and both tables show the same entry.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from companion.errors import IllegalActionError
from companion.games import find_kit
from companion.table.proposers import Proposer
from companion.table.store import KeptWith
from companion.table.table import Accepted, SeatError, StaleError, Table

# who rolls for a seat at the state it saw (version, game id): this table, or a guest's host
Roller = Callable[[Table, Proposer, int | None, int | None], Accepted]


class NothingToRoll(ValueError):
    """The pending decision asks for no dice (or the game has no virtual dice)."""


def roll_for(
    table: Table,
    proposer: Proposer,
    version: int | None = None,
    game_id: int | None = None,
    rng: random.Random | None = None,
    kept_with: KeptWith | None = None,
) -> Accepted:
    """Roll the dice the pending decision asks for and submit them as ``proposer``; ``version``
    and ``game_id``: the state the roll was asked at (the table refuses it if the game moved on;
    ``None``: the state the dice were rolled for). ``kept_with``: written in the roll's own store
    transaction (a remote host's answer to its guest's roll, as for any action)."""
    dice = rng if rng is not None else secrets.SystemRandom()

    def rolled(game: Any) -> tuple[int, int, str | None]:
        roll = find_kit(game.name).virtual_dice
        text = roll(game, dice) if roll is not None else None
        return table.version, table.game_id, text

    now, current_game, text = table.read(rolled)
    if text is None:
        raise NothingToRoll("no dice to roll now")
    return table.submit(
        proposer,
        text,
        version=now if version is None else version,
        game_id=current_game if game_id is None else game_id,
        kept_with=kept_with,
    )


@runtime_checkable
class HostDice(Protocol):
    """A guest table's link to its host: the host's virtual dice roll for the guest's seat and
    this table has followed the entry when it returns (``companion.remote.link.GuestLink``)."""

    def roll(self, seat: str, version: int | None = None) -> int: ...


def remote_roller(link_of: Callable[[], object | None]) -> Roller:
    """The panel's roller at a table that may play remotely (``link_of``: its link now, which
    changes as the table hosts or joins): a guest's host rolls; any other table rolls itself."""

    def roller(
        table: Table, proposer: Proposer, version: int | None, game_id: int | None
    ) -> Accepted:
        link = link_of()
        remote = table.state().get("remote") or {}
        if remote.get("role") != "guest" or not isinstance(link, HostDice):
            return roll_for(table, proposer, version, game_id)
        if not isinstance(proposer, str):
            raise SeatError("only a seat rolls its dice")
        if game_id is not None and game_id != table.game_id:
            raise StaleError(f"a new game started (you saw game {game_id})")
        try:
            rolled = link.roll(proposer, version)
        except IllegalActionError:
            raise
        except ValueError as refused:  # the host's dice had nothing to roll
            raise NothingToRoll(str(refused)) from None
        entry = next(e for e in reversed(table.log()) if e["seq"] == rolled)
        action = table.read(lambda game: game.parse_action(entry["action"]))
        return Accepted(action, [], rolled, table.label_of(rolled))

    return roller
