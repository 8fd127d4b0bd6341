"""The versioned JSON *position* (everything needed to continue from a moment, miniatures
inline with their stats) and the *game record* (the setup, the starting state and the action
list in notation). Both formats are described in ``docs/formats.md``.

Reading validates everything before building anything: a malformed file raises
``DataFileError(origin, field, expected)`` and nothing half-loads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any

from companion import grid
from companion.errors import DataFileError
from companion.games.dreamblade import engine, keyword_state, modifiers
from companion.games.dreamblade.dream_map import KEY_CELLS, DreamMap
from companion.games.dreamblade.miniature import Aspect, Kind, Miniature
from companion.games.dreamblade.pieces import pieces_for
from companion.games.dreamblade.state import (
    GRAVEYARD,
    OUT_OF_GAME,
    RESERVE,
    SEATS,
    Attack,
    Combat,
    Settings,
    Setup,
    State,
    TurnResult,
)

POSITION_FORMAT = "dreamblade-position"
RECORD_FORMAT = "dreamblade-record"
VERSION = 1
PHASES = ("initiative", "spawn", "action", "conquest", "game_over")
ZONES = frozenset({RESERVE, GRAVEYARD, OUT_OF_GAME}) | grid.CELL_SET


# ---- writing ----------------------------------------------------------------------------------


def setup_json(setup: Setup) -> dict[str, Any]:
    m = setup.dream_map
    return {
        "map": {
            "name": m.name,
            "portals": dict(m.portals),
            "key_values": dict(m.key_values),
            "provisional": m.provisional,
            "source": m.source,
        },
        "attack_die": list(setup.attack_die),
        "settings": {
            "rule_430": setup.settings.rule_430,
            "die_confirmed": setup.settings.die_confirmed,
        },
        "warbands": {seat: [_mini_json(p.mini) for p in setup.seat_pieces(seat)] for seat in SEATS},
    }


def _mini_json(mini: Miniature) -> dict[str, Any]:
    return {
        "id": mini.id,
        "name": mini.name,
        "kind": str(mini.kind),
        "spawn_cost": mini.spawn_cost,
        "aspects": "".join(str(a) for a in mini.aspects),
        "power": mini.power,
        "defense": mini.defense,
        "life": mini.life,
        "lineage": mini.lineage,
        "abilities": list(mini.abilities),
        "set": mini.set,
        "number": mini.number,
        "rarity": mini.rarity,
        "source": mini.source,
        "unknown": sorted(mini.unknown),
    }


def state_json(state: State) -> dict[str, Any]:
    return {
        "turn": state.turn,
        "phase": state.phase,
        "first_player": state.first_player,
        "phase_seat": state.phase_seat,
        "action_round": state.action_round,
        "initiative": {
            "dice": dict(state.init_dice),
            "to_roll": list(state.to_roll),
            "ones_this_turn": state.ones_this_turn,
            "ones_last_turn": state.ones_last_turn,
            "sum": state.spawn_sum,
        },
        "spawn": {
            "points": state.spawn_points,
            "bonus_losses": dict(state.bonus_losses),
            "spawned_into": dict(state.spawned_into),
            "ally_cells_at_start": sorted(state.ally_cells_at_start),
            "abilities_used": sorted([mini, index] for mini, index in state.abilities_used),
        },
        "zones": dict(state.zone),
        "damage": dict(state.damage),
        "mode": state.mode,
        "moved": sorted(state.moved),
        "fought": sorted(state.fought),
        "combat": _combat_json(state.combat),
        "kills": dict(state.kills),
        "learned_values": dict(state.learned_values),
        "turn_wins": dict(state.turn_wins),
        "results": [
            {"turn": r.turn, "claims": r.claims, "tally": r.tally, "winner": r.winner}
            for r in state.results
        ],
        "winner": state.winner,
        "manual_seat": state.manual_seat,
        "keywords": keyword_state.to_json(state.keywords),
        "modifiers": _modifiers_json(state),
    }


def _modifiers_json(state: State) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = {}
    for mini, stat, amount in state.modifiers:
        table.setdefault(mini, {})[stat] = amount
    return table


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_plain(v) for v in value)
    return value


def _combat_json(combat: Combat | None) -> dict[str, Any] | None:
    if combat is None:
        return None
    data = {f.name: _plain(getattr(combat, f.name)) for f in fields(combat) if f.name != "attack"}
    attack = combat.attack
    data["attack"] = (
        None
        if attack is None
        else {f.name: _plain(getattr(attack, f.name)) for f in fields(attack)}
    )
    return data


def position_json(setup: Setup, state: State) -> dict[str, Any]:
    return {
        "format": POSITION_FORMAT,
        "version": VERSION,
        "setup": setup_json(setup),
        "state": state_json(state),
    }


def record_json(setup: Setup, actions: list[str], start: State) -> dict[str, Any]:
    return {
        "format": RECORD_FORMAT,
        "version": VERSION,
        "setup": setup_json(setup),
        "start": state_json(start),
        "actions": actions,
    }


# ---- reading ----------------------------------------------------------------------------------


class _Reader:
    def __init__(self, origin: str) -> None:
        self.origin = origin

    def fail(self, where: str, expected: str) -> DataFileError:
        return DataFileError(self.origin, where, expected)

    def get(
        self, data: Any, key: str, where: str, check: Callable[[Any], bool], expected: str
    ) -> Any:
        if not isinstance(data, dict) or key not in data:
            raise self.fail(f"{where}.{key}".lstrip("."), "this field (it is required)")
        value = data[key]
        if not check(value):
            raise self.fail(f"{where}.{key}".lstrip("."), expected)
        return value


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _opt_int(v: Any) -> bool:
    return v is None or _int(v)


def _str(v: Any) -> bool:
    return isinstance(v, str)


def _opt_str(v: Any) -> bool:
    return v is None or isinstance(v, str)


def _seat(v: Any) -> bool:
    return v in SEATS


def _opt_seat(v: Any) -> bool:
    return v is None or v in SEATS


def _seat_ints(v: Any) -> bool:
    return isinstance(v, dict) and set(v) == set(SEATS) and all(_int(x) for x in v.values())


def _list_of(check: Callable[[Any], bool]) -> Callable[[Any], bool]:
    return lambda v: isinstance(v, list) and all(check(x) for x in v)


def _cell(v: Any) -> bool:
    return isinstance(v, str) and v in grid.CELL_SET


def read_setup(r: _Reader, data: Any) -> Setup:
    m = r.get(data, "map", "setup", lambda v: isinstance(v, dict), "a map object")
    portals = r.get(
        m,
        "portals",
        "setup.map",
        lambda v: isinstance(v, dict) and set(v) == set(SEATS),
        "portals for A and B",
    )
    for seat in SEATS:
        r.get(portals, seat, "setup.map.portals", _cell, "a cell a1..e5")
    values = r.get(
        m,
        "key_values",
        "setup.map",
        lambda v: isinstance(v, dict) and set(v) == set(KEY_CELLS),
        "the 9 key cells",
    )
    for cell in KEY_CELLS:
        r.get(
            values, cell, "setup.map.key_values", _opt_int, "a whole number ≥ 0 or null (unknown)"
        )
    dream_map = DreamMap(
        name=r.get(m, "name", "setup.map", _str, "a text"),
        portals={s: portals[s] for s in SEATS},
        key_values={c: values[c] for c in KEY_CELLS},
        provisional=r.get(
            m, "provisional", "setup.map", lambda v: isinstance(v, bool), "true or false"
        ),
        source=r.get(m, "source", "setup.map", _str, "a text"),
    )
    faces = r.get(
        data,
        "attack_die",
        "setup",
        lambda v: (
            isinstance(v, list)
            and len(v) == 6
            and all(isinstance(f, str) and (f.isdigit() or f in ("miss", "blade")) for f in v)
        ),
        "six faces: numbers as text, 'miss' or 'blade'",
    )
    settings = r.get(data, "settings", "setup", lambda v: isinstance(v, dict), "a settings object")
    rule_430 = r.get(
        settings, "rule_430", "setup.settings", lambda v: isinstance(v, bool), "true or false"
    )
    die_confirmed = settings.get("die_confirmed", False)  # optional: unconfirmed when absent
    if not isinstance(die_confirmed, bool):
        raise r.fail("setup.settings.die_confirmed", "true or false")
    warbands = r.get(
        data,
        "warbands",
        "setup",
        lambda v: isinstance(v, dict) and set(v) == set(SEATS),
        "warbands A and B",
    )
    pieces = {}
    for seat in SEATS:
        entries = r.get(
            warbands, seat, "setup.warbands", lambda v: isinstance(v, list), "a list of miniatures"
        )
        minis = [
            _read_mini(r, entry, f"setup.warbands.{seat}[{i}]") for i, entry in enumerate(entries)
        ]
        pieces.update({p.id: p for p in pieces_for(seat, minis)})
    settings_read = Settings(rule_430=rule_430, die_confirmed=die_confirmed)
    return Setup(dream_map, pieces, tuple(faces), settings_read)


def _read_mini(r: _Reader, data: Any, where: str) -> Miniature:
    aspects_text = r.get(
        data,
        "aspects",
        where,
        lambda v: isinstance(v, str) and all(c in "VMFP" for c in v),
        "aspect letters V, M, F, P",
    )
    try:
        return Miniature(
            id=r.get(data, "id", where, _str, "a catalog id"),
            name=r.get(data, "name", where, _str, "a text"),
            kind=Kind(
                r.get(
                    data,
                    "kind",
                    where,
                    lambda v: v in ("creature", "location"),
                    "creature or location",
                )
            ),
            spawn_cost=r.get(data, "spawn_cost", where, _opt_int, "a whole number ≥ 0 or null"),
            aspects=tuple(Aspect(c) for c in aspects_text),
            power=r.get(data, "power", where, _opt_int, "a whole number ≥ 0 or null"),
            defense=r.get(data, "defense", where, _opt_int, "a whole number ≥ 0 or null"),
            life=r.get(data, "life", where, _opt_int, "a whole number ≥ 0 or null"),
            lineage=r.get(data, "lineage", where, _opt_str, "a text or null"),
            abilities=tuple(
                r.get(data, "abilities", where, _list_of(_str), "a list of ability lines")
            ),
            set=r.get(data, "set", where, _opt_str, "a text or null"),
            number=r.get(data, "number", where, _opt_int, "a whole number or null"),
            rarity=r.get(data, "rarity", where, _opt_str, "a text or null"),
            source=r.get(data, "source", where, _str, "a text"),
            unknown=frozenset(
                r.get(data, "unknown", where, _list_of(_str), "a list of field names")
            ),
        )
    except DataFileError:
        raise
    except ValueError as exc:  # the catalog id rule of Miniature
        raise r.fail(where, str(exc)) from None


def read_state(r: _Reader, data: Any, setup: Setup) -> State:
    g = r.get
    ids = set(setup.pieces)
    zones = g(
        data,
        "zones",
        "state",
        lambda v: isinstance(v, dict) and set(v) == ids,
        "a zone for every miniature",
    )
    for mini, where in zones.items():
        if where not in ZONES:
            raise r.fail(f"state.zones.{mini}", "reserve, graveyard, out or a cell a1..e5")
    init = g(data, "initiative", "state", lambda v: isinstance(v, dict), "an initiative object")
    spawn = g(data, "spawn", "state", lambda v: isinstance(v, dict), "a spawn object")
    damage = g(
        data,
        "damage",
        "state",
        lambda v: (
            isinstance(v, dict) and set(v) <= ids and all(_int(x) and x > 0 for x in v.values())
        ),
        "miniature → damage > 0",
    )
    results = g(
        data, "results", "state", _list_of(lambda v: isinstance(v, dict)), "a list of turn results"
    )
    state = State(
        turn=g(data, "turn", "state", lambda v: _int(v) and v >= 1, "a turn number ≥ 1"),
        phase=g(data, "phase", "state", lambda v: v in PHASES, f"one of {', '.join(PHASES)}"),
        first_player=g(data, "first_player", "state", _opt_seat, "A, B or null"),
        phase_seat=g(data, "phase_seat", "state", _opt_seat, "A, B or null"),
        action_round=g(data, "action_round", "state", lambda v: v in (0, 1, 2), "0, 1 or 2"),
        init_dice={
            s: g(
                g(init, "dice", "state.initiative", lambda v: isinstance(v, dict), "dice per seat"),
                s,
                "state.initiative.dice",
                lambda v: v is None or (_int(v) and 1 <= v <= 6),
                "1–6 or null",
            )
            for s in SEATS
        },
        to_roll=tuple(g(init, "to_roll", "state.initiative", _list_of(_seat), "a list of seats")),
        ones_this_turn=g(
            init,
            "ones_this_turn",
            "state.initiative",
            lambda v: isinstance(v, bool),
            "true or false",
        ),
        ones_last_turn=g(
            init,
            "ones_last_turn",
            "state.initiative",
            lambda v: isinstance(v, bool),
            "true or false",
        ),
        spawn_sum=g(init, "sum", "state.initiative", _int, "a whole number"),
        spawn_points=g(spawn, "points", "state.spawn", _int, "a whole number ≥ 0"),
        bonus_losses=dict(g(spawn, "bonus_losses", "state.spawn", _seat_ints, "a count per seat")),
        spawned_into=dict(
            g(
                spawn,
                "spawned_into",
                "state.spawn",
                lambda v: isinstance(v, dict) and all(_cell(c) and _int(n) for c, n in v.items()),
                "cell → count",
            )
        ),
        ally_cells_at_start=frozenset(
            g(spawn, "ally_cells_at_start", "state.spawn", _list_of(_cell), "a list of cells")
        ),
        abilities_used=frozenset(
            (mini, index)
            for mini, index in g(
                spawn,
                "abilities_used",
                "state.spawn",
                _list_of(
                    lambda v: isinstance(v, list) and len(v) == 2 and v[0] in ids and _int(v[1])
                ),
                "[mini, ability index] pairs",
            )
        ),
        zone=dict(zones),
        damage=dict(damage),
        mode=g(
            data, "mode", "state", lambda v: v in (None, "shift", "strike"), "shift, strike or null"
        ),
        moved=frozenset(
            g(data, "moved", "state", _list_of(lambda v: v in ids), "a list of miniature ids")
        ),
        fought=frozenset(g(data, "fought", "state", _list_of(_cell), "a list of cells")),
        combat=_read_combat(
            r,
            g(
                data,
                "combat",
                "state",
                lambda v: v is None or isinstance(v, dict),
                "a combat object or null",
            ),
            ids,
        ),
        kills=dict(g(data, "kills", "state", _seat_ints, "a count per seat")),
        learned_values=dict(
            g(
                data,
                "learned_values",
                "state",
                lambda v: (
                    isinstance(v, dict) and all(c in KEY_CELLS and _int(n) for c, n in v.items())
                ),
                "key cell → points",
            )
        ),
        turn_wins=dict(g(data, "turn_wins", "state", _seat_ints, "a count per seat")),
        results=tuple(_read_result(r, x, f"state.results[{i}]") for i, x in enumerate(results)),
        winner=g(data, "winner", "state", _opt_seat, "A, B or null"),
        manual_seat=g(data, "manual_seat", "state", _opt_seat, "A, B or null"),
        keywords=keyword_state.from_json(data.get("keywords"), r.origin, ids),
        modifiers=_read_modifiers(r, data.get("modifiers", {}), ids),
    )
    return state


def _read_modifiers(r: _Reader, data: Any, ids: set[str]) -> tuple[tuple[str, str, int], ...]:
    """``state.modifiers`` (optional): miniature → stat → the judge's modifier."""
    if not isinstance(data, dict):
        raise r.fail("state.modifiers", "miniature → {stat: modifier}")
    found = []
    for mini, stats in data.items():
        where = f"state.modifiers.{mini}"
        if mini not in ids:
            raise r.fail(where, "a miniature of either warband")
        if not isinstance(stats, dict) or not stats:
            raise r.fail(where, f"stat → modifier ({', '.join(modifiers.STATS)})")
        for stat, amount in stats.items():
            if stat not in modifiers.STATS:
                raise r.fail(f"{where}.{stat}", f"one of {', '.join(modifiers.STATS)}")
            if not isinstance(amount, int) or isinstance(amount, bool) or amount == 0:
                raise r.fail(f"{where}.{stat}", "a whole number other than 0")
            found.append((mini, stat, amount))
    return tuple(sorted(found))


def _read_result(r: _Reader, data: Any, where: str) -> TurnResult:
    return TurnResult(
        turn=r.get(data, "turn", where, _int, "a turn number"),
        claims=dict(
            r.get(
                data,
                "claims",
                where,
                lambda v: isinstance(v, dict) and all(_cell(c) and _seat(s) for c, s in v.items()),
                "cell → seat",
            )
        ),
        tally=dict(r.get(data, "tally", where, _seat_ints, "points per seat")),
        winner=r.get(data, "winner", where, _opt_seat, "A, B or null"),
    )


def _read_combat(r: _Reader, data: dict[str, Any] | None, ids: set[str]) -> Combat | None:
    if data is None:
        return None
    w = "state.combat"
    g = r.get
    minis = _list_of(lambda v: v in ids)
    attack_data = g(
        data, "attack", w, lambda v: v is None or isinstance(v, dict), "an attack object or null"
    )
    return Combat(
        cell=g(data, "cell", w, _cell, "a cell"),
        attackers=tuple(g(data, "attackers", w, minis, "miniature ids")),
        step=g(
            data,
            "step",
            w,
            lambda v: v in ("attack", "decide", "deathblow", "carry_out", "check"),
            "a combat step",
        ),
        attack=None if attack_data is None else _read_attack(r, attack_data, ids),
        decisions=tuple(
            (m, o)
            for m, o in g(
                data,
                "decisions",
                w,
                _list_of(
                    lambda v: (
                        isinstance(v, list)
                        and len(v) == 2
                        and v[0] in ids
                        and v[1] in ("disrupt", "destroy", "self_destroy", "return")
                    )
                ),
                "[mini, outcome] pairs",
            )
        ),
        choices=tuple(g(data, "choices", w, minis, "miniature ids")),
        deathblow_groups=tuple(
            (c, tuple(ms))
            for c, ms in g(
                data,
                "deathblow_groups",
                w,
                _list_of(
                    lambda v: isinstance(v, list) and len(v) == 2 and _cell(v[0]) and minis(v[1])
                ),
                "[cell, [minis]] pairs",
            )
        ),
        to_place=tuple(g(data, "to_place", w, minis, "miniature ids")),
        carry_owners=tuple(g(data, "carry_owners", w, _list_of(_seat), "seats")),
    )


def _read_attack(r: _Reader, data: dict[str, Any], ids: set[str]) -> Attack:
    w = "state.combat.attack"
    g = r.get
    return Attack(
        kind=g(data, "kind", w, lambda v: v in ("strike", "deathblow"), "strike or deathblow"),
        seat=g(data, "seat", w, _seat, "A or B"),
        cell=g(data, "cell", w, _cell, "a cell"),
        attackers=tuple(g(data, "attackers", w, _list_of(lambda v: v in ids), "miniature ids")),
        dice_count=g(data, "dice_count", w, _int, "a whole number"),
        stage=g(
            data,
            "stage",
            w,
            lambda v: v in ("dice", "reroll", "blades", "damage"),
            "an attack stage",
        ),
        dice=tuple(g(data, "dice", w, _list_of(_str), "die faces")),
        rerolls=tuple(
            (m, n)
            for m, n in g(
                data,
                "rerolls",
                w,
                _list_of(
                    lambda v: isinstance(v, list) and len(v) == 2 and v[0] in ids and _int(v[1])
                ),
                "[mini, n] pairs",
            )
        ),
        blades_left=g(data, "blades_left", w, _int, "a whole number"),
        used=frozenset(
            (m, i)
            for m, i in g(
                data,
                "used",
                w,
                _list_of(
                    lambda v: isinstance(v, list) and len(v) == 2 and v[0] in ids and _int(v[1])
                ),
                "[mini, ability index] pairs",
            )
        ),
        damage_bonus=g(
            data,
            "damage_bonus",
            w,
            lambda v: isinstance(v, int) and not isinstance(v, bool),
            "a whole number",
        ),
    )


def _header(r: _Reader, data: Any, file_format: str) -> None:
    if not isinstance(data, dict):
        raise r.fail("", "a JSON object")
    if data.get("format") != file_format:
        raise r.fail("format", f"'{file_format}'")
    if data.get("version") != VERSION:
        raise r.fail("version", f"{VERSION} (the only version this program reads)")


def read_position(data: Any, origin: str) -> tuple[Setup, State]:
    r = _Reader(origin)
    _header(r, data, POSITION_FORMAT)
    setup = read_setup(r, data.get("setup"))
    state = read_state(r, data.get("state"), setup)
    _check_consistent(r, setup, state, "state")
    return setup, state


def _check_consistent(r: _Reader, setup: Setup, state: State, where: str) -> None:
    """Fields that are each well-formed must also fit together into a game the engine can run."""
    for mini, zone in state.zone.items():
        piece = setup.pieces[mini]
        unknown = [s for s in ("power", "defense", "life") if getattr(piece.mini, s) is None]
        if zone in grid.CELL_SET and piece.is_creature and unknown:
            raise r.fail(
                f"{where}.zones.{mini}",
                f"a creature with known stats on the map ({', '.join(unknown)} unknown)",
            )
    for mini, stat, _ in state.modifiers:
        zone = state.zone[mini]
        if not (zone in grid.CELL_SET or (stat == "cost" and zone == RESERVE)):
            raise r.fail(
                f"{where}.modifiers.{mini}",
                "a miniature in play (on the map; a cost modifier also in its reserve)",
            )
    if state.phase in ("spawn", "action") and (
        state.phase_seat is None or state.first_player is None
    ):
        raise r.fail(f"{where}.phase_seat", f"the seat whose {state.phase} phase it is")
    if state.phase == "action" and state.action_round not in (1, 2):
        raise r.fail(f"{where}.action_round", "1 or 2 in an action phase")
    if state.combat is not None and (
        state.phase not in ("spawn", "action")
        or (state.combat.attackers and state.mode != "strike")
    ):  # a combat without attackers checks damage dealt outside a strike (Ambush, Assault…)
        raise r.fail(f"{where}.combat", "null outside a strike")
    if state.phase == "initiative" and not state.to_roll:
        raise r.fail(f"{where}.initiative.to_roll", "the seats still to roll")
    try:
        engine.pending(setup, state)
        engine.legal_actions(setup, state)
    except (AssertionError, KeyError, IndexError, ValueError, TypeError) as exc:
        raise r.fail(where, f"a consistent game state ({type(exc).__name__}: {exc})") from None


def read_record(cls: Any, data: Any, origin: str) -> tuple[Any, list[str]]:
    """The game at the record's start (no actions pushed yet) and the action texts."""
    r = _Reader(origin)
    _header(r, data, RECORD_FORMAT)
    setup = read_setup(r, data.get("setup"))
    start = read_state(r, data.get("start"), setup)
    _check_consistent(r, setup, start, "start")
    actions = r.get(data, "actions", "", _list_of(_str), "a list of actions in notation")
    return cls.from_parts(setup, start), list(actions)
