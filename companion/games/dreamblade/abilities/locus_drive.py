"""Locus Drive (static): at the start of its controller's spawn phase, this creature moves one
cell toward the centre of the dreamscape (facts.md, SOLID: the Anvilborn FAQ — Drive abilities
move their miniature automatically at the start of your spawn phase; Locus Drive, one cell
toward the centre). Other Drive abilities have effects the sources do not give: they stay
manual.

How the move is made (the rules' movement definitions; the FAQ does not spell these out):
- the centre is c3; "one cell" is one orthogonal step, as every move the rules define (a shift
  is one cell with no diagonals; Lure's "one step closer" likewise), to a cell closer to c3 —
  on c3 it stays;
- off the centre row and column two cells are equally closer (b2 → b3 or c2): its controller
  chooses (``target <cell>``); one the stack limit closes is not offered, and with neither open
  it does not move (an ability does what it can);
- it is an automatic move, not a shift: Lockdown and Defender, which restrict shifts, do not
  stop it; engaged or not, it moves; entering a cell triggers Ambush and Charge like any move;
- a skipped spawn phase (a 1 at initiative) has no start, so no Drive; the cells holding an
  ally at the start of the spawn phase (for spawning) are those before the Drives move;
- several Drives of one player start together: the player orders them (``order_effects``).
"""

from __future__ import annotations

from companion import grid
from companion.games.dreamblade import effects
from companion.games.dreamblade.abilities.hooks import Hooks, Use, register
from companion.games.dreamblade.keyword_state import Effect

CENTRE = "c3"


def toward_centre(cell: str) -> tuple[str, ...]:
    """The orthogonal neighbours of ``cell`` one step closer to the centre."""
    here = effects.distance(cell, CENTRE)
    return tuple(
        sorted(n for n in grid.orthogonal_neighbours(cell) if effects.distance(n, CENTRE) < here)
    )


def _start(use: Use) -> list[Effect]:
    cell = use.state.zone[use.mini]
    cells = toward_centre(cell)
    if not cells:
        return []
    owner = use.setup.pieces[use.mini].owner
    return [Effect("move", owner, use.mini, use.ability.slug, cell, options=cells)]


LOCUS_DRIVE = register("Locus Drive", Hooks(spawn_phase_start=_start))
