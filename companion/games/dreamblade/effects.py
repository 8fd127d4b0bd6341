"""Keyword abilities in play: what the engine asks the keyword modules, and the effects they leave
waiting for the players.

The engine calls in here at a few points: attack dice (power modifiers), blade options (Nullify),
using a blade or spawn ability (targets chosen on activation, then resolved), spawning
(when-spawned abilities), any movement but spawning (Ambush, Charge), the combat's step 5 (poison,
Dissipate, Demolish) and step 10 (Strikeback, Bloodthirsty).

Effects that need the players — a target, the dice of a special attack, a Fortunate reroll, a
choice — wait in ``state.keywords.effects`` and come before everything else (pending kinds
``order_effects``, ``choose_target``, ``special_dice``, ``special_reroll``). Effects triggered by
one event are ordered the rulebook's way: the phase player's first (in shared phases, the first
player's), and each player orders their own (``order_effects``) unless they are the same effect
from different miniatures; that holds for end-of-combat effects (step 10) too. Special attacks count
blades as misses, their power is the ability's number (Inciter and Enrage do not apply; Darkheart
Cottage does) and their damage goes to their target only, unless a Bodyguard there forbids it
(FAQ, Bodyguard). Damage dealt outside a strike is summed over every waiting effect, then
checked at once (rulebook "damage outside combat"); inside a strike it waits for step 5.

Keyword modules build on the helpers here: ``move`` (any movement but spawning: stack limit,
enter triggers), ``deal_damage``, ``sacrifice``, ``special_attack``, and the board readings.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from itertools import takewhile

from companion import events as ev
from companion import grid
from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import board, modifiers, removal
from companion.games.dreamblade.abilities.hooks import Use, hooks_of
from companion.games.dreamblade.abilities.keywords import Activation
from companion.games.dreamblade.abilities.lines import MANUAL_EFFECT, Ability
from companion.games.dreamblade.actions import BLADE, MISS, Dice, First, Reroll, Target, face_order
from companion.games.dreamblade.keyword_state import Effect
from companion.games.dreamblade.legal import DiceResults, RerollChoices
from companion.games.dreamblade.notices import said
from companion.games.dreamblade.spawning import MAX_CREATURES_PER_SEAT_IN_CELL
from companion.games.dreamblade.state import RESERVE, Combat, Setup, State, other
from companion.games.protocol import Action, Pending

KINDS = ("order_effects", "choose_target", "special_dice", "special_reroll")

ABILITY_USED = "dreamblade.ability_used"
TRIGGERED = "dreamblade.ability_triggered"
SPECIAL_ATTACK = "dreamblade.special_attack"
SPAWN_BONUS = "dreamblade.spawn_bonus"
DAMAGED = "dreamblade.damaged"


# ---- reading the board ------------------------------------------------------------------------


def in_play_with(setup: Setup, state: State, hook: str) -> list[Use]:
    """Every ability with ``hook`` of a miniature in the dreamscape, as a ``Use``."""
    uses = []
    for cell_minis in state.occupants().values():
        for mini in cell_minis:
            for ability in setup.pieces[mini].abilities:
                if getattr(hooks_of(ability), hook) is not None:
                    uses.append(Use(setup, state, mini, ability))
    return uses


def creatures_at(setup: Setup, state: State, cell: str, seat: str | None = None) -> list[str]:
    return sorted(board.creatures_in(setup, state, cell, seat))


def local_enemies(setup: Setup, state: State, mini: str) -> list[str]:
    """Enemy creatures in ``mini``'s cell."""
    owner = setup.pieces[mini].owner
    return creatures_at(setup, state, state.zone[mini], other(owner))


def allies(setup: Setup, state: State, mini: str) -> list[str]:
    """Creatures ``mini``'s owner controls, but not ``mini`` (a creature is not its own ally)."""
    owner = setup.pieces[mini].owner
    return sorted(
        m for m in board.in_play(setup, state, owner) if m != mini and setup.pieces[m].is_creature
    )


def enemies(setup: Setup, state: State, mini: str) -> list[str]:
    owner = other(setup.pieces[mini].owner)
    return sorted(m for m in board.in_play(setup, state, owner) if setup.pieces[m].is_creature)


def engaged(setup: Setup, state: State, mini: str) -> bool:
    return mini in board.engaged_creatures(setup, state)


def can_enter(setup: Setup, state: State, mini: str, cell: str) -> bool:
    """The stack limit, for every kind of movement: never a 5th creature of one player in a
    cell (rulebook "stack limit")."""
    owner = setup.pieces[mini].owner
    here = [m for m in board.creatures_in(setup, state, cell, owner) if m != mini]
    return state.zone[mini] != cell and len(here) < MAX_CREATURES_PER_SEAT_IN_CELL


def distance(one: str, two: str) -> int:
    """Orthogonal steps between two cells."""
    (c1, r1), (c2, r2) = grid.coords(one), grid.coords(two)
    return abs(c1 - c2) + abs(r1 - r2)


def steps(setup: Setup, state: State, mini: str) -> list[str]:
    """Cells one step (orthogonally) from ``mini`` it may be moved into."""
    return [
        cell
        for cell in grid.orthogonal_neighbours(state.zone[mini])
        if can_enter(setup, state, mini, cell)
    ]


def move_arg(mini: str, cell: str) -> str:
    """A move as one ability argument: ``<mini>><cell>``."""
    return f"{mini}>{cell}"


def read_move(arg: str) -> tuple[str, str]:
    mini, _, cell = arg.rpartition(">")
    return mini, cell


# ---- power ------------------------------------------------------------------------------------


def creature_power(setup: Setup, state: State, mini: str) -> int:
    """A creature's power for strike attacks and deathblows: printed power plus the power
    auras around it (Inciter, Enrage) and the judge's modifier, then at least 0 (rulebook
    "minimums after all modifiers")."""
    printed = setup.pieces[mini].mini.power
    assert printed is not None
    auras = sum(
        aura(use, mini)
        for use in in_play_with(setup, state, "power_aura")
        if (aura := use.hooks.power_aura) is not None
    )
    return modifiers.applied(printed + auras + modifiers.of(state, mini, "power"), "power")


def creature_defense(setup: Setup, state: State, mini: str) -> int:
    """A creature's defense: printed defense plus the defense auras around it (Bolster) and the
    judge's modifier, recomputed each time it is read (a presence bonus ends with the presence),
    then at least 1."""
    printed = setup.pieces[mini].mini.defense
    if printed is None:
        raise ValueError(f"{mini} ({setup.pieces[mini].mini.name}): defense is unknown")
    auras = sum(
        aura(use, mini)
        for use in in_play_with(setup, state, "defense_aura")
        if (aura := use.hooks.defense_aura) is not None
    )
    return modifiers.applied(printed + auras + modifiers.of(state, mini, "defense"), "defense")


def creature_life(setup: Setup, state: State, mini: str) -> int:
    """A creature's life: printed life plus the judge's modifier, then at least 1."""
    printed = setup.pieces[mini].mini.life
    if printed is None:
        raise ValueError(f"{mini} ({setup.pieces[mini].mini.name}): life is unknown")
    return modifiers.applied(printed + modifiers.of(state, mini, "life"), "life")


def base_cost(setup: Setup, state: State, mini: str) -> int | None:
    """A miniature's spawn cost with the judge's modifier, at least 0, without the aspect
    symbols (what Venom's poison is measured against); ``None`` when unknown."""
    printed = setup.pieces[mini].mini.spawn_cost
    if printed is None:
        return None
    return modifiers.applied(printed + modifiers.of(state, mini, "cost"), "cost")


def cell_bonus(setup: Setup, state: State, seat: str, cell: str) -> int:
    """Power added to any attack ``seat`` makes in ``cell`` (Darkheart Cottage)."""
    return sum(
        bonus(use, seat, cell)
        for use in in_play_with(setup, state, "attack_bonus")
        if (bonus := use.hooks.attack_bonus) is not None
    )


def conquest_bonus(setup: Setup, state: State) -> dict[str, int]:
    """Conquest points abilities (Ambition) and the players' manual adjustments add this turn."""
    points = {"A": 0, "B": 0}
    for use in in_play_with(setup, state, "conquest_bonus"):
        hooks = use.hooks
        assert hooks.conquest_bonus is not None
        points[setup.pieces[use.mini].owner] += hooks.conquest_bonus(use)
    for seat, amount in state.keywords.adjustments:
        points[seat] += amount
    return points


def attack_dice(setup: Setup, state: State, seat: str, cell: str, attackers: Iterable[str]) -> int:
    """Dice of a strike attack or a deathblow: the attackers' power, plus the cell's bonus."""
    return sum(creature_power(setup, state, m) for m in attackers) + cell_bonus(
        setup, state, seat, cell
    )


# ---- abilities used ---------------------------------------------------------------------------


def nullified(setup: Setup, state: State, mini: str) -> bool:
    """Whether ``mini``'s blade abilities are nullified (Nullify and its kinds)."""
    return any(
        nullifies(use, mini)
        for use in in_play_with(setup, state, "nullifies")
        if (nullifies := use.hooks.nullifies) is not None
    )


def choices(
    setup: Setup, state: State, mini: str, ability: Ability, x: int | None = None
) -> list[tuple[str, ...]]:
    """The argument lists one activation of the ability may take now (``[()]``: none)."""
    hooks = hooks_of(ability)
    if hooks.choices is None:
        return [()]
    options = hooks.choices(Use(setup, state, mini, ability, x))
    # FAQ: an ability may be activated with too few targets; it does what it can (here nothing)
    return options or [()]


def spawn_action_open(setup: Setup, state: State, mini: str, ability: Ability) -> bool:
    """Whether a spawn action without a printed cost (Call) has anything to do now."""
    hooks = hooks_of(ability)
    if ability.keyword is None or not ability.keyword.spawn_action or hooks.choices is None:
        return False
    return bool(hooks.choices(Use(setup, state, mini, ability)))


def resolve(
    setup: Setup,
    state: State,
    mini: str,
    ability: Ability,
    args: tuple[str, ...],
    x: int | None = None,
) -> list[Event]:
    """Check the arguments chosen on activation and apply one activation of the ability."""
    if args not in choices(setup, state, mini, ability, x):
        raise IllegalActionError(
            f"{ability.text}: {' '.join(args) or 'no target'} is not a legal choice now",
            rule="ability.choice",
        )
    hooks = hooks_of(ability)
    if hooks.resolve is None:
        return []
    return hooks.resolve(Use(setup, state, mini, ability, x), args)


def use_spawn_ability(
    setup: Setup,
    state: State,
    mini: str,
    ability: Ability,
    x: int | None,
    args: tuple[str, ...],
    paid: int,
) -> list[Event]:
    if not ability.implemented:
        if args:
            raise IllegalActionError(
                f"{ability.text} is applied by the players: give no targets", rule="ability.choice"
            )
        return [Event(MANUAL_EFFECT, {"mini": mini, "ability": ability.text, "paid": paid})]
    used = Event(
        ABILITY_USED, {"mini": mini, "ability": ability.text, "paid": paid, "args": list(args)}
    )
    return [used, *resolve(setup, state, mini, ability, args, x)]


# abilities in effect from the moment their miniature is in play: an unimplemented one is flagged
# when it is spawned, so the players know to apply it
_IN_PLAY = frozenset({Activation.WHEN_SPAWNED, Activation.STATIC, Activation.SCORING})


def spawned(setup: Setup, state: State, mini: str) -> list[Event]:
    """When-spawned abilities of a miniature just spawned; its unimplemented when-spawned,
    static and scoring abilities are flagged for the players (never silently ignored)."""
    events = []
    for ability in setup.pieces[mini].abilities:
        on_spawned = hooks_of(ability).on_spawned
        if on_spawned is not None:
            events += on_spawned(Use(setup, state, mini, ability))
        elif ability.keyword is None and ability.activation in _IN_PLAY:
            events.append(Event(MANUAL_EFFECT, {"mini": mini, "ability": ability.text}))
    return events


def spawn_phase_started(setup: Setup, state: State, seat: str) -> list[Event]:
    """The start of ``seat``'s spawn phase, for its miniatures in the dreamscape: bonus spawn
    points (Energize), then the effects it triggers (Locus Drive), all triggered together."""
    events: list[Event] = []
    for use in in_play_with(setup, state, "spawn_bonus"):
        hooks = use.hooks
        assert hooks.spawn_bonus is not None
        if setup.pieces[use.mini].owner == seat:
            points = hooks.spawn_bonus(use)
            state.spawn_points += points
            events.append(
                Event(
                    SPAWN_BONUS, {"mini": use.mini, "ability": use.ability.slug, "points": points}
                )
            )
    new: list[Effect] = []
    for use in in_play_with(setup, state, "spawn_phase_start"):
        hooks = use.hooks
        assert hooks.spawn_phase_start is not None
        if setup.pieces[use.mini].owner == seat:
            new += hooks.spawn_phase_start(use)
    return events + queue(setup, state, new)


# ---- moving, damage, removal ------------------------------------------------------------------


def move(setup: Setup, state: State, mini: str, cell: str, by: str) -> list[Event]:
    """Move a creature by an ability: nothing happens if it left play or the stack limit forbids
    it (an ability does what it can); entering a cell triggers Ambush and Charge."""
    if not state.on_map(mini) or not can_enter(setup, state, mini, cell):
        return []
    origin = state.zone[mini]
    state.place(mini, cell)
    moved = Event(ev.MOVED, {"mini": mini, "from": origin, "to": cell, "by": by})
    return [moved, *entered(setup, state, mini, cell)]


def move_each(setup: Setup, state: State, args: tuple[str, ...], by: str) -> list[Event]:
    """Make the ``<mini>><cell>`` moves an ability chose on activation, one at a time."""
    events: list[Event] = []
    for arg in args:
        mini, cell = read_move(arg)
        events += move(setup, state, mini, cell, by)
    return events


def deal_damage(setup: Setup, state: State, amounts: dict[str, int]) -> list[Event]:
    """Damage outside the strike's own damage step. 0 damage is not dealt (FAQ "other")."""
    dealt = {m: n for m, n in sorted(amounts.items()) if n > 0 and state.on_map(m)}
    if not dealt:
        return []
    for mini, amount in dealt.items():
        state.damage[mini] = state.damage.get(mini, 0) + amount
    due_at(state, state.zone[next(iter(dealt))])
    return [Event(DAMAGED, {"damage": dealt})]


def due_at(state: State, cell: str) -> None:
    """Outside a strike, check disruption and destruction once the waiting effects resolve."""
    if state.combat is None and state.keywords.check_at is None:
        state.keywords = replace(state.keywords, check_at=cell)


def guard_need(setup: Setup, state: State, mini: str) -> int:
    """Damage a Bodyguard still needs before its allies may take any: enough to disrupt or
    destroy it."""
    defense = creature_defense(setup, state, mini)
    return max(0, min(defense, creature_life(setup, state, mini)) - state.damage.get(mini, 0))


def blocked_by_bodyguard(setup: Setup, state: State, target: str, amount: int = 0) -> bool:
    """Whether a Bodyguard in ``target``'s cell forbids giving it damage: the target is not a
    Bodyguard and some Bodyguard there still needs more than ``amount`` to be disrupted or
    destroyed (FAQ, Bodyguard: every kind of attack; Bomb)."""
    piece = setup.pieces[target]
    if piece.has("guards"):
        return False
    cell = state.zone[target]
    return any(
        setup.pieces[g].has("guards") and guard_need(setup, state, g) > amount
        for g in board.creatures_in(setup, state, cell, piece.owner)
    )


def sacrifice(setup: Setup, state: State, mini: str) -> list[Event]:
    if not state.on_map(mini):
        return []
    return [removal.remove(setup, state, mini, "sacrifice")]


def suppress(setup: Setup, state: State, source: str, named: str) -> list[Event]:
    """Nobody may spawn a miniature with the same catalog entry as ``named`` this turn."""
    catalog_id = setup.pieces[named].mini.id
    state.keywords = replace(
        state.keywords, suppressed=tuple(sorted({*state.keywords.suppressed, catalog_id}))
    )
    return [Event(TRIGGERED, {"mini": source, "ability": "suppress", "named": catalog_id})]


def mark(state: State, mini: str, outcome: str) -> None:
    """Record a disruption or destruction decided by a blade ability; step 7 carries it out."""
    marked = dict(state.keywords.marked)
    marked[mini] = outcome
    state.keywords = replace(state.keywords, marked=tuple(sorted(marked.items())))


def add_blades(state: State, count: int) -> None:
    """More blades for the strike attack in progress (Fracture)."""
    fight = state.combat
    assert fight is not None and fight.attack is not None and fight.attack.kind == "strike"
    attack = replace(fight.attack, blades_left=fight.attack.blades_left + count)
    state.combat = replace(fight, attack=attack)


# ---- triggered effects ------------------------------------------------------------------------


def special_attack(
    setup: Setup,
    state: State,
    source: str,
    ability: Ability,
    power: int,
    targets: Iterable[str],
) -> Effect:
    """A special attack by ``source`` from its cell at one of ``targets`` (chosen now if there
    is only one)."""
    seat, cell = setup.pieces[source].owner, state.zone[source]
    dice = max(0, power) + cell_bonus(setup, state, seat, cell)
    return Effect(
        "attack", seat, source, ability.slug, cell, options=tuple(targets), dice_count=dice
    )


def entered(setup: Setup, state: State, mover: str, cell: str) -> list[Event]:
    """``mover`` entered ``cell`` by a movement other than spawning."""
    return queue(setup, state, _on_enter(setup, state, mover, cell))


def _on_enter(setup: Setup, state: State, mover: str, cell: str) -> list[Effect]:
    new = []
    for use in in_play_with(setup, state, "on_enter"):
        hooks = use.hooks
        assert hooks.on_enter is not None
        new += hooks.on_enter(use, mover, cell)
    return new


def swap(setup: Setup, state: State, one: str, two: str, by: str) -> list[Event]:
    """Two creatures exchange cells; both enter at once, so what that triggers is simultaneous.
    The stack limit cannot break: each cell loses one creature of a player and gains one."""
    here, there = state.zone[one], state.zone[two]
    state.place(one, there)
    state.place(two, here)
    moves = [
        Event(ev.MOVED, {"mini": one, "from": here, "to": there, "by": by}),
        Event(ev.MOVED, {"mini": two, "from": there, "to": here, "by": by}),
    ]
    new = _on_enter(setup, state, one, there) + _on_enter(setup, state, two, here)
    return moves + queue(setup, state, new)


def queue(setup: Setup, state: State, new: list[Effect]) -> list[Event]:
    """Add effects triggered by one event: the phase player's first (the first player's in a
    shared phase), then the other player's. A player with two or more of them whose order may
    matter orders them (pending ``order_effects``; rulebook: each player orders their own);
    they wait in the order of the player's miniatures until then."""
    lead = state.phase_seat or state.first_player
    ordered = sorted(new, key=lambda effect: effect.seat != lead)
    batch = max((effect.batch for effect in state.keywords.effects), default=0)
    for seat in dict.fromkeys(effect.seat for effect in ordered):
        mine = [effect for effect in ordered if effect.seat == seat]
        if len(_keys(mine)) > 1 and not _interchangeable(mine):
            batch += 1
            ordered = [replace(e, batch=batch) if e.seat == seat else e for e in ordered]
    state.keywords = replace(state.keywords, effects=(*state.keywords.effects, *ordered))
    return [
        Event(TRIGGERED, {"mini": e.source, "ability": e.ability, "options": list(e.options)})
        for e in ordered
    ]


def _interchangeable(effects: list[Effect]) -> bool:
    """Whether the order of one player's effects cannot matter: they are the same effect from
    different miniatures (two Ambush 6 on one mover: the damage is summed before the check).
    Moves always matter (which creature a stack limit stops)."""
    same = {replace(effect, source="") for effect in effects}
    return len(same) == 1 and effects[0].kind != "move"


def _keys(effects: Iterable[Effect]) -> list[tuple[str, str]]:
    """The abilities (miniature, ability) effects come from: the unit a player orders. The
    effects of one ability (Double Warpstrike's two attacks) keep the order its activation
    gave them."""
    return list(dict.fromkeys((effect.source, effect.ability) for effect in effects))


def _to_order(state: State) -> list[tuple[str, str]]:
    """The abilities at the front of the queue whose player still chooses which comes first
    (none, or two or more)."""
    waiting = state.keywords.effects
    batch = waiting[0].batch if waiting else 0
    keys = _keys(takewhile(lambda effect: effect.batch == batch, waiting)) if batch else []
    return keys if len(keys) > 1 else []


def _first(state: State) -> Effect:
    return state.keywords.effects[0]


def _replace_first(state: State, effect: Effect | None) -> None:
    rest = state.keywords.effects[1:]
    state.keywords = replace(state.keywords, effects=rest if effect is None else (effect, *rest))


def _live_options(setup: Setup, state: State, effect: Effect) -> list[str]:
    """The options still valid: cells (Lockdown), reserve pieces (Suppress), else miniatures
    still in the dreamscape."""
    if effect.kind == "lockdown":
        return list(effect.options)
    if effect.kind == "suppress":
        return [o for o in effect.options if state.zone[o] == RESERVE]
    if effect.kind == "move":
        if not state.on_map(effect.source):
            return []
        return [cell for cell in effect.options if can_enter(setup, state, effect.source, cell)]
    return [o for o in effect.options if state.on_map(o)]


def _advance(setup: Setup, state: State) -> list[Event]:
    """Resolve waiting effects as far as no player's input is needed."""
    events: list[Event] = []
    while state.keywords.effects:
        if _to_order(state):
            return events
        effect = _first(state)
        if effect.stage == "choose":
            options = _live_options(setup, state, effect)
            if len(options) > 1:
                return events
            if not options:  # nothing to target: the effect does nothing
                events.append(said("nothing_to_target", mini=effect.source, ability=effect.ability))
                _replace_first(state, None)
                continue
            if effect.kind in ("move", "lockdown"):  # the only cell it may choose
                only = said(
                    "only_cell", mini=effect.source, ability=effect.ability, cell=options[0]
                )
            else:
                only = said(
                    "only_target", mini=effect.source, ability=effect.ability, target=options[0]
                )
            events.append(only)
            events += _chosen(setup, state, effect, options[0])
        elif effect.stage == "dice":
            if effect.dice_count:
                return events
            events += _resolve_attack(setup, state, effect)
        else:
            if effect.rerolls and effect.dice:
                return events
            events += _resolve_attack(setup, state, effect)
    return events


def _chosen(setup: Setup, state: State, effect: Effect, choice: str) -> list[Event]:
    if effect.kind == "attack":
        _replace_first(state, replace(effect, stage="dice", target=choice, options=()))
        return []
    _replace_first(state, None)
    if effect.kind == "sacrifice":
        return sacrifice(setup, state, choice)
    if effect.kind == "suppress":
        return suppress(setup, state, effect.source, choice)
    if effect.kind == "destroy":
        mark(state, choice, "destroy")
        return []
    if effect.kind == "move":
        return move(setup, state, effect.source, choice, by=effect.ability)
    state.keywords = replace(state.keywords, lockdown=(*state.keywords.lockdown, choice))
    return [Event(TRIGGERED, {"mini": effect.source, "ability": effect.ability, "cell": choice})]


def _resolve_attack(setup: Setup, state: State, effect: Effect) -> list[Event]:
    _replace_first(state, None)
    target = effect.target
    assert target is not None
    damage = sum(int(face) for face in effect.dice if face not in (MISS, BLADE))
    events = [
        Event(
            SPECIAL_ATTACK,
            {
                "mini": effect.source,
                "ability": effect.ability,
                "cell": effect.cell,
                "target": target,
                "dice": list(effect.dice),
                "damage": damage,
            },
        )
    ]
    if state.on_map(target) and not blocked_by_bodyguard(setup, state, target):
        events += deal_damage(setup, state, {target: damage})
    return events


# ---- the engine's side: pending, legal actions, actions --------------------------------------


def pending(setup: Setup, state: State) -> Pending | None:
    if not state.keywords.effects:
        return None
    keys = _to_order(state)
    if keys:
        listed = [{"mini": mini, "ability": ability} for mini, ability in keys]
        return Pending(_first(state).seat, "order_effects", {"effects": listed})
    effect = _first(state)
    base = {"mini": effect.source, "ability": effect.ability, "effect": effect.kind}
    if effect.stage == "choose":
        return Pending(
            effect.seat, "choose_target", {**base, "targets": _live_options(setup, state, effect)}
        )
    if effect.stage == "dice":
        return Pending(
            effect.seat,
            "special_dice",
            {**base, "cell": effect.cell, "target": effect.target, "dice": effect.dice_count},
        )
    mini, most = effect.rerolls[0]
    return Pending(
        effect.seat,
        "special_reroll",
        {**base, "target": effect.target, "reroller": mini, "max": most, "dice": list(effect.dice)},
    )


def legal(setup: Setup, state: State, now: Pending) -> Collection[Action]:
    faces = tuple(sorted(setup.die_faces))
    if now.kind == "order_effects":
        return list(dict.fromkeys(First(e["mini"], e["ability"]) for e in now.details["effects"]))
    if now.kind == "choose_target":
        return [Target(t) for t in now.details["targets"]]
    if now.kind == "special_dice":
        return DiceResults(now.details["dice"], faces)
    return RerollChoices(tuple(now.details["dice"]), now.details["max"], faces)


def apply_first(setup: Setup, state: State, mini: str, ability: str) -> list[Event]:
    """The player picks which of their simultaneous effects resolves next."""
    if (mini, ability) in _to_order(state):
        waiting = state.keywords.effects
        batch = waiting[0].batch
        chosen = [e.batch == batch and (e.source, e.ability) == (mini, ability) for e in waiting]
        picked = tuple(replace(e, batch=0) for e, pick in zip(waiting, chosen, strict=True) if pick)
        rest = tuple(e for e, pick in zip(waiting, chosen, strict=True) if not pick)
        state.keywords = replace(state.keywords, effects=(*picked, *rest))
        return []
    raise IllegalActionError(
        f"{mini} {ability} is not one of the effects to order now", rule="effects.order"
    )


def apply_target(setup: Setup, state: State, choice: str) -> list[Event]:
    effect = _first(state)
    if choice not in _live_options(setup, state, effect):
        raise IllegalActionError(
            f"{choice} is not a target of {effect.source}'s {effect.ability} now",
            rule="ability.choice",
        )
    return _chosen(setup, state, effect, choice)


def apply_dice(setup: Setup, state: State, faces: tuple[str, ...]) -> list[Event]:
    effect = _first(state)
    _check_faces(setup, faces)
    if len(faces) != effect.dice_count:
        raise IllegalActionError(
            f"this special attack rolls {effect.dice_count} dice, not {len(faces)}",
            rule="special_attack.dice",
        )
    rerolls = tuple(
        (effect.source, ability.value or 0)
        for ability in setup.pieces[effect.source].with_keyword("rerolls")
    )
    _replace_first(state, replace(effect, stage="reroll", dice=faces, rerolls=rerolls))
    return []


def apply_reroll(
    setup: Setup, state: State, old: tuple[str, ...], new: tuple[str, ...]
) -> list[Event]:
    effect = _first(state)
    _, most = effect.rerolls[0]
    remaining = list(effect.dice)
    if len(old) > most or len(old) != len(new):
        raise IllegalActionError(f"reroll at most {most} dice", rule="Fortunate")
    for face in old:
        if face not in remaining:
            raise IllegalActionError(
                f"no {face} among the dice {list(effect.dice)}", rule="Fortunate"
            )
        remaining.remove(face)
    _check_faces(setup, new)
    dice = tuple(sorted(remaining + list(new), key=face_order))
    _replace_first(state, replace(effect, dice=dice, rerolls=effect.rerolls[1:]))
    return []


def apply_action(setup: Setup, state: State, action: Action) -> list[Event]:
    if isinstance(action, First):
        return apply_first(setup, state, action.mini, action.ability)
    if isinstance(action, Target):
        return apply_target(setup, state, action.choice)
    if isinstance(action, Dice):
        return apply_dice(setup, state, action.faces)
    assert isinstance(action, Reroll)
    return apply_reroll(setup, state, action.old, action.new)


def _check_faces(setup: Setup, faces: tuple[str, ...]) -> None:
    for face in faces:
        if face not in setup.die_faces:
            raise IllegalActionError(
                f"{face!r} is not a face of the attack die ({', '.join(sorted(setup.die_faces))})",
                rule="attack_die",
            )


# ---- the combat's side ------------------------------------------------------------------------


def combat_to_settle(setup: Setup, state: State, events: list[Event]) -> Combat | None:
    """Advance the waiting effects; then the combat to run on, if no effect waits: the strike's,
    or a check of the damage dealt outside a strike (it has no attackers)."""
    events += _advance(setup, state)
    if state.keywords.effects:
        return None
    cell = state.keywords.check_at
    if cell is not None:
        state.keywords = replace(state.keywords, check_at=None)
        if state.combat is None:
            state.combat = Combat(cell=cell, attackers=(), step="check")
    return state.combat


def combat_started(setup: Setup, state: State, cell: str) -> None:
    """A strike combat begins: remember who is in the cell when the attack is made."""
    state.keywords = replace(
        state.keywords,
        present=tuple(creatures_at(setup, state, cell)),
        removed=(),
        ended=False,
        marked=(),
    )


def take_marked(state: State) -> dict[str, str]:
    marked = dict(state.keywords.marked)
    state.keywords = replace(state.keywords, marked=())
    return marked


def to_check(state: State, marked: dict[str, str]) -> list[str]:
    """Miniatures whose disruption or destruction step 5 decides: damaged, poisoned, marked."""
    poisoned = {m for m, _ in state.keywords.poison}
    return sorted(set(state.damage) | poisoned | set(marked))


def poisoned(setup: Setup, state: State, mini: str) -> bool:
    """Venom: a creature with poison points ≥ its spawn cost is destroyed."""
    poison = state.keywords.poison_of(mini)
    cost = base_cost(setup, state, mini)
    return poison > 0 and cost is not None and poison >= cost


def end_of_combat(setup: Setup, state: State) -> list[Event] | None:
    """Step 10 of a strike combat: each end-of-combat ability once, the phase player's first;
    what they trigger is queued together, so a player with two that may differ orders them.
    ``None`` when the combat may end; otherwise the combat goes back to step 5."""
    fight = state.combat
    if fight is None or not fight.attackers or state.keywords.ended:
        return None
    state.keywords = replace(state.keywords, ended=True)
    lead = state.phase_seat
    uses = sorted(
        in_play_with(setup, state, "end_of_combat"),
        key=lambda use: setup.pieces[use.mini].owner != lead,
    )
    events: list[Event] = []
    triggered: list[Effect] = []
    for use in uses:
        hooks = use.hooks
        assert hooks.end_of_combat is not None
        happened, triggers = hooks.end_of_combat(use)
        events += happened
        triggered += triggers
    return events + queue(setup, state, triggered)


def removed_in_combat(setup: Setup, state: State, seat: str, outcomes: Collection[str]) -> bool:
    """Whether a creature of ``seat`` left this way (``disrupt``, ``destroy``…) in this combat."""
    return any(
        setup.pieces[m].owner == seat and setup.pieces[m].is_creature and outcome in outcomes
        for m, outcome in state.keywords.removed
    )
