"""The judge's position editor: set up any Dreamblade position without writing JSON.

Start from the live game (``PositionEditor(setup, state)``) or an empty map (``empty``), then
apply edits, each a line of text (the same on the phone and in ``companion rules edit``):

=====================================  =========================================================
``add <A|B> <catalog id> [<where>]``   a new copy of a miniature in a seat's warband (the live
                                       warbands or the catalog), in the reserve or ``<where>``
``place <mini> <where>``               a miniature to a cell, ``reserve``, ``graveyard`` or
                                       ``out``; it loses its damage, poison and modifiers when
                                       it leaves the map
``phase initiative``                   the initiative phase (both seats roll)
``phase spawn <A|B> <points>``         seat's spawn phase with that many spawn points left
``phase action <A|B> [1|2] [shift|strike]``  seat's first or second action phase, optionally
                                       with its action chosen
``phase conquest``                     the conquest phase (the turn is scored next)
``first <A|B>``                        the first player this turn
``turn <n>``                           the turn number
``wins <A|B> <n>``                     turns the seat has won (fewer than 6)
``kills <A|B> <n>``                    enemy miniatures the seat destroyed this turn
``bonus <A|B> <n>``                    own miniatures lost since the seat's last spawn phase
``damage <mini> <n>``                  damage on a creature on the map (0 clears)
``poison <mini> <n>``                  Venom poison on a creature on the map (0 clears)
``modifier <mini> <stat> <±n>``        the judge's modifier (``modifiers.py``; 0 clears)
=====================================  =========================================================

An edit that would leave an impossible position is refused with the reason and changes nothing:
more than 4 creatures of one seat in a cell (its own portal excepted), two locations in a cell,
two copies of a unique miniature in a warband (or more than 3 of any), a creature with unknown
stats on the map, damage enough to have disrupted or destroyed a creature outside a combat, a
modifier on a miniature not in play. Setting a phase ends any combat or effect in progress and
starts the phase from the board as it stands (the cells the seat's creatures hold are its cells
at the start of its spawn phase). ``position()`` is a ``dreamblade-position`` that reads back to
exactly this editor (``from_position``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from companion import grid
from companion.errors import DataFileError
from companion.games.dreamblade import effects, keyword_state, modifiers, spawning
from companion.games.dreamblade.corrections import MAX_POINTS
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.pieces import pieces_for
from companion.games.dreamblade.state import (
    GRAVEYARD,
    OUT_OF_GAME,
    RESERVE,
    SEATS,
    TURN_WINS_TO_WIN,
    Settings,
    Setup,
    State,
)
from companion.games.dreamblade.warband import MAX_COPIES, MAX_MINIATURES

PLACES = (RESERVE, GRAVEYARD, OUT_OF_GAME)
UNIQUE = "unique"  # the rarity of a miniature a warband holds one copy of
MAX_TURN = 99  # a sanity bound on a number typed in, not a rule


@dataclass(frozen=True)
class Problem:
    """Why a position is impossible: ``code`` (stable, for translations), the English
    ``message`` and the ``details`` the message names (cell, mini, seat, count)."""

    code: str
    message: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "details": dict(self.details)}


class EditError(ValueError):
    """An edit refused: the notation is wrong or the position would be impossible."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.message for p in problems))
        self.problems = problems


def _refuse(code: str, message: str, **details: Any) -> EditError:
    return EditError([Problem(code, message, details)])


class PositionEditor:
    def __init__(self, setup: Setup, state: State) -> None:
        self.setup, self.state = setup, state.clone()

    @classmethod
    def empty(
        cls, dream_map: DreamMap, attack_die: tuple[str, ...], settings: Settings | None = None
    ) -> PositionEditor:
        """An empty map: no miniature in either warband, turn 1 before the initiative roll."""
        return cls(Setup(dream_map, {}, tuple(attack_die), settings or Settings()), State())

    @classmethod
    def from_position(cls, data: Any, origin: str = "<position>") -> PositionEditor:
        from companion.games.dreamblade.position import read_position

        setup, state = read_position(data, origin)
        return cls(setup, state)

    def position(self) -> dict[str, Any]:
        from companion.games.dreamblade.position import position_json

        return position_json(self.setup, self.state)

    # ---- edits ----------------------------------------------------------------------------

    def apply(self, text: str, catalog: Mapping[str, Miniature] | None = None) -> str | None:
        """Apply one edit line; ``EditError`` (nothing changed) when it is not possible.
        Returns the new miniature's id for ``add``. ``catalog``: where ``add`` finds miniatures
        that are in neither warband yet."""
        words = text.split()
        if not words:
            raise _refuse("edit.empty", "an edit is needed (add, place, phase, damage…)")
        verb, args = words[0].lower(), words[1:]
        handler = _EDITS.get(verb)
        if handler is None:
            known = ", ".join(sorted(_EDITS))
            raise _refuse("edit.unknown", f"{verb!r} is not an edit ({known})", verb=verb)
        setup, state = self.setup, self.state.clone()
        new_setup, added = handler(_Edit(setup, state, catalog or {}), args)
        problems = check(new_setup, state)
        if problems:
            raise EditError(problems)
        self.setup, self.state = new_setup, _read_back(new_setup, state)
        return added

    def apply_all(
        self, lines: list[str], catalog: Mapping[str, Miniature] | None = None
    ) -> list[str | None]:
        """Apply edits in order, all or nothing: the first refused one raises and the editor
        is left as it was before the first."""
        before = (self.setup, self.state)
        try:
            return [self.apply(line, catalog) for line in lines]
        except EditError:
            self.setup, self.state = before
            raise


def _read_back(setup: Setup, state: State) -> State:
    """The state as the position format reads it: the editor only ever holds a position that
    loads (what it shows is exactly what it saves)."""
    from companion.games.dreamblade.position import position_json, read_position

    try:
        return read_position(position_json(setup, state), "<editor>")[1]
    except DataFileError as exc:
        problem = f"not a position the engine can run ({exc})"
        raise _refuse("position.inconsistent", problem) from None


# ---- the checks --------------------------------------------------------------------------------


def check(setup: Setup, state: State) -> list[Problem]:
    """What makes a position impossible on a real table (empty when it is possible)."""
    problems: list[Problem] = []
    for seat in SEATS:
        problems += _warband_problems(setup, seat)
    occupants = state.occupants()
    for cell in grid.CELLS:
        here = occupants.get(cell, [])
        locations = [m for m in here if not setup.pieces[m].is_creature]
        if len(locations) > 1:
            problems.append(
                Problem(
                    "cell.two_locations",
                    f"{cell} holds {len(locations)} locations; a cell holds at most one",
                    {"cell": cell, "count": len(locations)},
                )
            )
        for seat in SEATS:
            mine = [
                m for m in here if setup.pieces[m].is_creature and setup.pieces[m].owner == seat
            ]
            portal = cell == setup.dream_map.portals[seat]
            if len(mine) > spawning.MAX_CREATURES_PER_SEAT_IN_CELL and not portal:
                limit = spawning.MAX_CREATURES_PER_SEAT_IN_CELL
                problems.append(
                    Problem(
                        "cell.stack_limit",
                        f"{cell} holds {len(mine)} creatures of seat {seat}; at most {limit} "
                        "(the seat's own portal excepted)",
                        {"cell": cell, "seat": seat, "count": len(mine), "limit": limit},
                    )
                )
    for mini, where in state.zone.items():
        piece = setup.pieces[mini]
        unknown = [s for s in ("power", "defense", "life") if getattr(piece.mini, s) is None]
        if where in grid.CELL_SET and piece.is_creature and unknown:
            problems.append(
                Problem(
                    "mini.unknown_stats",
                    f"{mini} ({piece.mini.name}) has unknown {', '.join(unknown)}: it cannot be "
                    "on the map until they are known",
                    {"mini": mini, "name": piece.mini.name, "stats": unknown},
                )
            )
    problems += _damage_problems(setup, state)
    for mini, stat, _ in state.modifiers:
        where = state.zone[mini]
        if not (where in grid.CELL_SET or (stat == "cost" and where == RESERVE)):
            problems.append(
                Problem(
                    "modifier.not_in_play",
                    f"{mini} is in the {where}: a modifier belongs to a miniature in play",
                    {"mini": mini, "where": where},
                )
            )
    return problems


def _creature_of(setup: Setup, mini: str, seat: str) -> bool:
    return setup.pieces[mini].is_creature and setup.pieces[mini].owner == seat


def _warband_problems(setup: Setup, seat: str) -> list[Problem]:
    pieces = setup.seat_pieces(seat)
    problems = []
    if len(pieces) > MAX_MINIATURES:
        problems.append(
            Problem(
                "warband.size",
                f"seat {seat}'s warband has {len(pieces)} miniatures; at most {MAX_MINIATURES}",
                {"seat": seat, "count": len(pieces), "limit": MAX_MINIATURES},
            )
        )
    counts: dict[str, int] = {}
    for piece in pieces:
        counts[piece.mini.id] = counts.get(piece.mini.id, 0) + 1
    for catalog_id, count in counts.items():
        mini = next(p.mini for p in pieces if p.mini.id == catalog_id)
        limit = 1 if mini.rarity == UNIQUE else MAX_COPIES
        if count > limit:
            code = "warband.unique" if limit == 1 else "warband.copies"
            kind = "a unique miniature" if limit == 1 else "one miniature"
            problems.append(
                Problem(
                    code,
                    f"seat {seat}'s warband has {count} copies of {mini.name}; at most {limit} "
                    f"of {kind}",
                    {"seat": seat, "name": mini.name, "count": count, "limit": limit},
                )
            )
    return problems


def _damage_problems(setup: Setup, state: State) -> list[Problem]:
    problems = []
    for mini, amount in state.damage.items():
        if not state.on_map(mini) or not setup.pieces[mini].is_creature:
            problems.append(
                Problem(
                    "damage.not_on_map",
                    f"{mini} is not a creature on the map: it carries no damage",
                    {"mini": mini},
                )
            )
            continue
        if state.combat is not None or state.keywords.effects:
            continue  # inside a combat, damage waits for its check
        limit = min(
            effects.creature_defense(setup, state, mini), effects.creature_life(setup, state, mini)
        )
        if amount >= limit:
            problems.append(
                Problem(
                    "damage.too_much",
                    f"{mini} has {amount} damage: with {limit} it would already have been "
                    "disrupted or destroyed",
                    {"mini": mini, "damage": amount, "limit": limit},
                )
            )
    for mini, _ in state.keywords.poison:
        if not state.on_map(mini):
            problems.append(
                Problem("poison.not_on_map", f"{mini} is not on the map", {"mini": mini})
            )
    return problems


# ---- the edits ---------------------------------------------------------------------------------


@dataclass
class _Edit:
    setup: Setup
    state: State
    catalog: Mapping[str, Miniature]

    def mini(self, mini: str) -> str:
        if mini not in self.setup.pieces:
            raise _refuse("mini.unknown", f"{mini} is not a miniature of either warband", mini=mini)
        return mini

    def on_map(self, mini: str, what: str) -> str:
        self.mini(mini)
        if not self.state.on_map(mini) or not self.setup.pieces[mini].is_creature:
            where = self.state.zone[mini]
            raise _refuse(
                "mini.not_in_play",
                f"{mini} is not a creature on the map (it is in the {where}): no {what}",
                mini=mini,
                where=where,
            )
        return mini


def _seat(text: str) -> str:
    if text.upper() not in SEATS:
        raise _refuse("edit.seat", f"{text!r} is not a seat (A or B)", value=text)
    return text.upper()


def _number(text: str, low: int, high: int, signed: bool = False) -> int:
    digits = text[1:] if signed and text[:1] in "+-" else text
    if not digits.isdigit() or not low <= int(text) <= high:
        raise _refuse(
            "edit.number", f"{text!r} is not a whole number {low}–{high}", low=low, high=high
        )
    return int(text)


def _arity(args: list[str], low: int, high: int, usage: str) -> None:
    if not low <= len(args) <= high:
        raise _refuse("edit.usage", f"write it as: {usage}", usage=usage)


def _where(text: str) -> str:
    where = text.lower()
    if where not in PLACES and where not in grid.CELL_SET:
        raise _refuse(
            "edit.where", f"{text!r} is not a cell a1–e5, reserve, graveyard or out", value=text
        )
    return where


def _add(edit: _Edit, args: list[str]) -> tuple[Setup, str | None]:
    _arity(args, 2, 3, "add <A|B> <catalog id> [<cell|reserve|graveyard|out>]")
    seat, catalog_id = _seat(args[0]), args[1]
    where = _where(args[2]) if len(args) == 3 else RESERVE
    known = {p.mini.id: p.mini for p in edit.setup.pieces.values()}
    mini = known.get(catalog_id) or edit.catalog.get(catalog_id)
    if mini is None:
        raise _refuse(
            "mini.not_in_catalog",
            f"{catalog_id!r} is neither in the warbands nor in the catalog",
            catalog_id=catalog_id,
        )
    warband = [p.mini for p in edit.setup.seat_pieces(seat)] + [mini]
    others = {p.id: p for p in edit.setup.pieces.values() if p.owner != seat}
    pieces = {**others, **{p.id: p for p in pieces_for(seat, warband)}}
    ordered = {p: pieces[p] for s in SEATS for p in pieces if pieces[p].owner == s}
    new_id = pieces_for(seat, warband)[-1].id
    setup = replace(edit.setup, pieces=ordered)
    edit.state.zone = {m: edit.state.zone.get(m, RESERVE) for m in ordered}
    edit.state.place(new_id, where)
    _restart_spawn_cells(setup, edit.state)
    return setup, new_id


def _place(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    _arity(args, 2, 2, "place <mini> <cell|reserve|graveyard|out>")
    mini, where = edit.mini(args[0]), _where(args[1])
    _check_no_fight(edit.state)
    state = edit.state
    if where not in grid.CELL_SET:
        state.damage.pop(mini, None)
        keyword_state.forget(state, mini)
        if where == RESERVE:
            _keep_cost_only(state, mini)
        else:
            modifiers.forget(state, mini)
        state.abilities_used = frozenset(u for u in state.abilities_used if u[0] != mini)
    state.place(mini, where)
    _restart_spawn_cells(edit.setup, state)
    return edit.setup, None


def _keep_cost_only(state: State, mini: str) -> None:
    """Back in the reserve: only a spawn-cost modifier still means something."""
    cost = modifiers.of(state, mini, "cost")
    modifiers.forget(state, mini)
    modifiers.set_modifier(state, mini, "cost", cost)


def _check_no_fight(state: State) -> None:
    if state.combat is not None or state.keywords.effects:
        raise _refuse(
            "edit.during_combat",
            "a combat or an ability's effect is in progress: set a phase first (phase action "
            "A 1…) to edit the board",
        )


def _restart_spawn_cells(setup: Setup, state: State) -> None:
    """In a spawn phase the board as edited is the board at its start."""
    if state.phase == "spawn" and state.phase_seat is not None:
        state.spawned_into = {}
        state.ally_cells_at_start = spawning.ally_cells(setup, state, state.phase_seat)


def _phase(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    usage = (
        "phase initiative | phase spawn <A|B> <points> | phase action <A|B> [1|2] "
        "[shift|strike] | phase conquest"
    )
    if not args:
        raise _refuse("edit.usage", f"write it as: {usage}", usage=usage)
    state = edit.state
    name, rest = args[0].lower(), args[1:]
    state.combat, state.mode = None, None
    state.moved, state.fought = frozenset(), frozenset()
    state.keywords = replace(
        state.keywords, effects=(), marked=(), check_at=None, present=(), removed=(), ended=False
    )
    state.manual_seat = None
    state.spawn_points, state.spawned_into, state.abilities_used = 0, {}, frozenset()
    state.ally_cells_at_start = frozenset()
    if name == "initiative":
        _arity(rest, 0, 0, usage)
        state.phase, state.phase_seat, state.first_player, state.action_round = (
            "initiative",
            None,
            None,
            0,
        )
        state.init_dice, state.to_roll = {"A": None, "B": None}, SEATS
    elif name == "conquest":
        _arity(rest, 0, 0, usage)
        state.phase, state.phase_seat, state.action_round = "conquest", None, 0
        state.to_roll = ()
        state.first_player = state.first_player or "A"
    elif name == "spawn":
        _arity(rest, 2, 2, usage)
        seat = _seat(rest[0])
        state.phase, state.phase_seat, state.action_round, state.to_roll = "spawn", seat, 0, ()
        state.first_player = state.first_player or seat
        state.spawn_points = _number(rest[1], 0, 12 + 2 * MAX_MINIATURES)
        _restart_spawn_cells(edit.setup, state)
    elif name == "action":
        _arity(rest, 1, 3, usage)
        seat = _seat(rest[0])
        round_ = _number(rest[1], 1, 2) if len(rest) > 1 else 1
        state.phase, state.phase_seat, state.action_round, state.to_roll = (
            "action",
            seat,
            round_,
            (),
        )
        state.first_player = state.first_player or seat
        if len(rest) == 3:
            if rest[2].lower() not in ("shift", "strike"):
                raise _refuse("edit.usage", f"write it as: {usage}", usage=usage)
            state.mode = rest[2].lower()
    else:
        raise _refuse("edit.usage", f"write it as: {usage}", usage=usage)
    return edit.setup, None


def _first(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    _arity(args, 1, 1, "first <A|B>")
    edit.state.first_player = _seat(args[0])
    return edit.setup, None


def _turn(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    _arity(args, 1, 1, "turn <n>")
    edit.state.turn = _number(args[0], 1, MAX_TURN)
    return edit.setup, None


def _seat_count(name: str, high: int) -> Callable[[_Edit, list[str]], tuple[Setup, None]]:
    def edit_count(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
        _arity(args, 2, 2, f"{name} <A|B> <n>")
        seat, count = _seat(args[0]), _number(args[1], 0, high)
        table = {"wins": "turn_wins", "kills": "kills", "bonus": "bonus_losses"}[name]
        values = dict(getattr(edit.state, table))
        values[seat] = count
        setattr(edit.state, table, values)
        return edit.setup, None

    return edit_count


def _damage(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    _arity(args, 2, 2, "damage <mini> <n>")
    mini = edit.on_map(args[0], "damage")
    amount = _number(args[1], 0, MAX_POINTS)
    if amount:
        edit.state.damage[mini] = amount
    else:
        edit.state.damage.pop(mini, None)
    return edit.setup, None


def _poison(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    _arity(args, 2, 2, "poison <mini> <n>")
    mini = edit.on_map(args[0], "poison")
    amount = _number(args[1], 0, MAX_POINTS)
    poison = {m: n for m, n in edit.state.keywords.poison if m != mini}
    if amount:
        poison[mini] = amount
    edit.state.keywords = replace(edit.state.keywords, poison=tuple(sorted(poison.items())))
    return edit.setup, None


def _modifier(edit: _Edit, args: list[str]) -> tuple[Setup, None]:
    _arity(args, 3, 3, "modifier <mini> <power|defense|life|cost> <±n>")
    mini, stat = edit.mini(args[0]), args[1].lower()
    if stat not in modifiers.STATS:
        raise _refuse(
            "edit.stat", f"{args[1]!r} is not a stat ({', '.join(modifiers.STATS)})", value=stat
        )
    amount = _number(args[2], -MAX_POINTS, MAX_POINTS, signed=True)
    where = edit.state.zone[mini]
    if not (where in grid.CELL_SET or (stat == "cost" and where == RESERVE)):
        raise _refuse(
            "modifier.not_in_play",
            f"{mini} is in the {where}: a modifier belongs to a miniature in play (on the map; "
            "a cost modifier also in its reserve)",
            mini=mini,
            where=where,
        )
    if stat != "cost" and not edit.setup.pieces[mini].is_creature:
        raise _refuse(
            "modifier.location", f"{mini} is a location: only its cost can change", mini=mini
        )
    modifiers.set_modifier(edit.state, mini, stat, amount)
    return edit.setup, None


_EDITS: dict[str, Callable[[_Edit, list[str]], tuple[Setup, str | None]]] = {
    "add": _add,
    "place": _place,
    "phase": _phase,
    "first": _first,
    "turn": _turn,
    "wins": _seat_count("wins", TURN_WINS_TO_WIN - 1),
    "kills": _seat_count("kills", 2 * MAX_MINIATURES),
    "bonus": _seat_count("bonus", 2 * MAX_MINIATURES),
    "damage": _damage,
    "poison": _poison,
    "modifier": _modifier,
}

EDIT_NAMES = tuple(sorted(_EDITS))
