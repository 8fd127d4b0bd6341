"""Arena's computer seat at a table: its choices pass the gate as its seat with their reasons;
its rolls (the d20, the combat dice) are typed on the player's phone from real dice, since the
table cannot roll a combat die whose faces it does not know."""

from __future__ import annotations

import random
from pathlib import Path

from companion.games.arena.actions import FirstRoll, Hits, Shields
from companion.games.arena.ai import ArenaAi
from companion.games.arena.demo import demo_setup
from companion.games.arena.dice import ROLL_KINDS
from companion.games.arena.game import Arena
from companion.table.computer_seat import ComputerSeat
from companion.table.store import Store
from companion.table.table import Table


def _real_dice(game: Arena, dice: random.Random) -> str:
    """What the real dice showed: a d20, or a count of hits or shields among the dice rolled."""
    pending = game.pending()
    if pending.kind == "first_roll":
        return str(FirstRoll(str(pending.seat), dice.randint(1, 20)))
    count = dice.randint(0, pending.details["dice"])
    return str(Hits(count) if pending.kind == "attack_dice" else Shields(count))


def test_a_whole_arena_game_against_the_computer_seat(tmp_path: Path) -> None:
    table = Table.start(Store(tmp_path / "t.sqlite"), Arena(demo_setup()))
    computer = ComputerSeat(table, "ben", "strong", seed=5, budget=0.2)
    phone, dice, typed = ArenaAi("easy", seed=7), random.Random(8), 0
    for _ in range(3000):
        if table.read(lambda game: game.is_over):
            break
        if computer.play_ready():
            continue
        pending = table.read(lambda game: game.pending())
        if table.state()["dice_typed_for"] == "ben":  # ann types the computer's real dice
            table.submit("ann", table.read(lambda game: _real_dice(game, dice)))
            typed += 1
        elif pending.seat == "ann" and pending.kind in ROLL_KINDS:
            table.submit("ann", table.read(lambda game: _real_dice(game, dice)))
        else:
            assert pending.seat == "ann", pending
            table.submit("ann", table.read(phone.choose).action)
    assert table.read(lambda game: game.is_over)
    by_ben = [e for e in table.log() if e["seat"] == "ben"]
    rolls = [e for e in by_ben if e["step"] in ROLL_KINDS]
    chosen = [e for e in by_ben if e not in rolls]
    assert typed == len(rolls) > 0 and all("reason" not in e for e in rolls)
    assert chosen and all(e["reason"]["key"].startswith("ar.ai.") for e in chosen)
