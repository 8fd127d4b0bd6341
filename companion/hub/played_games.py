"""Finished games read for the players' statistics (``statistics.PlayedGame``) from their records:
the game replayed from its record's start, action by action (a record holds the actions in
effect: one taken back is not there), each roll its kit reads (``read_rolls``) counted for the
seat that made it — the roll's own seat, else the seat the game waited for (``Game.seat_for``) —
and the turns won that the game's summary counts.

``RecordedGames``: the games of the hub's records (``records.GameRecords``, on disk), each read
and replayed once (again when a table sends its record anew; all of them in the background when
the hub starts), so the statistics cover every game the hub keeps, across restarts.
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from collections.abc import Callable, Mapping
from typing import Any

from companion.games import find_kit
from companion.games.luck import Roll
from companion.hub.records import GameRecords
from companion.hub.statistics import PlayedGame, Player

log = logging.getLogger(__name__)


def played_game(
    name: str, record: Mapping[str, Any], winner: str | None, players: Mapping[str, Player]
) -> PlayedGame:
    """The game ``name`` of ``record`` as the statistics read it, played by ``players`` (by seat:
    a seat without one counts under its own name)."""
    kit = find_kit(name)
    game = kit.game_class.from_record({**record, "actions": []})
    rolls: list[tuple[str, Roll]] = []
    for text in record.get("actions", []):
        action = game.parse_action(text)
        for rolled in kit.read_rolls(text) if kit.read_rolls is not None else ():
            seat = rolled.seat or game.seat_for(action)  # asked of a roll only: it costs
            if seat is not None:
                rolls.append((seat, rolled.roll))
        game.push(action)
    seats = {seat: players.get(seat) or Player(seat) for seat in game.seats}
    score = game.summary().get("score") or {}
    turn_wins = {str(seat): int(wins) for seat, wins in score.items()}
    return PlayedGame(seats, winner, turn_wins, tuple(rolls))


# who played a match's seats (its seats in the game's order, the names its record gives them);
# None: the event does not know the match (its record's names stand)
MatchPlayers = Callable[[int, list[str], Mapping[str, str]], Mapping[str, Player] | None]


class RecordedGames:
    """The hub's recorded games as the statistics read them. Safe to share between threads."""

    def __init__(self, records: GameRecords) -> None:
        self.records = records
        self._read: dict[int, tuple[Any, PlayedGame, list[str], dict[str, str]]] = {}
        self._lock = threading.Lock()

    def played(self, players: MatchPlayers) -> list[PlayedGame]:
        """Every recorded game, by match, its seats played by ``players``."""
        found = []
        with self._lock:
            for match_id in sorted(self.records.matches()):
                read = self._game(match_id)
                if read is None:
                    continue
                game, seats, names = read
                who = players(match_id, seats, names)
                if who is None:
                    who = {seat: Player(names.get(seat, seat)) for seat in seats}
                found.append(dataclasses.replace(game, seats=dict(who)))
        return found

    def read_ahead(self) -> None:
        """Read every record not read yet, in the background (a hub just started: its pages
        ask for the statistics soon)."""
        threading.Thread(target=self._read_all, name="recorded-games", daemon=True).start()

    def _read_all(self) -> None:
        for match_id in sorted(self.records.matches()):
            with self._lock:  # a record at a time: a page asking meanwhile waits for one only
                self._game(match_id)

    def _game(self, match_id: int) -> tuple[PlayedGame, list[str], dict[str, str]] | None:
        stamp = self.records.stamp(match_id)
        kept = self._read.get(match_id)
        if kept is not None and kept[0] == stamp:
            return kept[1], kept[2], kept[3]
        export = self.records.get(match_id)
        if export is None:
            return None
        try:
            seats = [str(seat["seat"]) for seat in export["seats"]]
            names = {str(seat["seat"]): str(seat["name"]) for seat in export["seats"]}
            winner = export.get("winner") if export.get("status") == "finished" else None
            game = played_game(str(export["game"]), export["record"], winner, {})
        except Exception:  # a record that does not replay counts for nothing
            log.warning("hub: the record of match %s does not replay", match_id, exc_info=True)
            return None
        self._read[match_id] = (stamp, game, seats, names)
        return game, seats, names
