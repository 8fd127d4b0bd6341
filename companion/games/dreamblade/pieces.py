"""The physical miniatures of one game: each warband copy becomes a ``Piece`` with a stable id.

Copy ``k`` (from 1) of catalog id ``X`` in seat ``S``'s warband is ``f"{S}:{X}#{k}"``; the
camera's ``TagId(game="db", catalog_id=X, serial=k)`` names the same piece.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from companion.games.dreamblade.abilities.keywords import Keyword
from companion.games.dreamblade.abilities.lines import Ability, parse_ability
from companion.games.dreamblade.miniature import Aspect, Miniature

ASPECT_NAMES = {aspect.name.lower(): aspect for aspect in Aspect}


def piece_id(seat: str, catalog_id: str, copy: int) -> str:
    return f"{seat}:{catalog_id}#{copy}"


@dataclass(frozen=True)
class Piece:
    id: str
    owner: str
    mini: Miniature

    @cached_property
    def abilities(self) -> tuple[Ability, ...]:
        return tuple(parse_ability(text) for text in self.mini.abilities)

    @cached_property
    def is_creature(self) -> bool:  # asked at every look at the board: kept (a piece is frozen)
        return self.mini.is_creature

    @property
    def manual(self) -> bool:
        """True when one of its abilities is not implemented: the players apply that effect."""
        return not all(ability.implemented for ability in self.abilities)

    def has(self, hook: str) -> bool:
        """Whether one of its implemented abilities sets the ``Keyword`` flag ``hook``."""
        return bool(self.with_keyword(hook))

    def with_keyword(self, hook: str) -> tuple[Ability, ...]:
        return tuple(a for a in self.abilities if a.keyword is not None and _flag(a.keyword, hook))

    def is_of_type(self, type_name: str) -> bool:
        """Whether it is of an ability's ``[type]``: an aspect name or its lineage."""
        key = type_name.lower()
        if key in ASPECT_NAMES:
            return ASPECT_NAMES[key] in self.mini.has_aspects
        lineage = (self.mini.lineage or "").lower()
        return bool(lineage) and (lineage == key or lineage.rstrip("s") == key.rstrip("s"))

    # The printed stats with the rulebook's minimums (power ≥ 0; defense, life ≥ 1); ``None`` when
    # unknown (or a location's). In play, ``effects.creature_power`` etc. add the modifiers first.
    # The engine only meets creatures whose stats are known: unknown ones cannot be spawned, and a
    # position holding one on the map is refused.
    @property
    def power(self) -> int | None:
        return None if self.mini.power is None else max(0, self.mini.power)

    @property
    def defense(self) -> int | None:
        return None if self.mini.defense is None else max(1, self.mini.defense)

    @property
    def life(self) -> int | None:
        return None if self.mini.life is None else max(1, self.mini.life)


def _flag(keyword: Keyword, hook: str) -> bool:
    return bool(getattr(keyword, hook))


def pieces_for(seat: str, warband: Iterable[Miniature]) -> list[Piece]:
    """The pieces of one seat, numbering the copies of each catalog id from 1 in warband order."""
    copies: dict[str, int] = {}
    result = []
    for mini in warband:
        copies[mini.id] = copies.get(mini.id, 0) + 1
        result.append(Piece(piece_id(seat, mini.id, copies[mini.id]), seat, mini))
    return result
