"""A Dreamblade miniature as the catalog knows it.

Unknown values are ``None`` and shown as ``"unknown"`` in data files: never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from companion.games.dreamblade.abilities.lines import parse_ability

CATALOG_ID = re.compile(r"^[A-Za-z0-9._-]{1,24}$")


class Kind(StrEnum):
    CREATURE = "creature"
    LOCATION = "location"


class Aspect(StrEnum):
    VALOR = "V"
    MADNESS = "M"
    FEAR = "F"
    PASSION = "P"


@dataclass(frozen=True)
class Miniature:
    """One catalog entry.

    ``aspects`` holds one entry per printed aspect symbol (``(V, V, V)`` for "7VVV"); the aspects a
    miniature *has* (for paying other miniatures' aspect costs) are ``set(aspects)``; aspectless
    miniatures (Anvilborn) have ``()``. ``abilities`` are the printed ability lines, e.g.
    ``"blade: Crit 5"``, ``"multi-blade: Advance"``, ``"Bodyguard"``, ``"Reinforce Valor"``.
    ``source`` says where the values come from. ``unknown`` names fields whose stored value is a
    placeholder because the real value is not known (``"aspects"`` when the symbol count is
    unknown, ``"lineage"`` when ``None`` does not mean "no lineage").
    """

    id: str
    name: str
    kind: Kind
    spawn_cost: int | None
    aspects: tuple[Aspect, ...]
    power: int | None
    defense: int | None
    life: int | None
    lineage: str | None
    abilities: tuple[str, ...]
    set: str | None
    number: int | None
    rarity: str | None
    source: str
    unknown: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not CATALOG_ID.match(self.id):
            raise ValueError(f"catalog id {self.id!r} must match {CATALOG_ID.pattern}")

        for line in self.abilities:
            parse_ability(line)  # AbilityLineError (a ValueError) names the closest keyword

    @property
    def has_aspects(self) -> frozenset[Aspect]:
        return frozenset(self.aspects)

    @property
    def is_creature(self) -> bool:
        return self.kind is Kind.CREATURE

    @property
    def unknown_fields(self) -> tuple[str, ...]:
        """Names of the stats the engine may need that are unknown for this miniature."""
        needed = ["spawn_cost"]
        if self.is_creature:
            needed += ["power", "defense", "life"]
        missing = [name for name in needed if getattr(self, name) is None]
        return tuple(missing + (["aspects"] if "aspects" in self.unknown else []))
