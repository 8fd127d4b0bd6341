"""The rules engine as pure-ish functions of (setup, state): what is pending, which actions are
legal, and applying one action to a state (the caller passes a clone)."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any

from companion import grid
from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import (
    board,
    combat,
    conquest,
    corrections,
    effects,
    manual,
    movement,
    spawning,
    turn,
)
from companion.games.dreamblade.abilities import every_keyword  # noqa: F401  (their hooks)
from companion.games.dreamblade.abilities.keywords import Activation
from companion.games.dreamblade.abilities.lines import MANUAL_EFFECT
from companion.games.dreamblade.actions import (
    AssignBlade,
    AssignDamage,
    CellValue,
    ChooseShift,
    ChooseStrike,
    Confirm,
    Deathblowers,
    Destroy,
    Dice,
    Disrupt,
    Done,
    Fight,
    First,
    Initiative,
    Move,
    Place,
    Relocate,
    Reroll,
    Sacrifice,
    SelfDestroy,
    Spawn,
    Target,
    UseAbility,
)
from companion.games.dreamblade.legal import (
    CellValues,
    Combined,
    DamageSplits,
    DiceResults,
    Fights,
    Relocations,
    RerollChoices,
)
from companion.games.dreamblade.state import RESERVE, SEATS, Setup, State
from companion.games.protocol import Action, Pending

PENDING_KINDS = (
    "initiative_roll",
    "spawn",
    "choose_action",
    "shift",
    "choose_strike_cell",
    "attack_dice",
    "reroll",
    "assign_blade",
    "assign_damage",
    "disrupt_or_destroy",
    "choose_deathblowers",
    "deathblow_dice",
    "place_disruption",
    "confirm_conquest",
    "game_over",
    *effects.KINDS,
)


def pending(setup: Setup, state: State) -> Pending:
    phase, seat = state.phase, state.phase_seat
    if phase == "game_over":
        return Pending(None, "game_over", {"winner": state.winner})
    if phase == "initiative":
        return Pending(
            None,
            "initiative_roll",
            {
                "roll": list(state.to_roll),
                "turn": state.turn,
                "reroll_ones": turn.ones_are_rerolled(setup, state),
            },
        )
    if phase == "conquest":
        return Pending(
            None,
            "confirm_conquest",
            {
                "claims": conquest.claims(setup, state),
                "tally": conquest.tally(setup, state),
                "unknown_values": list(conquest.unknown_claimed(setup, state)),
                "value_range": list(setup.dream_map.value_range),
            },
        )
    assert seat is not None
    waiting = effects.pending(setup, state)
    if waiting is not None:  # a triggered or activated ability waits for a target or dice
        return waiting
    if state.combat is not None:  # a strike's combat, or a check of damage dealt outside one
        return _combat_pending(setup, state)
    if phase == "spawn":
        return Pending(seat, "spawn", {"points": state.spawn_points})
    if state.mode is None:
        fight_cells = combat.fight_cells(setup, state, seat)
        return Pending(
            seat, "choose_action", {"round": state.action_round, "fight_cells": fight_cells}
        )
    if state.mode == "shift":
        movable = {
            m: sorted(movement.shift_destinations(setup, state, m))
            for m in board.in_play(setup, state, seat)
            if setup.pieces[m].is_creature and m not in state.moved
        }
        return Pending(seat, "shift", {"movable": {m: c for m, c in movable.items() if c}})
    if state.combat is None:
        return Pending(
            seat, "choose_strike_cell", {"cells": combat.fight_cells(setup, state, seat)}
        )
    return _combat_pending(setup, state)


def _combat_pending(setup: Setup, state: State) -> Pending:
    fight = state.combat
    assert fight is not None
    if fight.step == "decide":
        chooser = combat.choosers(setup, state)
        mine = [m for m in fight.choices if setup.pieces[m].owner != chooser]
        return Pending(chooser, "disrupt_or_destroy", {"creatures": mine})
    if fight.step == "deathblow":
        cell, group = fight.deathblow_groups[0]
        choices = combat.deathblow_choices(setup, group)
        owner = setup.pieces[group[0]].owner
        return Pending(
            owner, "choose_deathblowers", {"cell": cell, "choices": [list(c) for c in choices]}
        )
    if fight.step == "carry_out":
        who = combat.placer(setup, state)
        mine = [m for m in fight.to_place if setup.pieces[m].owner != who]
        return Pending(
            who, "place_disruption", {"creatures": mine, "cells": sorted(board.empty_cells(state))}
        )
    attack = fight.attack
    assert attack is not None
    base = {"cell": attack.cell, "kind": attack.kind}
    if attack.stage == "dice":
        kind = "attack_dice" if attack.kind == "strike" else "deathblow_dice"
        return Pending(
            attack.seat,
            kind,
            {**base, "dice": attack.dice_count, "attackers": list(attack.attackers)},
        )
    if attack.stage == "reroll":
        mini, most = attack.rerolls[0]
        return Pending(
            attack.seat, "reroll", {**base, "mini": mini, "max": most, "dice": list(attack.dice)}
        )
    if attack.stage == "blades":
        options = [f"{m} {a.slug}" for m, _, a in combat.blade_options(setup, state)]
        return Pending(
            attack.seat, "assign_blade", {**base, "blades": attack.blades_left, "options": options}
        )
    targets = combat.damage_targets(setup, state)
    return Pending(
        attack.seat,
        "assign_damage",
        {
            **base,
            "damage": combat.damage_total(state),
            "targets": targets,
            "bodyguards": combat.guards(setup, targets),
        },
    )


MANUAL_ACTIONS = (Relocate, Sacrifice, SelfDestroy, *manual.ADJUSTMENTS)


def legal_actions(setup: Setup, state: State) -> Collection[Action]:
    """What may be pushed now. Right after a seat used an ability the engine does not implement,
    that seat may also apply its effect: move a creature, sacrifice or destroy its own miniature,
    or an adjustment (``manual.py``: damage, destroy an enemy, return to reserve, conquest points),
    until the next regular action."""
    now = pending(setup, state)
    actions = _legal_for_kind(setup, state, now)
    if state.manual_seat is None:
        return actions
    own = board.in_play(setup, state, state.manual_seat)
    removals: list[Action] = [Sacrifice(m) for m in own] + [SelfDestroy(m) for m in own]
    adjustments = manual.legal(setup, state, state.manual_seat)
    return Combined((actions, removals, _relocations(setup, state), adjustments))


def decision_actions(setup: Setup, state: State) -> Collection[Action]:
    """The legal actions answering the pending decision (the manual window's are left out)."""
    return _legal_for_kind(setup, state, pending(setup, state))


def manual_window(setup: Setup, state: State) -> dict[str, Any] | None:
    """The seat applying an unimplemented ability's effect and what it may do, as names: its own
    miniatures (sacrifice, self-destroy), creatures to hurt or move (with their cells), enemies
    to destroy, miniatures to return; ``None`` when no such effect is open."""
    seat = state.manual_seat
    if seat is None:
        return None
    adjustments = manual.legal(setup, state, seat)
    relocations: dict[str, list[str]] = {}
    for move in _relocations(setup, state):
        relocations.setdefault(move.mini, []).append(move.cell)
    return {
        "seat": seat,
        "own": sorted(board.in_play(setup, state, seat)),
        "creatures": list(adjustments.creatures),
        "enemies": list(adjustments.enemies),
        "on_map": list(adjustments.on_map),
        "relocations": relocations,
        "max": manual.MAX_ADJUSTMENT,
    }


def _relocations(setup: Setup, state: State) -> Relocations:
    where = {
        m: c for m, c in state.zone.items() if c in grid.CELL_SET and setup.pieces[m].is_creature
    }
    counts: dict[tuple[str, str], int] = {}
    for mini, cell in where.items():
        key = (setup.pieces[mini].owner, cell)
        counts[key] = counts.get(key, 0) + 1
    full = frozenset(k for k, n in counts.items() if n >= spawning.MAX_CREATURES_PER_SEAT_IN_CELL)
    return Relocations(tuple((m, setup.pieces[m].owner, c) for m, c in where.items()), full)


def _legal_for_kind(setup: Setup, state: State, now: Pending) -> Collection[Action]:
    kind, seat = now.kind, now.seat
    if kind == "game_over":
        return []
    if kind == "initiative_roll":
        if len(state.to_roll) == 2:
            return [Initiative(a, b) for a in range(1, 7) for b in range(1, 7)]
        return [
            Initiative(*((v, None) if state.to_roll == ("A",) else (None, v))) for v in range(1, 7)
        ]
    if kind == "confirm_conquest":
        unknown = tuple(
            c for c in setup.dream_map.key_values if conquest.key_value(setup, state, c) is None
        )
        values = setup.dream_map.value_range
        return CellValues(unknown, confirm=not now.details["unknown_values"], values=values)
    assert seat is not None
    if kind in effects.KINDS:
        return effects.legal(setup, state, now)
    if kind == "spawn":
        actions: list[Action] = [Done()]
        for mini, _, ability in turn.spawn_ability_options(setup, state, seat):
            x_cost = ability.cost is None and ability.activation is Activation.SPAWN_COST
            xs = range(state.spawn_points + 1) if x_cost else [None]
            for args in effects.choices(setup, state, mini, ability):
                actions += [UseAbility(mini, ability.slug, x, args) for x in xs]
        for piece in setup.seat_pieces(seat):
            if state.zone[piece.id] == RESERVE:
                cells = spawning.legal_spawn_cells(setup, state, seat, piece.id, in_phase=True)
                actions += [Spawn(piece.id, cell) for cell in sorted(cells)]
        return actions
    if kind == "choose_action":  # striking needs a cell to fight in
        return [ChooseShift(), *([ChooseStrike()] if now.details["fight_cells"] else [])]
    if kind == "shift":
        moves: list[Action] = [
            Move(m, c) for m, cells in now.details["movable"].items() for c in cells
        ]
        return [Done(), *moves]
    if kind == "choose_strike_cell":
        return Fights(
            tuple(
                (
                    cell,
                    tuple(combat.attacker_sets(setup, state, seat, cell)),
                    tuple(sorted(board.creatures_in(setup, state, cell, seat))),
                )
                for cell in now.details["cells"]
            )
        )
    if kind in ("attack_dice", "deathblow_dice"):
        return DiceResults(now.details["dice"], tuple(sorted(setup.die_faces)))
    if kind == "reroll":
        return RerollChoices(
            tuple(now.details["dice"]), now.details["max"], tuple(sorted(setup.die_faces))
        )
    if kind == "assign_blade":
        blades = (
            AssignBlade(mini, ability.slug, args)
            for mini, _, ability in combat.blade_options(setup, state)
            for args in effects.choices(setup, state, mini, ability)
        )
        return list(dict.fromkeys(blades))
    if kind == "assign_damage":
        needs = tuple((g, effects.guard_need(setup, state, g)) for g in now.details["bodyguards"])
        return DamageSplits(now.details["damage"], tuple(now.details["targets"]), needs)
    if kind == "disrupt_or_destroy":
        return [a for m in now.details["creatures"] for a in (Disrupt(m), Destroy(m))]
    if kind == "choose_deathblowers":
        return [Deathblowers(tuple(c)) for c in now.details["choices"]]
    assert kind == "place_disruption"
    return [Place(m, c) for m in now.details["creatures"] for c in now.details["cells"]]


def canonical(setup: Setup, state: State, action: Action) -> Action:
    """The action with an ability's argument list in the order the engine lists it: a list is
    accepted in any order (``blade A:x#1 wail 5 4`` is ``wail 4 5``), as long as only one of
    the ability's legal choices has those arguments."""
    if not isinstance(action, AssignBlade | UseAbility) or len(action.args) < 2:
        return action
    piece = setup.pieces.get(action.mini)
    if piece is None or not state.on_map(action.mini):
        return action
    x = action.x if isinstance(action, UseAbility) else None
    for ability in piece.abilities:
        if ability.slug != action.ability:
            continue
        options = effects.choices(setup, state, action.mini, ability, x)
        if action.args in options:
            return action
        same = [o for o in options if sorted(o) == sorted(action.args)]
        if len(same) == 1:
            return replace(action, args=same[0])
    return action


def apply(setup: Setup, state: State, action: Action, now: Pending | None = None) -> list[Event]:
    """Apply ``action`` to ``state`` (a clone; it may be left half-changed when this raises).
    ``now``: the state's pending decision, when the caller has already worked it out."""
    if isinstance(action, corrections.Correction):  # the judge's, at any moment of the game
        return corrections.apply(setup, state, action)
    if isinstance(action, CellValue):  # the judge's too, at any moment
        return turn.apply_value(setup, state, action.cell, action.value)
    now = now or pending(setup, state)
    if isinstance(action, MANUAL_ACTIONS):
        return _manual(setup, state, action)
    state.manual_seat = None
    handler = _HANDLERS.get((now.kind, type(action)))
    if handler is None:
        raise IllegalActionError(
            f"{action} is not possible now: the game waits for {now.kind}"
            + (f" from seat {now.seat}" if now.seat else ""),
            rule=f"sequence.{now.kind}",
            key="refusal.sequence" if now.seat else "refusal.sequence_anyone",
            params={"seat": now.seat, "decision": now.to_json()["title"]},
        )
    events = handler(setup, state, action)
    events += combat.settle(setup, state)
    if any(event.kind == MANUAL_EFFECT for event in events):
        state.manual_seat = now.seat or state.phase_seat
    return events


def _manual(setup: Setup, state: State, action: Action) -> list[Event]:
    seat = state.manual_seat
    if seat is None:
        raise IllegalActionError(
            f"{action} applies the effect of an ability the engine does not implement; "
            "none was just used",
            rule="manual.no_effect_pending",
        )
    if isinstance(action, Relocate):
        events = turn.apply_relocation(setup, state, action.mini, action.cell)
    elif isinstance(action, manual.ADJUSTMENTS):
        events = manual.apply(setup, state, seat, action)
    else:
        outcome = "sacrifice" if isinstance(action, Sacrifice) else "self_destroy"
        assert isinstance(action, Sacrifice | SelfDestroy)
        events = turn.apply_manual_removal(setup, state, seat, action.mini, outcome)
    return events + combat.settle(setup, state)


def _strike_or_shift(setup: Setup, state: State, action: Action) -> list[Event]:
    seat = state.phase_seat
    assert seat is not None
    if isinstance(action, ChooseStrike) and not combat.fight_cells(setup, state, seat):
        raise IllegalActionError(
            "no cell holds creatures that can fight: shift instead", rule="action.no_fight"
        )
    state.mode = "shift" if isinstance(action, ChooseShift) else "strike"
    return []


def _initiative(setup: Setup, state: State, action: Action) -> list[Event]:
    assert isinstance(action, Initiative)
    return turn.apply_initiative(setup, state, {seat: action.value(seat) for seat in SEATS})


def _damage(setup: Setup, state: State, action: Action) -> list[Event]:
    assert isinstance(action, AssignDamage)
    return combat.apply_damage(setup, state, dict(action.amounts))


def _dice(setup: Setup, state: State, action: Action) -> list[Event]:
    assert isinstance(action, Dice)
    combat.apply_dice(setup, state, action.faces)
    return []


def _reroll(setup: Setup, state: State, action: Action) -> list[Event]:
    assert isinstance(action, Reroll)
    if action.new and not action.old:
        raise IllegalActionError("name the dice you reroll", rule="Fortunate")
    combat.apply_reroll(setup, state, action.old, action.new)
    return []


def _choice(setup: Setup, state: State, action: Action) -> list[Event]:
    assert isinstance(action, Disrupt | Destroy)
    combat.apply_choice(
        setup, state, action.mini, "disrupt" if isinstance(action, Disrupt) else "destroy"
    )
    return []


def _place(setup: Setup, state: State, action: Action) -> list[Event]:
    assert isinstance(action, Place)
    if setup.pieces.get(action.mini) is not None and setup.pieces[
        action.mini
    ].owner == combat.placer(setup, state):
        raise IllegalActionError("the other player places this creature", rule="FAQ combat step 7")
    return [combat.apply_place(setup, state, action.mini, action.cell)]


def _fight(setup: Setup, state: State, action: Fight) -> list[Event]:
    seat = state.phase_seat
    assert seat is not None
    return combat.start_fight(setup, state, seat, action.cell, action.attackers)


def _end_phase(setup: Setup, state: State, action: Action) -> list[Event]:
    return turn.end_phase(setup, state)


_HANDLERS: dict[tuple[str, type[Action]], Callable[[Setup, State, Any], list[Event]]] = {
    ("initiative_roll", Initiative): _initiative,
    ("spawn", Spawn): lambda s, st, a: turn.apply_spawn(s, st, a.mini, a.cell),
    ("spawn", Done): _end_phase,
    ("spawn", UseAbility): lambda s, st, a: turn.apply_ability(
        s, st, a.mini, a.ability, a.x, a.args
    ),
    ("choose_action", ChooseShift): _strike_or_shift,
    ("choose_action", ChooseStrike): _strike_or_shift,
    ("shift", Move): lambda s, st, a: turn.apply_move(s, st, a.mini, a.cell),
    ("shift", Done): _end_phase,
    ("choose_strike_cell", Fight): _fight,
    ("choose_strike_cell", Done): _end_phase,
    ("attack_dice", Dice): _dice,
    ("deathblow_dice", Dice): _dice,
    ("reroll", Reroll): _reroll,
    ("assign_blade", AssignBlade): lambda s, st, a: combat.apply_blade(
        s, st, a.mini, a.ability, a.args
    ),
    ("choose_target", Target): effects.apply_action,
    ("order_effects", First): effects.apply_action,
    ("special_dice", Dice): effects.apply_action,
    ("special_reroll", Reroll): effects.apply_action,
    ("assign_damage", AssignDamage): _damage,
    ("disrupt_or_destroy", Disrupt): _choice,
    ("disrupt_or_destroy", Destroy): _choice,
    ("choose_deathblowers", Deathblowers): lambda s, st, a: combat.apply_deathblowers(
        s, st, a.minis
    ),
    ("place_disruption", Place): _place,
    ("confirm_conquest", Confirm): lambda s, st, a: turn.apply_confirm(s, st),
}
