"""What people read for each Arena action: a message key and its parameters (figures by id,
which the page names; cards and places as kinds of the game's own)."""

from __future__ import annotations

from companion.games.arena import actions as a
from companion.games.protocol import Action, Label, ref

ACTION_TYPES: tuple[type[Action], ...] = (
    a.FirstRoll, a.FirstTurn, a.Choose, a.Summon, a.Move, a.Disengage, a.Fall, a.Attack, a.Dice,
    a.Hits, a.Shields, a.Damage, a.ReturnSquad, a.Next, a.End,
)  # fmt: skip


def label(action: Action) -> Label:
    match action:
        case a.FirstRoll(seat=seat, result=result):
            return Label("ar.action.d20", {"name": ref("seat", seat), "n": result})
        case a.FirstTurn(seat=seat):
            return Label("ar.action.first", {"name": ref("seat", seat)})
        case a.Choose(card=card):
            return Label("ar.action.choose", {"card": ref("card", card)})
        case a.Summon(figure=figure):
            return Label("ar.action.summon", {"figure": ref("piece", figure)})
        case a.Move(figure=figure, place=place, reveal=reveal):
            where = ref("place", {"place": place, "reveal": reveal})
            return Label("ar.action.move", {"figure": ref("piece", figure), "place": where})
        case a.Disengage(figure=figure, enemy=enemy, hits=hits):
            return Label(
                "ar.action.disengage",
                {"figure": ref("piece", figure), "enemy": ref("piece", enemy), "hits": hits},
            )
        case a.Fall(figure=figure, hits=hits):
            return Label("ar.action.fall", {"figure": ref("piece", figure), "hits": hits})
        case a.Attack(attacker=attacker, target=target, higher=higher):
            key = f"ar.action.attack_{higher}" if higher else "ar.action.attack"
            return Label(key, {"attacker": ref("piece", attacker), "target": ref("piece", target)})
        case a.Dice(change=change):
            return Label("ar.action.dice", {"change": ref("signed", change)})
        case a.Hits(count=count):
            return Label("ar.action.hits", {"n": count})
        case a.Shields(count=count):
            return Label("ar.action.shields", {"n": count})
        case a.Damage(figure=figure, change=change):
            return Label(
                "ar.action.damage",
                {"figure": ref("piece", figure), "change": ref("signed", change)},
            )
        case a.ReturnSquad(card=card):
            return Label("ar.action.return", {"card": ref("card", card)})
        case a.Next():
            return Label("ar.action.next")
        case a.End():
            return Label("ar.action.end")
    raise ValueError(f"no label for {action!r}")
