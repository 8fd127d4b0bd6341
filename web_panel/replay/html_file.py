"""A replay as one self-contained HTML file: the viewer's page (``templates/replay.html``) with
every script, style and both languages' catalogs written inside it, the replay's frames gzipped
(the page reads them with the browser's DecompressionStream) and the camera's JPEGs as they are
kept (base64). It opens from disk with no server and asks the network for nothing."""

from __future__ import annotations

import base64
import gzip
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

from flask import render_template

from companion.games import find_kit
from web_panel.game_assets import static_folder
from web_panel.i18n import LANGUAGES, catalog, translate

STATIC = Path(str(files("web_panel") / "static"))
SHARED_STYLES = ("panel.css", "games.css", "replay.css")
FIRST_SCRIPTS = ("replay_language.js", "page.js", "panel.js", "games.js")
LAST_SCRIPTS = ("replay_draw.js", "replay.js")
WATCHER = {"seat": None, "judge": False, "judge_enabled": False, "csrf": "", "join_codes": False}


def _inline_script(text: str) -> str:
    """A script's text safe inside ``<script>``: no ``</script`` can end it early."""
    return text.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT")


def _game_files(game: str, suffix: str) -> list[str]:
    folder = static_folder(find_kit(game))
    if folder is None:
        return []
    return [path.read_text(encoding="utf-8") for path in sorted(folder.glob(f"*{suffix}"))]


def replay_html(replay: dict[str, Any], language: str) -> str:
    """The file of ``replay`` (``versions.replay_of``), opening in ``language`` unless its reader's
    browser (or its address, ``#lang=``) asks for the other. Call in a request of the app."""
    frames = {key: value for key, value in replay.items() if key != "pictures"}
    packed = gzip.compress(json.dumps(frames, separators=(",", ":")).encode(), mtime=0)
    styles = [(STATIC / name).read_text(encoding="utf-8") for name in SHARED_STYLES]
    scripts = [(STATIC / name).read_text(encoding="utf-8") for name in FIRST_SCRIPTS]
    scripts += _game_files(replay["game"], ".js")
    scripts += [(STATIC / name).read_text(encoding="utf-8") for name in LAST_SCRIPTS]
    boot = {
        "page": "replay",
        "lang": language,
        "catalogs": {lang: catalog(lang) for lang in LANGUAGES},
        "me": WATCHER,
        "watching": True,
        "replay": {"embedded": True},
    }
    return render_template(
        "replay.html",
        boot=boot,
        title=translate(language, "replay.title"),
        other_language="#",
        exports=None,
        games=[replay["game"]],
        inline={
            "styles": [*styles, *_game_files(replay["game"], ".css")],
            "scripts": [_inline_script(script) for script in scripts],
            "data": base64.b64encode(packed).decode("ascii"),
            "pictures": replay.get("pictures", []),
        },
    )
