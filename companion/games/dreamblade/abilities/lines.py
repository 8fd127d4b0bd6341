"""Printed ability lines parsed into ``Ability`` objects with an activation kind.

An ability line reads ``"<activation>: <Keyword> [parameter]"`` or, for static abilities, just
``"<Keyword> [parameter]"``. Activations: ``blade``, ``multi-blade``, ``double-blade``,
``double-multi-blade``, a spawn-point cost (``"2: Advance"``, ``"X: Assault X"``), ``scoring``,
``when spawned``; no prefix means static. The keywords a line may name are the data of
``keywords``; parsing needs nothing else, so the miniatures and the catalogs check their lines
without loading a rule (what a keyword does in a game is its hooks': ``hooks``).

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
import functools
import re
from dataclasses import dataclass

from companion.games.dreamblade.abilities.keywords import (
    BLADE_ACTIVATIONS,
    KEYWORDS,
    MANUAL_KEYWORDS,
    Activation,
    Keyword,
    written,
)

# the event telling the table that an ability the engine does not implement was used: the
# players apply its effect themselves
MANUAL_EFFECT = "dreamblade.manual_effect"

# prefix of a line the players apply themselves, whatever its keyword
MANUAL_PREFIX = "manual:"


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


@functools.lru_cache(maxsize=4096)  # the keywords are fixed: the same name, the same answer
def _closest(name: str) -> str | None:
    by_lower = {k.lower(): k for k in known_keyword_names()}
    word = name.strip().lower()
    found = difflib.get_close_matches(word, by_lower, n=1, cutoff=0.6)
    if not found:  # a number glued to the keyword (Crit5) or a trailing word
        head = re.sub(r"[^a-z' -].*$", "", word).strip()
        found = difflib.get_close_matches(head, by_lower, n=1, cutoff=0.6) if head else []
    return by_lower[found[0]] if found else None


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
