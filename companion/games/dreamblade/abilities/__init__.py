"""Miniature abilities: printed ability lines parsed into objects with an activation kind.

An ability line reads ``"<activation>: <Keyword> [parameter]"`` or, for static abilities, just
``"<Keyword> [parameter]"``. Activations: ``blade``, ``multi-blade``, ``double-blade``,
``double-multi-blade``, a spawn-point cost (``"2: Advance"``, ``"X: Assault X"``), ``scoring``,
``when spawned``; no prefix means static. Each keyword the engine implements lives in its own
module of this package and registers a ``Keyword`` with the hooks it needs.

A line the engine does not implement is accepted only when it says so: a keyword the rules
sources name without giving the engine a rule for (``MANUAL_KEYWORDS``: Payback, Deathboon…), or
a line written ``"manual: <line>"`` (a keyword nobody has described, a card's own words). Such a
line still parses (the engine knows its activation, so blades can be assigned to it) but is not
implemented, which marks its miniature *manual*: its effect is the players' to apply. Anything
else — a misspelt keyword (``Crit5``, ``Bodygaurd``), a known keyword in a shape it does not have
(``Crit 2`` without its blade) — is an ``AbilityLineError`` naming the closest known keyword.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Literal

from companion.events import Event

if TYPE_CHECKING:
    from companion.games.dreamblade.keyword_state import Effect
    from companion.games.dreamblade.state import Setup, State

# the event telling the table that an ability the engine does not implement was used: the
# players apply its effect themselves
MANUAL_EFFECT = "dreamblade.manual_effect"


class Activation(StrEnum):
    BLADE = "blade"
    MULTI_BLADE = "multi-blade"
    DOUBLE_BLADE = "double-blade"
    DOUBLE_MULTI_BLADE = "double-multi-blade"
    SPAWN_COST = "spawn-cost"
    SCORING = "scoring"
    WHEN_SPAWNED = "when-spawned"
    STATIC = "static"


BLADE_ACTIVATIONS = frozenset(
    {
        Activation.BLADE,
        Activation.MULTI_BLADE,
        Activation.DOUBLE_BLADE,
        Activation.DOUBLE_MULTI_BLADE,
    }
)

# blades one activation takes, and whether the ability may be activated again in the same combat
BLADES_PER_USE = {
    Activation.BLADE: 1,
    Activation.MULTI_BLADE: 1,
    Activation.DOUBLE_BLADE: 2,
    Activation.DOUBLE_MULTI_BLADE: 2,
}
REPEATABLE = frozenset({Activation.MULTI_BLADE, Activation.DOUBLE_MULTI_BLADE})

# "number?" and "type?": the parameter may be left out (``Skirmish`` / ``Skirmish 2``,
# ``Nullify`` / ``Nullify Valor``); "type number": both (``Bolster Janus 2``)
Parameter = Literal["none", "number", "type", "number?", "type?", "type number"]


@dataclass(frozen=True)
class BladeEffect:
    """What one activation of a blade ability does to the attack it belongs to."""

    damage_bonus: int = 0


@dataclass(frozen=True)
class Use:
    """One activation of an ability: the game, the miniature using it, the ability line and, for
    an ``X`` spawn cost, the X paid."""

    setup: Setup
    state: State
    mini: str
    ability: Ability
    x: int | None = None

    @property
    def value(self) -> int:
        """The ability's number: its printed N, or the X paid for ``X: Assault X``."""
        return self.ability.value if self.ability.value is not None else int(self.x or 0)


@dataclass(frozen=True)
class Keyword:
    """One keyword's rules, as hooks the engine asks. Unset hooks mean "not affected".

    - ``on_blade(value)`` — the effect of one activation of a blade ability with this keyword.
    - ``rerolls`` — the ability lets its creature reroll up to ``value`` attack dice per attack.
    - ``guards`` — damage may not go to non-guarding allies in the cell before every guard there
      has enough to be disrupted or destroyed.
    - ``regenerates`` — being destroyed returns the creature to its owner's reserve instead.
    - ``no_shift_into_enemies`` — it may not shift into a cell holding an enemy creature.
    - ``spawns_beside_type`` — it may be spawned into any cell holding an ally of the given type.
    - ``attacks_alone`` — it may not attack together with other creatures.
    - ``spawn_action`` — used in its owner's spawn phase like a spawn ability, once per phase,
      though printed without a cost: offered while ``choices`` has any, and it pays its choice's
      cost itself (Call).

    Hooks with the game (``companion/games/dreamblade/effects.py`` calls them; ``use`` names the
    game, the miniature holding the ability and the ability line):

    - ``choices(use)`` — the legal argument lists (targets, cells) of one activation of a blade
      or spawn ability; ``[()]`` when it takes none. ``resolve(use, args)`` applies it.
    - ``power_aura(use, creature)`` — power the holder adds to a creature's strike attacks and
      deathblows (Inciter, Enrage).
    - ``attack_bonus(use, seat, cell)`` — power added to every attack ``seat`` makes in ``cell``
      (Darkheart Cottage).
    - ``nullifies(use, mini)`` — the blade abilities of ``mini`` can take no blade.
    - ``on_enter(use, mover, cell)`` — effects when ``mover`` enters ``cell`` by any movement but
      spawning (Ambush, Charge).
    - ``on_spawned(use)`` — when the miniature is spawned (Appease, Lockdown).
    - ``end_of_combat(use)`` — once per combat, at its step 10: what happens at once and the
      effects it triggers, queued with the other players' step-10 effects (Bloodthirsty,
      Strikeback).
    - ``conquest_bonus(use)`` — conquest points for the holder's owner this turn (Ambition).
    - ``spawn_bonus(use)`` — bonus spawn points to the holder's owner at the start of their spawn
      phase, while it is in the dreamscape (Energize).
    - ``spawn_phase_start(use)`` — effects triggered by the start of the holder's owner's spawn
      phase, while it is in the dreamscape (Locus Drive).
    - ``defense_aura(use, creature)`` — defense the holder adds to a creature (Bolster).
    """

    name: str
    parameter: Parameter
    activations: frozenset[Activation]
    # what the engine assumes where its source is thin, and how sure that source is
    # (docs/abilities.md lists it), and the same note in Japanese for the judge's phone
    assumed: str = ""
    assumed_ja: str = ""
    on_blade: Callable[[int], BladeEffect] | None = None
    rerolls: bool = False
    guards: bool = False
    regenerates: bool = False
    no_shift_into_enemies: bool = False
    spawns_beside_type: bool = False
    attacks_alone: bool = False
    spawn_action: bool = False
    choices: Callable[[Use], list[tuple[str, ...]]] | None = None
    resolve: Callable[[Use, tuple[str, ...]], list[Event]] | None = None
    power_aura: Callable[[Use, str], int] | None = None
    attack_bonus: Callable[[Use, str, str], int] | None = None
    nullifies: Callable[[Use, str], bool] | None = None
    on_enter: Callable[[Use, str, str], list[Effect]] | None = None
    on_spawned: Callable[[Use], list[Event]] | None = None
    end_of_combat: Callable[[Use], tuple[list[Event], list[Effect]]] | None = None
    conquest_bonus: Callable[[Use], int] | None = None
    spawn_bonus: Callable[[Use], int] | None = None
    spawn_phase_start: Callable[[Use], list[Effect]] | None = None
    defense_aura: Callable[[Use, str], int] | None = None


KEYWORDS: dict[str, Keyword] = {}

# prefix of a line the players apply themselves, whatever its keyword
MANUAL_PREFIX = "manual:"


@dataclass(frozen=True)
class ManualKeyword:
    """A keyword the rules sources name whose effect the engine leaves to the players.
    ``label`` names its row in ``docs/abilities.md``; ``name`` is the line's keyword (a leading
    ``*`` matches any words before the rest: ``* Drive``); ``bare``: only the line without a
    parameter (the parametrised line is implemented)."""

    label: str
    name: str
    why: str
    bare: bool = False

    def matches(self, name: str, has_parameter: bool) -> bool:
        if self.bare and has_parameter:
            return False
        key = name.lower()
        if self.name.startswith("* "):
            suffix = self.name[1:].lower()
            return key.endswith(suffix) and key != suffix.strip() and key not in KEYWORDS
        return key == self.name.lower()


MANUAL_KEYWORDS: tuple[ManualKeyword, ...] = (
    ManualKeyword("Payback", "Payback", "the sources give no formula (facts.md: UNCERTAIN)"),
    ManualKeyword(
        "Bolster (bare line)",
        "Bolster",
        "the printed line is not known (facts.md, LIKELY: +2 defense to Janus allies); "
        "`Bolster <type> N` is applied",
        bare=True,
    ),
    ManualKeyword("Panic", "Panic", "named by the FAQ without its text"),
    ManualKeyword("Phantom", "Phantom", "named by the FAQ without its text"),
    ManualKeyword("Soul Harrow", "Soul Harrow", "named by the FAQ without its text"),
    ManualKeyword(
        "Suppress (bare line)",
        "Suppress",
        "its activation symbol is not known (facts.md); "
        "`0: Suppress` or `when spawned: Suppress` is applied",
        bare=True,
    ),
    ManualKeyword(
        "Drive (other than Locus Drive)",
        "* Drive",
        "each Drive has its own movement; the sources give only Locus Drive's",
    ),
    ManualKeyword("Deathboon", "Deathboon", "facts.md: UNCERTAIN"),
    ManualKeyword("Haunt Gambit", "Haunt Gambit", "facts.md: text not given"),
    ManualKeyword("Skirmish Self", "Skirmish Self", "named by facts.md without its text"),
)


class AbilityLineError(ValueError):
    """An ability line that is neither an implemented keyword in its shape, a keyword left to
    the players, nor marked ``manual:``. ``suggestion``: the closest known keyword, if any."""

    def __init__(
        self, line: str, problem: str, suggestion: str | None, *, ask: bool = True
    ) -> None:
        hint = f"did you mean {suggestion!r}? " if suggestion and ask else ""
        super().__init__(
            f"ability {line!r}: {problem}; {hint}"
            f"write {MANUAL_PREFIX + ' ' + line!r} if the players apply it themselves"
        )
        self.line, self.problem, self.suggestion = line, problem, suggestion
        self.kind = "keyword" if ask else "shape"  # an unknown keyword, or a known one misused


def register(keyword: Keyword) -> Keyword:
    KEYWORDS[keyword.name.lower()] = keyword
    return keyword


@dataclass(frozen=True)
class Ability:
    """One printed ability line, parsed.

    ``value`` is the number parameter (``Crit 5`` → 5), ``type`` the type parameter
    (``Reinforce Valor`` → ``"Valor"``), ``cost`` the spawn-point cost (``None`` for ``X``).
    ``keyword`` is ``None`` when the engine does not implement the keyword.
    """

    text: str
    name: str
    activation: Activation
    value: int | None
    type: str | None
    cost: int | None
    keyword: Keyword | None

    @property
    def implemented(self) -> bool:
        return self.keyword is not None

    @property
    def slug(self) -> str:
        """The ability's short name in action notation (``crit``, ``double-warpstrike``)."""
        return self.name.lower().replace(" ", "-")

    @property
    def is_blade(self) -> bool:
        return self.activation in BLADE_ACTIVATIONS


_PREFIXES = {
    "blade": Activation.BLADE,
    "multi-blade": Activation.MULTI_BLADE,
    "double-blade": Activation.DOUBLE_BLADE,
    "double-multi-blade": Activation.DOUBLE_MULTI_BLADE,
    "scoring": Activation.SCORING,
    "when spawned": Activation.WHEN_SPAWNED,
}
_COST_PREFIX = re.compile(r"^(\d+|X)$")
_BODY = re.compile(r"^(?P<name>[A-Za-z][A-Za-z' -]*?)(?:\s+(?P<value>-?\d+|X))?$")


def parse_ability(text: str) -> Ability:
    """Parse one ability line; ``AbilityLineError`` when it is not one the engine knows (see the
    module docstring). Nothing is guessed: a line marked ``manual:`` is kept as the players'."""
    line = " ".join(text.split())
    explicit_manual = line.lower().startswith(MANUAL_PREFIX)
    if explicit_manual:
        line = line[len(MANUAL_PREFIX) :].strip()
    activation, cost, body = Activation.STATIC, None, line
    if ":" in line:
        prefix, rest = (part.strip() for part in line.split(":", 1))
        key = prefix.lower()
        if key in _PREFIXES:
            activation, body = _PREFIXES[key], rest
        elif _COST_PREFIX.match(prefix):
            activation, body = Activation.SPAWN_COST, rest
            cost = None if prefix == "X" else int(prefix)
    match = _BODY.match(body)
    if not match:
        if explicit_manual:
            return Ability(line, body, activation, None, None, cost, None)
        problem = f"{body!r} is not a keyword the engine knows"
        raise AbilityLineError(line, problem, _closest(body))
    name, raw_value = match["name"].strip(), match["value"]
    value = int(raw_value) if raw_value not in (None, "X") else None
    keyword = KEYWORDS.get(name.split(" ")[0].lower()) or KEYWORDS.get(name.lower())
    type_ = None
    if keyword is not None and keyword.parameter in ("type", "type?", "type number"):
        head, _, rest = name.partition(" ")
        type_ = rest or None
        name = head
    if keyword is not None and not _fits(keyword, activation, value, type_, name):
        keyword = None
    if keyword is None and not explicit_manual:
        _check_manual_keyword(line, match["name"].strip(), raw_value is not None)
    return Ability(line, name, activation, value, type_, cost, keyword)


def _check_manual_keyword(line: str, name: str, has_parameter: bool) -> None:
    """A line the engine does not implement must name a keyword the sources leave to players."""
    if any(manual.matches(name, has_parameter) for manual in MANUAL_KEYWORDS):
        return
    implemented = KEYWORDS.get(name.lower()) or KEYWORDS.get(name.split(" ")[0].lower())
    if implemented is not None:
        shape = f"{implemented.name} is written {_shape(implemented)}"
        raise AbilityLineError(line, shape, implemented.name, ask=False)
    raise AbilityLineError(line, f"{name!r} is not a keyword the engine knows", _closest(name))


def known_keyword_names() -> list[str]:
    """Every keyword a line may name without ``manual:``: implemented or left to players."""
    names = {k.name for k in KEYWORDS.values()}
    names |= {m.name for m in MANUAL_KEYWORDS if not m.name.startswith("*")}
    return sorted(names)


def _closest(name: str) -> str | None:
    known = known_keyword_names()
    by_lower = {k.lower(): k for k in known}
    word = name.strip().lower()
    found = difflib.get_close_matches(word, by_lower, n=1, cutoff=0.6)
    if not found:  # a number glued to the keyword (Crit5) or a trailing word
        head = re.sub(r"[^a-z' -].*$", "", word).strip()
        found = difflib.get_close_matches(head, by_lower, n=1, cutoff=0.6) if head else []
    return by_lower[found[0]] if found else None


PARAMETER_SHAPES = {
    "number": " N",
    "type": " [type]",
    "number?": " [N]",
    "type?": " [type]",
    "type number": " [type] N",
}


def written(keyword: Keyword) -> str:
    """A keyword with its parameter, as lines write it: ``Crit N``, ``Bolster [type] N``."""
    return keyword.name + PARAMETER_SHAPES.get(keyword.parameter, "")


def _shape(keyword: Keyword) -> str:
    """How a keyword's whole line reads, e.g. ``'blade: Crit N'`` or ``'Ambush N'``."""
    kinds = keyword.activations
    if kinds & BLADE_ACTIVATIONS:
        prefix = "blade: " if kinds <= BLADE_ACTIVATIONS else "blade or <cost>: "
    elif Activation.SPAWN_COST in kinds:
        prefix = "<cost>: "
    elif Activation.WHEN_SPAWNED in kinds:
        prefix = "when spawned: "
    elif Activation.SCORING in kinds and Activation.STATIC not in kinds:
        prefix = "scoring: "
    else:
        prefix = ""
    return repr(prefix + written(keyword))


def _fits(
    keyword: Keyword, activation: Activation, value: int | None, type_: str | None, name: str
) -> bool:
    """A line only counts as an implemented keyword when its shape is the keyword's shape."""
    if name.lower() != keyword.name.lower() or activation not in keyword.activations:
        return False
    if keyword.parameter == "number":
        return value is not None
    if keyword.parameter == "type":
        return type_ is not None and value is None
    if keyword.parameter == "type?":
        return value is None
    if keyword.parameter == "type number":
        return type_ is not None and value is not None
    return keyword.parameter == "number?" or value is None


def _load_keyword_modules() -> None:
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")


_load_keyword_modules()
