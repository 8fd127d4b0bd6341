"""The Arena of the Planeswalkers engine: turn track, armies, combat from entered dice, glyphs,
the three scenarios and their scoring (seed 003).

The companion tracks each figure's *place*: ``reserve``, ``field`` (anywhere on the battlefield),
``scoring`` (a purple space beside a glyph, for the melee scenario), a glyph spot, or
``graveyard``; and, when the camera saw it (``summon``/``move`` with a hex), the *hex* it stands
on (one figure per hex). Range, line of sight, engagement and movement distance are judged by the
players; the camera (``camera.py``) prompts leaving an engagement from the hexes.

Who goes first (seed 003, two-player and multiplayer games): each player rolls a d20, ties among
the highest roll again (in a team game each team rolls once, by its first seat); play then passes
on in seat order. The rolls are entered (``d20 <seat> <result>``), typed from a real die or
rolled on the phone, in seat order. In a duel (two seats) the winner of the roll chooses who
takes the first turn — themself or the opponent (``first <seat>``, the ``first_choice`` step);
with more seats the highest roll goes first.

A turn: choose an army card (and, on a planeswalker's turn, summon up to two squad figures or one
hero from the reserve) → move its figures (leaving an engagement costs a one-die attack from each
enemy left; a long fall costs a one-die roll) → attack with each of its figures once (attack dice
= power + glyph of power + 1 for height advantage; defence dice = toughness + glyph of toughness +
1 for height advantage; damage = hits − shields) → the turn marker moves on.

Pending kinds: ``first_roll`` (``seat`` rolls the d20; ``details``: the rounds so far and who
rolls in this one), ``first_choice`` (the duel's d20 winner names who goes first; ``details``:
the rolls, ``opponent``), ``choose_army``, ``summon``, ``move``, ``attack`` (the active player;
``end`` ends the turn), ``attack_dice`` (the attacker's player enters hits), ``defence_dice`` (the
defender's player enters shields), ``game_over`` / ``game_drawn`` (``details``: winner, reason,
scores).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

from companion.errors import IllegalActionError
from companion.events import DESTROYED, GAME_WON, RETURNED_TO_RESERVE, Event, notice
from companion.games.arena.actions import (
    HIGHER,
    ArenaAction,
    Attack,
    Choose,
    Damage,
    Dice,
    Disengage,
    End,
    Fall,
    FirstRoll,
    FirstTurn,
    Hits,
    Move,
    Next,
    ReturnSquad,
    Shields,
    Summon,
    parse_action,
)
from companion.games.arena.data_files import glyphs
from companion.games.arena.labels import ACTION_TYPES
from companion.games.arena.labels import label as action_label
from companion.games.arena.setup import (
    FIELD,
    GRAVEYARD,
    PLACES,
    RESERVE,
    SCORING,
    ArmyCard,
    Setup,
)
from companion.games.json_state import JsonStateGame
from companion.games.protocol import Action, Label, Pending

POSITION_FORMAT = "arena-position"
RECORD_FORMAT = "arena-record"

OFF_BATTLEFIELD = (RESERVE, GRAVEYARD)
DAMAGED = "arena.damaged"
GLYPH_TAKEN = "arena.glyph_taken"
SPELLS_DRAWN = "arena.spells_drawn"
TURN_ENDED = "arena.turn_ended"
GAME_ENDED = "arena.game_ended"
FIRST_PLAYER = "arena.first_player"
FIRST_ROLL_TIED = "arena.first_roll_tied"
FIRST_ROLL_WON = "arena.first_roll_won"  # a duel: the winner now chooses who goes first
D20 = range(1, 21)
MOVE_STEPS = ("summon", "move")
TURN_STEPS = ("summon", "move", "attack")


@dataclass
class Figure:
    owner: str
    card: str
    place: str
    damage: int = 0
    hex: str | None = None  # the space it stands on, when the camera saw it

    def copy(self) -> Figure:
        return Figure(self.owner, self.card, self.place, self.damage, self.hex)


@dataclass
class Combat:
    attacker: str
    target: str
    higher: str | None
    attack_dice: int
    hits: int | None = None
    defence_dice: int | None = None

    def copy(self) -> Combat:
        return Combat(
            self.attacker, self.target, self.higher, self.attack_dice, self.hits, self.defence_dice
        )


@dataclass
class State:
    active: str
    figures: dict[str, Figure]
    glyphs: dict[str, str | None]
    turn: int = 1
    step: str = "first_roll"
    d20: list[dict[str, int]] = field(default_factory=lambda: [{}])  # rounds: seat → result
    chosen: str | None = None
    gone: list[str] = field(default_factory=list)  # spots whose temporary glyph left the game
    summoned: list[str] = field(default_factory=list)
    moved: list[str] = field(default_factory=list)
    attacked: list[str] = field(default_factory=list)
    combat: Combat | None = None
    ended: str | None = None  # "planeswalker" or "turns"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def copy(self) -> State:
        """An equal state sharing no list, dict, figure or combat with this one (many times
        cheaper than ``copy.deepcopy``: every push copies the state)."""
        return State(
            active=self.active,
            figures={fid: figure.copy() for fid, figure in self.figures.items()},
            glyphs=dict(self.glyphs),
            turn=self.turn,
            step=self.step,
            d20=[dict(rolls) for rolls in self.d20],
            chosen=self.chosen,
            gone=list(self.gone),
            summoned=list(self.summoned),
            moved=list(self.moved),
            attacked=list(self.attacked),
            combat=None if self.combat is None else self.combat.copy(),
            ended=self.ended,
        )

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        values = dict(data)
        values["figures"] = {fid: Figure(**fig) for fid, fig in data["figures"].items()}
        values["combat"] = Combat(**data["combat"]) if data.get("combat") else None
        values["glyphs"] = dict(data["glyphs"])
        for key in ("gone", "summoned", "moved", "attacked"):
            values[key] = list(data[key])
        values["d20"] = [
            {seat: int(result) for seat, result in rolls.items()} for rolls in data.get("d20", [{}])
        ]
        return cls(**values)


def _initial_state(setup: Setup) -> State:
    figures = {}
    for army in setup.armies:
        for card in army.cards:
            place = FIELD if card.kind == "planeswalker" else RESERVE
            for fid in card.figure_ids():
                figures[fid] = Figure(army.seat, card.id, place)
    return State(active=setup.seats[0], figures=figures, glyphs=dict(setup.glyphs))


class Arena(JsonStateGame):
    position_format = POSITION_FORMAT
    record_format = RECORD_FORMAT
    state_label = "an Arena position state"
    setup_type = Setup
    state_type = State

    @classmethod
    def check_state(cls, setup: Setup, state: State) -> None:
        _check_state(setup, state)

    name: ClassVar[str] = "arena"
    action_types: ClassVar[tuple[type[Action], ...]] = ACTION_TYPES

    def __init__(self, setup: Setup, *, state: State | None = None) -> None:
        self.setup = setup
        self.seats = setup.seats
        self._cards: dict[str, ArmyCard] = {
            card.id: card for army in setup.armies for card in army.cards
        }
        self._state = state if state is not None else _initial_state(setup)
        self._history: list[tuple[ArenaAction, State]] = []
        # the legal actions of one state (a state is never changed once it is the game's)
        self._legal: tuple[State, list[ArenaAction], frozenset[ArenaAction]] | None = None

    # ----- queries -------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state.copy()

    @property
    def turn(self) -> int:
        return self._state.turn

    def card(self, card_id: str) -> ArmyCard:
        return self._cards[card_id]

    def figure(self, fid: str) -> Figure:
        return self._state.figures[fid].copy()

    def on_battlefield(self, seat: str | None = None) -> list[str]:
        return [
            fid
            for fid, fig in self._state.figures.items()
            if fig.place not in OFF_BATTLEFIELD and (seat is None or fig.owner == seat)
        ]

    def planeswalker_alive(self, seat: str) -> bool:
        return self._walker_alive(self._state, seat)

    def _walker_alive(self, s: State, seat: str) -> bool:
        return s.figures[self.setup.army(seat).planeswalker.id].place != GRAVEYARD

    def glyph_bonus(self, seat: str, stat: str) -> int:
        """What permanent glyphs held by ``seat``'s figures add to ``stat`` (power, toughness,
        move) for every figure ``seat`` controls."""
        s, table = self._state, glyphs()
        bonus = 0
        for fig in s.figures.values():
            glyph = s.glyphs.get(fig.place)
            if fig.owner == seat and glyph and fig.place not in s.gone:
                bonus += getattr(table[glyph], stat)
        return bonus

    def scores(self) -> dict[str, int]:
        """Points by side (team or seat) under the scenario's scoring rule."""
        return self._scores(self._state)

    def _scores(self, s: State) -> dict[str, int]:
        only_scoring = self.setup.rules.scoring == "glyph_spaces"
        totals = {self.setup.side(seat): 0 for seat in self.seats}
        for fig in s.figures.values():
            if fig.place in OFF_BATTLEFIELD or (only_scoring and fig.place != SCORING):
                continue
            totals[self.setup.side(fig.owner)] += self._cards[fig.card].points_per_figure
        return totals

    @property
    def is_over(self) -> bool:
        return self._state.ended is not None

    def winner(self) -> str | None:
        """The winning side (seat, or team in a team game); ``None`` while playing or on a draw."""
        return self._winner(self._state)

    def _winner(self, s: State) -> str | None:
        if s.ended == "planeswalker":
            alive = {self.setup.side(seat) for seat in self.seats if self._walker_alive(s, seat)}
            return alive.pop() if len(alive) == 1 else None
        if s.ended == "turns":
            scores = self._scores(s)
            best = max(scores.values())
            leaders = [side for side, score in scores.items() if score == best]
            return leaders[0] if len(leaders) == 1 else None
        return None

    def _enemies(self, seat: str) -> list[str]:
        side = self.setup.side(seat)
        return [
            fid for fid in self.on_battlefield() if self.setup.side(self._fig(fid).owner) != side
        ]

    def _fig(self, fid: str) -> Figure:
        return self._state.figures[fid]

    def first_rollers(self) -> list[str]:
        """Who rolls the d20 in the round under way: one seat per side in the first round (a
        team rolls once, by its first seat), then the seats tied for the highest roll."""
        s = self._state
        if len(s.d20) == 1:
            sides: dict[str, str] = {}
            for seat in self.seats:
                sides.setdefault(self.setup.side(seat), seat)
            return list(sides.values())
        last = s.d20[-2]
        top = max(last.values())
        return [seat for seat in self.seats if last.get(seat) == top]

    def _next_roller(self) -> str | None:
        s = self._state
        if s.step != "first_roll":
            return None
        return next(seat for seat in self.first_rollers() if seat not in s.d20[-1])

    def _choosable(self) -> list[str]:
        s = self._state
        cards = {self._fig(fid).card for fid in self.on_battlefield(s.active)}
        return [card.id for card in self.setup.army(s.active).cards if card.id in cards]

    def _chosen_figures(self) -> list[str]:
        s = self._state
        return [fid for fid in self.on_battlefield(s.active) if self._fig(fid).card == s.chosen]

    def _summonable(self, state: State | None = None) -> list[str]:
        s = state or self._state
        kinds = [self._cards[self._fig(fid).card].kind for fid in s.summoned]
        if "hero" in kinds or len(kinds) >= 2:
            return []
        result = []
        for fid, fig in s.figures.items():
            kind = self._cards[fig.card].kind
            fits = kind == "squad" or (kind == "hero" and not kinds)
            if fig.owner == s.active and fig.place == RESERVE and fits:
                result.append(fid)
        return result

    def _glyph_candidates(self) -> list[str]:
        seen = {glyph for glyph in self._state.glyphs.values() if glyph}
        return [glyph for glyph in glyphs() if glyph not in seen]

    def _places(self, fid: str) -> list[Move]:
        s = self._state
        taken = {fig.place for other, fig in s.figures.items() if other != fid}
        moves = [Move(fid, FIELD), Move(fid, SCORING)]
        for spot, glyph in s.glyphs.items():
            if spot in s.gone or spot in taken:
                continue
            if glyph is None:
                moves += [Move(fid, spot, reveal) for reveal in self._glyph_candidates()]
            else:
                moves.append(Move(fid, spot))
        return moves

    def pending(self) -> Pending:
        s = self._state
        if self.is_over:
            winner = self.winner()
            return Pending(
                None,
                "game_over" if winner else "game_drawn",
                {"winner": winner, "reason": s.ended, "scores": self.scores()},
            )
        base: dict[str, Any] = {"turn": s.turn, "turns": self.setup.turns, "card": s.chosen}
        if s.step == "first_roll":
            rolls = [dict(rolls) for rolls in s.d20]
            details = {"round": len(s.d20), "rolls": rolls, "rollers": self.first_rollers()}
            return Pending(self._next_roller(), s.step, details)
        if s.step == "first_choice":
            rolls = [dict(rolls) for rolls in s.d20]
            return Pending(s.active, s.step, {"rolls": rolls, "opponent": self._opponent()})
        if s.step == "choose_army":
            draws = self.planeswalker_alive(s.active) and not (len(self.seats) == 2 and s.turn == 1)
            return Pending(
                s.active, s.step, {**base, "draw_spell": draws, "cards": self._choosable()}
            )
        if s.step == "summon":
            return Pending(s.active, s.step, {**base, "summonable": self._summonable()})
        if s.step == "move":
            left = [fid for fid in self._chosen_figures() if fid not in s.moved]
            bonus = self.glyph_bonus(s.active, "move")
            return Pending(s.active, s.step, {**base, "figures": left, "move_bonus": bonus})
        if s.step == "attack":
            ready = [fid for fid in self._chosen_figures() if fid not in s.attacked]
            return Pending(s.active, s.step, {**base, "attackers": ready})
        combat = s.combat
        assert combat is not None
        fight = {"attacker": combat.attacker, "target": combat.target}
        if s.step == "attack_dice":
            return Pending(s.active, s.step, {**base, **fight, "dice": combat.attack_dice})
        defender = self._fig(combat.target).owner
        details = {**base, **fight, "dice": combat.defence_dice, "hits": combat.hits}
        return Pending(defender, s.step, details)

    def legal_actions(self) -> list[ArenaAction]:
        return list(self._legal_now()[0])

    def _list_legal(self) -> list[ArenaAction]:
        s = self._state
        if self.is_over:
            return []
        actions: list[ArenaAction] = []
        if s.step == "first_roll":
            roller = self._next_roller()
            assert roller is not None
            return [FirstRoll(roller, result) for result in D20]
        if s.step == "first_choice":
            return [FirstTurn(s.active), FirstTurn(self._opponent())]
        if s.step == "choose_army":
            actions += [Choose(card) for card in self._choosable()]
            if not actions:
                actions.append(End())
            return actions
        if s.step in ("attack_dice", "defence_dice"):
            combat = s.combat
            assert combat is not None
            dice = combat.attack_dice if s.step == "attack_dice" else combat.defence_dice
            assert dice is not None
            counts = range(dice + 1)
            actions += [Hits(n) for n in counts] if s.step == "attack_dice" else []
            actions += [Shields(n) for n in counts] if s.step == "defence_dice" else []
            actions.append(Dice(+1))
            if dice > 0:
                actions.append(Dice(-1))
            return actions
        if s.step == "summon":
            actions += [Summon(fid) for fid in self._summonable()]
        if s.step in MOVE_STEPS:
            enemies = self._enemies(s.active)
            for fid in self._chosen_figures():
                if fid not in s.moved:
                    actions += self._places(fid)
                actions += [Disengage(fid, enemy, hits) for enemy in enemies for hits in (0, 1)]
                actions += [Fall(fid, hits) for hits in (0, 1)]
            actions.append(Next())
        if s.step == "attack":
            enemies = self._enemies(s.active)
            for fid in self._chosen_figures():
                if fid not in s.attacked:
                    for target in enemies:
                        actions += [Attack(fid, target, high) for high in (None, *HIGHER)]
        actions += self._card_effects()
        actions.append(End())
        return actions

    def _legal_now(self) -> tuple[list[ArenaAction], frozenset[ArenaAction]]:
        """The legal actions as listed and as a set, worked out once per state."""
        if self._legal is None or self._legal[0] is not self._state:
            listed = self._list_legal()
            self._legal = (self._state, listed, frozenset(listed))
        return self._legal[1], self._legal[2]

    def _card_effects(self) -> list[ArenaAction]:
        """Damage, healing and returns that spells and abilities cause during a turn."""
        effects: list[ArenaAction] = []
        squads_out = set()
        for fid in self.on_battlefield():
            figure = self._fig(fid)
            effects.append(Damage(fid, +1))
            if figure.damage > 0:
                effects.append(Damage(fid, -1))
            if self._cards[figure.card].kind == "squad":
                squads_out.add(figure.card)
        return effects + [ReturnSquad(card) for card in sorted(squads_out)]

    def parse_action(self, text: str) -> ArenaAction:
        return parse_action(text)

    def label(self, action: Action, step: str) -> Label:
        return action_label(action)

    @property
    def actions(self) -> list[Action]:
        return [action for action, _ in self._history]

    # ----- play ----------------------------------------------------------------------------
    def push(self, action: Action) -> list[Event]:
        if not isinstance(action, ArenaAction):
            raise IllegalActionError(f"not an Arena action: {action!r}", rule="notation")
        if self.is_over:
            raise IllegalActionError("the game is over", rule="seed 003: end of the game")
        if _without_hex(action) not in self._legal_now()[1]:
            raise IllegalActionError(self._why_illegal(action), rule=self._rule(action))
        self._check_hex(action)
        new = self._state.copy()
        events = self._apply(new, action)
        self._history.append((action, self._state))
        self._state = new
        return events  # the table says the action was applied (one ``action_applied``)

    def pop(self) -> Action:
        if not self._history:
            raise IndexError("no action to undo")
        action, self._state = self._history.pop()
        return action

    def _check_hex(self, action: ArenaAction) -> None:
        hex_name = getattr(action, "hex", None)
        if hex_name is None:
            return
        for fid, figure in self._state.figures.items():
            on_battlefield = figure.place not in OFF_BATTLEFIELD
            if figure.hex == hex_name and on_battlefield and fid != getattr(action, "figure", None):
                raise IllegalActionError(
                    f"{fid} already stands on {hex_name}", rule="seed 003: one figure per space"
                )

    def _rule(self, action: ArenaAction) -> str:
        if isinstance(action, FirstRoll) and action.result in D20:
            return "seed 003: first player, rolls in turn"
        rules = {
            FirstRoll: "seed 003: first player, d20",
            FirstTurn: "seed 003: two-player game, the d20's winner chooses who goes first",
            Choose: "seed 003: action 2, choose an army card",
            Summon: "seed 003: planeswalker rule, summoning",
            Move: "seed 003: action 3, move",
            Disengage: "seed 003: leaving an engagement",
            Fall: "seed 003: falling",
            Attack: "seed 003: action 4, attack",
            Dice: "seed 003: attack dice",
            Hits: "seed 003: attack dice",
            Shields: "seed 003: defence dice",
            Damage: "seed 003: spell cards and abilities",
            ReturnSquad: "seed 003: returning a squad to the reserve",
            Next: "seed 003: turn order",
            End: "seed 003: action 5, turn track",
        }
        return rules[type(action)]

    def _why_illegal(self, action: ArenaAction) -> str:
        s = self._state
        figures = [getattr(action, name, None) for name in ("figure", "attacker", "target")]
        for fid in figures:
            if fid is not None and fid not in s.figures:
                return f"there is no figure {fid}"
        if isinstance(action, FirstRoll):
            roller = self._next_roller()
            if s.step == "first_choice":
                return f"the d20 is rolled: {s.active} chooses who goes first"
            if roller is None:
                return "the first player is already decided"
            if action.result not in D20:
                return f"a d20 shows 1 to 20, not {action.result}"
            return f"{roller} rolls the d20 now, not {action.seat}"
        if isinstance(action, FirstTurn):
            if s.step != "first_choice":
                return "nobody is choosing who goes first now"
            return f"{action.seat} is not a seat of this duel"
        wanted = {Hits: "attack_dice", Shields: "defence_dice"}.get(type(action))
        if wanted == s.step and isinstance(action, Hits | Shields):
            dice = self.pending().details["dice"]
            return f"{action}: only {dice} dice were rolled"
        return f"{action} is not allowed in the {s.step.replace('_', ' ')} step"

    def _apply(self, s: State, action: ArenaAction) -> list[Event]:
        if isinstance(action, FirstRoll):
            return self._first_roll(s, action)
        if isinstance(action, FirstTurn):
            chooser = s.active
            s.active, s.step = action.seat, "choose_army"
            rolls = [dict(r) for r in s.d20]
            return [Event(FIRST_PLAYER, {"seat": action.seat, "rolls": rolls, "by": chooser})]
        if isinstance(action, Choose):
            s.chosen = action.card
            walker = self.setup.army(s.active).planeswalker.id
            s.step = "summon" if action.card == walker and self._summonable() else "move"
            return []
        if isinstance(action, Summon):
            s.figures[action.figure].place = FIELD
            s.figures[action.figure].hex = action.hex
            s.summoned.append(action.figure)
            if not self._summonable(s):
                s.step = "move"
            return []
        if isinstance(action, Move):
            return self._move(s, action)
        if isinstance(action, Disengage | Fall):
            return self._damage(s, action.figure, action.hits)
        if isinstance(action, Next):
            s.step = "attack" if s.step == "move" else "move"
            return []
        if isinstance(action, Attack):
            return self._declare(s, action)
        if isinstance(action, Dice):
            combat = s.combat
            assert combat is not None
            if s.step == "attack_dice":
                combat.attack_dice += action.change
            else:
                assert combat.defence_dice is not None
                combat.defence_dice += action.change
            return []
        if isinstance(action, Damage):
            if action.change < 0:
                healed = s.figures[action.figure]
                healed.damage -= 1
                return [Event(DAMAGED, {"figure": action.figure, "damage": healed.damage})]
            return self._damage(s, action.figure, 1)
        if isinstance(action, ReturnSquad):
            return self._return(s, action.card)
        if isinstance(action, Hits):
            return self._hits(s, action)
        if isinstance(action, Shields):
            return self._shields(s, action)
        return self._end_turn(s)

    def _opponent(self) -> str:
        """The other seat of a duel (the one that did not win the d20)."""
        return next(seat for seat in self.seats if seat != self._state.active)

    def _first_roll(self, s: State, action: FirstRoll) -> list[Event]:
        """Seed 003: the highest roll goes first — in a duel, the highest roll chooses who goes
        first; a tie for the highest rolls again."""
        s.d20[-1][action.seat] = action.result
        if len(s.d20[-1]) < len(self.first_rollers()):
            return []
        top = max(s.d20[-1].values())
        tied = [seat for seat in self.seats if s.d20[-1].get(seat) == top]
        if len(tied) > 1:
            s.d20.append({})
            return [
                Event(FIRST_ROLL_TIED, {"seats": tied, "result": top}),
                notice("notice.rule.arena.first_roll_tied", seats=tied, die=top),
            ]
        rolls = [dict(r) for r in s.d20]
        if len(self.seats) == 2:
            s.active, s.step = tied[0], "first_choice"
            return [Event(FIRST_ROLL_WON, {"seat": tied[0], "rolls": rolls})]
        s.active, s.step = tied[0], "choose_army"
        return [Event(FIRST_PLAYER, {"seat": tied[0], "rolls": rolls})]

    def _move(self, s: State, action: Move) -> list[Event]:
        s.step = "move"
        s.moved.append(action.figure)
        figure = s.figures[action.figure]
        figure.place = action.place
        figure.hex = action.hex
        if action.place in (FIELD, SCORING):
            return []
        if action.reveal:
            s.glyphs[action.place] = action.reveal
        glyph = glyphs()[s.glyphs[action.place] or ""]
        events = [Event(GLYPH_TAKEN, {"figure": action.figure, "glyph": glyph.id})]
        if glyph.kind == "temporary":
            s.gone.append(action.place)
            figure.place = FIELD
            if glyph.draw_spells and self._walker_alive(s, figure.owner):  # p7: no walker, no draw
                data = {"seat": figure.owner, "count": glyph.draw_spells}
                events.append(Event(SPELLS_DRAWN, data))
        return events

    def _return(self, s: State, card: str) -> list[Event]:
        """Seed 003: the squad's figures on the battlefield go back to the reserve, undamaged."""
        returned = []
        for fid, figure in s.figures.items():
            if figure.card == card and figure.place not in OFF_BATTLEFIELD:
                figure.place, figure.damage, figure.hex = RESERVE, 0, None
                returned.append(fid)
        return [Event(RETURNED_TO_RESERVE, {"card": card, "figures": returned})]

    def _declare(self, s: State, action: Attack) -> list[Event]:
        attacker = self._cards[s.figures[action.attacker].card]
        dice = attacker.power + self.glyph_bonus(s.active, "power")
        dice += 1 if action.higher == "attacker" else 0
        s.combat = Combat(action.attacker, action.target, action.higher, dice)
        s.step = "attack_dice"
        return []

    def _hits(self, s: State, action: Hits) -> list[Event]:
        combat = s.combat
        assert combat is not None
        target = s.figures[combat.target]
        dice = self._cards[target.card].toughness + self.glyph_bonus(target.owner, "toughness")
        combat.hits = action.count
        combat.defence_dice = dice + (1 if combat.higher == "target" else 0)
        s.step = "defence_dice"
        return []

    def _shields(self, s: State, action: Shields) -> list[Event]:
        combat = s.combat
        assert combat is not None and combat.hits is not None
        damage = max(0, combat.hits - action.count)
        s.attacked.append(combat.attacker)
        s.combat = None
        s.step = "attack"
        return self._damage(s, combat.target, damage)

    def _damage(self, s: State, fid: str, amount: int) -> list[Event]:
        if amount == 0:
            return []
        figure = s.figures[fid]
        figure.damage += amount
        events = [Event(DAMAGED, {"figure": fid, "damage": figure.damage})]
        if figure.damage < self._cards[figure.card].life:
            return events
        figure.place, figure.hex = GRAVEYARD, None
        events.append(Event(DESTROYED, {"figure": fid, "seat": figure.owner}))
        if self.setup.rules.goal == "planeswalker":
            alive = {self.setup.side(seat) for seat in self.seats if self._walker_alive(s, seat)}
            if len(alive) <= 1:
                s.ended = "planeswalker"
                s.combat = None
                events += self._ending(s)
        return events

    def _end_turn(self, s: State) -> list[Event]:
        events = [Event(TURN_ENDED, {"seat": s.active, "turn": s.turn})]
        if s.turn >= self.setup.turns:
            s.ended = "turns"
            return events + self._ending(s)
        seats = self.seats
        s.active = seats[(seats.index(s.active) + 1) % len(seats)]
        s.turn += 1
        s.step, s.chosen = "choose_army", None
        s.summoned, s.moved, s.attacked = [], [], []
        return events

    def _ending(self, s: State) -> list[Event]:
        s.step = "over"
        events = [Event(GAME_ENDED, {"reason": s.ended, "scores": self._scores(s)})]
        winner = self._winner(s)
        if winner is not None:
            events.append(Event(GAME_WON, {"winner": winner}))
        return events


def _without_hex(action: ArenaAction) -> ArenaAction:
    """The action as the rules list it: where exactly a figure stands is not a rule choice."""
    return replace(action, hex=None) if isinstance(action, Summon | Move) else action


STEPS = (
    "first_roll",
    "first_choice",
    "choose_army",
    *TURN_STEPS,
    "attack_dice",
    "defence_dice",
    "over",
)


def _check_state(setup: Setup, s: State) -> None:
    """Refuse a position whose state cannot arise from its setup (``ValueError`` says why)."""
    problems = []
    expected = {
        fid: (army.seat, card)
        for army in setup.armies
        for card in army.cards
        for fid in card.figure_ids()
    }
    if set(s.figures) != set(expected):
        problems.append("the figures must be the setup's figures")
    else:
        for fid, fig in s.figures.items():
            owner, card = expected[fid]
            place_ok = fig.place in PLACES or fig.place in setup.glyphs
            alive = fig.place == GRAVEYARD or fig.damage < card.life
            if (
                (fig.owner, fig.card) != (owner, card.id)
                or not place_ok
                or fig.damage < 0
                or not alive
            ):
                problems.append(f"figure {fid}: owner, card, place or damage")
        hexes = [fig.hex for fig in s.figures.values() if fig.hex is not None]
        off = any(fig.hex is not None for fig in s.figures.values() if fig.place in OFF_BATTLEFIELD)
        if off or len(set(hexes)) != len(hexes):
            problems.append("a hex holds one figure on the battlefield")
    if set(s.glyphs) != set(setup.glyphs) or not set(s.gone) <= set(setup.glyphs):
        problems.append("glyph spots must be the setup's")
    if any(glyph is not None and glyph not in glyphs() for glyph in s.glyphs.values()):
        problems.append("unknown glyph")
    if s.step not in STEPS or s.active not in setup.seats or not 1 <= s.turn <= setup.turns:
        problems.append("step, active seat and turn")
    rolls_ok = all(seat in setup.seats and r in D20 for rolls in s.d20 for seat, r in rolls.items())
    opening = s.step in ("first_roll", "first_choice")
    duel_choice = s.step != "first_choice" or len(setup.seats) == 2
    if not s.d20 or not rolls_ok or (opening and s.turn != 1) or not duel_choice:
        problems.append("the d20 rolls for the first player")
    if (s.combat is not None) != (s.step in ("attack_dice", "defence_dice")):
        problems.append("a combat is open exactly during the dice steps")
    if problems:
        raise ValueError("not a consistent Arena position: " + "; ".join(problems))
