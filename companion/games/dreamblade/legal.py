"""Compact collections of legal actions for huge families (dice results, rerolls, damage
splits): ``action in collection`` is exact and cheap; iterating lists every member."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement
from typing import Any

from companion import grid
from companion.games.dreamblade.actions import (
    AssignDamage,
    CellValue,
    Confirm,
    Dice,
    Done,
    Fight,
    Relocate,
    Reroll,
    normalise_faces,
)
from companion.games.protocol import Action


@dataclass(frozen=True)
class DiceResults(Collection[Dice]):
    """Every result of ``count`` attack dice with the given distinct faces."""

    count: int
    faces: tuple[str, ...]

    def __contains__(self, action: Any) -> bool:
        return (
            isinstance(action, Dice)
            and len(action.faces) == self.count
            and all(face in self.faces for face in action.faces)
        )

    def __iter__(self) -> Iterator[Dice]:
        for faces in combinations_with_replacement(normalise_faces(self.faces), self.count):
            yield Dice(faces)

    def __len__(self) -> int:
        return sum(1 for _ in combinations_with_replacement(self.faces, self.count))


@dataclass(frozen=True)
class RerollChoices(Collection[Reroll]):
    """Declining, or rerolling up to ``most`` of ``dice`` into any faces."""

    dice: tuple[str, ...]
    most: int
    faces: tuple[str, ...]

    def __contains__(self, action: Any) -> bool:
        if not isinstance(action, Reroll):
            return False
        if not action.old:
            return not action.new
        remaining = list(self.dice)
        for face in action.old:
            if face not in remaining:
                return False
            remaining.remove(face)
        return len(action.old) == len(action.new) <= self.most and all(
            face in self.faces for face in action.new
        )

    def __iter__(self) -> Iterator[Reroll]:
        yield Reroll()
        for size in range(1, min(self.most, len(self.dice)) + 1):
            for old in sorted(set(combinations(self.dice, size))):
                for new in combinations_with_replacement(normalise_faces(self.faces), size):
                    yield Reroll(old, new)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass(frozen=True)
class DamageSplits(Collection[AssignDamage]):
    """Every way to give exactly ``total`` damage to ``targets``, respecting Bodyguard:
    non-guards get damage only once every guard gets at least its ``need``."""

    total: int
    targets: tuple[str, ...]
    needs: tuple[tuple[str, int], ...]  # guard → damage it must take first

    def __contains__(self, action: Any) -> bool:
        if not isinstance(action, AssignDamage):
            return False
        amounts = dict(action.amounts)
        if len(amounts) != len(action.amounts) or set(amounts) - set(self.targets):
            return False
        if any(amount <= 0 for amount in amounts.values()) or sum(amounts.values()) != self.total:
            return False
        guards = dict(self.needs)
        if any(m not in guards for m in amounts):
            return all(amounts.get(g, 0) >= need for g, need in guards.items())
        return True

    def __iter__(self) -> Iterator[AssignDamage]:
        for split in _compositions(self.total, len(self.targets)):
            action = AssignDamage(
                tuple((m, n) for m, n in zip(self.targets, split, strict=True) if n)
            )
            if action in self:
                yield action

    def __len__(self) -> int:
        return sum(1 for _ in self)


def _compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _compositions(total - first, parts - 1):
            yield (first, *rest)


@dataclass(frozen=True)
class Fights(Collection[Done | Fight]):
    """Ending the phase (``done``) or a fight the phase player may start: per cell, every legal
    group of attackers (rulebook "strike"; "moving during combat": a creature moved by Skirmish
    into a cell not yet fought may attack again there). All of a cell's own creatures attacking
    is listed once, as ``cell <c>``; naming them all (``cell <c> <each one>``) is the same fight,
    so it is in the collection too."""

    groups: tuple[tuple[str, tuple[tuple[str, ...], ...], tuple[str, ...]], ...]
    # (cell, its legal attacker groups, every own creature in it)

    def __contains__(self, action: Any) -> bool:
        if isinstance(action, Done):
            return True
        if not isinstance(action, Fight):
            return False
        for cell, groups, everyone in self.groups:
            if cell == action.cell:
                named = action.attackers or everyone
                return named in groups
        return False

    def __iter__(self) -> Iterator[Done | Fight]:
        yield Done()
        for cell, groups, everyone in self.groups:
            if everyone in groups:
                yield Fight(cell)
            yield from (Fight(cell, group) for group in groups if group != everyone)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass(frozen=True)
class Combined(Collection[Action]):
    """Several collections of legal actions as one."""

    parts: tuple[Collection[Action], ...]

    def __contains__(self, action: Any) -> bool:
        return any(action in part for part in self.parts)

    def __iter__(self) -> Iterator[Action]:
        for part in self.parts:
            yield from part

    def __len__(self) -> int:
        return sum(len(part) for part in self.parts)


@dataclass(frozen=True)
class Relocations(Collection[Relocate]):
    """Moving any creature on the map to any other cell where its owner has fewer than 4."""

    creatures: tuple[tuple[str, str, str], ...]  # (creature, owner, its cell)
    full: frozenset[tuple[str, str]]  # (seat, cell) holding 4 of that seat's creatures

    def __contains__(self, action: Any) -> bool:
        if not isinstance(action, Relocate):
            return False
        for mini, owner, here in self.creatures:
            if mini == action.mini:
                return action.cell != here and (owner, action.cell) not in self.full
        return False

    def __iter__(self) -> Iterator[Relocate]:
        for mini, owner, here in self.creatures:
            for cell in grid.CELLS:
                if cell != here and (owner, cell) not in self.full:
                    yield Relocate(mini, cell)

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass(frozen=True)
class CellValues(Collection[CellValue | Confirm]):
    """Telling the value of a key cell the map leaves unknown (the judge's: ``CellValue`` is
    judge-only), within the map's ``values`` range; ``confirm`` when allowed."""

    cells: tuple[str, ...]
    confirm: bool
    values: tuple[int, int]

    def __contains__(self, action: Any) -> bool:
        if isinstance(action, Confirm):
            return self.confirm
        return (
            isinstance(action, CellValue)
            and action.cell in self.cells
            and self.values[0] <= action.value <= self.values[1]
        )

    def __iter__(self) -> Iterator[CellValue | Confirm]:
        if self.confirm:
            yield Confirm()
        for cell in self.cells:
            for value in range(self.values[0], self.values[1] + 1):
                yield CellValue(cell, value)

    def __len__(self) -> int:
        return int(self.confirm) + len(self.cells) * (self.values[1] - self.values[0] + 1)
