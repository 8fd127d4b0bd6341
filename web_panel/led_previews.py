"""The LED mirror's scene previews: every game's light scenes — the ones ``companion leds show``
shows (``companion.lights.demo.PREVIEWS``), from the same demonstration positions — drawn through
the virtual LED chain exactly as the mirror shows the live LEDs, for the table screen and the
set-up page to play before they return to the live lights. Reading them changes nothing, so any
page may ask."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Blueprint, jsonify, request
from flask.typing import ResponseReturnValue

from companion.games import kits
from companion.lights.colours import to_hex
from companion.lights.demo import PREVIEWS, preview_colours
from companion.lights.legend import LEGEND
from web_panel.api import Refused
from web_panel.i18n import choose_language
from web_panel.stream import LED_FRAMES_PER_SECOND

led_api = Blueprint("leds", __name__, url_prefix="/api/leds")

PREVIEW_SECONDS = 4.0  # one loop of a preview; the page plays it until it returns to live


def scene_list(language: str) -> list[dict[str, str]]:
    """Every preview, game by game: its name, its game and what it means in ``language``."""
    games = [kit.name for kit in kits()]
    order = sorted(PREVIEWS, key=lambda name: (games.index(PREVIEWS[name].game), name))
    return [
        {"name": name, "game": PREVIEWS[name].game, "legend": LEGEND[language][name]}
        for name in order
    ]


@lru_cache(maxsize=len(PREVIEWS))
def scene_frames(name: str) -> tuple[dict[str, str], ...]:
    """The preview's frames (cell → ``#rrggbb``), the same for every page: drawn once."""
    frames = preview_colours(name, PREVIEW_SECONDS, LED_FRAMES_PER_SECOND)
    return tuple({cell: to_hex(rgb) for cell, rgb in frame.items()} for frame in frames)


@led_api.get("/scenes")
def scenes() -> ResponseReturnValue:
    return jsonify(scenes=scene_list(choose_language(request)))


@led_api.get("/scenes/<name>")
def scene(name: str) -> ResponseReturnValue:
    if name not in PREVIEWS:
        raise Refused(404, "not_found", f"no light scene {name!r}")
    body: dict[str, Any] = {
        "name": name,
        "game": PREVIEWS[name].game,
        "layout": PREVIEWS[name].layout,
        "fps": LED_FRAMES_PER_SECOND,
        "frames": list(scene_frames(name)),
    }
    return jsonify(body)
