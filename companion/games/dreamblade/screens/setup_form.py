"""Dreamblade's set-up form on the panel: the map (its unknown values read from the printed map),
each seat's warband (a saved one, or built by searching the catalog, with miniatures missing from
it typed in from their bases, or registered by showing their tags to the camera) and the
tournament initiative rule; saving warbands for next time. ``setup_form`` reads the game's part of
``POST /api/setup/new``, ``setup_options`` what the form offers, ``shown_tags`` the miniatures a
frame's tags show; its own requests are ``routes`` (``/api/setup/catalog``, ``/miniatures``,
``/warbands``)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from companion.camera.tag_registry import combined_registry
from companion.errors import DataFileError
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.catalog import TableCatalog
from web_panel.api import Refused, body
from web_panel.i18n import choose_language, translate
from web_panel.other_game_setup import Prepared
from web_panel.panel import Panel, current_panel
from web_panel.seats import LOOPBACK_ADDRESSES
from web_panel.setup_rights import entered_by
from web_panel.table_catalog_api import entry_problem, refused_entry

if TYPE_CHECKING:
    from vision.board_change import TagId
    from vision.tags import ReadResult

routes = Blueprint("dreamblade_setup", __name__, url_prefix="/api/setup")

WARBANDS_FOLDER = "warbands"
CATALOG_RESULTS = 30


# -- maps, warbands, catalog -----------------------------------------------------------------------


def _catalog(panel: Panel) -> Any:
    """The builtin catalog merged with the table's imported one and the miniatures its players
    entered (the table catalog), re-read only when one of those changes."""
    user = panel.settings.data_dir / "catalog.yaml"
    modified = user.stat().st_mtime_ns if user.exists() else None
    return _cached_catalog(user, modified, panel.table_catalog, panel.table_catalog.revision())


@lru_cache(maxsize=4)
def _cached_catalog(
    user: Path, modified: int | None, table_catalog: TableCatalog, revision: tuple[int, int]
) -> Any:
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.table_entries import GAME, KIND, catalog_with_entries

    entries = [entry.data for entry in table_catalog.entries(GAME, KIND)]
    return catalog_with_entries(default_catalog(user), entries)


def _user_warbands(panel: Panel) -> Path:
    return panel.settings.data_dir / WARBANDS_FOLDER


def _slug(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.casefold()).strip("-")
    if not slug:
        raise Refused(400, "setup", "a warband needs a name with letters or digits")
    return slug


def saved_warbands(panel: Panel) -> list[dict[str, Any]]:
    """Every warband that can be picked: the shipped ones, then the ones saved on this table."""
    from companion.games.dreamblade.warband import (
        builtin_warband,
        builtin_warband_names,
        load_warband,
    )

    catalog = _catalog(panel)
    found = []
    for name in builtin_warband_names():
        found.append(_offered(f"builtin:{name}", builtin_warband(name, catalog), catalog))
    folder = _user_warbands(panel)
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            warband = load_warband(path, catalog)
        except DataFileError:
            continue  # a broken file is not offered; `companion catalog warband` explains it
        found.append(_offered(f"saved:{path.stem}", warband, catalog))
    return found


def _offered(key: str, warband: Any, catalog: Any) -> dict[str, Any]:
    """A warband as the set-up form lists it, with the names of its incomplete miniatures."""
    from companion.games.dreamblade.warband import incomplete_miniatures

    incomplete = [catalog[cid].name for cid in incomplete_miniatures(warband, catalog)]
    return {"key": key, "name": warband.name, "size": warband.size, "incomplete": incomplete}


def _warband(panel: Panel, seat: str, data: object) -> Any:
    """The warband a seat brings: ``{"saved": key}`` or a warband given inline."""
    from companion.games.dreamblade.warband import (
        builtin_warband,
        load_warband,
        warband_from_data,
    )

    catalog = _catalog(panel)
    try:
        if isinstance(data, dict) and "saved" in data:
            kind, _, name = str(data["saved"]).partition(":")
            if kind == "builtin":
                return builtin_warband(name, catalog)
            path = _user_warbands(panel) / f"{_slug(name)}.yaml"
            if kind != "saved" or not path.exists():
                raise Refused(400, "setup", f"seat {seat}: no saved warband {data['saved']!r}")
            return load_warband(path, catalog)
        if not isinstance(data, dict):
            raise Refused(400, "setup", f"seat {seat}: a saved warband or a list of miniatures")
        miniatures = {key: value for key, value in data.items() if key != "tags"}
        return warband_from_data(miniatures, catalog, origin=f"seat {seat} warband")
    except (DataFileError, ValueError) as exc:
        if isinstance(exc, Refused):
            raise
        raise Refused(400, "setup", str(exc)) from None


def agreed_map(dream_map: Any, values: object) -> Any:
    """The map with the values the players read from their printed map (every unknown one);
    refused in the phone's language, naming the cell, otherwise."""
    from companion.games.dreamblade.maps import agree_key_values

    try:
        return agree_key_values(dream_map, values)
    except DataFileError as exc:
        language = choose_language(request)
        cell = translate(language, "setup.map_value", cell=exc.field) if exc.field else ""
        problem = entry_problem(language, exc)
        raise Refused(
            400, "map_values", f"{cell}: {problem}" if cell else problem, field=exc.field
        ) from None


def event_map(panel: Panel) -> Any:
    """The tournament's map when this table plays in an event that named one (``None``
    otherwise): the only map its games are set up on."""
    return panel.tournament.event_map() if panel.tournament is not None else None


def map_choices(panel: Panel) -> dict[str, Any]:
    """Each map the set-up offers — in an event with a map, that map only — : its known values,
    the cells to read from the printed map and the range a value may take."""
    from companion.games.dreamblade.config_section import dreamblade_section
    from companion.games.dreamblade.maps import builtin_map_names, map_from_setting

    in_event = event_map(panel)
    if in_event is not None:
        maps = {"event": in_event}
    else:
        maps = {"configured": map_from_setting(dreamblade_section(panel.settings).map)}
        maps |= {name: map_from_setting(name) for name in builtin_map_names()}
    here = panel.table.read(values_read)
    return {
        name: {
            "key_values": dict(dream_map.key_values),
            "unknown": list(dream_map.unknown_cells),
            "value_range": list(dream_map.value_range),
            "remembered": remembered_values(panel, dream_map, here),
        }
        for name, dream_map in maps.items()
    }


ValuesRead = tuple[str, dict[str, int]]


def values_read(game: Game) -> ValuesRead | None:
    """The printed map ``game`` plays on (its key) and the values its players read off it so
    far, when it is a Dreamblade game (kept with the next game's start,
    ``web_panel.game_setup``)."""
    from companion.games.dreamblade.game import DreambladeGame

    if not isinstance(game, DreambladeGame):
        return None
    dream_map = game.setup.dream_map
    return dream_map.printed_key, dream_map.values_read(game.judge_values())


def remembered_values(panel: Panel, dream_map: Any, here: ValuesRead | None) -> dict[str, int]:
    """The values this table's players read off ``dream_map``'s printed map before (kept in the
    table's store; the game in play's, ``here``, over them), for the cells its file leaves
    unknown: what the set-up offers for them."""
    values = panel.printed_maps.values(dream_map.printed_key)
    if here is not None and here[0] == dream_map.printed_key:
        values |= here[1]
    return {
        cell: value
        for cell, value in values.items()
        if cell in dream_map.unknown_cells and dream_map.in_range(value)
    }


def _die() -> Any:
    from companion.games.dreamblade.dice import default_dice

    return default_dice()


def _refuse_incomplete(warband: Any, catalog: Any) -> None:
    """No game starts with a miniature whose values the engine needs are unknown."""
    from companion.games.dreamblade.warband import incomplete_miniatures

    incomplete = incomplete_miniatures(warband, catalog)
    if incomplete:
        names = ", ".join(catalog[catalog_id].name for catalog_id in incomplete)
        # names only (the warband's as typed, the miniatures' as printed): said in any language
        raise Refused(400, "incomplete_miniatures", f"{warband.name}: {names}", localized=True)


def dreamblade_game(panel: Panel, data: object) -> Game:
    from companion.games.dreamblade.config_section import dreamblade_section
    from companion.games.dreamblade.maps import builtin_map_names, map_from_setting
    from companion.games.dreamblade.starting import new_game
    from companion.games.dreamblade.state import Settings as RuleSettings

    if not isinstance(data, dict):
        raise Refused(400, "setup", "'dreamblade' must hold the map, the warbands and the options")
    map_name = data.get("map", "configured")
    configured = dreamblade_section(panel.settings)
    in_event = event_map(panel)
    if in_event is not None:  # an event's game is played on the organizer's map, whatever is sent
        dream_map = in_event
    elif map_name == "configured":
        dream_map = map_from_setting(configured.map)
    elif map_name in builtin_map_names():
        dream_map = map_from_setting(map_name)
    else:
        raise Refused(400, "setup", f"unknown map {map_name!r}")
    warbands = data.get("warbands")
    if not isinstance(warbands, dict) or set(warbands) != {"A", "B"}:
        raise Refused(400, "setup", "'warbands' must give a warband for seats A and B")
    catalog = _catalog(panel)
    minis = {}
    for seat in ("A", "B"):
        warband = _warband(panel, seat, warbands[seat])
        _refuse_incomplete(warband, catalog)
        minis[seat] = [catalog[catalog_id] for _, catalog_id in warband.copies(seat)]
    rule_430 = data.get("rule_430", configured.tournament_rule_430)
    if not isinstance(rule_430, bool):
        raise Refused(400, "setup", "'rule_430' must be true or false")
    die_confirmed = data.get("die_confirmed", False)
    if not isinstance(die_confirmed, bool):
        raise Refused(400, "setup", "'die_confirmed' must be true or false")
    dream_map = agreed_map(dream_map, data.get("map_values", {}))
    rules = RuleSettings(rule_430=rule_430, die_confirmed=die_confirmed)
    return new_game(dream_map, minis, rules)


# -- a warband registered by showing each miniature's tag to the camera ------------------------


def shown_tags(found: ReadResult, panel: Panel) -> dict[str, Any]:
    """What a frame's tags say for a warband: the miniatures (catalog id and copy serial from the
    payload), and each tag that names no Dreamblade miniature of the catalog, with why."""
    catalog = _catalog(panel)
    tags, problems = [], []
    for tag in sorted({sighting.tag for sighting in found.sightings}):
        if tag.game != "db":
            problems.append({"tag": str(tag), "problem": "other_game"})
        elif tag.catalog_id not in catalog:
            problems.append({"tag": str(tag), "problem": "unknown_miniature"})
        else:
            name = catalog[tag.catalog_id].name
            unknown = list(catalog[tag.catalog_id].unknown_fields)
            tags.append(
                {
                    "tag": str(tag),
                    "id": tag.catalog_id,
                    "serial": tag.serial,
                    "name": name,
                    "unknown": unknown,
                }
            )
    return {"tags": tags, "problems": problems, "unreadable": found.rejected}


def _scanned(seat: str, data: object, warband: Any) -> dict[str, TagId]:
    """Miniature id → the tag shown for it: a seat's ``tags``, copy k of a miniature taking the
    k-th tag shown with its catalog id (copies without a tag keep the default serial)."""
    from vision.registration import parse_tag_text

    raw = data.get("tags", []) if isinstance(data, dict) and "saved" not in data else []
    if not isinstance(raw, list) or not all(isinstance(text, str) for text in raw):
        raise Refused(400, "setup", f"seat {seat}: 'tags' must be a list like ['db:B45#1']")
    shown: dict[str, list[TagId]] = {}
    for text in raw:
        try:
            tag = parse_tag_text(text)
        except ValueError as exc:
            raise Refused(400, "setup", f"seat {seat}: {exc}") from None
        if tag.game != "db":
            raise Refused(400, "setup", f"seat {seat}: tag {tag} is not a Dreamblade tag")
        if tag in shown.get(tag.catalog_id, []):
            raise Refused(400, "setup", f"seat {seat}: tag {tag} is listed twice")
        shown.setdefault(tag.catalog_id, []).append(tag)
    copies: dict[str, list[str]] = {}
    for piece, catalog_id in warband.copies(seat):
        copies.setdefault(catalog_id, []).append(piece)
    found: dict[str, TagId] = {}
    for catalog_id, tags in shown.items():
        pieces = copies.get(catalog_id, [])
        if len(tags) > len(pieces):
            raise Refused(
                400, "setup", f"seat {seat}: {len(tags)} tags of {catalog_id} for {len(pieces)} "
                "in the warband",
            )  # fmt: skip
        found.update(zip(pieces, tags, strict=False))
    return found


def dreamblade_tags(panel: Panel, data: dict[str, Any]) -> dict[str, TagId]:
    """The tags shown for the new game's miniatures (``data`` as ``dreamblade_game`` accepted
    it), checked against each other and the default serials of the rest (docs/formats.md "Tag
    registry")."""
    tags: dict[str, TagId] = {}
    pieces: list[str] = []
    for seat in ("A", "B"):
        given = data["warbands"][seat]
        warband = _warband(panel, seat, given)
        tags.update(_scanned(seat, given, warband))
        pieces.extend(piece for piece, _ in warband.copies(seat))
    try:
        combined_registry(pieces, tags)
    except ValueError as exc:
        raise Refused(400, "setup", str(exc)) from None
    return tags


def setup_form(panel: Panel, part: object, seats: Mapping[str, SeatSettings]) -> Prepared:
    """The warbands' set-up form: the map, each seat's warband and the options (required)."""
    game = dreamblade_game(panel, part)
    assert isinstance(part, dict)  # the game checked it
    return Prepared(game, tags=dreamblade_tags(panel, part))


def _miniature_json(mini: Any, entered: set[str]) -> dict[str, Any]:
    """A catalog miniature as the builder shows it: what it costs, which values the engine needs
    are unknown, whether the table's players entered it, and its catalog data for completing it."""
    from companion.games.dreamblade.catalog import miniature_to_data

    return {
        "id": mini.id,
        "name": mini.name,
        "kind": str(mini.kind),
        "cost": mini.spawn_cost,
        "aspects": [str(a) for a in mini.aspects],
        "set": mini.set,
        "number": mini.number,
        "unknown": list(mini.unknown_fields),
        "entered": mini.id in entered,
        "data": miniature_to_data(mini),
    }


def _entered_ids(panel: Panel) -> set[str]:
    from companion.games.dreamblade.table_entries import GAME, KIND

    return {entry.id for entry in panel.table_catalog.entries(GAME, KIND)}


@routes.get("/catalog")
def search_catalog() -> ResponseReturnValue:
    query = request.args.get("q", "").strip()
    if len(query) < 2:
        return jsonify(results=[])
    panel = current_panel()
    found = _catalog(panel).search(query)[:CATALOG_RESULTS]
    entered = _entered_ids(panel)
    return jsonify(results=[_miniature_json(m, entered) for m in found])


@routes.post("/miniatures")
def enter_miniature() -> ResponseReturnValue:
    """Add a miniature missing from the catalog, or fill in the unknown values of one, from what
    is printed on its base; kept in the table catalog as entered by this phone's player."""
    from companion.games.dreamblade.miniature_form import entry_from_form
    from companion.games.dreamblade.table_entries import GAME, KIND

    panel = current_panel()
    who = entered_by(panel)
    described = f"{who.name} (seat {who.seat})" if who.seat else str(who.name)
    try:
        entry = entry_from_form(body(), _catalog(panel), described)
        saved = panel.table_catalog.add(GAME, KIND, entry, who)
    except DataFileError as exc:
        raise refused_entry(exc) from None
    return jsonify(miniature=_miniature_json(_catalog(panel)[saved.id], _entered_ids(panel)))


@routes.post("/warbands")
def save_warband() -> ResponseReturnValue:
    from companion.games.dreamblade.warband import FORMAT, VERSION, warband_from_data

    panel = current_panel()
    if panel.viewer().proposer is None and request.remote_addr not in LOOPBACK_ADDRESSES:
        raise Refused(403, "spectator")
    data = body()
    try:
        warband = warband_from_data(data, _catalog(panel), origin="the warband")
    except DataFileError as exc:
        raise Refused(400, "setup", str(exc)) from None
    folder = _user_warbands(panel)
    folder.mkdir(parents=True, exist_ok=True)
    slug = _slug(warband.name)
    content = {
        "format": FORMAT,
        "version": VERSION,
        "name": warband.name,
        "source": "saved from the phone panel",
        "miniatures": [{"id": mini, "count": count} for mini, count in warband.entries],
    }
    temporary = folder / f"{slug}.tmp"
    temporary.write_text(yaml.safe_dump(content, allow_unicode=True, sort_keys=False), "utf-8")
    temporary.replace(folder / f"{slug}.yaml")
    return jsonify(_offered(f"saved:{slug}", warband, _catalog(panel)))


def setup_options(panel: Panel) -> dict[str, Any]:
    """What the form offers: the maps and their values, the initiative rule, the die's faces, the
    warbands to pick, the keywords and lineages of the miniature form."""
    from companion.games.dreamblade.config_section import dreamblade_section
    from companion.games.dreamblade.miniature_form import keyword_choices

    return {
        "map_values": (map_values := map_choices(panel)),
        "maps": list(map_values),
        "rule_430": dreamblade_section(panel.settings).tournament_rule_430,
        "die_faces": [face.name for face in _die().attack.faces],
        "warbands": saved_warbands(panel),
        "keywords": keyword_choices(),  # what the miniature form offers
        "lineages": sorted({m.lineage for m in _catalog(panel).values() if m.lineage}),
    }
