"""The Dungeon Command engine: morale, leadership, each creature's state and the four-phase turn
(seed 002).

The companion tracks what the warbands' morale and leadership trackers hold, each creature's
damage, tapping and marked conditions, and walks the players through the turn; cards, hands,
card texts and movement stay on the table (the players enter what a card does as an action).

- Setup: the first player deploys starting creatures with total level ≤ their leadership (at
  least one), then the other player does the same; the first deployer plays first.
- A turn: refresh (start-of-turn effects, untap, draw one order card) → activate (each creature
  in turn) → deploy (leadership rises by 1, then new creatures, total levels on the battlefield
  ≤ leadership) → cleanup (end-of-turn effects, draw creature cards up to the hand size, untap).
- Each creature in play has hit points (printed on its card, seed 002 line 103; typed in by the
  players where unknown), damage taken in tens (line 38, 129), tapped or not (line 160) and
  the conditions the players mark (``data/conditions.yaml``). A creature whose damage reaches its
  hit points is destroyed at once. A tapped creature cannot take a tapping action; the active
  player's creatures untap in refresh and again in cleanup (line 131, 160), except those
  marked ``stays_tapped``. In the activate phase the active player activates their creatures
  one at a time, each once (line 137).
- A destroyed creature costs its warband morale equal to its level (line 101); a cowering
  creature costs damage ÷ 10 (plus any extra the opposing commander's power adds).
- The game ends at once when a warband's morale is 0 or less, or when a player ends their turn
  with no creature on the battlefield; the highest morale wins (equal morale: a draw).

Pending kinds: ``initial_deploy``, ``refresh``, ``activate``, ``deploy``, ``cleanup`` (``seat``
is the player whose step it is; ``details`` hold morale, leadership, levels in play and room to
deploy), ``game_over`` / ``game_drawn`` (``details``: the winner, the reason — ``morale`` or
``no_creatures`` — and the final morale).
Damage, healing, tapping and untapping, conditions, a card's hit points, creatures destroyed
outright or cowering, and card effects that move a morale or leadership marker (``adjust``, one
step at a time) may be entered in any step of either player's turn once the battle has begun:
the rulebook lets either player react at any time (seed 002: the stack).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.errors import IllegalActionError
from companion.events import ACTION_APPLIED, DESTROYED, GAME_WON, PHASE_STARTED, Event
from companion.games import register
from companion.games.dungeon_command.actions import (
    ACTION_TYPES,
    TRACKS,
    Activate,
    Adjust,
    Clear,
    Cower,
    Damage,
    Deploy,
    Destroyed,
    DungeonCommandAction,
    Heal,
    HitPoints,
    Mark,
    Next,
    Tap,
    Untap,
    parse_action,
)
from companion.games.dungeon_command.data_files import conditions
from companion.games.dungeon_command.setup import DAMAGE_STEP, MAX_HIT_POINTS, Setup
from companion.games.json_state import JsonStateGame
from companion.games.protocol import Action, Pending

POSITION_FORMAT = "dungeon_command-position"
RECORD_FORMAT = "dungeon_command-record"

PHASES = ("refresh", "activate", "deploy", "cleanup")
INITIAL_DEPLOY = "initial_deploy"
DEPLOYED = "dungeon_command.deployed"
MORALE_LOST = "dungeon_command.morale_lost"
LEADERSHIP_RAISED = "dungeon_command.leadership_raised"
GAME_ENDED = "dungeon_command.game_ended"
ADJUSTED = "dungeon_command.adjusted"
ACTIVATED = "dungeon_command.activated"
DAMAGED = "dungeon_command.damaged"
HEALED = "dungeon_command.healed"
TAPPED = "dungeon_command.tapped"
UNTAPPED = "dungeon_command.untapped"
HIT_POINTS_TYPED = "dungeon_command.hit_points_typed"
CONDITION_MARKED = "dungeon_command.condition_marked"
CONDITION_CLEARED = "dungeon_command.condition_cleared"
STAYS_TAPPED = "stays_tapped"  # data/conditions.yaml: the one condition the engine honours
MORALE_PER_COWERED_DAMAGE = 10  # facts.md §6: cowering costs damage ÷ 10 morale


@dataclass
class State:
    phase: str
    active: str
    turn: int = 0
    morale: dict[str, int] = field(default_factory=dict)
    leadership: dict[str, int] = field(default_factory=dict)
    battlefield: dict[str, list[str]] = field(default_factory=dict)
    destroyed: dict[str, list[str]] = field(default_factory=dict)
    ended: str | None = None  # why the game ended: "morale" or "no_creatures"
    damage: dict[str, int] = field(default_factory=dict)  # creature in play → damage taken (> 0)
    tapped: list[str] = field(default_factory=list)  # creatures in play that are tapped
    conditions: dict[str, list[str]] = field(default_factory=dict)  # creature → marked conditions
    activated: list[str] = field(default_factory=list)  # activated this turn, in order
    activating: str | None = None  # the creature being activated now
    hit_points: dict[str, int] = field(default_factory=dict)  # typed in during play (unknown card)

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase,
            "active": self.active,
            "turn": self.turn,
            "morale": dict(self.morale),
            "leadership": dict(self.leadership),
            "battlefield": {k: list(v) for k, v in self.battlefield.items()},
            "destroyed": {k: list(v) for k, v in self.destroyed.items()},
            "ended": self.ended,
            "damage": dict(self.damage),
            "tapped": list(self.tapped),
            "conditions": {k: list(v) for k, v in self.conditions.items()},
            "activated": list(self.activated),
            "activating": self.activating,
            "hit_points": dict(self.hit_points),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        return cls(
            phase=data["phase"],
            active=data["active"],
            turn=int(data["turn"]),
            morale={k: int(v) for k, v in data["morale"].items()},
            leadership={k: int(v) for k, v in data["leadership"].items()},
            battlefield={k: list(v) for k, v in data["battlefield"].items()},
            destroyed={k: list(v) for k, v in data["destroyed"].items()},
            ended=data["ended"],
            damage={k: int(v) for k, v in data.get("damage", {}).items()},
            tapped=list(data.get("tapped", [])),
            conditions={k: list(v) for k, v in data.get("conditions", {}).items()},
            activated=list(data.get("activated", [])),
            activating=data.get("activating"),
            hit_points={k: int(v) for k, v in data.get("hit_points", {}).items()},
        )


def _initial_state(setup: Setup) -> State:
    return State(
        phase=INITIAL_DEPLOY,
        active=setup.first,
        morale={band.seat: band.morale for band in setup.warbands},
        leadership={band.seat: band.leadership for band in setup.warbands},
        battlefield={band.seat: [] for band in setup.warbands},
        destroyed={band.seat: [] for band in setup.warbands},
    )


@register
class DungeonCommand(JsonStateGame):
    position_format = POSITION_FORMAT
    record_format = RECORD_FORMAT
    state_label = "a Dungeon Command position state"
    setup_type = Setup
    state_type = State

    @classmethod
    def check_state(cls, setup: Setup, state: State) -> None:
        _check_state(setup, state)

    name: ClassVar[str] = "dungeon_command"

    def __init__(self, setup: Setup, *, state: State | None = None) -> None:
        self.setup = setup
        self.seats = setup.seats
        self._state = state if state is not None else _initial_state(setup)
        self._history: list[tuple[DungeonCommandAction, State]] = []

    # ----- queries -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the current state."""
        return copy.deepcopy(self._state)

    def morale(self, seat: str) -> int:
        return self._state.morale[seat]

    def leadership(self, seat: str) -> int:
        return self._state.leadership[seat]

    def level(self, label: str) -> int:
        owner = self.setup.owner(label)
        if owner is None:
            raise KeyError(f"no creature labelled {label!r}")
        return self.setup.band(owner).creatures[label]

    def levels_in_play(self, seat: str) -> int:
        """Total level of ``seat``'s creatures on the battlefield."""
        return sum(self.level(label) for label in self._state.battlefield[seat])

    def deploy_room(self, seat: str) -> int:
        """How many more levels ``seat`` may deploy now (leadership minus levels in play)."""
        return self._state.leadership[seat] - self.levels_in_play(seat)

    def hit_points(self, label: str) -> int | None:
        """The hit points on the creature's card; ``None`` until the players type them in."""
        return self._hit_points(self._state, label)

    def damage(self, label: str) -> int:
        """The damage on a creature in play (0 for one unhurt or not in play)."""
        return self._state.damage.get(label, 0)

    def is_tapped(self, label: str) -> bool:
        return label in self._state.tapped

    def conditions(self, label: str) -> list[str]:
        """The conditions the players marked on a creature in play."""
        return list(self._state.conditions.get(label, []))

    def attack_numbers(self, label: str) -> dict[str, int]:
        """The melee and ranged damage printed on the creature's card (those typed in)."""
        card = self.setup.band(self._owner(label)).card(label)
        numbers = {"melee": card.melee, "ranged": card.ranged}
        return {kind: value for kind, value in numbers.items() if value is not None}

    def _owner(self, label: str) -> str:
        owner = self.setup.owner(label)
        if owner is None:
            raise KeyError(f"no creature labelled {label!r}")
        return owner

    def on_battlefield(self) -> list[str]:
        return [label for labels in self._state.battlefield.values() for label in labels]

    def opponent(self, seat: str) -> str:
        return next(other for other in self.seats if other != seat)

    @property
    def is_over(self) -> bool:
        return self._state.ended is not None

    def winner(self) -> str | None:
        """The warband with the highest morale once the game is over; ``None`` on a draw."""
        if not self.is_over:
            return None
        morale = self._state.morale
        best = max(morale.values())
        leaders = [seat for seat in self.seats if morale[seat] == best]
        return leaders[0] if len(leaders) == 1 else None

    def pending(self) -> Pending:
        s = self._state
        if self.is_over:
            winner = self.winner()
            return Pending(
                None,
                "game_over" if winner else "game_drawn",
                {"winner": winner, "reason": s.ended, "morale": dict(s.morale)},
            )
        seat = s.active
        band = self.setup.band(seat)
        details: dict[str, Any] = {
            "turn": s.turn,
            "morale": s.morale[seat],
            "leadership": s.leadership[seat],
            "levels_in_play": self.levels_in_play(seat),
            "room": self.deploy_room(seat),
            "creature_hand": band.creature_hand,
        }
        return Pending(seat, s.phase, details)

    def _deployable(self, seat: str) -> list[str]:
        s = self._state
        used = set(s.battlefield[seat]) | set(s.destroyed[seat])
        room = self.deploy_room(seat)
        creatures = self.setup.band(seat).creatures
        return [label for label, level in creatures.items() if label not in used and level <= room]

    def _cowerable_damage(self, label: str) -> range:
        owner = self.setup.owner(label)
        assert owner is not None
        top = max(self._state.morale[owner], 1) * MORALE_PER_COWERED_DAMAGE
        return range(MORALE_PER_COWERED_DAMAGE, top + 1, MORALE_PER_COWERED_DAMAGE)

    def legal_actions(self) -> list[DungeonCommandAction]:
        """Everything that may be pushed now. Cowering is listed up to the damage that would
        take the warband's morale to 0; larger amounts are legal too and end the game the same."""
        s = self._state
        if self.is_over:
            return []
        actions: list[DungeonCommandAction] = []
        if s.phase in (INITIAL_DEPLOY, "deploy"):
            actions += [Deploy(label) for label in self._deployable(s.active)]
        if s.phase == "activate":
            done = set(s.activated)
            actions += [Activate(x) for x in s.battlefield[s.active] if x not in done]
        if s.phase != INITIAL_DEPLOY:
            for label in self.on_battlefield():
                actions += self._creature_actions(label)
                actions.append(Destroyed(label))
                actions += [Cower(label, damage) for damage in self._cowerable_damage(label)]
            for seat in self.seats:
                actions += [Adjust(seat, track, +1) for track in TRACKS]
                actions.append(Adjust(seat, "morale", -1))
                if s.leadership[seat] > 0:
                    actions.append(Adjust(seat, "leadership", -1))
        if s.phase != INITIAL_DEPLOY or s.battlefield[s.active]:
            actions.append(Next())
        return actions

    def _creature_actions(self, label: str) -> list[DungeonCommandAction]:
        """Damage up to what destroys it (once its hit points are known, else its hit points),
        healing up to its damage, tapping or untapping, and marking or clearing conditions."""
        actions: list[DungeonCommandAction] = []
        hit_points, damage = self.hit_points(label), self.damage(label)
        if hit_points is None:
            actions += [HitPoints(label, v) for v in _tens(MAX_HIT_POINTS)]
        else:
            actions += [Damage(label, amount) for amount in _tens(hit_points - damage)]
        actions += [Heal(label, amount) for amount in _tens(damage)]
        actions.append(Untap(label) if self.is_tapped(label) else Tap(label))
        marked = self._state.conditions.get(label, [])
        actions += [Clear(label, c) if c in marked else Mark(label, c) for c in conditions()]
        return actions

    def parse_action(self, text: str) -> DungeonCommandAction:
        return parse_action(text)

    @property
    def actions(self) -> list[Action]:
        return [action for action, _ in self._history]

    # ----- play ----------------------------------------------------------------------------
    def push(self, action: Action) -> list[Event]:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalActionError(f"not a Dungeon Command action: {action!r}", rule="notation")
        if self.is_over:
            raise IllegalActionError("the game is over", rule="seed 002: how to win")
        new = copy.deepcopy(self._state)
        if isinstance(action, Deploy):
            events = self._deploy(new, action)
        elif isinstance(action, Next):
            events = self._next(new)
        elif isinstance(action, Adjust):
            events = self._adjust(new, action)
        elif isinstance(action, Activate):
            events = self._activate(new, action)
        elif isinstance(action, Destroyed | Cower):
            events = self._lose_morale(new, action)
        else:
            events = self._creature_effect(new, action)
        self._history.append((action, self._state))
        self._state = new
        return [Event(ACTION_APPLIED, {"action": str(action)}), *events]

    def pop(self) -> Action:
        if not self._history:
            raise IndexError("no action to undo")
        action, self._state = self._history.pop()
        return action

    def _deploy(self, s: State, action: Deploy) -> list[Event]:
        seat, label = s.active, action.label
        if s.phase not in (INITIAL_DEPLOY, "deploy"):
            raise IllegalActionError(
                f"creatures are deployed in the deploy phase, not in {s.phase}",
                rule="seed 002: phase 3 deploy",
            )
        if label not in self.setup.band(seat).creatures:
            raise IllegalActionError(f"{label} is not in {seat}'s warband", rule="seed 002: setup")
        if label in s.battlefield[seat] or label in s.destroyed[seat]:
            raise IllegalActionError(f"{label} has already been deployed", rule="seed 002: deploy")
        level, room = self.level(label), self.deploy_room(seat)
        if level > room:
            raise IllegalActionError(
                f"{label} is level {level} but only {room} levels of leadership are free",
                rule="seed 002: leadership",
            )
        s.battlefield[seat].append(label)
        return [Event(DEPLOYED, {"seat": seat, "label": label, "level": level})]

    def _next(self, s: State) -> list[Event]:
        if s.phase == INITIAL_DEPLOY:
            if not s.battlefield[s.active]:
                raise IllegalActionError(
                    "deploy at least one creature first", rule="seed 002: starting creatures"
                )
            if s.active == self.setup.first:
                s.active = self.opponent(s.active)
                return [Event(PHASE_STARTED, {"phase": INITIAL_DEPLOY, "seat": s.active})]
            s.active, s.turn = self.setup.first, 1
            return self._enter(s, "refresh")
        if s.phase == "cleanup":
            if not s.battlefield[s.active]:
                s.ended = "no_creatures"
                return self._ending(s)
            s.active = self.opponent(s.active)
            s.turn += 1
            return self._enter(s, "refresh")
        return self._enter(s, PHASES[PHASES.index(s.phase) + 1])

    def _enter(self, s: State, phase: str) -> list[Event]:
        s.phase = phase
        s.activating = None
        events = [Event(PHASE_STARTED, {"phase": phase, "seat": s.active, "turn": s.turn})]
        if phase == "refresh":
            s.activated = []
        if phase in ("refresh", "cleanup"):
            events += self._untap_all(s, s.active)
        if phase == "deploy":
            s.leadership[s.active] += 1
            events.append(
                Event(LEADERSHIP_RAISED, {"seat": s.active, "leadership": s.leadership[s.active]})
            )
        return events

    def _adjust(self, s: State, action: Adjust) -> list[Event]:
        if action not in self.legal_actions():
            raise IllegalActionError(
                f"{action} is not possible now", rule="seed 002: card effects override the rules"
            )
        track = s.morale if action.track == "morale" else s.leadership
        track[action.seat] += action.change
        data = {"seat": action.seat, "track": action.track, "value": track[action.seat]}
        events = [Event(ADJUSTED, data)]
        if action.track == "morale" and s.morale[action.seat] <= 0:
            s.ended = "morale"
            events += self._ending(s)
        return events

    def _untap_all(self, s: State, seat: str) -> list[Event]:
        """Seed 002 lines 131, 160: the active player's tapped creatures untap in refresh and in
        cleanup, unless an effect (a marked ``stays_tapped``) keeps them tapped."""
        untapped = [
            label
            for label in s.battlefield[seat]
            if label in s.tapped and STAYS_TAPPED not in s.conditions.get(label, [])
        ]
        s.tapped = [label for label in s.tapped if label not in untapped]
        return [Event(UNTAPPED, {"seat": seat, "labels": untapped})] if untapped else []

    def _in_play(self, s: State, label: str) -> str:
        """The owner of ``label``, a creature on the battlefield once the battle has begun."""
        owner = self.setup.owner(label)
        if owner is None or label not in s.battlefield[owner]:
            raise IllegalActionError(
                f"{label} is not on the battlefield", rule="seed 002: battlefield"
            )
        if s.phase == INITIAL_DEPLOY:
            raise IllegalActionError("the battle has not begun", rule="seed 002: setup")
        return owner

    def _activate(self, s: State, action: Activate) -> list[Event]:
        label = action.label
        owner = self._in_play(s, label)
        if s.phase != "activate" or owner != s.active:
            raise IllegalActionError(
                f"only {s.active}'s creatures are activated, in the activate phase",
                rule="seed 002: activate",
            )
        if label in s.activated:
            raise IllegalActionError(
                f"{label} has already been activated this turn", rule="seed 002: activate"
            )
        s.activated.append(label)
        s.activating = label
        return [Event(ACTIVATED, {"seat": owner, "label": label})]

    def _creature_effect(
        self, s: State, action: Damage | Heal | Tap | Untap | HitPoints | Mark | Clear
    ) -> list[Event]:
        label = action.label
        owner = self._in_play(s, label)
        if isinstance(action, Damage | Heal | HitPoints):
            _check_tens(action)
        if isinstance(action, Tap):
            if label in s.tapped:
                raise IllegalActionError(
                    f"{label} is tapped: it cannot take a tapping action", rule="seed 002: tapping"
                )
            s.tapped.append(label)
            return [Event(TAPPED, {"seat": owner, "label": label})]
        if isinstance(action, Untap):
            if label not in s.tapped:
                raise IllegalActionError(f"{label} is not tapped", rule="seed 002: untap")
            s.tapped.remove(label)
            return [Event(UNTAPPED, {"seat": owner, "labels": [label]})]
        if isinstance(action, Mark | Clear):
            return self._condition(s, owner, action)
        if isinstance(action, HitPoints):
            return self._type_hit_points(s, owner, action)
        if isinstance(action, Heal):
            if action.amount > s.damage.get(label, 0):
                raise IllegalActionError(
                    f"{label} has only {s.damage.get(label, 0)} damage", rule="seed 002: heal"
                )
            s.damage[label] -= action.amount
            if not s.damage[label]:
                del s.damage[label]
            data = {"seat": owner, "label": label, "damage": s.damage.get(label, 0)}
            return [Event(HEALED, data)]
        return self._take_damage(s, owner, action)

    def _take_damage(self, s: State, owner: str, action: Damage) -> list[Event]:
        """Seed 002 line 103: hit points are the damage a creature takes before it is destroyed;
        damage reaching them destroys it and costs its warband its level in morale (line 101)."""
        label = action.label
        hit_points = self._hit_points(s, label)
        if hit_points is None:
            raise IllegalActionError(
                f"type in {label}'s hit points from its card first", rule="seed 002: hit points"
            )
        left = hit_points - s.damage.get(label, 0)
        if action.amount > left:
            raise IllegalActionError(
                f"{label} has {left} hit points left: {left} damage destroys it",
                rule="seed 002: damage taken",
            )
        s.damage[label] = s.damage.get(label, 0) + action.amount
        data = {"seat": owner, "label": label, "amount": action.amount}
        events = [Event(DAMAGED, {**data, "damage": s.damage[label], "hit_points": hit_points})]
        if s.damage[label] >= hit_points:
            events += self._destroy(s, owner, label)
        return events

    def _type_hit_points(self, s: State, owner: str, action: HitPoints) -> list[Event]:
        label = action.label
        if self._hit_points(s, label) is not None:
            raise IllegalActionError(
                f"{label}'s hit points are already known", rule="seed 002: hit points known"
            )
        if action.value > MAX_HIT_POINTS:
            raise IllegalActionError(
                f"hit points go up to {MAX_HIT_POINTS}", rule="seed 002: hit points"
            )
        s.hit_points[label] = action.value
        events = [Event(HIT_POINTS_TYPED, {"seat": owner, "label": label, "value": action.value})]
        if s.damage.get(label, 0) >= action.value:
            events += self._destroy(s, owner, label)
        return events

    def _condition(self, s: State, owner: str, action: Mark | Clear) -> list[Event]:
        label, condition = action.label, action.condition
        marked = s.conditions.get(label, [])
        if condition not in conditions() or (condition in marked) == isinstance(action, Mark):
            raise IllegalActionError(
                f"{action} is not possible now (conditions: {', '.join(conditions())})",
                rule="seed 002: conditions",
            )
        if isinstance(action, Mark):
            s.conditions[label] = [*marked, condition]
            kind = CONDITION_MARKED
        else:
            s.conditions[label] = [c for c in marked if c != condition]
            if not s.conditions[label]:
                del s.conditions[label]
            kind = CONDITION_CLEARED
        return [Event(kind, {"seat": owner, "label": label, "condition": condition})]

    def _hit_points(self, s: State, label: str) -> int | None:
        printed = self.setup.band(self._owner(label)).card(label).hit_points
        return printed if printed is not None else s.hit_points.get(label)

    def _destroy(self, s: State, owner: str, label: str) -> list[Event]:
        """The creature leaves the battlefield (its damage, tapping and conditions with it) and
        its warband loses morale equal to its level."""
        s.battlefield[owner].remove(label)
        s.destroyed[owner].append(label)
        s.damage.pop(label, None)
        s.conditions.pop(label, None)
        s.tapped = [x for x in s.tapped if x != label]
        if s.activating == label:
            s.activating = None
        events = [Event(DESTROYED, {"seat": owner, "label": label})]
        return events + self._morale_loss(s, owner, self.level(label))

    def _morale_loss(self, s: State, owner: str, loss: int) -> list[Event]:
        s.morale[owner] -= loss
        events = [Event(MORALE_LOST, {"seat": owner, "loss": loss, "morale": s.morale[owner]})]
        if s.morale[owner] <= 0 and s.ended is None:
            s.ended = "morale"
            events += self._ending(s)
        return events

    def _lose_morale(self, s: State, action: Destroyed | Cower) -> list[Event]:
        owner = self._in_play(s, action.label)
        if isinstance(action, Destroyed):
            return self._destroy(s, owner, action.label)
        else:
            if action.damage <= 0 or action.damage % MORALE_PER_COWERED_DAMAGE:
                raise IllegalActionError(
                    f"damage comes in tens, not {action.damage}", rule="cowering: damage ÷ 10"
                )
            extra = self.setup.band(self.opponent(owner)).cowering_opponent_extra_loss
            loss = action.damage // MORALE_PER_COWERED_DAMAGE + extra
        return self._morale_loss(s, owner, loss)

    def _ending(self, s: State) -> list[Event]:
        s.phase = "over"
        s.activating = None
        events = [Event(GAME_ENDED, {"reason": s.ended, "morale": dict(s.morale)})]
        winner = self.winner()
        if winner is not None:
            events.append(Event(GAME_WON, {"winner": winner}))
        return events


def _tens(top: int) -> range:
    """10, 20, … up to ``top``: the amounts of damage, healing or hit points listed."""
    return range(DAMAGE_STEP, top + 1, DAMAGE_STEP)


def _check_tens(action: Damage | Heal | HitPoints) -> None:
    amount = action.value if isinstance(action, HitPoints) else action.amount
    if amount <= 0 or amount % DAMAGE_STEP:
        raise IllegalActionError(
            f"damage and hit points come in tens, not {amount}", rule="seed 002: damage in tens"
        )


def _check_state(setup: Setup, s: State) -> None:
    """Refuse a position whose state cannot arise from its setup (``ValueError`` says why)."""
    problems = []
    seats = set(setup.seats)
    if s.phase not in (INITIAL_DEPLOY, *PHASES, "over") or s.active not in seats or s.turn < 0:
        problems.append("phase, active seat and turn")
    if (s.phase == "over") != (s.ended in ("morale", "no_creatures")):
        problems.append("a game is over exactly when it has a reason to end")
    tracks = (s.morale, s.leadership, s.battlefield, s.destroyed)
    if any(set(track) != seats for track in tracks):
        problems.append("every seat needs morale, leadership, battlefield and destroyed")
    else:
        for seat in setup.seats:
            labels = s.battlefield[seat] + s.destroyed[seat]
            if len(set(labels)) != len(labels) or not set(labels) <= set(
                setup.band(seat).creatures
            ):
                problems.append(f"{seat}'s creatures must be its own, each in one place")
        in_play = {label for labels in s.battlefield.values() for label in labels}
        marked = set(s.damage) | set(s.tapped) | set(s.conditions) | {s.activating} - {None}
        if not marked <= in_play or any(v <= 0 or v % DAMAGE_STEP for v in s.damage.values()):
            problems.append("damage, tapping and conditions belong to creatures in play")
    if problems:
        raise ValueError("not a consistent Dungeon Command position: " + "; ".join(problems))
