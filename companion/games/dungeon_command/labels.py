"""What people read for each Dungeon Command action: a message key and its parameters (a
creature by its label, which the page names; its level as the warband's card gives it)."""

from __future__ import annotations

from collections.abc import Callable

from companion.games.dungeon_command import actions as a
from companion.games.protocol import Action, Label, ref

ACTION_TYPES: tuple[type[Action], ...] = a.ACTION_TYPES


_ONE_CREATURE = {
    a.Activate: "dc.action.activate",
    a.Tap: "dc.action.tap",
    a.Untap: "dc.action.untap",
    a.Destroyed: "dc.action.destroyed",
}


def label(
    action: Action, level: Callable[[str], int], destroys: Callable[[str, int], bool]
) -> Label:
    """``level``: a creature's level, by its label; ``destroys``: whether an amount of damage
    destroys a creature now (the log then says so)."""
    if type(action) in _ONE_CREATURE:
        creature = ref("piece", action.label)  # type: ignore[attr-defined]
        return Label(_ONE_CREATURE[type(action)], {"label": creature})
    match action:
        case a.Deploy(label=name):
            return Label("dc.action.deploy", {"label": ref("piece", name), "level": level(name)})
        case a.Damage(label=name, amount=amount):
            key = "dc.action.damage_destroyed" if destroys(name, amount) else "dc.action.damage"
            return Label(key, {"label": ref("piece", name), "amount": amount})
        case a.Heal(label=name, amount=amount):
            return Label("dc.action.heal", {"label": ref("piece", name), "amount": amount})
        case a.HitPoints(label=name, value=value):
            return Label("dc.action.hp", {"label": ref("piece", name), "value": value})
        case a.Mark(label=name, condition=condition):
            return Label(
                "dc.action.mark",
                {"label": ref("piece", name), "condition": ref("condition", condition)},
            )
        case a.Clear(label=name, condition=condition):
            return Label(
                "dc.action.clear",
                {"label": ref("piece", name), "condition": ref("condition", condition)},
            )
        case a.Cower(label=name, damage=damage):
            return Label("dc.action.cower", {"label": ref("piece", name), "damage": damage})
        case a.Next():
            return Label("dc.action.next")
        case a.Adjust(seat=seat, track=track, change=change):
            return Label(
                "dc.action.adjust",
                {
                    "name": ref("seat", seat),
                    "track": ref("track", track),
                    "change": ref("signed", change),
                },
            )
    raise ValueError(f"no label for {action!r}")
