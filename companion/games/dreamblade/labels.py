"""What people read for each Dreamblade action: a message key of the panel's catalogs and its
parameters (``companion.games.protocol.Label``), decided when the action is taken — a "done" at
the end of the spawn phase says so, whatever phase the game is in when it is read again."""

from __future__ import annotations

from companion.games.dreamblade import actions as a
from companion.games.dreamblade import corrections as c
from companion.games.protocol import Action, Label, ref

ACTION_TYPES: tuple[type[Action], ...] = (
    a.Initiative, a.Spawn, a.ChooseShift, a.ChooseStrike, a.Move, a.Fight, a.Dice, a.Reroll,
    a.AssignBlade, a.AssignDamage, a.Disrupt, a.Destroy, a.Deathblowers, a.Place, a.CellValue,
    a.UseAbility, a.Target, a.First, a.Sacrifice, a.SelfDestroy, a.Hurt, a.Eliminate,
    a.ReturnToReserve, a.AdjustPoints, a.Relocate, a.Confirm, a.Done,
    c.CorrectPlace, c.CorrectMove, c.CorrectRemove, c.CorrectPoints, c.CorrectModifier,
)  # fmt: skip

# The steps a "done" ends, each with its own words ("Done spawning"); elsewhere it is "Done".
DONE_STEPS = ("spawn", "shift", "choose_strike_cell")

_ONE_MINI = {
    a.Disrupt: "action.disrupt",
    a.Destroy: "action.destroy",
    a.Sacrifice: "action.sacrifice",
    a.SelfDestroy: "action.self-destroy",
    a.Eliminate: "action.eliminate",
    a.ReturnToReserve: "action.return",
}
_MINI_CELL = {
    a.Spawn: "action.spawn",
    a.Move: "action.move",
    a.Place: "action.place",
    a.Relocate: "action.relocate",
    c.CorrectPlace: "action.correct_place",
    c.CorrectMove: "action.correct_move",
}
_BARE = {
    a.ChooseShift: "action.shift",
    a.ChooseStrike: "action.strike",
    a.Confirm: "action.confirm",
}


def label(action: Action, step: str) -> Label:
    """The label of ``action`` taken in ``step`` (the pending decision's kind)."""
    kind = type(action)
    if kind in _BARE:
        return Label(_BARE[kind])
    if isinstance(action, a.Done):
        return Label(f"action.done.{step}" if step in DONE_STEPS else "action.done")
    if kind in _ONE_MINI:
        return Label(_ONE_MINI[kind], {"mini": ref("piece", action.mini)})  # type: ignore[attr-defined]
    if kind in _MINI_CELL:
        mini, cell = action.mini, action.cell  # type: ignore[attr-defined]
        return Label(_MINI_CELL[kind], {"mini": ref("piece", mini), "cell": cell})
    return _other(action)


def _other(action: Action) -> Label:
    match action:
        case a.Initiative(a=first, b=second) if first is not None and second is not None:
            return Label("action.init", {"a": first, "b": second})
        case a.Initiative(a=first, b=second):
            seat, die = ("A", first) if first is not None else ("B", second)
            return Label("action.init_one", {"seat": ref("seat", seat), "die": die})
        case a.Fight(cell=cell, attackers=()):
            return Label("action.cell", {"cell": cell})
        case a.Fight(cell=cell, attackers=attackers):
            return Label(
                "action.cell_with", {"cell": cell, "minis": ref("pieces", list(attackers))}
            )
        case a.Dice(faces=faces):
            return Label("action.dice", {"faces": ref("faces", list(faces))})
        case a.Reroll(old=()):
            return Label("action.reroll_none")
        case a.Reroll(old=old, new=new):
            return Label(
                "action.reroll", {"old": ref("faces", list(old)), "new": ref("faces", list(new))}
            )
        case a.AssignBlade(mini=mini, ability=ability, args=args):
            return Label(
                "action.blade",
                {"mini": ref("piece", mini), "ability": _ability(mini, ability, None, args)},
            )
        case a.UseAbility(mini=mini, ability=ability, x=x, args=args):
            return Label(
                "action.ability",
                {"mini": ref("piece", mini), "ability": _ability(mini, ability, x, args)},
            )
        case a.First(mini=mini, ability=ability):
            return Label(
                "action.first",
                {"mini": ref("piece", mini), "ability": _ability(mini, ability, None, ())},
            )
        case a.AssignDamage(amounts=amounts):
            return Label(
                "action.damage", {"split": ref("damage_split", [list(pair) for pair in amounts])}
            )
        case a.Deathblowers(minis=minis):
            return Label("action.deathblowers", {"minis": ref("pieces", list(minis))})
        case a.CellValue(cell=cell, value=value):
            return Label("action.value", {"cell": cell, "value": value})
        case a.Target(choice=choice):
            return Label("action.target", {"choice": ref("target", choice)})
        case a.Hurt(mini=mini, amount=amount):
            return Label("action.hurt", {"mini": ref("piece", mini), "n": amount})
        case a.AdjustPoints(seat=seat, amount=amount):
            return Label(
                "action.points", {"seat": ref("seat", seat), "points": ref("signed", amount)}
            )
        case c.CorrectRemove(mini=mini, to=to):
            return Label(f"action.correct_remove_{to}", {"mini": ref("piece", mini)})
        case c.CorrectPoints(seat=seat, amount=amount):
            return Label(
                "action.correct_points",
                {"seat": ref("seat", seat), "points": ref("signed", amount)},
            )
        case c.CorrectModifier(mini=mini, stat=stat, amount=amount):
            return Label(
                "action.correct_modifier",
                {
                    "mini": ref("piece", mini),
                    "stat": ref("stat", stat),
                    "amount": ref("signed", amount),
                },
            )
    raise ValueError(f"no label for {action!r}")  # every action type above has one


def _ability(mini: str, slug: str, x: int | None, args: tuple[str, ...]) -> dict[str, object]:
    """An ability as its miniature prints it (the page finds the line by its short name), with
    the number and the words the player added (miniature ids among them named)."""
    return ref("ability", {"mini": mini, "slug": slug, "x": x, "args": list(args)})
