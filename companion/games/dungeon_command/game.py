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

from typing import Any, ClassVar

from companion.errors import IllegalActionError
from companion.events import DESTROYED, GAME_WON, PHASE_STARTED, Event, notice
from companion.games.dungeon_command import creatures
from companion.games.dungeon_command.actions import (
    ACTION_TYPES,
    TRACKS,
    Activate,
    Adjust,
    Cower,
    Deploy,
    Destroyed,
    DungeonCommandAction,
    Next,
    parse_action,
)
from companion.games.dungeon_command.labels import label as action_label
from companion.games.dungeon_command.listing import MORALE_PER_COWERED_DAMAGE, LegalActions
from companion.games.dungeon_command.setup import DAMAGE_STEP, Setup
from companion.games.dungeon_command.state import INITIAL_DEPLOY, State, initial_state
from companion.games.json_state import JsonStateGame
from companion.games.protocol import Action, Label, Pending

POSITION_FORMAT = "dungeon_command-position"
RECORD_FORMAT = "dungeon_command-record"

PHASES = ("refresh", "activate", "deploy", "cleanup")
DEPLOYED = "dungeon_command.deployed"
MORALE_LOST = "dungeon_command.morale_lost"
LEADERSHIP_RAISED = "dungeon_command.leadership_raised"
GAME_ENDED = "dungeon_command.game_ended"
ADJUSTED = "dungeon_command.adjusted"
ACTIVATED = "dungeon_command.activated"


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
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, setup: Setup, *, state: State | None = None) -> None:
        self.setup = setup
        self.seats = setup.seats
        self._state = state if state is not None else initial_state(setup)
        self._history: list[tuple[DungeonCommandAction, State]] = []
        # the legal actions of one state (a state is never changed once it is the game's)
        self._legal: tuple[State, LegalActions] | None = None

    # ----- queries -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """A copy of the current state."""
        return self._state.copy()

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
        return creatures.hit_points(self.setup, self._state, label)

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
        take the warband's morale to 0; larger amounts are legal too and end the game the same
        (in the collection, not listed: ``listing.LegalActions``)."""
        legal = self._legal_now()
        return LegalActions(legal, legal.cowering)  # the caller's own list

    def _legal_now(self) -> LegalActions:
        """The legal actions, worked out once per state."""
        if self._legal is None or self._legal[0] is not self._state:
            self._legal = (self._state, self._list_legal())
        return self._legal[1]

    def _list_legal(self) -> LegalActions:
        s = self._state
        if self.is_over:
            return LegalActions((), ())
        actions: list[DungeonCommandAction] = []
        if s.phase in (INITIAL_DEPLOY, "deploy"):
            actions += [Deploy(label) for label in self._deployable(s.active)]
        if s.phase == "activate":
            done = set(s.activated)
            actions += [Activate(x) for x in s.battlefield[s.active] if x not in done]
        if s.phase != INITIAL_DEPLOY:
            for label in self.on_battlefield():
                actions += creatures.listed(self.setup, s, label)
                actions.append(Destroyed(label))
                actions += [Cower(label, damage) for damage in self._cowerable_damage(label)]
            for seat in self.seats:
                actions += [Adjust(seat, track, +1) for track in TRACKS]
                actions.append(Adjust(seat, "morale", -1))
                if s.leadership[seat] > 0:
                    actions.append(Adjust(seat, "leadership", -1))
        if s.phase != INITIAL_DEPLOY or s.battlefield[s.active]:
            actions.append(Next())
        return LegalActions(actions, self.on_battlefield() if s.phase != INITIAL_DEPLOY else ())

    def parse_action(self, text: str) -> DungeonCommandAction:
        return parse_action(text)

    def label(self, action: Action, step: str) -> Label:
        return action_label(action, self.level, self._destroys)

    def _destroys(self, label: str, amount: int) -> bool:
        """Does ``amount`` damage destroy creature ``label`` now (its hit points known)?"""
        if self.setup.owner(label) is None:
            return False  # no such creature: the push says so
        known = self.hit_points(label)
        return known is not None and self.damage(label) + amount >= known

    @property
    def actions(self) -> list[Action]:
        return [action for action, _ in self._history]

    # ----- play ----------------------------------------------------------------------------
    def push(self, action: Action) -> list[Event]:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalActionError(f"not a Dungeon Command action: {action!r}", rule="notation")
        if self.is_over:
            raise IllegalActionError("the game is over", rule="seed 002: how to win")
        new = self._state.copy()
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
            owner = self._in_play(new, action.label)
            events, destroyed = creatures.apply(self.setup, new, owner, action)
            if destroyed:
                events += self._destroy(new, owner, action.label)
        self._history.append((action, self._state))
        self._state = new
        return events  # the table says the action was applied (one ``action_applied``)

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
            events += creatures.untap_all(s, s.active)
        if phase == "deploy":
            s.leadership[s.active] += 1
            leadership = s.leadership[s.active]
            events.append(Event(LEADERSHIP_RAISED, {"seat": s.active, "leadership": leadership}))
            events.append(
                notice(
                    "notice.rule.dungeon_command.leadership_raised",
                    seat=s.active,
                    leadership=leadership,
                )
            )
        return events

    def _adjust(self, s: State, action: Adjust) -> list[Event]:
        if action not in self._legal_now():
            raise IllegalActionError(
                f"{action} is not possible now", rule="seed 002: card effects override the rules"
            )
        track = s.morale if action.track == "morale" else s.leadership
        track[action.seat] += action.change
        data = {"seat": action.seat, "track": action.track, "value": track[action.seat]}
        events = [Event(ADJUSTED, data)]
        if action.track == "morale" and s.morale[action.seat] <= 0:
            s.ended = "morale"
            events.append(notice("notice.rule.dungeon_command.morale_out", seat=action.seat))
            events += self._ending(s)
        return events

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

    def _destroy(self, s: State, owner: str, label: str) -> list[Event]:
        """The creature leaves the battlefield (its damage, tapping and conditions with it) and
        its warband loses morale equal to its level."""
        s.battlefield[owner].remove(label)
        s.destroyed[owner].append(label)
        creatures.forget(s, label)
        events = [Event(DESTROYED, {"seat": owner, "label": label})]
        return events + self._morale_loss(s, owner, self.level(label))

    def _morale_loss(self, s: State, owner: str, loss: int) -> list[Event]:
        s.morale[owner] -= loss
        events = [Event(MORALE_LOST, {"seat": owner, "loss": loss, "morale": s.morale[owner]})]
        if s.morale[owner] <= 0 and s.ended is None:
            s.ended = "morale"
            events.append(notice("notice.rule.dungeon_command.morale_out", seat=owner))
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
