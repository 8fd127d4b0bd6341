"""``DreambladeGame``: the whole Dreamblade turn behind the shared ``Game`` protocol.

Every push applies the action to a copy of the state and keeps the old one, so an illegal action
changes nothing and ``pop()`` restores the exact position. The engine never rolls dice: dice
results, choices and targets are actions the players push.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from companion import events as ev
from companion.events import Event, EventBus
from companion.games.dreamblade import board, conquest, engine, movement, spawning
from companion.games.dreamblade.actions import parse_action
from companion.games.dreamblade.corrections import USAGE as CORRECTION_USAGE
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.labels import ACTION_TYPES
from companion.games.dreamblade.labels import label as action_label
from companion.games.dreamblade.miniature import Kind, Miniature
from companion.games.dreamblade.pieces import pieces_for
from companion.games.dreamblade.state import RESERVE, SEATS, Settings, Setup, State
from companion.games.protocol import Action, Game, Label, Pending


@dataclass(frozen=True)
class MiniOnMap:
    """What the LEDs, the panel and the table need to know about one miniature on the map."""

    id: str
    catalog_id: str
    name: str
    owner: str
    kind: Kind
    damage: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "catalog_id": self.catalog_id,
            "name": self.name,
            "owner": self.owner,
            "kind": str(self.kind),
            "damage": self.damage,
        }


class DreambladeGame(Game):
    name: ClassVar[str] = "dreamblade"
    seats = SEATS
    corrections: ClassVar[tuple[str, ...]] = CORRECTION_USAGE
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(
        self,
        dream_map: DreamMap,
        warbands: Mapping[str, Iterable[Miniature]],
        attack_die: Iterable[str],
        settings: Settings | None = None,
        *,
        bus: EventBus | None = None,
    ) -> None:
        """``warbands``: seat → catalog entries (one per physical copy). ``attack_die``: the
        attack die's six faces (numbers, ``miss``, ``blade``). With a ``bus``, pushes publish
        their events there and ``pop()`` publishes ``undone``."""
        pieces = {p.id: p for seat in SEATS for p in pieces_for(seat, warbands.get(seat, ()))}
        self._setup = Setup(dream_map, pieces, tuple(attack_die), settings or Settings())
        self._state = State(zone={mini: RESERVE for mini in pieces})
        self._history: list[tuple[Action, State]] = []
        self.bus = bus  # when set, pushes publish their events here and pop() publishes undone

    @classmethod
    def from_parts(cls, setup: Setup, state: State) -> Self:
        """A game continuing from ``state`` (no undo history), e.g. a judge's what-if."""
        game = cls.__new__(cls)
        game._setup, game._state, game._history, game.bus = setup, state, [], None
        return game

    @property
    def setup(self) -> Setup:
        return self._setup

    @property
    def state(self) -> State:
        """The current state; treat it as read-only (push actions to change it)."""
        return self._state

    # ---- the Game protocol --------------------------------------------------------------------

    def push(self, action: Action) -> list[Event]:
        action = engine.canonical(self._setup, self._state, action)
        now = engine.pending(self._setup, self._state)
        new_state = self._state.clone()
        events = engine.apply(self._setup, new_state, action, now)
        self._history.append((action, self._state))
        self._state = new_state
        # the table says the action was applied (one ``action_applied``, with who and the version)
        if self.bus is not None:
            self.bus.publish_all(events)
        return events

    def pop(self) -> Action:
        if not self._history:
            raise IndexError("no action to undo")
        action, self._state = self._history.pop()
        if self.bus is not None:
            self.bus.publish(Event(ev.UNDONE, {"action": str(action)}))
        return action

    def copy(self) -> Self:
        game = self.from_parts(self._setup, self._state.clone())
        game._history = list(self._history)
        return game

    def pending(self) -> Pending:
        return engine.pending(self._setup, self._state)

    def legal_actions(self) -> Collection[Action]:
        return engine.legal_actions(self._setup, self._state)

    def decision_actions(self) -> Collection[Action]:
        """The pending decision's actions, without the manual adjustments (``manual_window``)."""
        return engine.decision_actions(self._setup, self._state)

    def seat_for(self, action: Action) -> str | None:
        """A manual adjustment belongs to the seat whose ability's effect is being applied."""
        if isinstance(action, engine.MANUAL_ACTIONS) and self._state.manual_seat is not None:
            return self._state.manual_seat
        return self.pending().seat

    def manual_window(self) -> dict[str, Any] | None:
        """While a seat applies the effect of an ability the engine does not implement: that seat
        and what it may do (``engine.manual_window``); ``None`` otherwise."""
        return engine.manual_window(self._setup, self._state)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def label(self, action: Action, step: str) -> Label:
        return action_label(action, step)

    def position(self) -> dict[str, Any]:
        from companion.games.dreamblade.position import position_json

        return position_json(self._setup, self._state)

    @classmethod
    def from_position(cls, data: dict[str, Any], *, origin: str = "<position>") -> Self:
        from companion.games.dreamblade.position import read_position

        setup, state = read_position(data, origin)
        return cls.from_parts(setup, state)

    def record(self) -> dict[str, Any]:
        from companion.games.dreamblade.position import record_json

        return record_json(
            self._setup, [str(action) for action, _ in self._history], self._initial()
        )

    @classmethod
    def from_record(cls, data: dict[str, Any], *, origin: str = "<record>") -> Self:
        from companion.games.dreamblade.position import read_record

        game, actions = read_record(cls, data, origin)
        for index, text in enumerate(actions):
            try:
                game.push(parse_action(text))
            except ValueError as exc:
                from companion.errors import DataFileError

                raise DataFileError(
                    origin, f"actions[{index}]", f"a legal action ({exc})"
                ) from None
        return game

    @property
    def actions(self) -> list[Action]:
        return [action for action, _ in self._history]

    def winner(self) -> str | None:
        return self._state.winner

    def summary(self) -> dict[str, Any]:
        """For the hub: the winner, the turn and the score (turns won by each seat)."""
        return {"winner": self.winner(), "turn": self.turn, "score": self.turn_wins()}

    def _initial(self) -> State:
        return self._history[0][1] if self._history else self._state

    # ---- queries for the LEDs, the panel and the table ---------------------------------------

    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def phase(self) -> str:
        return self._state.phase

    @property
    def phase_seat(self) -> str | None:
        return self._state.phase_seat

    @property
    def first_player(self) -> str | None:
        return self._state.first_player

    @property
    def action_round(self) -> int:
        """Which of the phase seat's two action phases this is (1 or 2; 0 outside them)."""
        return self._state.action_round

    def judge_values(self) -> dict[str, int]:
        """Key-cell values the judge gave or corrected during the game (they win over the map's)."""
        return dict(self._state.learned_values)

    def board(self) -> dict[str, list[MiniOnMap]]:
        return {
            cell: [self._mini_on_map(mini) for mini in minis]
            for cell, minis in sorted(self._state.occupants().items())
        }

    def _mini_on_map(self, mini: str) -> MiniOnMap:
        piece = self._setup.pieces[mini]
        return MiniOnMap(
            mini,
            piece.mini.id,
            piece.mini.name,
            piece.owner,
            piece.mini.kind,
            self._state.damage.get(mini, 0),
        )

    def _zone_list(self, seat: str, zone: str) -> list[str]:
        return [
            m
            for m, where in self._state.zone.items()
            if where == zone and self._setup.pieces[m].owner == seat
        ]

    def reserve(self, seat: str) -> list[str]:
        return self._zone_list(seat, RESERVE)

    def graveyard(self, seat: str) -> list[str]:
        return self._zone_list(seat, "graveyard")

    def portal(self, seat: str) -> str:
        return self._setup.dream_map.portals[seat]

    def _in_spawn_phase(self, seat: str) -> bool:
        return self._state.phase == "spawn" and self._state.phase_seat == seat

    def legal_spawn_cells(self, seat: str, miniature_id: str | None = None) -> frozenset[str]:
        """Where ``seat`` may spawn now: during its spawn phase, exactly what ``spawn`` accepts;
        at other times a preview as if its spawn phase began now (cost not considered)."""
        in_phase = self._in_spawn_phase(seat)
        return spawning.legal_spawn_cells(
            self._setup, self._state, seat, miniature_id, in_phase=in_phase
        )

    def spawn_refusal(self, seat: str, miniature_id: str) -> str | None:
        """The rule that stops ``seat`` spawning the miniature now (``"spawn.points"``,
        ``"spawn.location_needs_creature"``…), or ``None`` when it can; outside its spawn phase,
        as ``legal_spawn_cells`` previews it."""
        in_phase = self._in_spawn_phase(seat)
        refusal = spawning.spawn_refusal(
            self._setup, self._state, seat, miniature_id, in_phase=in_phase
        )
        return None if refusal is None else refusal.rule

    def spawn_cost(self, seat: str, miniature_id: str) -> int:
        return spawning.spawn_cost(self._setup, self._state, seat, miniature_id)

    def spawn_points_left(self, seat: str) -> int:
        return self._state.spawn_points if self._in_spawn_phase(seat) else 0

    def legal_shift_destinations(self, mini_id: str) -> frozenset[str]:
        """Where the creature may shift: during its owner's shift, none once it has moved; at
        other times a preview of its next shift."""
        if mini_id in self._state.moved:
            return frozenset()
        return movement.shift_destinations(self._setup, self._state, mini_id)

    def engaged_creatures(self) -> frozenset[str]:
        return board.engaged_creatures(self._setup, self._state)

    def contested_cells(self) -> frozenset[str]:
        return board.contested_cells(self._setup, self._state)

    def scoring_cells(self, seat: str) -> dict[str, int | None]:
        return conquest.scoring_cells(self._setup, self._state, seat)

    def claims(self) -> dict[str, str]:
        return conquest.claims(self._setup, self._state)

    def tally(self) -> dict[str, int]:
        return conquest.tally(self._setup, self._state)

    def turn_points(self) -> dict[str, int]:
        """This turn's points so far (``conquest.turn_points``): 0–0 when a turn starts."""
        return conquest.turn_points(self._setup, self._state)

    def turn_wins(self) -> dict[str, int]:
        return dict(self._state.turn_wins)
