"""What keyword abilities add to a game's state, kept in one immutable record (``State.keywords``).

- ``effects`` — triggered or activated effects waiting for the players, first one first: special
  attacks (Ambush, Charge, Warpstrike, Assault, Strikeback) that need a target, dice or rerolls,
  and choices (Appease's sacrifice, Lockdown's cell).
- ``poison`` — Venom's poison points per creature (a creature with poison ≥ its spawn cost is
  destroyed); they leave with the creature, and at the end of the phase like damage (an
  assumption: the seeds do not say when poison goes away).
- ``marked`` — what blade abilities decided at step 3 and the combat carries out at step 7
  (Dissipate: disrupt; Demolish: destroy a location).
- ``check_at`` — damage was dealt outside a strike (in this cell): check disruption and
  destruction as soon as the waiting effects are resolved (rulebook "damage outside combat":
  simultaneous damage is summed first).
- ``lockdown`` — cells no creature may shift out of this turn.
- ``suppressed`` — catalog ids nobody may spawn this turn (Suppress).
- ``present``, ``removed``, ``ended`` — the strike combat in progress: the creatures that were in
  the cell when the attack was made (Strikeback), the miniatures disrupted, destroyed, sacrificed
  or returned in this combat, and whether the end-of-combat effects (step 10) have run.
- ``adjustments`` — conquest points the players added or removed by hand this turn (manual
  abilities).
- ``self_harm`` — damage and poison dealt to a miniature by its own controller's abilities this
  phase (``(mini, "damage" | "poison", amount)``): a miniature destroyed only by what its own
  controller's abilities did to it scores for nobody (rulebook "destroying your own
  miniatures"); it goes with the damage and poison it counts.

The record is replaced, never changed in place, so cloned states may share it.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, Protocol

from companion import grid
from companion.errors import DataFileError

EFFECT_KINDS = ("attack", "sacrifice", "destroy", "lockdown", "suppress", "move")
EFFECT_STAGES = ("choose", "dice", "reroll")
MARK_OUTCOMES = ("disrupt", "destroy", "self_destroy")


@dataclass(frozen=True)
class Effect:
    """One effect waiting for the players.

    ``kind``: ``attack`` (a special attack: blades are misses, its power is the ability's number,
    its damage goes to ``target`` only), ``sacrifice`` (``seat`` sacrifices one of ``options``),
    ``destroy`` (``seat`` picks which of ``options`` is destroyed, at step 7 of the combat),
    ``lockdown`` (``seat`` picks one of ``options``, a cell), ``suppress`` (``seat`` names the
    miniature of one of ``options``, reserve pieces), ``move`` (``source`` moves into one of
    ``options``, cells: Locus Drive). ``stage``: ``choose`` (a target from ``options``), ``dice``
    (``dice_count`` attack dice to enter), ``reroll`` (Fortunate rerolls still to offer).
    ``batch``: not 0 while ``seat`` still has to order this effect among the others of its
    batch (effects of one player triggered by one event whose order may matter).
    """

    kind: str
    seat: str
    source: str
    ability: str
    cell: str
    stage: str = "choose"
    options: tuple[str, ...] = ()
    target: str | None = None
    dice_count: int = 0
    dice: tuple[str, ...] = ()
    rerolls: tuple[tuple[str, int], ...] = ()
    batch: int = 0


@dataclass(frozen=True)
class KeywordState:
    effects: tuple[Effect, ...] = ()
    poison: tuple[tuple[str, int], ...] = ()
    marked: tuple[tuple[str, str], ...] = ()
    check_at: str | None = None
    lockdown: tuple[str, ...] = ()
    suppressed: tuple[str, ...] = ()
    present: tuple[str, ...] = ()
    removed: tuple[tuple[str, str], ...] = ()
    ended: bool = False
    adjustments: tuple[tuple[str, int], ...] = ()
    self_harm: tuple[tuple[str, str, int], ...] = ()

    def poison_of(self, mini: str) -> int:
        return dict(self.poison).get(mini, 0)

    def self_harm_of(self, mini: str, kind: str) -> int:
        return sum(n for m, k, n in self.self_harm if m == mini and k == kind)


SELF_HARM_KINDS = ("damage", "poison")


class HoldsKeywords(Protocol):
    """What the functions below change of a game's state: its ``keywords`` record. The
    ``State`` is one; asking for no more keeps this module under the state."""

    keywords: KeywordState


def add_self_harm(state: HoldsKeywords, mini: str, kind: str, amount: int) -> None:
    """``mini``'s own controller's ability dealt it ``amount`` damage or poison."""
    total = state.keywords.self_harm_of(mini, kind) + amount
    rest = tuple(e for e in state.keywords.self_harm if e[:2] != (mini, kind))
    state.keywords = replace(state.keywords, self_harm=tuple(sorted((*rest, (mini, kind, total)))))


def _without_self_harm(keywords: KeywordState, mini: str, kinds: tuple[str, ...]) -> KeywordState:
    kept = tuple(e for e in keywords.self_harm if not (e[0] == mini and e[1] in kinds))
    return replace(keywords, self_harm=kept)


def add_poison(state: HoldsKeywords, mini: str, amount: int) -> None:
    poison = dict(state.keywords.poison)
    poison[mini] = poison.get(mini, 0) + amount
    state.keywords = replace(state.keywords, poison=tuple(sorted(poison.items())))


def note_removed(state: HoldsKeywords, mini: str, outcome: str) -> None:
    """A miniature was disrupted, destroyed, sacrificed or returned: remember it for the
    combat's end-of-combat effects; poison leaves with a miniature that leaves play."""
    keywords = state.keywords
    poison = keywords.poison
    gone: tuple[str, ...] = ("damage",)  # a disrupted creature keeps its poison
    if outcome != "disrupt":
        poison = tuple((m, n) for m, n in poison if m != mini)
        gone = SELF_HARM_KINDS
    keywords = _without_self_harm(keywords, mini, gone)
    state.keywords = replace(keywords, removed=(*keywords.removed, (mini, outcome)), poison=poison)


def forget(state: HoldsKeywords, mini: str) -> None:
    """A miniature taken off the map by a correction: its poison and self-harm go with it."""
    keywords = _without_self_harm(state.keywords, mini, SELF_HARM_KINDS)
    poison = tuple((m, n) for m, n in keywords.poison if m != mini)
    state.keywords = replace(keywords, poison=poison)


def end_of_phase(state: HoldsKeywords) -> None:
    """Poison goes with damage at the end of every phase."""
    state.keywords = replace(
        state.keywords,
        poison=(),
        check_at=None,
        present=(),
        removed=(),
        ended=False,
        self_harm=(),
    )


def end_of_turn(state: HoldsKeywords) -> None:
    state.keywords = replace(state.keywords, lockdown=(), suppressed=(), adjustments=())


# ---- the position format ----------------------------------------------------------------------


def to_json(keywords: KeywordState) -> dict[str, Any]:
    return {
        "effects": [
            {f.name: _plain(getattr(effect, f.name)) for f in fields(effect)}
            for effect in keywords.effects
        ],
        "poison": dict(keywords.poison),
        "marked": [list(pair) for pair in keywords.marked],
        "check_at": keywords.check_at,
        "lockdown": list(keywords.lockdown),
        "suppressed": list(keywords.suppressed),
        "present": list(keywords.present),
        "removed": [list(pair) for pair in keywords.removed],
        "ended": keywords.ended,
        "adjustments": [list(pair) for pair in keywords.adjustments],
        "self_harm": [list(entry) for entry in keywords.self_harm],
    }


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


class _Reader:
    def __init__(self, origin: str, ids: set[str]) -> None:
        self.origin, self.ids = origin, ids

    def fail(self, where: str, expected: str) -> DataFileError:
        return DataFileError(self.origin, f"state.keywords{where}", expected)

    def take(self, data: dict[str, Any], key: str, default: Any, ok: Any, expected: str) -> Any:
        value = data.get(key, default)
        if not ok(value):
            raise self.fail(f".{key}", expected)
        return value

    def mini(self, value: Any) -> bool:
        return value in self.ids

    def minis(self, value: Any) -> bool:
        return isinstance(value, list) and all(v in self.ids for v in value)

    def pairs(self, value: Any, second: Any) -> bool:
        return isinstance(value, list) and all(
            isinstance(v, list) and len(v) == 2 and second(v[0], v[1]) for v in value
        )


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def from_json(data: Any, origin: str, ids: set[str]) -> KeywordState:
    """Read ``state.keywords``; a position without it (written before keywords existed) has none
    of their state."""
    if data is None:
        return KeywordState()
    r = _Reader(origin, ids)
    if not isinstance(data, dict):
        raise r.fail("", "an object")
    effects = r.take(data, "effects", [], lambda v: isinstance(v, list), "a list of effects")
    poison = r.take(
        data,
        "poison",
        {},
        lambda v: isinstance(v, dict) and all(r.mini(m) and _count(n) for m, n in v.items()),
        "miniature → poison points",
    )
    flag = lambda v: isinstance(v, bool)  # noqa: E731
    return KeywordState(
        effects=tuple(_effect(r, e, i) for i, e in enumerate(effects)),
        poison=tuple(sorted(poison.items())),
        marked=tuple(
            (m, o)
            for m, o in r.take(
                data,
                "marked",
                [],
                lambda v: r.pairs(v, lambda a, b: r.mini(a) and b in MARK_OUTCOMES),
                "[mini, outcome] pairs",
            )
        ),
        check_at=r.take(
            data, "check_at", None, lambda v: v is None or v in grid.CELL_SET, "a cell or null"
        ),
        lockdown=tuple(
            r.take(
                data,
                "lockdown",
                [],
                lambda v: isinstance(v, list) and all(c in grid.CELL_SET for c in v),
                "a list of cells",
            )
        ),
        suppressed=tuple(
            r.take(
                data,
                "suppressed",
                [],
                lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
                "catalog ids",
            )
        ),
        present=tuple(r.take(data, "present", [], r.minis, "miniature ids")),
        removed=tuple(
            (m, o)
            for m, o in r.take(
                data,
                "removed",
                [],
                lambda v: r.pairs(v, lambda a, b: r.mini(a) and isinstance(b, str)),
                "[mini, outcome] pairs",
            )
        ),
        ended=r.take(data, "ended", False, flag, "true or false"),
        adjustments=tuple(
            (s, n)
            for s, n in r.take(
                data,
                "adjustments",
                [],
                lambda v: r.pairs(v, lambda a, b: a in ("A", "B") and isinstance(b, int)),
                "[seat, points] pairs",
            )
        ),
        self_harm=tuple(
            (m, k, n)
            for m, k, n in r.take(
                data,
                "self_harm",
                [],
                lambda v: (
                    isinstance(v, list)
                    and all(
                        isinstance(e, list)
                        and len(e) == 3
                        and r.mini(e[0])
                        and e[1] in SELF_HARM_KINDS
                        and _count(e[2])
                        for e in v
                    )
                ),
                "[mini, damage|poison, amount] triples",
            )
        ),
    )


def _effect(r: _Reader, data: Any, index: int) -> Effect:
    where = f".effects[{index}]"
    if not isinstance(data, dict):
        raise r.fail(where, "an effect object")

    def get(key: str, ok: Any, expected: str, default: Any = None) -> Any:
        value = data.get(key, default)
        if not ok(value):
            raise r.fail(f"{where}.{key}", expected)
        return value

    target_ok = lambda v: v is None or r.mini(v) or v in grid.CELL_SET  # noqa: E731
    options = get(
        "options", lambda v: isinstance(v, list) and all(map(target_ok, v)), "targets", []
    )
    rerolls = get(
        "rerolls", lambda v: r.pairs(v, lambda m, n: r.mini(m) and _count(n)), "[mini, n]", []
    )
    return Effect(
        kind=get("kind", lambda v: v in EFFECT_KINDS, " or ".join(EFFECT_KINDS)),
        seat=get("seat", lambda v: v in ("A", "B"), "A or B"),
        source=get("source", r.mini, "a miniature id"),
        ability=get("ability", lambda v: isinstance(v, str), "an ability name"),
        cell=get("cell", lambda v: v in grid.CELL_SET, "a cell"),
        stage=get("stage", lambda v: v in EFFECT_STAGES, " or ".join(EFFECT_STAGES), "choose"),
        options=tuple(options),
        target=get("target", target_ok, "a miniature id, a cell or null"),
        dice_count=get("dice_count", _count, "a whole number ≥ 0", 0),
        dice=tuple(get("dice", lambda v: isinstance(v, list), "die faces", [])),
        rerolls=tuple((m, n) for m, n in rerolls),
        batch=get("batch", _count, "a whole number ≥ 0", 0),
    )
