"""Importer for the "Dreamcatcher Excel" spreadsheet saved as CSV.

The layout follows the fan site jaredpearson/dbweb (``data/miniature.go``), which reads the same
file: comma-separated, double-quoted fields, the first row is a header and is skipped, and the
columns are, in order: name, lineage, aspect, spawn cost, aspect cost, power, defense, life,
abilities, flavor text, collector number, set, rarity. Set codes: A, B, BW, CP, NF, SD.

dbweb keeps every value as text, so it does not say how aspects and abilities are written. This
importer therefore accepts, and documents, these readings:

- aspect: a name (Valor, Madness, Fear, Passion) or its letter; blank, ``-``, ``none``: no aspect;
- aspect cost: the number of symbols (``2``) or the symbols themselves (``VV``); blank = unknown;
- power/defense/life: integers; ``*``, ``X`` or ``?`` = unknown (variable); all three blank or
  ``-`` = a location;
- abilities: one per line inside the cell, or separated by ``;`` outside parentheses; a line that
  is not a keyword line the engine knows is the card's own words, stored as ``manual: <line>``
  (the players apply it);
- collector number: ``45`` or ``45/96``; rarity ``C``/``U``/``R`` or a word.

The first row must be the header (a first row that looks like a miniature is reported, since
skipping it would lose that miniature). Flavor text is never stored (it is copyrighted prose; the
catalog keeps game data only). Every row is checked; the import returns all miniatures or raises
one error listing every problem with its row and column. Text is read as UTF-8 (with or without
BOM), else as Windows-1252 (Excel's usual CSV encoding).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.errors import DataFileError
from companion.games.dreamblade.abilities.lines import (
    MANUAL_PREFIX,
    AbilityLineError,
    parse_ability,
)
from companion.games.dreamblade.catalog import SETS
from companion.games.dreamblade.miniature import Aspect, Kind, Miniature

COLUMNS = (
    "name",
    "lineage",
    "aspect",
    "spawn cost",
    "aspect cost",
    "power",
    "defense",
    "life",
    "abilities",
    "flavor text",
    "collector number",
    "set",
    "rarity",
)
_INDEX = {name: i for i, name in enumerate(COLUMNS)}
_NONE = {"", "-", "none", "n/a"}
_VARIABLE = {"*", "x", "?"}
_ASPECT_NAMES = {a.name.lower(): a for a in Aspect} | {a.value.lower(): a for a in Aspect}
_RARITY = {"c": "common", "u": "uncommon", "r": "rare"}
_SET_BY_NAME = {name.lower(): code for code, name in SETS.items()} | {"base": "B"}
_SPLIT_OUTSIDE_PARENS = re.compile(r";(?![^()]*\))")
MAX_PROBLEMS_SHOWN = 20
_Report = Callable[[str, str], None]  # (column, expected)


@dataclass(frozen=True)
class Problem:
    row: int  # spreadsheet row, the header is row 1
    column: str
    expected: str

    @property
    def where(self) -> str:
        return f"row {self.row}, column {chr(ord('A') + _INDEX[self.column])} ({self.column})"

    def __str__(self) -> str:
        return f"{self.where}: expected {self.expected}"


class CsvImportError(DataFileError):
    """The CSV has problems; ``problems`` lists all of them. Nothing was imported."""

    def __init__(self, path: object, problems: list[Problem]) -> None:
        self.problems = problems
        shown = "; ".join(str(p) for p in problems[:MAX_PROBLEMS_SHOWN])
        more = len(problems) - MAX_PROBLEMS_SHOWN
        suffix = f" (and {more} more)" if more > 0 else ""
        count = f"{len(problems)} problem{'s' if len(problems) > 1 else ''}, nothing imported"
        super().__init__(path, problems[0].where, f"{count}: {shown}{suffix}")


def import_csv(path: str | Path) -> list[Miniature]:
    """All miniatures of a Dreamcatcher CSV, or ``CsvImportError`` naming every bad cell."""
    path = Path(path)
    header, rows = _read_rows(path)
    problems: list[Problem] = []
    spawn_cost_cell = header[_INDEX["spawn cost"]].strip() if len(header) > 3 else ""
    if spawn_cost_cell.isdigit():
        # dbweb skips the first row unread; a file without a header would silently lose a mini.
        problems.append(
            Problem(1, "spawn cost", "the header row (this row looks like a miniature)")
        )
    minis: list[Miniature] = []
    seen: dict[str, int] = {}
    for row_number, cells in rows:
        mini = _row(path.name, row_number, cells, problems)
        if mini is None:
            continue
        if mini.id in seen:
            column = "name" if mini.number is None else "collector number"
            expected = f"a miniature id not already used on row {seen[mini.id]} ({mini.id})"
            problems.append(Problem(row_number, column, expected))
            continue
        seen[mini.id] = row_number
        minis.append(mini)
    if problems:
        raise CsvImportError(path, problems)
    if not minis:
        raise DataFileError(path, "", "at least one miniature row after the header row")
    return minis


def catalog_id(set_code: str | None, number: int | None, name: str) -> str:
    """``B45`` when set and collector number are known, else a slug of the name."""
    if set_code is not None and number is not None:
        return f"{set_code}{number}"
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "unnamed"


def _read_rows(path: Path) -> tuple[list[str], list[tuple[int, list[str]]]]:
    """The header row and the non-blank rows after it, numbered like spreadsheet rows."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise DataFileError(path, "", f"a readable file ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", errors="replace")
    try:
        records = list(csv.reader(io.StringIO(text, newline="")))
    except csv.Error as exc:
        raise DataFileError(path, "", f"CSV text ({exc})") from None
    if not records:
        raise DataFileError(path, "", "a header row and miniature rows")
    numbered = [(i + 1, record) for i, record in enumerate(records)][1:]
    return records[0], [(n, r) for n, r in numbered if any(cell.strip() for cell in r)]


def _row(source: str, row: int, cells: list[str], problems: list[Problem]) -> Miniature | None:
    if len(cells) < len(COLUMNS) or any(c.strip() for c in cells[len(COLUMNS) :]):
        problems.append(Problem(row, "name", f"exactly {len(COLUMNS)} columns, found {len(cells)}"))
        return None
    value = {name: cells[i].strip() for i, name in enumerate(COLUMNS)}
    before = len(problems)

    def problem(column: str, expected: str) -> None:
        problems.append(Problem(row, column, expected))

    name = value["name"]
    if not name:
        problem("name", "the miniature's name")
    unknown: set[str] = set()
    aspects = _aspects(value["aspect"], value["aspect cost"], problem, unknown)
    spawn_cost = _number(value["spawn cost"], "spawn cost", problem, variable=False)
    stats = [value[stat] for stat in ("power", "defense", "life")]
    kind = Kind.LOCATION if all(s.lower() in _NONE for s in stats) else Kind.CREATURE
    power, defense, life = (
        _number(value[stat], stat, problem) if kind is Kind.CREATURE else None
        for stat in ("power", "defense", "life")
    )
    set_code = _set(value["set"], problem)
    number = _collector_number(value["collector number"], problem)
    for field, known in (("set", set_code), ("number", number)):
        if known is None:
            unknown.add(field)
    rarity_text = value["rarity"]
    rarity = _RARITY.get(rarity_text.lower(), rarity_text.lower()) if rarity_text else None
    if rarity is None:
        unknown.add("rarity")
    if len(problems) > before:
        return None
    return Miniature(
        id=catalog_id(set_code, number, name),
        name=name,
        kind=kind,
        spawn_cost=spawn_cost,
        aspects=aspects,
        power=power,
        defense=defense,
        life=life,
        lineage=None if value["lineage"].lower() in _NONE else value["lineage"],
        abilities=_abilities(value["abilities"]),
        set=set_code,
        number=number,
        rarity=rarity,
        source=f"Dreamcatcher Excel CSV {source}, row {row}",
        unknown=frozenset(unknown),
    )


def _aspects(
    aspect_text: str, cost_text: str, problem: _Report, unknown: set[str]
) -> tuple[Aspect, ...]:
    if aspect_text.lower() in _NONE:
        if cost_text not in ("", "0", "-"):
            problem("aspect cost", "blank or 0 for a miniature without aspect")
        return ()
    aspect = _ASPECT_NAMES.get(aspect_text.lower())
    if aspect is None:
        problem("aspect", "Valor, Madness, Fear, Passion (or V, M, F, P) or blank for none")
        return ()
    if not cost_text:
        unknown.add("aspects")
        return ()
    if cost_text.isdigit():
        return (aspect,) * int(cost_text)
    if set(cost_text.upper()) == {aspect.value}:
        return (aspect,) * len(cost_text)
    problem("aspect cost", f"a number of symbols or symbols like {aspect.value * 2}")
    return ()


def _number(text: str, column: str, problem: _Report, *, variable: bool = True) -> int | None:
    """A whole number; blank or ``?`` (and for stats ``*``/``X``: variable) → unknown."""
    if not text or text == "?" or (variable and text.lower() in _VARIABLE):
        return None
    if not text.isdigit():
        marks = "* / X / ?" if variable else "?"
        problem(column, f"a whole number ≥ 0, or {marks} when unknown")
        return None
    return int(text)


def _set(text: str, problem: _Report) -> str | None:
    if not text:
        return None
    code = text.upper() if text.upper() in SETS else _SET_BY_NAME.get(text.lower())
    if code is None:
        problem("set", f"a set code ({', '.join(SETS)}) or set name")
    return code


def _collector_number(text: str, problem: _Report) -> int | None:
    if not text:
        return None
    number = text.split("/", 1)[0].strip()
    if not number.isdigit() or int(number) < 1:
        problem("collector number", "a number like 45 or 45/96")
        return None
    return int(number)


def _abilities(text: str) -> tuple[str, ...]:
    parts = (
        part.strip() for line in text.splitlines() for part in _SPLIT_OUTSIDE_PARENS.split(line)
    )
    return tuple(_keyword_or_manual(part) for part in parts if part)


def _keyword_or_manual(line: str) -> str:
    try:
        parse_ability(line)
    except AbilityLineError:
        return f"{MANUAL_PREFIX} {line}"
    return line
