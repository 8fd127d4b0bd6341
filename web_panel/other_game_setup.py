"""What the games' set-up forms share (each game's own form is its screens' ``setup_form``): the
game a form prepared (``Prepared``: the game, the tags shown for its pieces, the cards typed to
keep in the table's catalog), a refusal naming the player and the field as the form shows it, in
the phone's language, and reading a card typed once.

Type a card once: cards are given by name with what is printed on them. A card the table's
catalog already holds (entered at an earlier set-up, or imported) needs only its name: its values
fill the blanks. Each card is checked as a table catalog entry (the game's ``EntryKind``) and, once
the game has started, kept in the table's catalog for the next set-up (``Prepared.entries``).
Cards registered by showing their tags to the camera are read by ``shown_cards``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from flask import request

from companion.errors import DataFileError, SetupError
from companion.games import find_kit
from companion.games.catalog_entries import EntryKind
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.catalog import TableCatalog, TableEntry
from web_panel.api import Refused
from web_panel.i18n import choose_language, translate
from web_panel.table_catalog_api import entry_problem

if TYPE_CHECKING:
    from vision.board_change import TagId
    from vision.tags import ReadResult


@dataclass(frozen=True)
class Prepared:
    """A game ready to start and the cards typed for it, kept in the table's catalog with the
    game's start (``Table.start_game``): (kind, checked entry); and the tags shown to the camera
    for its pieces (piece → tag), recorded with it."""

    game: Game
    entries: tuple[tuple[str, dict[str, Any]], ...] = ()
    tags: Mapping[str, TagId] = field(default_factory=dict)


def _refused(exc: Exception, seats: Mapping[str, SeatSettings] | None = None) -> Refused:
    """A refused set-up: a ``SetupError`` said in the phone's language with the player's name,
    anything else in the engine's words."""
    message = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    if not isinstance(exc, SetupError):
        return Refused(400, "setup", message)
    language = choose_language(request)
    params = dict(exc.params)
    if isinstance(params.get("field"), str):
        params["field"] = translate(language, f"catalog.field.{params['field']}")
    text = translate(language, f"setup.problem.{exc.problem}", **params)
    if text == f"setup.problem.{exc.problem}":  # no words of ours: the engine's (English)
        return Refused(400, "setup", _for_player(language, exc.seat, seats, message))
    return Refused(400, "setup", _for_player(language, exc.seat, seats, text), localized=True)


def _for_player(
    language: str, seat: str | None, seats: Mapping[str, SeatSettings] | None, text: str
) -> str:
    if seat is None:
        return text
    name = seats[seat].name_in(language) if seats and seat in seats else seat
    return translate(language, "setup.problem.of_player", player=name, problem=text)


def _entry_refused(
    error: DataFileError, seat: str, seats: Mapping[str, SeatSettings], card: str
) -> Refused:
    """A typed card the catalog's checks refuse: whose, which card, which field, what is wrong."""
    language = choose_language(request)
    problem = entry_problem(language, error)
    text = (
        translate(language, "setup.problem.card", card=card, problem=problem) if card else problem
    )
    return Refused(400, "setup", _for_player(language, seat, seats, text), field=error.field)


def _by_name(entries: list[TableEntry]) -> dict[str, dict[str, Any]]:
    return {entry.data["name"].casefold(): entry.data for entry in entries}


def _entry(
    kind: EntryKind,
    typed: Mapping[str, Any],
    saved: Mapping[str, dict[str, Any]],
    seat: str,
    seats: Mapping[str, SeatSettings],
    number: int,
) -> dict[str, Any]:
    """A typed card checked as a catalog entry; a card the table's catalog holds by that name
    fills the values left blank."""
    name = typed.get("name")
    known = saved.get(name.strip().casefold(), {}) if isinstance(name, str) else {}
    given = {key: value for key, value in typed.items() if value not in (None, "")}
    merged = {**{k: v for k, v in known.items() if k != "id"}, **given}
    if known:
        merged["name"] = known["name"]  # the card keeps the spelling it was typed in with
    label = name.strip() if isinstance(name, str) and name.strip() else ""
    try:
        return kind.checked(merged)
    except DataFileError as error:
        shown = label or translate(choose_language(request), "setup.problem.nth_card", n=number)
        raise _entry_refused(error, seat, seats, shown) from None


def _unique(wanted: str, used: set[str]) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``… (at most 24 characters) if already used."""
    label, number = wanted, 1
    while label in used:
        number += 1
        label = f"{wanted[: 23 - len(str(number))]}-{number}"
    used.add(label)
    return label


def _mapping(data: object, what: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise Refused(400, "setup", f"{what} must be a JSON object")
    return data


def _list(data: object, what: str) -> list[Any]:
    if not isinstance(data, list):
        raise Refused(400, "setup", f"{what} must be a list")
    return data


def _names(data: object, what: str) -> list[str]:
    names = _list(data, what)
    if not all(isinstance(name, str) for name in names):
        raise Refused(400, "setup", f"{what} must be a list of names")
    return names


# -- registering a warband or an army by showing its tags to the camera ------------------------

# a piece wears ``<game code>:<label>#<n>`` (its card's id, numbered for copies): the kit's
# camera reading says the tags' game code and the entry kind
COPY = re.compile(r"-\d+$")


def shown_cards(found: ReadResult, game: str, catalog: TableCatalog) -> dict[str, Any]:
    """What a frame's tags say for a warband or an army of cards: the card each tag
    names in the table's catalog (a tag numbered for a copy names its card), and each tag that
    names none, with why — the card is typed in once, then its tag is known."""
    reading = find_kit(game).camera
    assert reading is not None, f"{game}'s tags are not read"
    code, kind = reading.tag_game, reading.card_kind
    cards = {entry.id: entry.data for entry in catalog.entries(game, kind)}
    tags, problems = [], []
    for tag in sorted({sighting.tag for sighting in found.sightings}):
        card = cards.get(tag.catalog_id) or cards.get(COPY.sub("", tag.catalog_id))
        if tag.game != code:
            problems.append({"tag": str(tag), "problem": "wrong_game"})
        elif card is None:
            problems.append({"tag": str(tag), "problem": "unknown_card"})
        else:
            tags.append({"tag": str(tag), "id": card["id"], "name": card["name"]})
    return {"tags": tags, "problems": problems, "unreadable": found.rejected}
