"""The judge's tools for Dreamblade, as its kit offers them (``GameKit.judge``): the position
editor, the rules questions and the engine to ask them of, the dice and maps an empty position is
made from, the catalog edits name miniatures from, and the ``companion judge`` commands' helpers."""

from companion.games.dreamblade import questions
from companion.games.dreamblade.catalog import default_catalog
from companion.games.dreamblade.config_section import dreamblade_section
from companion.games.dreamblade.dice import default_dice
from companion.games.dreamblade.editor import EditError, PositionEditor
from companion.games.dreamblade.game import DreambladeGame as Game
from companion.games.dreamblade.maps import map_from_setting
from companion.games.dreamblade.rules_cli import read_json, rules
from companion.settings import Settings

RECORD_FORMAT = "dreamblade-record"

__all__ = [
    "RECORD_FORMAT",
    "EditError",
    "Game",
    "PositionEditor",
    "default_catalog",
    "default_dice",
    "empty_position",
    "map_from_setting",
    "questions",
    "read_json",
    "rules",
]


def empty_position(settings: Settings) -> PositionEditor:
    """An empty position on the table's configured map, with the standard attack die."""
    faces = tuple(face.name for face in default_dice().attack.faces)
    return PositionEditor.empty(map_from_setting(dreamblade_section(settings).map), faces)
