"""Candidate Dreamblade actions for the listed-equals-accepted test: every action of the notation
built from the game's pieces, the 25 cells and each option's values, legal now or not.

Bounded where the notation is unbounded: dice results of 1–3 dice and of the pending count ±1;
rerolls of up to two of the pending dice; damage splits of the pending total over one or two
creatures; an ability's arguments are none, one piece, one cell, one number, or one creature to
a neighbouring cell (``mini>cell``); manual adjustments of 1–3. Multi-argument ability choices
are checked from the listed side (every listed one is pushed)."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations, combinations_with_replacement

from companion import grid
from companion.games.dreamblade import actions as a
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.state import SEATS
from companion.games.protocol import Action


def _neighbours(cell: str) -> list[str]:
    col, row = grid.coords(cell)
    found = []
    for dc in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (dc, dr) != (0, 0) and 0 <= col + dc < 5 and 0 <= row + dr < 5:
                found.append(grid.cell_at(col + dc, row + dr))
    return found


def _dice(faces: tuple[str, ...], counts: set[int]) -> Iterator[tuple[str, ...]]:
    for count in sorted(c for c in counts if c >= 1):
        yield from combinations_with_replacement(faces, count)


# What does not depend on the position is built once per warband (``pieces``: its piece ids) and
# yielded in its place, so every position gets the same candidates in the same order.


@cache
def _static_args(pieces: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """An ability's arguments that do not depend on the position: none, a piece, a cell, a
    number."""
    args: list[tuple[str, ...]] = [()]
    args += [(m,) for m in pieces]
    args += [(c,) for c in grid.CELLS]
    args += [(str(n),) for n in range(0, 7)]
    return tuple(args)


def _ability_args(game: DreambladeGame) -> list[tuple[str, ...]]:
    on_map = {m: z for m, z in game.state.zone.items() if z in grid.CELL_SET}
    args = list(_static_args(tuple(game.setup.pieces)))
    args += [(f"{m}>{c}",) for m, z in on_map.items() for c in _neighbours(z)]
    return args


@cache
def _piece_actions(pieces: tuple[str, ...]) -> tuple[Action, ...]:
    """Every action of one piece, or one piece and a cell, and the initiative and point ones."""
    actions: list[Action] = [a.Done(), a.Confirm(), a.ChooseShift(), a.ChooseStrike()]
    values = [None, *range(1, 7)]
    actions += (a.Initiative(x, y) for x in values for y in values if (x, y) != (None, None))
    for mini in pieces:
        for cell in grid.CELLS:
            actions += (a.Spawn(mini, cell), a.Move(mini, cell), a.Place(mini, cell))
            actions.append(a.Relocate(mini, cell))
        actions += (a.Disrupt(mini), a.Destroy(mini), a.Sacrifice(mini), a.SelfDestroy(mini))
        actions += (a.Eliminate(mini), a.ReturnToReserve(mini))
        actions += (a.Hurt(mini, n) for n in (1, 2, 3))
    actions += (a.AdjustPoints(seat, n) for seat in SEATS for n in (-1, 1, 3))
    return tuple(actions)


@cache
def _ability_actions(mini: str, slug: str, args: tuple[tuple[str, ...], ...]) -> tuple[Action, ...]:
    """An ability's blade assignments and uses with each of ``args``."""
    actions: list[Action] = []
    for arg in args:
        actions += (a.AssignBlade(mini, slug, arg), a.UseAbility(mini, slug, None, arg))
    return tuple(actions)


def candidates(game: DreambladeGame) -> Iterator[Action]:
    setup, state = game.setup, game.state
    pieces = list(setup.pieces)
    pending = game.pending()
    details = pending.details
    faces = tuple(sorted(setup.die_faces))
    yield from _piece_actions(tuple(pieces))
    # fights: every group of the creatures in a cell (either seat's), and each piece alone
    for cell in grid.CELLS:
        yield a.Fight(cell)
        here = sorted(m for m, z in state.zone.items() if z == cell)
        for size in range(1, len(here) + 1):
            yield from (a.Fight(cell, group) for group in combinations(here, size))
        yield from (a.Fight(cell, (m,)) for m in pieces if m not in here)
    # dice and rerolls
    pending_dice = details.get("dice")
    counts = {1, 2, 3}
    if isinstance(pending_dice, int):
        counts |= {pending_dice - 1, pending_dice, pending_dice + 1}
    yield from (a.Dice(faces_) for faces_ in _dice(faces, counts))
    yield a.Reroll()
    if isinstance(pending_dice, list):
        rolled = tuple(pending_dice)
        for size in (1, 2):
            for old in sorted(set(combinations(rolled, size))):
                yield from (
                    a.Reroll(old, new) for new in combinations_with_replacement(faces, size)
                )
        yield from (a.Dice(faces_) for faces_ in _dice(faces, {len(rolled)}))
    # damage splits of the pending total over one or two creatures
    total = details.get("damage")
    creatures = [m for m, p in setup.pieces.items() if p.is_creature and state.on_map(m)]
    if isinstance(total, int):
        for mini in creatures:
            yield from (a.AssignDamage(((mini, n),)) for n in {total - 1, total, total + 1} if n)
        for first, second in combinations(creatures, 2):
            for n in range(1, total):
                yield a.AssignDamage(((first, n), (second, total - n)))
    # abilities: blades, uses, targets, ordering
    args = _ability_args(game)
    static_args = _static_args(tuple(pieces))
    moves = args[len(static_args) :]  # a creature to a neighbouring cell: as the position has it
    for mini, piece in setup.pieces.items():
        for ability in piece.abilities:
            slug = ability.slug
            yield a.First(mini, slug)
            yield from _ability_actions(mini, slug, static_args)
            for arg in moves:
                yield a.AssignBlade(mini, slug, arg)
                yield a.UseAbility(mini, slug, None, arg)
            yield from (a.UseAbility(mini, slug, x) for x in range(0, 4))
    yield from (a.Target(arg[0]) for arg in args if arg)
    # deathblowers: every group of the creatures in the fight's cell, and none
    cell = details.get("cell")
    yield a.Deathblowers(())
    if isinstance(cell, str):
        here = sorted(m for m in creatures if state.zone[m] == cell)
        for size in range(1, len(here) + 1):
            yield from (a.Deathblowers(group) for group in combinations(here, size))
