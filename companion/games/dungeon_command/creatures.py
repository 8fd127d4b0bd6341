"""What happens to one Dungeon Command creature in play (seed 002; line numbers of
``/work/shared/seeds/002_*.txt``): hit points from its card or typed in during play (line 103),
damage in tens (lines 38, 129), tapping (line 160) and untapping in refresh and cleanup (lines 131,
122), and the conditions the players mark (``data/conditions.yaml``).

Functions of the setup and a ``State`` they change in place; an illegal action raises
``IllegalActionError`` before anything changes. Destruction costs morale, which the engine
(``game.py``) applies: :func:`apply` says when the creature must be destroyed.
"""

from __future__ import annotations

from companion.errors import IllegalActionError
from companion.events import Event
from companion.games.dungeon_command.actions import (
    Clear,
    Damage,
    DungeonCommandAction,
    Heal,
    HitPoints,
    Mark,
    Tap,
    Untap,
)
from companion.games.dungeon_command.data_files import conditions
from companion.games.dungeon_command.setup import DAMAGE_STEP, MAX_HIT_POINTS, Setup
from companion.games.dungeon_command.state import State

DAMAGED = "dungeon_command.damaged"
HEALED = "dungeon_command.healed"
TAPPED = "dungeon_command.tapped"
UNTAPPED = "dungeon_command.untapped"
HIT_POINTS_TYPED = "dungeon_command.hit_points_typed"
CONDITION_MARKED = "dungeon_command.condition_marked"
CONDITION_CLEARED = "dungeon_command.condition_cleared"
STAYS_TAPPED = "stays_tapped"  # data/conditions.yaml: the one condition the engine honours

CreatureEffect = Damage | Heal | Tap | Untap | HitPoints | Mark | Clear


def hit_points(setup: Setup, s: State, label: str) -> int | None:
    """The hit points on the creature's card, or typed in during play; ``None``: unknown."""
    owner = setup.owner(label)
    if owner is None:
        raise KeyError(f"no creature labelled {label!r}")
    printed = setup.band(owner).card(label).hit_points
    return printed if printed is not None else s.hit_points.get(label)


def tens(top: int) -> range:
    """10, 20, … up to ``top``: the amounts of damage, healing or hit points listed."""
    return range(DAMAGE_STEP, top + 1, DAMAGE_STEP)


def listed(setup: Setup, s: State, label: str) -> list[DungeonCommandAction]:
    """For a creature in play: its hit points while unknown, else damage up to what destroys
    it; healing up to its damage; tapping or untapping; marking or clearing each condition."""
    actions: list[DungeonCommandAction] = []
    known, damage = hit_points(setup, s, label), s.damage.get(label, 0)
    if known is None:
        actions += [HitPoints(label, v) for v in tens(MAX_HIT_POINTS)]
    else:
        actions += [Damage(label, amount) for amount in tens(known - damage)]
    actions += [Heal(label, amount) for amount in tens(damage)]
    actions.append(Untap(label) if label in s.tapped else Tap(label))
    marked = s.conditions.get(label, [])
    actions += [Clear(label, c) if c in marked else Mark(label, c) for c in conditions()]
    return actions


def apply(setup: Setup, s: State, owner: str, action: CreatureEffect) -> tuple[list[Event], bool]:
    """Apply ``action`` to ``owner``'s creature in play: the events, and whether its damage now
    reaches its hit points (it is destroyed)."""
    label = action.label
    if isinstance(action, Damage | Heal | HitPoints):
        _check_tens(action)
    if isinstance(action, Tap | Untap):
        return [_tap(s, owner, action)], False
    if isinstance(action, Mark | Clear):
        return [_condition(s, owner, action)], False
    if isinstance(action, Heal):
        return [_heal(s, owner, action)], False
    if isinstance(action, HitPoints):
        if hit_points(setup, s, label) is not None:
            raise IllegalActionError(
                f"{label}'s hit points are already known", rule="seed 002: hit points known"
            )
        if action.value > MAX_HIT_POINTS:
            raise IllegalActionError(
                f"hit points go up to {MAX_HIT_POINTS}", rule="seed 002: hit points"
            )
        s.hit_points[label] = action.value
        event = Event(HIT_POINTS_TYPED, {"seat": owner, "label": label, "value": action.value})
        return [event], s.damage.get(label, 0) >= action.value
    return _damage(setup, s, owner, action)


def untap_all(s: State, seat: str) -> list[Event]:
    """Seed 002 lines 122, 131, 160: the active player's tapped creatures untap in refresh and in
    cleanup, unless an effect (a marked ``stays_tapped``) keeps them tapped."""
    untapped = [
        label
        for label in s.battlefield[seat]
        if label in s.tapped and STAYS_TAPPED not in s.conditions.get(label, [])
    ]
    s.tapped = [label for label in s.tapped if label not in untapped]
    return [Event(UNTAPPED, {"seat": seat, "labels": untapped})] if untapped else []


def forget(s: State, label: str) -> None:
    """A creature left the battlefield: its damage, tapping, conditions and activation go."""
    s.damage.pop(label, None)
    s.conditions.pop(label, None)
    s.tapped = [x for x in s.tapped if x != label]
    if s.activating == label:
        s.activating = None


def _check_tens(action: Damage | Heal | HitPoints) -> None:
    amount = action.value if isinstance(action, HitPoints) else action.amount
    if amount <= 0 or amount % DAMAGE_STEP:
        raise IllegalActionError(
            f"damage and hit points come in tens, not {amount}", rule="seed 002: damage in tens"
        )


def _damage(setup: Setup, s: State, owner: str, action: Damage) -> tuple[list[Event], bool]:
    """Seed 002 line 103: hit points are the damage a creature takes before it is destroyed."""
    label = action.label
    known = hit_points(setup, s, label)
    if known is None:
        raise IllegalActionError(
            f"type in {label}'s hit points from its card first", rule="seed 002: hit points"
        )
    left = known - s.damage.get(label, 0)
    if action.amount > left:
        raise IllegalActionError(
            f"{label} has {left} hit points left: {left} damage destroys it",
            rule="seed 002: damage taken",
        )
    s.damage[label] = s.damage.get(label, 0) + action.amount
    data = {"seat": owner, "label": label, "amount": action.amount, "damage": s.damage[label]}
    return [Event(DAMAGED, {**data, "hit_points": known})], s.damage[label] >= known


def _heal(s: State, owner: str, action: Heal) -> Event:
    label = action.label
    if action.amount > s.damage.get(label, 0):
        raise IllegalActionError(
            f"{label} has only {s.damage.get(label, 0)} damage", rule="seed 002: heal"
        )
    s.damage[label] -= action.amount
    if not s.damage[label]:
        del s.damage[label]
    return Event(HEALED, {"seat": owner, "label": label, "damage": s.damage.get(label, 0)})


def _tap(s: State, owner: str, action: Tap | Untap) -> Event:
    """Seed 002 line 160: a tapped creature cannot take a tapping action."""
    label = action.label
    if isinstance(action, Tap):
        if label in s.tapped:
            raise IllegalActionError(
                f"{label} is tapped: it cannot take a tapping action", rule="seed 002: tapping"
            )
        s.tapped.append(label)
        return Event(TAPPED, {"seat": owner, "label": label})
    if label not in s.tapped:
        raise IllegalActionError(f"{label} is not tapped", rule="seed 002: untap")
    s.tapped.remove(label)
    return Event(UNTAPPED, {"seat": owner, "labels": [label]})


def _condition(s: State, owner: str, action: Mark | Clear) -> Event:
    label, condition = action.label, action.condition
    marked = s.conditions.get(label, [])
    if condition not in conditions() or (condition in marked) == isinstance(action, Mark):
        raise IllegalActionError(
            f"{action} is not possible now (conditions: {', '.join(conditions())})",
            rule="seed 002: conditions",
        )
    if isinstance(action, Mark):
        s.conditions[label] = [*marked, condition]
        return Event(CONDITION_MARKED, {"seat": owner, "label": label, "condition": condition})
    s.conditions[label] = [c for c in marked if c != condition]
    if not s.conditions[label]:
        del s.conditions[label]
    return Event(CONDITION_CLEARED, {"seat": owner, "label": label, "condition": condition})
