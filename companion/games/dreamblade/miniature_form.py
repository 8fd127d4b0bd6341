"""A miniature typed in from what is printed on its base: the phone form → a catalog entry.

The form gives the name, kind, spawn cost, aspect symbols, power/defense/life, lineage and the
abilities, each picked from the keywords the engine knows (``abilities.keywords.KEYWORDS``) with
how it is used (blade, spawn cost…) and its number or type — or, for anything else, written as a
manual ability text the players apply themselves. A value left empty stays ``unknown``.

Completing a miniature that is already in the catalog fills in its unknown values only: a known
value given differently is refused, so a typing slip never overwrites what the sources say.
The entry is then checked like a catalog file entry (``table_entries.check_miniature``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from companion.errors import DataFileError
from companion.games.catalog_entries import TABLE_ENTRY
from companion.games.dreamblade.abilities.keywords import KEYWORDS, Activation
from companion.games.dreamblade.abilities.lines import (
    MANUAL_PREFIX,
    AbilityLineError,
    parse_ability,
)
from companion.games.dreamblade.catalog import Catalog, miniature_to_data
from companion.games.dreamblade.data_files import UNKNOWN
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.table_entries import check_miniature

MAX_ABILITIES = 8
MAX_TEXT = 120
_FIELDS = ("name", "kind", "spawn_cost", "aspects", "power", "defense", "life", "lineage")
_PREFIX = {
    Activation.BLADE: "blade: ",
    Activation.MULTI_BLADE: "multi-blade: ",
    Activation.DOUBLE_BLADE: "double-blade: ",
    Activation.DOUBLE_MULTI_BLADE: "double-multi-blade: ",
    Activation.SCORING: "scoring: ",
    Activation.WHEN_SPAWNED: "when spawned: ",
    Activation.STATIC: "",
}


def keyword_choices() -> list[dict[str, Any]]:
    """The keywords the form offers: name, what its parameter is, and how it may be used."""
    return [
        {
            "name": keyword.name,
            "slug": keyword.name.lower().split(" ")[0],
            "parameter": keyword.parameter,
            "activations": sorted(str(a) for a in keyword.activations),
        }
        for keyword in sorted(KEYWORDS.values(), key=lambda k: k.name)
    ]


def ability_line(pick: object) -> str:
    """One ability line from the form: ``{"keyword", "activation", "value", "type", "cost"}`` for
    a keyword the engine knows, or ``{"text"}`` for a manual ability."""
    if not isinstance(pick, Mapping):
        raise DataFileError(TABLE_ENTRY, "abilities", "a keyword or a manual ability text")
    if "text" in pick:
        text = pick["text"]
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            raise DataFileError(
                TABLE_ENTRY, "text", f"a text of 1 to {MAX_TEXT} characters", code="text"
            )
        return f"{MANUAL_PREFIX} {' '.join(text.split())}"
    name = str(pick.get("keyword", ""))
    keyword = KEYWORDS.get(name.lower())
    if keyword is None:
        raise DataFileError(
            TABLE_ENTRY, "keyword", "a keyword the engine knows", code="keyword",
            params={"keyword": name},
        )  # fmt: skip
    try:
        activation = Activation(str(pick.get("activation", Activation.STATIC)))
    except ValueError:
        raise DataFileError(
            TABLE_ENTRY, "activation", "how the ability is used", code="choice"
        ) from None
    line = f"{_prefix(activation, pick.get('cost'))}{keyword.name}"
    for part in (pick.get("type"), pick.get("value")):
        if part not in (None, ""):
            line += f" {_part(part)}"
    try:
        implemented = parse_ability(line).implemented
    except AbilityLineError:
        implemented = False
    if not implemented:
        raise DataFileError(
            TABLE_ENTRY, "keyword", f"{keyword.name} used as its keyword is", code="shape",
            params={"keyword": keyword.name},
        )  # fmt: skip
    return line


def _prefix(activation: Activation, cost: object) -> str:
    if activation is not Activation.SPAWN_COST:
        return _PREFIX[activation]
    if cost == "X":
        return "X: "
    if isinstance(cost, bool) or not isinstance(cost, int) or not 0 <= cost <= 20:
        raise DataFileError(
            TABLE_ENTRY, "cost", "a spawn-point cost from 0 to 20", code="range",
            params={"minimum": 0, "maximum": 20},
        )  # fmt: skip
    return f"{cost}: "


def _part(value: object) -> str:
    """A keyword's number (0–20, or X) or type (a word such as Valor or Janus)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 20:
        return str(value)
    if isinstance(value, str) and (
        value == "X" or re.fullmatch(r"[A-Za-z][A-Za-z' -]{0,30}", value)
    ):
        return value
    raise DataFileError(
        TABLE_ENTRY, "value", "a number from 0 to 20 or a type", code="range",
        params={"minimum": 0, "maximum": 20},
    )  # fmt: skip


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")[:24].strip("-")


def entry_from_form(form: Mapping[str, Any], catalog: Catalog, entered_by: str) -> dict[str, Any]:
    """The checked catalog entry for ``form``. ``form["id"]`` names a catalog miniature to
    complete; without it, a new miniature gets an id from its name (refused if that id is taken:
    complete that miniature instead). ``entered_by`` says who typed it in (kept in ``source``)."""
    existing = _existing(form, catalog)
    given = {field: _given(form.get(field)) for field in _FIELDS}
    if form.get("abilities") is not None:
        picks = form["abilities"]
        if not isinstance(picks, list) or len(picks) > MAX_ABILITIES:
            raise DataFileError(TABLE_ENTRY, "abilities", f"at most {MAX_ABILITIES} abilities")
        given["abilities"] = [ability_line(pick) for pick in picks]
    if existing is None:
        name = given["name"]
        entry_id = slug(name) if isinstance(name, str) else ""
        if not entry_id:
            raise DataFileError(TABLE_ENTRY, "name", "the name printed on the base", code="text")
        if entry_id in catalog:
            raise DataFileError(
                TABLE_ENTRY, "name", "a miniature not in the catalog yet", code="exists",
                params={"name": catalog[entry_id].name},
            )  # fmt: skip
        entry = _blank(entry_id)
    else:
        entry = miniature_to_data(existing)
    source = f"entered at the table by {entered_by}"
    for field, value in given.items():
        if value is None:
            continue
        _check_unknown(existing, entry, field, value)
        entry[field] = value
    if entry["kind"] == "location":
        for stat in ("power", "defense", "life"):
            if entry.pop(stat, None) not in (None, UNKNOWN):
                raise DataFileError(TABLE_ENTRY, stat, "no power, defense or life for a location")
    if existing is not None:
        source = f"{existing.source}; unknown values {source}"
    entry["source"] = source
    return check_miniature(entry)


def _existing(form: Mapping[str, Any], catalog: Catalog) -> Miniature | None:
    catalog_id = form.get("id")
    if catalog_id in (None, ""):
        return None
    if not isinstance(catalog_id, str) or catalog_id not in catalog:
        raise DataFileError(TABLE_ENTRY, "id", "a miniature of the catalog", code="choice")
    return catalog[catalog_id]


def _given(value: object) -> object:
    """A form value; empty means not given (left as it is, or unknown)."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return value.strip() if isinstance(value, str) else value


def _check_unknown(
    existing: Miniature | None, entry: dict[str, Any], field: str, value: object
) -> None:
    """Completing a catalog miniature may fill in unknown values, never change known ones."""
    if existing is None:
        return
    known = entry.get(field)
    if field == "abilities":
        if "abilities" in existing.unknown:
            return  # the list may be incomplete: the one on the base replaces it
        known_list = list(existing.abilities)
        if value != known_list:
            raise _known_error(field, "; ".join(known_list) or "—")
        return
    if known not in (UNKNOWN, None) and known != value:
        raise _known_error(field, str(known))


def _known_error(field: str, known: str) -> DataFileError:
    return DataFileError(
        TABLE_ENTRY, field, f"the known value {known}", code="known", params={"known": known}
    )


def _blank(entry_id: str) -> dict[str, Any]:
    return {
        "id": entry_id,
        "name": UNKNOWN,
        "kind": "creature",
        "spawn_cost": UNKNOWN,
        "aspects": UNKNOWN,
        "power": UNKNOWN,
        "defense": UNKNOWN,
        "life": UNKNOWN,
        "lineage": UNKNOWN,
        "abilities": [UNKNOWN],
        "set": UNKNOWN,
        "number": UNKNOWN,
        "rarity": UNKNOWN,
        "source": "",
    }
