"""The Planechase engine: planar decks, the face-up plane and its controller, the planar die.

The companion does not play Magic; it keeps the planar side of the game honest (seed 004):

- exactly one plane is face up; its controller is the active player (``controller``);
- the active player may roll the planar die any number of times in a turn; the first roll is free,
  each further roll costs one more mana than the one before (``roll_cost``);
- planeswalk: the face-up plane goes to the bottom of its owner's planar deck and the roller
  reveals the top plane of their own deck; chaos: the plane's chaos ability triggers;
- a player leaving, possible at any moment: control passes to the next player in turn order
  still playing; the abilities the leaver controlled and still waiting to resolve are removed (a
  planeswalk they rolled does not happen: the plane stays face up); a plane whose owner leaves
  leaves with them and the controller reveals a new one (a planeswalk waiting then is not made
  twice); a turn whose player left runs to its end. Chaos abilities are resolved by the players
  at the table (the engine records the roll), so removing a leaver's chaos ability is theirs.

Pending kinds: ``reveal`` (``seat`` turns up a plane; ``details.candidates`` lists the planes that
can be on top: every plane not yet seen with physical cards, only the top plane with a virtual
deck), ``turn`` (the active player may roll: ``details.roll_cost``; anyone may ``end`` the turn or
record a player leaving), ``end_turn`` (the active player has left: the turn can only end),
``game_over``. A ``leave`` is listed and accepted in every pending kind but ``game_over``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.errors import IllegalActionError
from companion.events import GAME_WON, Event, notice
from companion.games.json_state import JsonStateGame
from companion.games.planechase.actions import (
    EndTurn,
    Face,
    Leave,
    PlanechaseAction,
    Reveal,
    Roll,
    parse_action,
)
from companion.games.planechase.labels import ACTION_TYPES
from companion.games.planechase.labels import label as action_label
from companion.games.planechase.planes import Plane, catalog
from companion.games.planechase.setup import Setup
from companion.games.protocol import Action, Label, Pending

POSITION_FORMAT = "planechase-position"
RECORD_FORMAT = "planechase-record"

PLANE_REVEALED = "planechase.plane_revealed"
PLANESWALKED = "planechase.planeswalked"
CHAOS = "planechase.chaos"
DIE_ROLLED = "planechase.die_rolled"
PLAYER_LEFT = "planechase.player_left"
TURN_ENDED = "planechase.turn_ended"
PLANE_LEFT = "planechase.plane_left"
PLANESWALK_REMOVED = "planechase.planeswalk_removed"
NOTICE = "notice.rule.planechase."  # the rule notices (what the game did by itself), by name


@dataclass
class State:
    """Everything that changes during play (the ``state`` part of a position)."""

    players: list[str]
    active: str
    turn: int = 1
    rolls: int = 0
    plane: str | None = None
    plane_owner: str | None = None
    controller: str | None = None
    unseen: dict[str, list[str]] = field(default_factory=dict)
    bottom: dict[str, list[str]] = field(default_factory=dict)
    reveal_by: str | None = None
    planeswalk: bool = False  # the awaited reveal is a planeswalk (not the first plane)
    # the plane a rolled planeswalk leaves (already at the bottom of its owner's deck) until the
    # reveal; the planeswalk is the roller's ability, removed if they leave first
    walk_from: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "players": list(self.players),
            "active": self.active,
            "turn": self.turn,
            "rolls": self.rolls,
            "plane": self.plane,
            "plane_owner": self.plane_owner,
            "controller": self.controller,
            "unseen": {k: list(v) for k, v in self.unseen.items()},
            "bottom": {k: list(v) for k, v in self.bottom.items()},
            "reveal_by": self.reveal_by,
            "planeswalk": self.planeswalk,
            "walk_from": self.walk_from,
        }

    def copy(self) -> State:
        """An equal state sharing no list or dict with this one (many times cheaper than
        ``copy.deepcopy``: every push copies the state)."""
        return State(
            players=list(self.players),
            active=self.active,
            turn=self.turn,
            rolls=self.rolls,
            plane=self.plane,
            plane_owner=self.plane_owner,
            controller=self.controller,
            unseen={k: list(v) for k, v in self.unseen.items()},
            bottom={k: list(v) for k, v in self.bottom.items()},
            reveal_by=self.reveal_by,
            planeswalk=self.planeswalk,
            walk_from=self.walk_from,
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        return cls(
            players=list(data["players"]),
            active=data["active"],
            turn=int(data["turn"]),
            rolls=int(data["rolls"]),
            plane=data["plane"],
            plane_owner=data["plane_owner"],
            controller=data["controller"],
            unseen={k: list(v) for k, v in data["unseen"].items()},
            bottom={k: list(v) for k, v in data["bottom"].items()},
            reveal_by=data["reveal_by"],
            planeswalk=bool(data["planeswalk"]),
            walk_from=data.get("walk_from"),
        )


def _initial_state(setup: Setup) -> State:
    return State(
        players=list(setup.seats),
        active=setup.first,
        controller=setup.first,
        unseen={owner: list(deck) for owner, deck in setup.decks.items()},
        bottom={owner: [] for owner in setup.decks},
        reveal_by=setup.first,
    )


class Planechase(JsonStateGame):
    position_format = POSITION_FORMAT
    record_format = RECORD_FORMAT
    state_label = "a Planechase position state"
    setup_type = Setup
    state_type = State

    @classmethod
    def check_state(cls, setup: Setup, state: State) -> None:
        _check_state(setup, state)

    name: ClassVar[str] = "planechase"
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, setup: Setup, *, state: State | None = None) -> None:
        self.setup = setup
        self.seats = setup.seats
        self.planes: dict[str, Plane] = catalog(setup.planes, setup.typed_names)
        self._state = state if state is not None else _initial_state(setup)
        self._history: list[tuple[PlanechaseAction, State]] = []

    # ----- queries -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the current state (for inspection; changing it changes nothing)."""
        return self._state.copy()

    @property
    def players(self) -> tuple[str, ...]:
        """Players still in the game, in turn order."""
        return tuple(self._state.players)

    @property
    def plane(self) -> Plane | None:
        return self.planes[self._state.plane] if self._state.plane else None

    @property
    def controller(self) -> str | None:
        return self._state.controller

    @property
    def active(self) -> str:
        return self._state.active

    @property
    def roll_cost(self) -> int:
        """Mana the next planar die roll costs this turn: 0 for the first, then 1, 2, …"""
        return self._state.rolls

    def candidates(self) -> list[str]:
        """Planes that may come up at the awaited reveal, in deck order when known."""
        s = self._state
        if s.reveal_by is None:
            return []
        deck = self.setup.deck_of(s.reveal_by)
        if s.unseen[deck]:
            return [s.unseen[deck][0]] if self.setup.ordered else list(s.unseen[deck])
        return s.bottom[deck][:1]

    def deck_size(self, owner: str) -> int:
        return len(self._state.unseen.get(owner, [])) + len(self._state.bottom.get(owner, []))

    def winner(self) -> str | None:
        return self._state.players[0] if len(self._state.players) == 1 else None

    def pending(self) -> Pending:
        s = self._state
        if self.is_over:
            return Pending(None, "game_over", {"winner": self.winner()})
        if s.reveal_by is not None:
            return Pending(
                s.reveal_by,
                "reveal",
                {
                    "deck": self.setup.deck_of(s.reveal_by),
                    "candidates": self.candidates(),
                    "planeswalk": s.planeswalk,
                },
            )
        plane = self.plane
        details = {
            "turn": s.turn,
            "active": s.active,
            "controller": s.controller,
            "plane": s.plane,
            "plane_name": plane.name if plane else None,
            "plane_text": plane.text if plane else None,
            "roll_cost": s.rolls,
        }
        if s.active not in s.players:
            return Pending(None, "end_turn", details)
        return Pending(s.active, "turn", details)

    def legal_actions(self) -> list[PlanechaseAction]:
        s = self._state
        if self.is_over:
            return []
        leaves = [Leave(seat) for seat in s.players]
        if s.reveal_by is not None:
            return [*(Reveal(plane) for plane in self.candidates()), *leaves]
        actions: list[PlanechaseAction] = []
        if s.active in s.players:
            actions += [Roll(face) for face in Face]
        actions.append(EndTurn())
        return actions + leaves

    def parse_action(self, text: str) -> PlanechaseAction:
        return parse_action(text)

    def label(self, action: Action, step: str) -> Label:
        return action_label(action)

    @property
    def actions(self) -> list[Action]:
        return [action for action, _ in self._history]

    # ----- play ----------------------------------------------------------------------------
    def push(self, action: Action) -> list[Event]:
        if not isinstance(action, Reveal | Roll | EndTurn | Leave):
            raise IllegalActionError(f"not a Planechase action: {action!r}", rule="notation")
        if self.is_over:
            raise IllegalActionError("the game is over", rule="game over")
        new = self._state.copy()
        if isinstance(action, Reveal):
            events = self._reveal(new, action)
        elif isinstance(action, Leave):
            events = self._leave(new, action)
        elif new.reveal_by is not None:
            raise IllegalActionError(
                f"{new.reveal_by} must reveal a plane first", rule="seed 004: planeswalking"
            )
        elif isinstance(action, Roll):
            events = self._roll(new, action)
        else:
            events = self._end_turn(new)
        self._history.append((action, self._state))
        self._state = new
        return events  # the table says the action was applied (one ``action_applied``)

    def pop(self) -> Action:
        if not self._history:
            raise IndexError("no action to undo")
        action, self._state = self._history.pop()
        return action

    def _reveal(self, s: State, action: Reveal) -> list[Event]:
        if s.reveal_by is None:
            raise IllegalActionError("no plane is to be revealed now", rule="seed 004: one plane")
        if action.plane not in self.candidates():
            raise IllegalActionError(
                f"{action.plane} cannot be on top of {self.setup.deck_of(s.reveal_by)}'s deck",
                rule="seed 004: planar deck order",
            )
        deck = self.setup.deck_of(s.reveal_by)
        pile = s.unseen[deck] if s.unseen[deck] else s.bottom[deck]
        pile.remove(action.plane)
        s.plane, s.plane_owner = action.plane, deck
        data = {"plane": action.plane, "name": self.planes[action.plane].name, "by": s.reveal_by}
        kind = PLANESWALKED if s.planeswalk else PLANE_REVEALED
        s.reveal_by, s.planeswalk, s.walk_from = None, False, None
        return [Event(kind, data)]

    def _roll(self, s: State, action: Roll) -> list[Event]:
        if s.active not in s.players:
            raise IllegalActionError(
                f"{s.active} has left the game: nobody may roll this turn",
                rule="seed 004: rolling at sorcery speed",
            )
        events = [Event(DIE_ROLLED, {"face": str(action.face), "cost": s.rolls, "by": s.active})]
        s.rolls += 1
        if action.face is Face.CHAOS:
            events.append(Event(CHAOS, {"plane": s.plane, "controller": s.controller}))
        elif action.face is Face.PLANESWALK:
            s.walk_from = s.plane
            self._to_bottom(s)
            s.reveal_by, s.planeswalk = s.active, True
        return events

    @staticmethod
    def _to_bottom(s: State) -> None:
        if s.plane is not None and s.plane_owner is not None:
            s.bottom[s.plane_owner].append(s.plane)
        s.plane = s.plane_owner = None

    def _end_turn(self, s: State) -> list[Event]:
        ended = s.active
        s.active = self._next_player(s, s.active)
        s.controller = s.active
        s.turn += 1
        s.rolls = 0
        return [Event(TURN_ENDED, {"ended": ended, "active": s.active, "turn": s.turn})]

    def _next_player(self, s: State, after: str) -> str:
        """The next player in turn order after ``after`` who is still in the game."""
        order = self.seats
        start = order.index(after)
        for step in range(1, len(order) + 1):
            seat = order[(start + step) % len(order)]
            if seat in s.players:
                return seat
        raise IllegalActionError("nobody is left in the game", rule="game over")

    def _leave(self, s: State, action: Leave) -> list[Event]:
        seat = action.seat
        if seat not in s.players:
            raise IllegalActionError(f"{seat} is not playing", rule="seed 004: leaving the game")
        events = [Event(PLAYER_LEFT, {"seat": seat})]
        s.players.remove(seat)
        # Seed 004: check control first, then ownership.
        if s.controller == seat and len(s.players) > 1:
            s.controller = self._next_player(s, seat)
            events.append(notice(f"{NOTICE}control_passed", seat=seat, to=s.controller))
        elif s.controller == seat:
            s.controller = self._next_player(s, seat)
        if s.reveal_by == seat:
            events += self._drop_reveal(s, seat)
        if len(s.players) == 1:
            return [*events, Event(GAME_WON, {"winner": s.players[0]})]
        if not self.setup.shared:
            s.unseen.pop(seat)
            s.bottom.pop(seat)
            if s.walk_from is not None and s.walk_from in self.setup.decks[seat]:
                # the plane walked from left with its owner; the controller's reveal stays
                events.append(Event(PLANE_LEFT, {"plane": s.walk_from}))
                events.append(notice(f"{NOTICE}plane_left", seat=seat))
                s.walk_from = None
            if s.plane_owner == seat:
                events.append(Event(PLANE_LEFT, {"plane": s.plane}))
                events.append(notice(f"{NOTICE}plane_left", seat=seat))
                s.plane = s.plane_owner = None
                s.reveal_by, s.planeswalk = s.controller, True
        return events

    def _drop_reveal(self, s: State, seat: str) -> list[Event]:
        """``seat`` leaves while the game waits for them to reveal a plane (seed 004, leaving the
        game: the abilities they control waiting to resolve are removed). A planeswalk they
        rolled is removed: the plane it left comes back face up, now under the new controller.
        Any other reveal (the first plane, or one after a plane's owner left) is not an ability:
        the new controller makes it."""
        walked_from = s.walk_from
        s.walk_from = None
        if walked_from is None:
            s.reveal_by = s.controller
            return []
        owner = next(o for o, pile in s.bottom.items() if pile and pile[-1] == walked_from)
        s.bottom[owner].pop()
        s.plane, s.plane_owner = walked_from, owner
        s.reveal_by, s.planeswalk = None, False
        data = {"seat": seat, "plane": walked_from, "name": self.planes[walked_from].name}
        return [Event(PLANESWALK_REMOVED, data), notice(f"{NOTICE}planeswalk_removed", seat=seat)]


def _check_state(setup: Setup, s: State) -> None:
    """Refuse a position whose state cannot arise from its setup (``ValueError`` says why)."""
    problems = []
    if not s.players or [seat for seat in setup.seats if seat in s.players] != s.players:
        problems.append("players must be seated, in turn order")
    if s.active not in setup.seats or s.turn < 1 or s.rolls < 0:
        problems.append("active seat, turn and rolls")
    if s.controller is not None and s.controller not in s.players:
        problems.append("the controller must still be playing")
    if (s.plane is None) != (s.reveal_by is not None) or (
        s.reveal_by is not None and s.reveal_by not in s.players
    ):
        problems.append("either a plane is face up or a player still playing reveals one")
    if s.walk_from is not None and (
        s.reveal_by is None or not any(p and p[-1] == s.walk_from for p in s.bottom.values())
    ):
        problems.append("a planeswalk's plane waits at the bottom of its deck until the reveal")
    owners = set(setup.decks)
    if set(s.unseen) != set(s.bottom) or not set(s.unseen) <= owners:
        problems.append("decks must belong to the setup")
    for owner in s.unseen:
        cards = s.unseen[owner] + s.bottom[owner]
        cards += [s.plane] if s.plane is not None and s.plane_owner == owner else []
        if sorted(cards) != sorted(setup.decks[owner]):
            problems.append(f"deck {owner} must hold exactly its setup planes")
    if problems:
        raise ValueError("not a consistent Planechase position: " + "; ".join(problems))
