"""Nullify, Nullify [type], Nullify Enemies (static): the blade abilities of the other
miniatures in this creature's cell are nullified — all of them, only those of the given type
(Nullify Valor: Valor creatures), or only the enemies' (rulebook, modified abilities). A
nullified blade ability takes no blade. A miniature is not local to itself, so its own blade
abilities stay."""

from __future__ import annotations

from companion.games.dreamblade.abilities.hooks import Hooks, Use, register


def _nullifies(use: Use, mini: str) -> bool:
    setup, state = use.setup, use.state
    if mini == use.mini or state.zone[mini] != state.zone[use.mini]:
        return False
    kind = (use.ability.type or "").lower()
    if not kind:
        return True
    piece = setup.pieces[mini]
    if kind == "enemies":
        return piece.is_creature and piece.owner != setup.pieces[use.mini].owner
    return piece.is_creature and piece.is_of_type(kind)


NULLIFY = register("Nullify", Hooks(nullifies=_nullifies))
