"""A Dreamblade table on the shipped default map (most key-cell values unknown), played by a
random player until a conquest waits for the printed value of a claimed cell."""

from __future__ import annotations

import random
from pathlib import Path

from companion.games.dreamblade.legal import CellValues
from companion.games.dreamblade.random_play import random_action
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table


def table_waiting_for_a_value(path: Path) -> Table:
    """A table whose game waits at a conquest for a key cell's value nobody gave yet."""
    for seed in range(100):
        table = Table.start(Store(path / f"agree-{seed}.sqlite3"), starting_game(Settings()))
        rng = random.Random(seed)
        for _ in range(400):
            if table.read(lambda game: game.winner()) is not None:
                break
            legal = table.read(lambda game: game.legal_actions())
            if isinstance(legal, CellValues) and not legal.confirm:
                return table
            action = table.read(lambda game, r=rng: random_action(game, r))  # type: ignore[misc]
            table.submit(JUDGE, str(action))
        table.store.close()
    raise AssertionError("no game reached a conquest with an unknown value")
