"""The scripted demo game played on the simulated table, end to end.

Simulated players put miniatures on the synthetic map by hand; the synthetic camera, the vision
pipeline and the reconciler turn what it sees into engine actions, exactly as at a real table.
Dice and choices are entered as the phones would enter them. Destroyed miniatures are taken off
the map when the engine says so. Each turn's result is reported as it is scored.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from companion import events as ev
from companion.camera.loop import CameraLoop
from companion.camera.reconciler import default_registry, engine_board
from companion.events import Event
from companion.games.protocol import Game
from companion.simulation.simulated_table import SimulatedTable
from companion.table.proposers import Proposer
from companion.table.table import JUDGE, Table
from vision.camera import ResilientCamera, SynthSource
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.tags import make_reader

BOARD_VERBS = ("spawn", "move", "place")


class DemoError(RuntimeError):
    """The simulated table and the engine disagree: the demo cannot go on honestly."""


@dataclass(frozen=True)
class TurnResult:
    turn: int
    tally: dict[str, int]
    winner: str | None
    turn_wins: dict[str, int]

    def line(self, names: Mapping[str, str] | None = None) -> str:
        """The turn's result, the players as ``names`` names them (seat → name; else the seat)."""

        def who(seat: str) -> str:
            return (names or {}).get(seat, seat)

        score = " – ".join(f"{who(seat)} {points}" for seat, points in sorted(self.tally.items()))
        outcome = f"{who(self.winner)} wins the turn" if self.winner else "tied, nobody wins it"
        wins = ", ".join(f"{who(seat)} {n}" for seat, n in sorted(self.turn_wins.items()))
        return f"turn {self.turn}: {score}: {outcome} (turn wins: {wins})"


class DemoPlayer:
    """Plays a script of actions on ``table``: board actions through the camera, the rest as
    the players' phones."""

    def __init__(
        self, table: Table, pace: float = 0.0, names: Mapping[str, str] | None = None
    ) -> None:
        self.table = table
        self.pace = pace
        self.names = dict(names or {})  # seat → player, as the report names them
        registry = default_registry(table.read(lambda game: list(game.setup.pieces)))
        self.sim = SimulatedTable(registry)
        camera = ResilientCamera(SynthSource(frames=[]))
        self.camera = CameraLoop(table, camera, make_reader("zxing"), registry, FIVE_BY_FIVE_MAP)
        self.results: list[TurnResult] = []
        table.bus.subscribe(self._on_event, kinds={ev.TURN_WON, ev.TURN_TIED})

    def _on_event(self, event: Event) -> None:
        wins = self.table.read(lambda game: dict(game.turn_wins()))
        self.results.append(
            TurnResult(event.data["turn"], dict(event.data["tally"]), event.data.get("seat"), wins)
        )

    def _show(self, frames: Iterable[object]) -> None:
        for frame in frames:
            self.camera.process(frame)  # type: ignore[arg-type]

    def play(
        self,
        script: Iterable[str],
        report: Callable[[str], None] = print,
        stop: threading.Event | None = None,
    ) -> None:
        """Play ``script`` to its end, or until ``stop`` is set (checked between actions)."""
        stop = stop or threading.Event()
        self._show(self.sim.settled())  # the camera calibrates on the empty map
        if self.camera.pipeline is None:
            raise DemoError(f"the camera could not calibrate: {self.camera.status}")
        for text in script:
            if stop.is_set():
                return
            seen_results = len(self.results)
            if text.split()[0] in BOARD_VERBS:
                self._by_hand(text)
            else:
                proposer = _proposer(self.table.snapshot(), text)
                self.table.submit(proposer, text)
            self._tidy()
            for result in self.results[seen_results:]:
                report(result.line(self.names))
            if self.pace:
                stop.wait(self.pace)

    def _by_hand(self, text: str) -> None:
        _, piece, cell = text.split()
        before = self.table.version
        self._show(self.sim.put(piece, cell))
        done = self.table.store.record(self.table.game_id)["actions"]
        if self.table.version == before or done[-1] != text:
            raise DemoError(f"the camera did not turn the hand's move into {text!r}")

    def _tidy(self) -> None:
        """Take off the map what the engine no longer has there (destroyed, returned)."""
        on_map = self.table.read(engine_board)
        for piece in sorted(set(self.sim.board) - set(on_map)):
            self._show(self.sim.take_off(piece))


def _proposer(game: Game, text: str) -> Proposer:
    """Who makes the script's next action: the seat the game waits for, or the judge for what only
    the judge may do (a key cell's value) and when no seat is waited for."""
    if game.parse_action(text).judge_only:
        return JUDGE
    return game.pending().seat or JUDGE
