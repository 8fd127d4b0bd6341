"""One cell's combat, following the FAQ's combat sequence (steps 1–10) exactly.

1. cell and attackers → 2. attack dice (+ Fortunate rerolls) → 3. blades, one at a time, to blade
abilities of attackers still in play or own locations in the cell, mandatory while any ability
can take one → 4. all damage (dice + Crit/Fumble) to enemy creatures in the cell at assignment
time, Bodyguard first → 5. decide disrupt/destroy for every damaged creature (must disrupt at
≥ defense, destroy at ≥ life, attacker's choice when both) → 6. in the first player's action
phases, the second player's creatures about to be destroyed make deathblows, per cell → 7. carry
out: the phase player's victims first, disruptions one at a time into empty cells → 8. disrupted
creatures lose their damage → 9. back to 5 while anything new happens → 10. end of combat.

Destructions of one side are carried out before its disruptions are placed: with no triggered
effects in play this is one of the orders the rules allow, and it leaves the most empty cells.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

from companion import events as ev
from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dreamblade import board, effects
from companion.games.dreamblade.abilities.keywords import BLADES_PER_USE, REPEATABLE
from companion.games.dreamblade.abilities.lines import MANUAL_EFFECT, Ability
from companion.games.dreamblade.actions import BLADE, MISS, face_order
from companion.games.dreamblade.keyword_state import note_removed
from companion.games.dreamblade.notices import said
from companion.games.dreamblade.removal import remove
from companion.games.dreamblade.state import Attack, Combat, Setup, State, other

COMBAT_ENDED = "dreamblade.combat_ended"
# ---- step 1: the cell and the attackers -------------------------------------------------------


def attacker_sets(setup: Setup, state: State, seat: str, cell: str) -> list[tuple[str, ...]]:
    """Every legal group of attackers in ``cell`` (non-empty; a Loner only alone)."""
    own = board.creatures_in(setup, state, cell, seat)
    groups = []
    for size in range(1, len(own) + 1):
        for group in combinations(sorted(own), size):
            if size == 1 or not any(setup.pieces[m].has("attacks_alone") for m in group):
                groups.append(group)
    return groups


def fight_cells(setup: Setup, state: State, seat: str) -> list[str]:
    """Contested cells the phase player has not fought in this phase (rulebook "strike": each
    cell at most once per phase, even if new creatures arrive later)."""
    return sorted(board.contested_cells(setup, state) - state.fought)


def start_fight(
    setup: Setup, state: State, seat: str, cell: str, named: tuple[str, ...]
) -> list[Event]:
    if cell not in fight_cells(setup, state, seat):
        rule = "strike.cell_once" if cell in state.fought else "strike.contested_cell"
        raise IllegalActionError(f"no fight possible in {cell} now", rule=rule)
    attackers = named or tuple(sorted(board.creatures_in(setup, state, cell, seat)))
    if attackers not in attacker_sets(setup, state, seat, cell):
        if set(attackers) <= set(board.creatures_in(setup, state, cell, seat)):
            raise IllegalActionError("a Loner attacks only alone; name the attackers", rule="Loner")
        raise IllegalActionError(
            f"attackers must be your creatures in {cell}", rule="strike.attackers"
        )
    state.fought = state.fought | {cell}
    state.combat = Combat(cell=cell, attackers=attackers, step="attack")
    effects.combat_started(setup, state, cell)
    return [_begin_attack(setup, state, "strike", seat, cell, attackers)]


def _begin_attack(
    setup: Setup, state: State, kind: str, seat: str, cell: str, attackers: tuple[str, ...]
) -> Event:
    dice = effects.attack_dice(setup, state, seat, cell, attackers)
    attack = Attack(kind, seat, cell, attackers, dice, stage="dice" if dice else "reroll")
    assert state.combat is not None
    state.combat = replace(state.combat, step="attack", attack=attack)
    kind_event = ev.ATTACKED if kind == "strike" else ev.DEATHBLOW
    return Event(
        kind_event, {"seat": seat, "cell": cell, "attackers": list(attackers), "dice": dice}
    )


# ---- step 2: dice and rerolls -----------------------------------------------------------------


def apply_dice(setup: Setup, state: State, faces: tuple[str, ...]) -> None:
    attack = _attack(state)
    _check_faces(setup, faces)
    if len(faces) != attack.dice_count:
        raise IllegalActionError(
            f"this attack rolls {attack.dice_count} dice, not {len(faces)}",
            rule="FAQ combat step 2",
        )
    rerolls = tuple(
        (mini, ability.value or 0)
        for mini in attack.attackers
        for ability in setup.pieces[mini].with_keyword("rerolls")
    )
    _set_attack(state, replace(attack, dice=faces, stage="reroll", rerolls=rerolls))


def apply_reroll(setup: Setup, state: State, old: tuple[str, ...], new: tuple[str, ...]) -> None:
    """Reroll ``old`` (some of the dice, up to the ability's N) into ``new``; none declines."""
    attack = _attack(state)
    _, most = attack.rerolls[0]
    if len(old) > most:
        raise IllegalActionError(f"Fortunate {most} rerolls at most {most} dice", rule="Fortunate")
    remaining = list(attack.dice)
    for face in old:
        if face not in remaining:
            raise IllegalActionError(
                f"no {face} among the dice {list(attack.dice)}", rule="Fortunate"
            )
        remaining.remove(face)
    _check_faces(setup, new)
    dice = tuple(sorted(remaining + list(new), key=face_order))
    _set_attack(state, replace(attack, dice=dice, rerolls=attack.rerolls[1:]))


def _check_faces(setup: Setup, faces: tuple[str, ...]) -> None:
    for face in faces:
        if face not in setup.die_faces:
            raise IllegalActionError(
                f"{face!r} is not a face of the attack die ({', '.join(sorted(setup.die_faces))})",
                rule="attack_die",
            )


# ---- step 3: blades ---------------------------------------------------------------------------


def blade_options(setup: Setup, state: State) -> list[tuple[str, int, Ability]]:
    """(piece, ability index, ability) that can take the next blade(s) now."""
    attack = _attack(state)
    holders = [m for m in attack.attackers if state.on_map(m)]
    location = board.location_in(setup, state, attack.cell)
    if location is not None and setup.pieces[location].owner == attack.seat:
        holders.append(location)
    options = []
    for mini in holders:
        if effects.nullified(setup, state, mini):
            continue
        for index, ability in enumerate(setup.pieces[mini].abilities):
            if not ability.is_blade or BLADES_PER_USE[ability.activation] > attack.blades_left:
                continue
            if ability.activation in REPEATABLE or (mini, index) not in attack.used:
                options.append((mini, index, ability))
    return options


def apply_blade(
    setup: Setup, state: State, mini: str, slug: str, args: tuple[str, ...] = ()
) -> list[Event]:
    attack = _attack(state)
    found = [(i, a) for m, i, a in blade_options(setup, state) if m == mini and a.slug == slug]
    if not found:
        raise IllegalActionError(
            f"{mini} has no blade ability {slug!r} that can take a blade now",
            rule="FAQ combat step 3",
        )
    index, ability = found[0]
    bonus = attack.damage_bonus
    events = []
    if ability.keyword is not None and ability.keyword.on_blade is not None:
        bonus += ability.keyword.on_blade(ability.value or 0).damage_bonus
    elif ability.keyword is None:
        events.append(Event(MANUAL_EFFECT, {"mini": mini, "ability": ability.text}))
    used = attack.used if ability.activation in REPEATABLE else attack.used | {(mini, index)}
    blades = attack.blades_left - BLADES_PER_USE[ability.activation]
    _set_attack(state, replace(attack, blades_left=blades, used=used, damage_bonus=bonus))
    return events + effects.resolve(setup, state, mini, ability, args)


# ---- step 4: damage ---------------------------------------------------------------------------


def damage_total(state: State) -> int:
    attack = _attack(state)
    rolled = sum(int(face) for face in attack.dice if face not in (MISS, BLADE))
    return max(0, rolled + attack.damage_bonus)


def damage_targets(setup: Setup, state: State) -> list[str]:
    attack = _attack(state)
    return sorted(board.creatures_in(setup, state, attack.cell, other(attack.seat)))


def guards(setup: Setup, targets: list[str]) -> list[str]:
    return [m for m in targets if setup.pieces[m].has("guards")]


def check_damage(setup: Setup, state: State, amounts: dict[str, int]) -> None:
    total, targets = damage_total(state), damage_targets(setup, state)
    for mini in amounts:
        if mini not in targets:
            raise IllegalActionError(
                f"{mini} is not an enemy creature in {_attack(state).cell} now",
                rule="FAQ combat step 4",
            )
    if sum(amounts.values()) != total:
        raise IllegalActionError(f"assign all {total} damage, no more", rule="FAQ combat step 4")
    guarding = guards(setup, targets)
    if any(m not in guarding for m in amounts) and any(
        amounts.get(g, 0) < effects.guard_need(setup, state, g) for g in guarding
    ):
        raise IllegalActionError(
            "each Bodyguard here must get enough to be disrupted or destroyed first",
            rule="Bodyguard",
        )


def apply_damage(setup: Setup, state: State, amounts: dict[str, int]) -> list[Event]:
    check_damage(setup, state, amounts)
    for mini, amount in amounts.items():
        state.damage[mini] = state.damage.get(mini, 0) + amount
    return [Event(effects.DAMAGED, {"damage": dict(amounts)}), *_finish_attack(setup, state)]


# ---- step 5: disrupt or destroy ---------------------------------------------------------------


def _outcome(setup: Setup, state: State, mini: str, marked: str | None = None) -> str | None:
    """ "disrupt", "destroy", "either" or None for a creature's damage now; with what blade
    abilities marked (Dissipate, Petrify) and poison (Venom). A location only goes as marked
    (Demolish)."""
    piece, damage = setup.pieces[mini], state.damage.get(mini, 0)
    if not piece.is_creature:
        return marked
    disrupt = damage >= effects.creature_defense(setup, state, mini) or marked == "disrupt"
    poisoned = effects.poisoned(setup, state, mini)
    destroy = damage >= effects.creature_life(setup, state, mini) or marked == "destroy" or poisoned
    if disrupt and destroy:
        return "either"
    return "disrupt" if disrupt else "destroy" if destroy else None


def _check(setup: Setup, state: State) -> list[Event]:
    combat = _combat(state)
    decisions, choices = [], []
    marked = effects.take_marked(state)
    for mini in effects.to_check(state, marked):
        outcome = _outcome(setup, state, mini, marked.get(mini)) if state.on_map(mini) else None
        if outcome == "either":
            choices.append(mini)
        elif outcome is not None:
            decisions.append((mini, _finally(setup, state, mini, outcome, marked.get(mini))))
    if not decisions and not choices:
        ending = effects.end_of_combat(setup, state)  # step 10, then back to step 5
        if ending is not None:
            return ending
        state.combat = None
        return [Event(COMBAT_ENDED, {"cell": combat.cell})]
    state.combat = replace(
        combat, step="decide", decisions=tuple(decisions), choices=tuple(choices)
    )
    return []


def _finally(setup: Setup, state: State, mini: str, outcome: str, marked: str | None = None) -> str:
    """How a decided outcome is carried out: Regenerate returns instead of being destroyed; a
    creature destroyed only by its own controller's abilities is a self-destruction."""
    if outcome != "destroy":
        return outcome
    if setup.pieces[mini].has("regenerates"):
        return "return"
    return "self_destroy" if _destroyed_by_owner(setup, state, mini, marked) else outcome


def _destroyed_by_owner(setup: Setup, state: State, mini: str, marked: str | None) -> bool:
    """Every cause destroying the creature came from its own controller's abilities: the damage
    reaching its life and the poison reaching its cost are all their own (rulebook "destroying
    your own miniatures"). A destruction a blade ability marked is the marker's doing."""
    if marked == "destroy":
        return False
    keywords = state.keywords
    causes = []
    damage = state.damage.get(mini, 0)
    if damage and damage >= effects.creature_life(setup, state, mini):
        causes.append(keywords.self_harm_of(mini, "damage") >= damage)
    if effects.poisoned(setup, state, mini):
        causes.append(keywords.self_harm_of(mini, "poison") >= keywords.poison_of(mini))
    return bool(causes) and all(causes)


def choosers(setup: Setup, state: State) -> str:
    """Who decides now: the opponent of the first undecided creature's owner, phase player's
    victims first."""
    combat = _combat(state)
    phase_seat = state.phase_seat
    assert phase_seat is not None
    ordered = sorted(combat.choices, key=lambda m: setup.pieces[m].owner == phase_seat)
    return other(setup.pieces[ordered[0]].owner)


def apply_choice(setup: Setup, state: State, mini: str, outcome: str) -> None:
    combat = _combat(state)
    if mini not in combat.choices:
        raise IllegalActionError(
            f"{mini} has no disrupt-or-destroy choice now", rule="FAQ combat step 5"
        )
    if other(setup.pieces[mini].owner) != choosers(setup, state):
        raise IllegalActionError(
            "the other player decides this one first", rule="FAQ combat step 7"
        )
    state.combat = replace(
        combat,
        decisions=(*combat.decisions, (mini, _finally(setup, state, mini, outcome))),
        choices=tuple(m for m in combat.choices if m != mini),
    )


# ---- step 6: deathblows -----------------------------------------------------------------------


def _after_decide(setup: Setup, state: State) -> list[Event]:
    combat = _combat(state)
    groups: dict[str, list[str]] = {}
    first_players_phase = state.phase == "action" and state.phase_seat == state.first_player
    doomed = [
        mini
        for mini, outcome in combat.decisions
        if outcome == "destroy"
        and setup.pieces[mini].owner != state.phase_seat  # the phase player's victims
        and setup.pieces[mini].is_creature
    ]
    events: list[Event] = []
    if first_players_phase:
        for mini in doomed:
            groups.setdefault(state.zone[mini], []).append(mini)
    elif doomed and state.phase == "action":  # FAQ step 6: only in the first player's phases
        events.append(said("no_deathblow_second_phase", minis=doomed))
    queue = tuple((cell, tuple(sorted(minis))) for cell, minis in sorted(groups.items()))
    state.combat = replace(combat, deathblow_groups=queue)
    return events + _next_deathblow(setup, state)


def deathblow_choices(setup: Setup, minis: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Who may make a group's deathblow: a Loner only alone (FAQ, Loner)."""
    loners = [m for m in minis if setup.pieces[m].has("attacks_alone")]
    if not loners or len(minis) == 1:
        return [minis]
    others = tuple(m for m in minis if m not in loners)
    return [(m,) for m in loners] + ([others] if others else [])


def _next_deathblow(setup: Setup, state: State) -> list[Event]:
    combat = _combat(state)
    events: list[Event] = []
    while combat.deathblow_groups:
        cell, minis = combat.deathblow_groups[0]
        if board.creatures_in(setup, state, cell, other(setup.pieces[minis[0]].owner)):
            break
        combat = replace(combat, deathblow_groups=combat.deathblow_groups[1:])  # no enemy there
        events.append(said("deathblow_no_enemy", minis=list(minis), cell=cell))
    if not combat.deathblow_groups:
        victims_first = other(state.phase_seat or "A")
        state.combat = replace(
            combat,
            step="carry_out",
            attack=None,
            carry_owners=(victims_first, other(victims_first)),
        )
        return events + _carry_out_next_side(setup, state)
    cell, minis = combat.deathblow_groups[0]
    if len(deathblow_choices(setup, minis)) > 1:
        state.combat = replace(combat, step="deathblow", attack=None)
        return events
    state.combat = replace(combat, deathblow_groups=combat.deathblow_groups[1:])
    owner = setup.pieces[minis[0]].owner
    return [*events, _begin_attack(setup, state, "deathblow", owner, cell, minis)]


def apply_deathblowers(setup: Setup, state: State, minis: tuple[str, ...]) -> list[Event]:
    combat = _combat(state)
    cell, group = combat.deathblow_groups[0]
    if minis not in deathblow_choices(setup, group):
        raise IllegalActionError("a Loner makes a deathblow only alone", rule="Loner")
    state.combat = replace(combat, deathblow_groups=combat.deathblow_groups[1:])
    return [_begin_attack(setup, state, "deathblow", setup.pieces[minis[0]].owner, cell, minis)]


# ---- step 7/8: carry out ----------------------------------------------------------------------


def _carry_out_next_side(setup: Setup, state: State) -> list[Event]:
    combat = _combat(state)
    owner, rest = combat.carry_owners[0], combat.carry_owners[1:]
    events = []
    to_place = []
    for mini, outcome in combat.decisions:
        if setup.pieces[mini].owner != owner:
            continue
        if outcome == "disrupt":
            to_place.append(mini)
        else:
            events.append(remove(setup, state, mini, outcome))
    state.combat = replace(_combat(state), carry_owners=rest, to_place=tuple(to_place))
    return events


def placer(setup: Setup, state: State) -> str:
    return other(setup.pieces[_combat(state).to_place[0]].owner)


def apply_place(setup: Setup, state: State, mini: str, cell: str) -> Event:
    combat = _combat(state)
    if mini not in combat.to_place:
        raise IllegalActionError(f"{mini} is not waiting to be disrupted", rule="FAQ combat step 7")
    if cell not in board.empty_cells(state):
        raise IllegalActionError(
            f"{cell} is not empty: a disrupted creature goes to a cell with no miniature",
            rule="disrupt.empty_cell",
        )
    return _disrupt(state, combat, mini, cell)


def _disrupt(state: State, combat: Combat, mini: str, cell: str | None) -> Event:
    origin = state.zone[mini]
    if cell is not None:
        state.place(mini, cell)
    state.damage.pop(mini, None)
    note_removed(state, mini, "disrupt")
    state.combat = replace(combat, to_place=tuple(m for m in combat.to_place if m != mini))
    return Event(ev.DISRUPTED, {"mini": mini, "from": origin, "to": cell})


# ---- driving the sequence ---------------------------------------------------------------------


def settle(setup: Setup, state: State) -> list[Event]:
    """Run the automatic steps until a player's input is needed or the combat is over."""
    events: list[Event] = []
    while (combat := effects.combat_to_settle(setup, state, events)) is not None:
        if combat.step == "attack":
            if not _settle_attack(setup, state, events):
                return events
        elif combat.step == "decide":
            if combat.choices:
                return events
            events += _after_decide(setup, state)
        elif combat.step == "deathblow":
            return events
        elif combat.step == "carry_out":
            if combat.to_place and board.empty_cells(state):
                return events
            if combat.to_place:  # no empty cell anywhere: it stays, and loses its damage
                mini = combat.to_place[0]
                events.append(_disrupt(state, combat, mini, None))
                events.append(said("disrupted_in_place", mini=mini))
            elif combat.carry_owners:
                events += _carry_out_next_side(setup, state)
            else:
                state.combat = replace(combat, step="check", decisions=())
        elif combat.step == "check":
            events += _check(setup, state)
    return events


def _settle_attack(setup: Setup, state: State, events: list[Event]) -> bool:
    """Advance an attack by one automatic stage; False when it waits for input."""
    attack = _attack(state)
    if attack.stage == "dice":
        return False
    if attack.stage == "reroll":
        if attack.rerolls and attack.dice:
            return False
        if attack.kind == "strike":
            _set_attack(
                state, replace(attack, stage="blades", blades_left=attack.dice.count(BLADE))
            )
        else:
            _set_attack(state, replace(attack, stage="damage"))
        return True
    if attack.stage == "blades":
        if attack.blades_left and blade_options(setup, state):
            return False
        if attack.blades_left:  # FAQ step 3: blades no ability can take do nothing
            events.append(said("blades_unused", count=attack.blades_left))
        _set_attack(state, replace(attack, stage="damage"))
        return True
    damage = damage_total(state)
    if damage and damage_targets(setup, state):
        return False
    if damage:  # FAQ step 4: damage goes only to enemies in the cell, and none is left there
        events.append(said("damage_no_target", damage=damage, cell=attack.cell))
    events += _finish_attack(setup, state)
    return True


def _finish_attack(setup: Setup, state: State) -> list[Event]:
    combat = _combat(state)
    if _attack(state).kind == "strike":
        state.combat = replace(combat, step="check", attack=None)
        return []
    state.combat = replace(combat, attack=None)
    return _next_deathblow(setup, state)


def _combat(state: State) -> Combat:
    assert state.combat is not None
    return state.combat


def _attack(state: State) -> Attack:
    attack = _combat(state).attack
    assert attack is not None
    return attack


def _set_attack(state: State, attack: Attack) -> None:
    state.combat = replace(_combat(state), attack=attack)
