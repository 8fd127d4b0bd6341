"""Spawn phase rules: spawn points, aspect cost, where creatures and locations may be spawned.

Sources: rulebook "spawn phase" (spawn points, bonus points, aspect cost with the 7VVV example,
spawn row conditions, portal, locations, the five spawn-cell cases) and the FAQ's spawning
answers (start-of-phase ally rule, stack limit, Reinforce needs an ally creature).
"""

from __future__ import annotations

from companion import grid
from companion.errors import IllegalActionError
from companion.games.dreamblade import board, modifiers
from companion.games.dreamblade.state import RESERVE, Setup, State

MAX_CREATURES_PER_SEAT_IN_CELL = 4
MAX_SPAWNS_PER_CELL_PER_PHASE = 4
BONUS_PER_LOSS = 2


def spawn_points_at_start(state: State, seat: str) -> int:
    """Both raw initiative dice + 2 per own miniature destroyed since this seat's last spawn
    phase (rulebook "spawn points", "bonus spawn points"; FAQ "how does a spawn phase go")."""
    return state.spawn_sum + BONUS_PER_LOSS * state.bonus_losses[seat]


def aspect_shortfall(setup: Setup, state: State, seat: str, mini: str) -> int:
    """Aspect symbols not covered by own miniatures in the dreamscape or graveyard: each symbol
    needs one own miniature of that aspect (rulebook "aspect cost": 7VVV with one Valor in play
    and one in the graveyard costs 8). The reserve does not count."""
    piece = setup.pieces[mini]
    counted = [
        setup.pieces[other].mini.has_aspects
        for other, where in state.zone.items()
        if other != mini
        and setup.pieces[other].owner == seat
        and (where in grid.CELL_SET or where == "graveyard")
    ]
    shortfall = 0
    for aspect in set(piece.mini.aspects):
        needed = piece.mini.aspects.count(aspect)
        have = sum(1 for aspects in counted if aspect in aspects)
        shortfall += max(0, needed - have)
    return shortfall


def spawn_cost(setup: Setup, state: State, seat: str, mini: str) -> int:
    piece = setup.pieces.get(mini)
    if piece is None or piece.owner != seat:
        raise IllegalActionError(f"{mini} is not in seat {seat}'s warband", rule="warband")
    if piece.mini.unknown_fields:
        raise IllegalActionError(
            f"{mini} ({piece.mini.name}) has unknown {', '.join(piece.mini.unknown_fields)}: "
            "fill them in the catalog before spawning it",
            rule="data.unknown_stats",
        )
    assert piece.mini.spawn_cost is not None
    judged = modifiers.of(state, mini, "cost")
    total = piece.mini.spawn_cost + judged + aspect_shortfall(setup, state, seat, mini)
    return modifiers.applied(total, "cost")  # the minimum after all modifiers, aspects included


def check_spawn(
    setup: Setup, state: State, seat: str, mini: str, cell: str, *, in_phase: bool
) -> int:
    """Raise ``IllegalActionError`` unless ``seat`` may spawn ``mini`` into ``cell``; return the
    cost. ``in_phase`` says whether this is the seat's spawn phase (points and per-phase counts)."""
    cost = _check_affordable(setup, state, seat, mini, in_phase=in_phase)
    _check_cell(setup, state, seat, mini, cell, in_phase=in_phase)
    return cost


def _check_affordable(setup: Setup, state: State, seat: str, mini: str, *, in_phase: bool) -> int:
    cost = spawn_cost(setup, state, seat, mini)
    if state.zone[mini] != RESERVE:
        raise IllegalActionError(f"{mini} is not in the reserve", rule="spawn.from_reserve")
    if setup.pieces[mini].mini.id in state.keywords.suppressed:
        raise IllegalActionError(f"{mini} is suppressed this turn", rule="Suppress")
    if in_phase and cost > state.spawn_points:
        raise IllegalActionError(
            f"{mini} costs {cost} spawn points, {state.spawn_points} left",
            rule="spawn.points",
            key="refusal.spawn_points",
            params={"mini": mini, "cost": cost, "left": state.spawn_points},
        )
    return cost


def _check_cell(
    setup: Setup, state: State, seat: str, mini: str, cell: str, *, in_phase: bool
) -> None:
    if setup.pieces[mini].is_creature:
        _check_creature_cell(setup, state, seat, mini, cell, in_phase=in_phase)
    else:
        _check_location_cell(setup, state, seat, cell)


def _check_location_cell(setup: Setup, state: State, seat: str, cell: str) -> None:
    if not board.creatures_in(setup, state, cell, seat):
        raise IllegalActionError(
            f"a location goes into a cell where you control a creature; {cell} has none of yours",
            rule="spawn.location_needs_creature",
        )
    if board.location_in(setup, state, cell) is not None:
        raise IllegalActionError(f"{cell} already holds a location", rule="spawn.one_location")


def _check_creature_cell(
    setup: Setup, state: State, seat: str, mini: str, cell: str, *, in_phase: bool
) -> None:
    if in_phase and state.spawned_into.get(cell, 0) >= MAX_SPAWNS_PER_CELL_PER_PHASE:
        raise IllegalActionError(
            f"4 creatures were already spawned into {cell} this phase", rule="spawn.four_per_cell"
        )
    portal = setup.dream_map.portals[seat]
    if cell == portal:
        return  # the portal is always open: no column, start-of-phase or stack condition
    allies_here = board.creatures_in(setup, state, cell, seat)
    if len(allies_here) >= MAX_CREATURES_PER_SEAT_IN_CELL:
        raise IllegalActionError(f"{cell} already holds 4 of your creatures", rule="stack_limit")
    if cell in setup.dream_map.spawn_row(seat) and _spawn_row_open(
        setup, state, seat, cell, in_phase
    ):
        return
    if _reinforce_allows(setup, state, mini, allies_here):
        return
    if cell not in setup.dream_map.spawn_row(seat):
        raise IllegalActionError(
            f"creatures are spawned into your spawn row (row {grid.row_of(portal)}), not {cell}",
            rule="spawn.spawn_row",
        )
    if _ally_at_start(setup, state, seat, cell, in_phase):
        raise IllegalActionError(
            f"{cell} held one of your creatures when your spawn phase began",
            rule="spawn.ally_at_start",
        )
    raise IllegalActionError(
        f"you control no miniature in column {grid.column_of(cell)}", rule="spawn.column"
    )


def _ally_at_start(setup: Setup, state: State, seat: str, cell: str, in_phase: bool) -> bool:
    if in_phase:
        return cell in state.ally_cells_at_start
    return bool(board.creatures_in(setup, state, cell, seat))


def _spawn_row_open(setup: Setup, state: State, seat: str, cell: str, in_phase: bool) -> bool:
    if _ally_at_start(setup, state, seat, cell, in_phase):
        return False
    column = grid.column_of(cell)
    return any(grid.column_of(state.zone[m]) == column for m in board.in_play(setup, state, seat))


def _reinforce_allows(setup: Setup, state: State, mini: str, allies_here: list[str]) -> bool:
    for ability in setup.pieces[mini].with_keyword("spawns_beside_type"):
        assert ability.type is not None
        if any(setup.pieces[ally].is_of_type(ability.type) for ally in allies_here):
            return True
    return False


def ally_cells(setup: Setup, state: State, seat: str) -> frozenset[str]:
    return frozenset(
        state.zone[m] for m in board.in_play(setup, state, seat) if setup.pieces[m].is_creature
    )


def legal_spawn_cells(
    setup: Setup, state: State, seat: str, mini: str | None, *, in_phase: bool
) -> frozenset[str]:
    """Cells where ``mini`` could be spawned now; with ``mini=None``, where a creature without
    spawning abilities could be (cost not considered)."""
    if mini is not None:
        try:
            _check_affordable(setup, state, seat, mini, in_phase=in_phase)
        except IllegalActionError:
            return frozenset()
    # only the spawn row and cells holding own creatures (Reinforce, locations) can qualify
    candidates = set(ally_cells(setup, state, seat))
    if mini is None or setup.pieces[mini].is_creature:
        candidates |= set(setup.dream_map.spawn_row(seat))
    cells = []
    for cell in sorted(candidates):
        try:
            if mini is None:
                if in_phase and state.spawned_into.get(cell, 0) >= MAX_SPAWNS_PER_CELL_PER_PHASE:
                    continue
                if cell == setup.dream_map.portals[seat] or (
                    cell in setup.dream_map.spawn_row(seat)
                    and len(board.creatures_in(setup, state, cell, seat))
                    < MAX_CREATURES_PER_SEAT_IN_CELL
                    and _spawn_row_open(setup, state, seat, cell, in_phase)
                ):
                    cells.append(cell)
            else:
                _check_cell(setup, state, seat, mini, cell, in_phase=in_phase)
                cells.append(cell)
        except IllegalActionError:
            continue
    return frozenset(cells)


def spawn_refusal(
    setup: Setup, state: State, seat: str, mini: str, *, in_phase: bool
) -> IllegalActionError | None:
    """Why ``seat`` cannot spawn ``mini`` now (the error names the rule broken), or ``None`` when
    some cell takes it: what the miniature costs or is, else what closes the cell it would go to
    first — for a creature its portal (open but for the per-phase limit), for a location a cell
    holding one of the seat's creatures (its portal when there is none)."""
    try:
        _check_affordable(setup, state, seat, mini, in_phase=in_phase)
    except IllegalActionError as exc:
        return exc
    if legal_spawn_cells(setup, state, seat, mini, in_phase=in_phase):
        return None
    allies = sorted(ally_cells(setup, state, seat))
    creature = setup.pieces[mini].is_creature
    cell = allies[0] if allies and not creature else setup.dream_map.portals[seat]
    try:
        _check_cell(setup, state, seat, mini, cell, in_phase=in_phase)
    except IllegalActionError as exc:
        return exc
    return IllegalActionError(f"no cell takes {mini} now", rule="spawn.no_cell")
