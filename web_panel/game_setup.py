"""Setting up a game from the panel: choose the game, the seats' names and colours, the round's
clock, and the game's own part, read by the game's set-up form (its screens' ``setup_form``:
``setup_form``, ``setup_options``, and for a game whose pieces the camera registers
``shown_tags``, for one whose printed map has values its players read ``values_read``; each game's
own requests, its ``routes``, are registered with the panel). Starting it replaces the game at the
table in one store transaction (``Table.start_game``: the seats, the round's clock, the tags shown,
the cards typed and the map values read go with it; an unfinished game is abandoned, and stays in
the store).

Who may set up: ``setup_rights``.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue
from pydantic import ValidationError

from companion.errors import DataFileError
from companion.games import find_kit, kits
from companion.games.ai_seat import LEVELS
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.catalog import EnteredBy, checked_entry
from companion.table.session import Lineup
from companion.table.setup import starting_game
from companion.table.start_request import NewRound, StartRequest
from web_panel.api import Refused, body
from web_panel.game_views import screens_part
from web_panel.other_game_setup import Prepared
from web_panel.panel import Panel, current_panel
from web_panel.setup_rights import require_setup_rights, set_up_refusal
from web_panel.table_catalog_api import refused_entry

if TYPE_CHECKING:
    from companion.camera.reading import TagReading

setup_api = Blueprint("setup", __name__, url_prefix="/api/setup")


# -- who, and the seats ---------------------------------------------------------------------------


def _seats(data: object, current: Mapping[str, SeatSettings]) -> dict[str, SeatSettings]:
    if data is None:
        return dict(current)
    if not isinstance(data, dict):
        raise Refused(400, "setup", "'seats' must map each seat to its name and colour")
    seats = dict(current)
    for seat, value in data.items():
        try:
            seats[str(seat)] = SeatSettings.model_validate(value)
        except ValidationError as exc:
            problem = exc.errors()[0]
            field = ".".join(str(part) for part in problem["loc"])
            raise Refused(400, "setup", f"seat {seat}: {field}: {problem['msg']}") from None
    return seats


# -- the camera's tags, for any game's form ----------------------------------------------------


def _tag_reading(panel: Panel) -> TagReading:
    """How this table reads its tags — the camera loop's own reading (carriers, QR stickers of the
    table's registration, a tournament's seated players' carriers, or the older stickers), made
    again when those labels change."""
    if panel.labels is None:
        from companion.camera.reading import TableReading

        camera = panel.settings.camera
        panel.labels = TableReading(camera.decoder, camera.markers, panel.table.session)
    try:
        return panel.labels.current()
    except DataFileError as exc:
        problem = f"the camera cannot read this table's tags: {exc}"
        raise Refused(404, "no_camera", problem) from None


def foreign_problems(
    foreign: tuple[tuple[int | None, int], ...], conflicts: tuple[tuple[int, int], ...] = ()
) -> list[dict[str, str]]:
    """Other tables' tags the camera shows (older stickers naming no table among them), and tags
    of a key two registrations here share and bind differently."""
    return [
        {"tag": "", "problem": "older_sticker"}
        if key is None
        else {"tag": f"T{key:02d}-{serial}", "problem": "other_table"}
        for key, serial in foreign
    ] + [{"tag": f"T{key:02d}-{serial}", "problem": "shared_key"} for key, serial in conflicts]


def _form(game: str) -> ModuleType | None:
    """The game's set-up form (its screens' ``setup_form``), ``None`` for a game without one."""
    try:
        return screens_part(game, "setup_form")
    except KeyError:
        return None


def map_values_read(game: Game) -> tuple[str, dict[str, int]] | None:
    """The printed map ``game`` plays on (its key) and the values its players read off it so far
    (its form's ``values_read(game)``); ``None`` for a game whose map has no values to read."""
    form = _form(game.name)
    return form.values_read(game) if form is not None and hasattr(form, "values_read") else None


def game_routes() -> list[Blueprint]:
    """Each game's own set-up requests (its form's ``routes``), in the house's order."""
    forms = [_form(kit.name) for kit in kits()]
    return [form.routes for form in forms if form is not None and hasattr(form, "routes")]


def _new_game(panel: Panel, data: dict[str, Any], seats: Mapping[str, SeatSettings]) -> Prepared:
    name = data.get("game")
    if not isinstance(name, str):
        raise Refused(400, "setup", "'game' must name a game")
    try:
        find_kit(name)
    except KeyError as exc:
        raise Refused(400, "setup", str(exc.args[0])) from None
    # the game's form reads its part of the request (``None`` when it is left out: the form may
    # then give ``None``, and the game starts from its ready-made setup)
    form = _form(name)
    prepared = None if form is None else form.setup_form(panel, data.get(name), seats)
    return prepared or Prepared(starting_game(panel.settings.model_copy(update={"game": name})))


# -- routes ---------------------------------------------------------------------------------------


def game_options(panel: Panel) -> dict[str, Any]:
    """What each game's set-up form offers (its ``setup_options(panel)``), by game."""
    found = {}
    for kit in kits():
        form = _form(kit.name)
        if form is not None and hasattr(form, "setup_options"):
            found[kit.name] = form.setup_options(panel)
    return found


@setup_api.get("/options")
def options() -> ResponseReturnValue:
    panel = current_panel()
    seats = panel.seats
    refused = set_up_refusal(panel, request.remote_addr)
    return jsonify(
        may_set_up=refused is None,
        refused=refused,  # why not: the page says so instead of its form
        games=[kit.name for kit in kits()],  # in the house's order: the first is offered first
        current={
            "game": panel.table.read(lambda game: game.name),
            "finished": panel.table.read(lambda game: game.winner() is not None),
            "actions": panel.table.version,
        },
        seats={seat: s.model_dump() for seat, s in seats.items()},
        clock_minutes=panel.settings.clock.round_minutes,
        camera=panel.camera is not None,  # pieces and cards can be registered by showing tags
        # the games the table can play a seat of (its last one, at a level of these)
        computer={"games": [k.name for k in kits() if k.ai is not None], "levels": list(LEVELS)},
        **game_options(panel),
    )


@setup_api.get("/games")
def games() -> ResponseReturnValue:
    """What each game's set-up form offers, by game."""
    return jsonify(game_options(current_panel()))


@setup_api.get("/scan")
def scan_tags() -> ResponseReturnValue:
    """The tags the camera reads in its latest frame, anywhere in it (no calibration needed), as
    the set-up form of the game ``?game=`` names reads them (its ``shown_tags(found, panel)``)."""
    panel = current_panel()
    require_setup_rights(panel)
    form = _form(request.args.get("game", ""))
    if form is None or not hasattr(form, "shown_tags"):
        raise Refused(400, "setup", "'game' must name a game whose form reads tags")
    camera = panel.camera
    if camera is None:
        raise Refused(404, "no_camera")
    snapshot = camera.snapshot()
    if snapshot is None:
        return jsonify(status="no_frame", tags=[], problems=[], unreadable=0)
    import cv2

    from companion.camera.reading import shown_in

    reading = _tag_reading(panel)
    frame = snapshot.frame
    grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    shown = shown_in(reading.reader.read(grey), reading.min_codes)
    answer = form.shown_tags(shown.found, panel)
    answer["problems"].extend(foreign_problems(shown.foreign, shown.conflicts))
    return jsonify(status=snapshot.status, **answer)


@setup_api.post("/new")
def new_game() -> ResponseReturnValue:
    panel = current_panel()
    require_setup_rights(panel)
    remote = panel.table.state()["remote"]
    if remote is not None and remote["role"] == "guest":
        # a remote game's guest table plays the host's game: the host sets up the next one
        raise Refused(409, "remote_guest_setup")
    data = body()
    seats = _seats(data.get("seats"), panel.seats)
    minutes = data.get("clock_minutes", panel.settings.clock.round_minutes)
    if minutes is not None and (not isinstance(minutes, int) or not 1 <= minutes <= 600):
        raise Refused(400, "setup", "'clock_minutes' must be 1 to 600, or null for no clock")
    prepared = _new_game(panel, data, seats)  # everything is checked before anything changes
    computer = _computer(data.get("computer"), prepared.game)
    replaced = panel.table.read(map_values_read)  # what the replaced game's players read
    game = prepared.game
    seat = panel.viewer().seat  # who set it up (before a new lineup unseats them)
    typed_by = EnteredBy(seat, seats[seat].name if seat in seats else None)
    try:  # cards typed once, offered at the next set-up
        entries = tuple(
            checked_entry(game.name, kind, entry, typed_by, time.time())
            for kind, entry in prepared.entries
        )
    except DataFileError as exc:
        raise refused_entry(exc) from None
    panel.table.start_game(
        StartRequest(
            game,
            Lineup.of({s: seats[s].name for s in game.seats if s in seats}),
            seats=seats,
            clock=NewRound(minutes),
            tags={piece: str(tag) for piece, tag in prepared.tags.items()},
            entries=entries,
            # map values typed once too: the replaced game's, then the new one's over them
            map_values=tuple(
                read for read in (replaced, map_values_read(game)) if read and read[1]
            ),
        )
    )
    if computer is None:  # people play it, but for the config's own computer seat
        panel.computer_from_config()
    else:
        panel.release_computers()
        panel.give_to_computer(*computer)
    panel.feed.panel_changed()
    return jsonify(game=game.name, game_id=panel.table.game_id)


def _computer(data: object, game: Game) -> tuple[str, str] | None:
    """The seat the table plays in the new game and at which level (``{"seat", "level"}``; the
    game's last seat when none is named), or ``None``: no seat of the form's."""
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("level") not in LEVELS:
        raise Refused(400, "solo_level", f"'computer.level' must be one of {', '.join(LEVELS)}")
    seat = data.get("seat", game.seats[-1])
    if seat not in game.seats or find_kit(game.name).ai is None:
        raise Refused(400, "solo_unavailable", f"the table cannot play seat {seat!r} of this game")
    return str(seat), str(data["level"])
