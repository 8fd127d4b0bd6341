"""The panel's languages: English and Japanese message catalogs, and picking one per request.

A phone's language is, in order: the ``lang`` cookie set by the toggle, else the best match of its
``Accept-Language`` header, else English. Catalogs are flat YAML files (``messages/en.yaml``,
``messages/ja.yaml``) with the same keys; a message may name fields in braces (``{seat}``), and
a count's word by its field: ``{n:hit|hits}`` is the first word for exactly 1, the second for any
other number (``static/page.js`` reads it the same way). Each
game's own words are its screens' package data (``<game>/screens/messages/<language>.yaml``,
``GameKit.screens``), merged in: a game's key the panel's catalog or another game's already has
is refused, naming the file.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion.errors import DataFileError
from companion.yaml_files import read_yaml_mapping

if TYPE_CHECKING:
    from flask import Request  # the catalogs themselves load no Flask (``companion rules``)

LANGUAGES = ("en", "ja")
DEFAULT_LANGUAGE = "en"
LANG_COOKIE = "lang"
_MESSAGES_DIR = Path(__file__).parent / "messages"
PLURAL = re.compile(r"\{(\w+):([^{}|]*)\|([^{}]*)\}")


@cache
def catalog(language: str) -> dict[str, str]:
    """The messages of ``language`` (one of ``LANGUAGES``), read once."""
    if language not in LANGUAGES:
        raise KeyError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    path = _MESSAGES_DIR / f"{language}.yaml"
    data = _read(path)
    for game_path in _game_catalogs(language):
        words = _read(game_path)
        clash = sorted(set(words) & set(data))
        if clash:
            raise DataFileError(game_path, clash[0], "a key no other catalog has")
        data |= words
    return data


def _read(path: Path) -> dict[str, str]:
    data = read_yaml_mapping(path)
    if not all(isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
        raise DataFileError(path, "", "a flat mapping of message keys to texts")
    return data


def _game_catalogs(language: str) -> list[Path]:
    """The games' own catalogs of ``language`` (their screens' ``messages/``), in the house's
    order."""
    from importlib.resources import files

    from companion.games import kits

    found = []
    for kit in kits():
        if kit.screens is not None:
            path = Path(str(files(kit.screens) / "messages" / f"{language}.yaml"))
            if path.is_file():
                found.append(path)
    return found


def choose_language(request: Request) -> str:
    chosen = request.cookies.get(LANG_COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT_LANGUAGE


def translate(language: str, key: str, **fields: object) -> str:
    """The message ``key`` in ``language`` with its fields filled in; the key itself if unknown."""
    text = catalog(language).get(key)
    if text is None:
        return key
    return counted(text, fields).format(**fields) if fields else text


def counted(text: str, fields: dict[str, object]) -> str:
    """``text`` with each count's word chosen by its field (``{n:hit|hits}``: 1 hit, 3 hits)."""

    def word(match: re.Match[str]) -> str:
        name, one, other = match.groups()
        if name not in fields:
            return match.group(0)
        try:
            return one if float(str(fields[name])) == 1 else other
        except ValueError:
            return other

    return PLURAL.sub(word, text)


def render_in(language: str, template: str, **context: object) -> str:
    """``template`` rendered for a page in ``language``: its ``lang`` and its ``t(key, …)``."""
    from flask import render_template

    return render_template(
        template,
        lang=language,
        t=lambda key, **fields: translate(language, key, **fields),
        **context,
    )
