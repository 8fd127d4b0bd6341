"""A seat the table plays itself (issue 35): when the game waits for that seat, the game kit's
computer player (``GameKit.ai``, ``companion.games.ai_seat``) chooses, and the choice goes through
the table's gate like any phone's (``Table.submit`` with the seat as proposer, at the version it
was chosen for), its reason kept with the log entry. The seat's dice are rolled by the table's
virtual dice (``dice_roll.roll_for``), as that seat.

``play_ready`` plays every decision that waits for the seat now and returns; ``attach`` has a
worker thread call it after each action the table applies, so the seat answers a phone's move
without the phone waiting on it (the bus is synchronous: the worker keeps the AI's thinking off
the thread that published).
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion import events as ev
from companion.events import Event
from companion.games import find_kit
from companion.games.ai_seat import Choice, check_level
from companion.games.kit import asks_dice
from companion.table.dice_roll import roll_for
from companion.table.table import StaleError, Table

LOG = logging.getLogger(__name__)
MAX_TURN_ACTIONS = 500  # a guard: one call never plays more than this many of the seat's actions


@dataclass(frozen=True)
class Move:
    """What the seat did: the action's notation and its reason (``None`` for a dice roll)."""

    action: str
    choice: Choice | None


class ComputerSeat:
    def __init__(
        self,
        table: Table,
        seat: str,
        level: str = "normal",
        *,
        seed: int | None = None,
        budget: float | None = 1.0,
        dice: random.Random | None = None,
        carried: bool = False,
        typed_dice: bool = False,
        camera: bool = False,
    ) -> None:
        """``seed``: the player's choices (``None``: a fresh one each time the table opens);
        ``budget``: seconds a strong move may think; ``dice``: the rolls' RNG (``None``: the
        system's, as the table's virtual dice roll for players); ``carried``: the players move
        the computer's miniatures on a real map — a spawn or move waits (``Table.expect``) until
        the camera sees it done, or a phone says so; ``typed_dice``: its dice are rolled for real
        and typed in on any seated phone (``Table.type_dice_for``, from now until ``detach``),
        not rolled by the table's virtual dice; ``camera``: a camera watches the map, so only what
        it sees takes a carried move (``Table.expect``'s ``seen``)."""
        self.table, self.seat, self.level = table, seat, check_level(level)
        name = table.read(lambda game: game.name)
        self.game_id = table.game_id  # it plays this game only (a new one needs a new seat)
        factory = find_kit(name).ai
        if factory is None:
            raise ValueError(f"{name} offers no computer player")
        if seat not in table.read(lambda game: game.seats):
            raise ValueError(f"{name} has no seat {seat!r}")
        self.player = factory(
            self.level, random.randrange(1 << 30) if seed is None else seed, budget
        )
        self.dice = dice
        self.carried = carried
        # a game without virtual dice (a die whose faces it does not know): always typed
        self.typed_dice = typed_dice or find_kit(name).virtual_dice is None
        self.camera = camera
        if self.typed_dice:
            table.type_dice_for(seat)
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._worker: threading.Thread | None = None
        self._unsubscribe: Callable[[], None] | None = None

    def waits_for_me(self) -> bool:
        def check(game: Any) -> bool:
            return not game.is_over and game.pending().seat == self.seat

        return self.table.read(check)

    def play_ready(self) -> list[Move]:
        """Play every decision that waits for this seat now; what it did, in order."""
        moves: list[Move] = []
        for _ in range(MAX_TURN_ACTIONS):
            version, game_id, roll, choice = self.table.read(self._decide)
            if roll is None and choice is None:
                return moves
            try:
                if roll is not None:
                    accepted = roll_for(self.table, self.seat, version, game_id, rng=self.dice)
                    moves.append(Move(str(accepted.action), None))
                elif self.carried and choice is not None and choice.places is not None:
                    piece, cell = choice.places
                    self.table.expect(
                        self.seat,
                        choice.action,
                        piece,
                        cell,
                        choice.reason,
                        choice.start,
                        seen=self.camera,
                    )
                    moves.append(Move(str(choice.action), choice))
                    return moves  # the players carry it out; the table goes on from there
                else:
                    assert choice is not None
                    self.table.submit(
                        self.seat,
                        choice.action,
                        version=version,
                        game_id=game_id,
                        reason=choice.reason,
                    )
                    moves.append(Move(str(choice.action), choice))
            except StaleError:  # a phone moved first: look again
                continue
        return moves

    def _decide(self, game: Any) -> tuple[int, int, bool | None, Choice | None]:
        version, game_id = self.table.version, self.table.game_id
        waiting = self.table.expected() is not None
        if waiting or game_id != self.game_id or game.is_over or game.pending().seat != self.seat:
            return version, game_id, None, None
        if asks_dice(find_kit(game.name), game):
            # its dice: the table rolls them, or a phone types them from real dice
            return version, game_id, None if self.typed_dice else True, None
        return version, game_id, None, self.player.choose(game)

    # -- at a running table -------------------------------------------------------------------

    def attach(self) -> None:
        """Answer whenever the game comes to this seat, on a worker thread, until ``detach``."""
        self._unsubscribe = self.table.bus.subscribe(self._on_event, {ev.ACTION_APPLIED, ev.UNDONE})
        self._worker = threading.Thread(target=self._run, name=f"ai-{self.seat}", daemon=True)
        self._worker.start()
        self._wake.set()

    def detach(self) -> None:
        if self.typed_dice:
            self.table.type_dice_for(self.seat, typed=False)
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._stop.set()
        self._wake.set()
        if self._worker is not None:
            self._worker.join(timeout=10)

    def _on_event(self, event: Event) -> None:
        self._wake.set()

    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait()
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                self.play_ready()
            except Exception:  # the worker lives on: the next action may clear it
                LOG.exception("the computer seat %s could not play", self.seat)
