"""The games the hub watched, for the players' statistics (``statistics``), read from the
tables' state messages: one per version, each with the table's spectator view (its last log
entries, what the game waits for, the winner and the turns won).

A roll counts for the seat that made it: the log entry's seat when a seated phone sent it, else
the seat the game waited for just before it (the hub saw that version's state). A roll whose
seat the hub cannot tell (it missed the state before it) is left out, as is an entry taken back.
Who plays each seat is the event's pairing at that table when the hub first saw the game, else
the names the table gave its seats. Kept in memory: a hub that restarts counts from then on.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.games import find_kit
from companion.hub.statistics import PlayedGame, Player

GAMES_KEPT = 4096  # games watched, oldest forgotten first


@dataclass
class _Watched:
    game: str
    seats: dict[str, Player]
    winner: str | None = None
    turn_wins: dict[str, int] = field(default_factory=dict)
    waiting: dict[int, str] = field(default_factory=dict)  # version → the seat waited for
    pushes: dict[int, tuple[str, str | None]] = field(default_factory=dict)  # seq → action, seat
    undone: set[int] = field(default_factory=set)


class WatchedGames:
    """Every game seen at every table, by (table, game id). Safe to share between threads."""

    def __init__(self) -> None:
        self._games: dict[tuple[str, int], _Watched] = {}
        self._lock = threading.Lock()

    def seen(self, table: str, summary: Mapping[str, Any], seats: Mapping[str, Player]) -> None:
        """One state of ``table`` (``publisher.table_summary``), played by ``seats``."""
        key = (table, int(summary["game_id"]))
        view = summary.get("view") or {}
        with self._lock:
            watched = self._games.get(key)
            if watched is None:
                if len(self._games) >= GAMES_KEPT:
                    del self._games[next(iter(self._games))]
                watched = self._games[key] = _Watched(str(summary["game"]), dict(seats))
            watched.winner = summary.get("winner")
            score = summary.get("score")
            if score is not None:  # a game without a score keeps none
                watched.turn_wins = {str(seat): int(wins) for seat, wins in score.items()}
            waiting = (summary.get("pending") or {}).get("seat")
            if isinstance(waiting, str):
                watched.waiting[int(summary["version"])] = waiting
            for entry in view.get("log") or []:
                if entry.get("kind") == "push" and entry.get("action"):
                    watched.pushes[int(entry["seq"])] = (str(entry["action"]), entry.get("seat"))
                    if entry.get("undone"):
                        watched.undone.add(int(entry["seq"]))
                elif entry.get("undoes"):
                    watched.undone.add(int(entry["undoes"]["seq"]))

    def played(self) -> list[PlayedGame]:
        with self._lock:
            games = list(self._games.values())
            return [_played(watched) for watched in games]


def _played(watched: _Watched) -> PlayedGame:
    try:
        read = find_kit(watched.game).read_roll
    except KeyError:
        read = None
    rolls = []
    for seq in sorted(watched.pushes):
        action, seat = watched.pushes[seq]
        roll = read(action) if read is not None and seq not in watched.undone else None
        by = seat or watched.waiting.get(seq - 1)
        if roll is not None and by is not None:
            rolls.append((by, roll))
    return PlayedGame(watched.seats, watched.winner, dict(watched.turn_wins), tuple(rolls))
