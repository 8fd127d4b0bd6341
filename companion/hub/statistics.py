"""The players' statistics, per player and per warband, over the games a table or a hub saw:
games, wins and win rate, turns won, and dice luck (``companion.games.luck``).

A game counts once it is over (it has a winner): its players' games, the winner's win, each
player's turns won in it and every roll they made in it. A game stopped before its end (a match
decided at time or by the organizer, a game abandoned) counts for nothing: its rolls would judge
a player by half a game. A player is counted under their name; a warband under its registered
name (a table's own games know no warband names: they count for their players only).

Luck is over all of a player's (a warband's) rolls together, as ``luck.luck`` defines it: the
chance that a player making exactly the same rolls would have scored less, ties counting half.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from companion.games.luck import Roll, luck

CSV_COLUMNS = (
    "kind", "name", "games", "wins", "win_rate", "turn_wins", "rolls", "luck_percentile",
)  # fmt: skip


@dataclass(frozen=True)
class Player:
    """Who played a seat: their name and, where known, their warband's name."""

    name: str
    warband: str | None = None


@dataclass(frozen=True)
class PlayedGame:
    """One game as the statistics read it: who sat where, who won (a seat; ``None`` while it is
    not over), each seat's turns won and each roll with the seat that made it."""

    seats: Mapping[str, Player]
    winner: str | None
    turn_wins: Mapping[str, int] = field(default_factory=dict)
    rolls: tuple[tuple[str, Roll], ...] = ()


@dataclass
class _Tally:
    games: int = 0
    wins: int = 0
    turn_wins: int = 0
    rolls: list[Roll] = field(default_factory=list)

    def row(self, kind: str, name: str) -> dict[str, Any]:
        chance = luck(self.rolls) if self.rolls else None
        return {
            "kind": kind,
            "name": name,
            "games": self.games,
            "wins": self.wins,
            "win_rate": Fraction(self.wins, self.games) if self.games else None,
            "turn_wins": self.turn_wins,
            "rolls": len(self.rolls),
            "luck": chance,
            # "luckier than N %": the whole percent below the percentile, never rounded up to a
            # 100 % no player can beat (the percentile is always below 1)
            "luck_percent": None if chance is None else int(chance * 100),
        }


def statistics(games: Iterable[PlayedGame]) -> dict[str, list[dict[str, Any]]]:
    """Each player's and each warband's row (``kind``, ``name``, ``games``, ``wins``,
    ``win_rate`` and ``luck`` as exact fractions or ``None`` without games or rolls,
    ``luck_percent`` as the whole percent the pages show, ``turn_wins``, ``rolls``), players and
    warbands each by name."""
    players: dict[str, _Tally] = {}
    warbands: dict[str, _Tally] = {}
    for game in games:
        if game.winner is None:
            continue
        for seat, player in game.seats.items():
            tallies = [players.setdefault(player.name, _Tally())]
            if player.warband:
                tallies.append(warbands.setdefault(player.warband, _Tally()))
            rolls = [roll for by, roll in game.rolls if by == seat]
            for tally in tallies:
                tally.games += 1
                tally.wins += game.winner == seat
                tally.turn_wins += int(game.turn_wins.get(seat, 0))
                tally.rolls.extend(rolls)
    return {
        "players": [players[name].row("player", name) for name in sorted(players)],
        "warbands": [warbands[name].row("warband", name) for name in sorted(warbands)],
    }


def as_json(rows: Mapping[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """The rows with their fractions as numbers (0–1) for the pages."""

    def number(value: Any) -> Any:
        return float(value) if isinstance(value, Fraction) else value

    return {
        part: [{key: number(value) for key, value in row.items()} for row in got]
        for part, got in rows.items()
    }


def statistics_csv(rows: Mapping[str, list[dict[str, Any]]]) -> str:
    """The rows as CSV (players, then warbands); rates as fractions with 4 places, luck as a
    percentile with 1 place; empty where there is none."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for row in [*rows["players"], *rows["warbands"]]:
        rate, chance = row["win_rate"], row["luck"]
        writer.writerow([
            row["kind"], row["name"], row["games"], row["wins"],
            "" if rate is None else f"{float(rate):.4f}",
            row["turn_wins"], row["rolls"],
            "" if chance is None else f"{int(chance * 1000) / 10:.1f}",  # never up to 100.0
        ])  # fmt: skip
    return out.getvalue()
