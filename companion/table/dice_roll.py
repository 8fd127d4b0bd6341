"""The shared virtual dice at a table: the game's kit rolls the dice the pending decision asks for
(``GameKit.virtual_dice``) and the roll is submitted like any typed action, as the seat that asked
(so the seat's rights, the version check and, at a remote guest table, the gate all apply).

``roll_for`` has the shape of remote play's roller (``companion.remote.link.Roller``): at a host
table the guest's ``roll`` proposal is rolled here, by the host's dice, so neither player's
machine picks its own result.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable
from typing import Any

from companion.games import find_kit
from companion.table.proposers import Proposer
from companion.table.table import Accepted, Table

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
) -> Accepted:
    """Roll the dice the pending decision asks for and submit them as ``proposer``; ``version``
    and ``game_id``: the state the roll was asked at (the table refuses it if the game moved on;
    ``None``: the state the dice were rolled for)."""
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
    )
