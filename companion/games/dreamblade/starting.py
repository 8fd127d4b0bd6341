"""The game a table starts with: the configured map and initiative rule between two warbands."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.dreamblade import demo_game
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from companion.settings import Settings


def configured_game(
    settings: Settings, warbands: Mapping[str, Sequence[Miniature]] | None = None
) -> DreambladeGame:
    """A game on the configured map and initiative rule between ``warbands`` (each seat's
    miniatures; by default the demo's two small warbands, whose stats are all known)."""
    from companion.games.dreamblade.catalog import default_catalog
    from companion.games.dreamblade.dice import default_dice
    from companion.games.dreamblade.maps import map_from_setting
    from companion.games.dreamblade.state import Settings as RuleSettings

    if warbands is None:
        catalog = default_catalog()
        warbands = {
            seat: [catalog[m] for m in minis] for seat, minis in demo_game.DEMO_WARBANDS.items()
        }
    faces = [face.name for face in default_dice().attack.faces]
    rules = RuleSettings(rule_430=settings.dreamblade.tournament_rule_430)
    minis = {seat: list(warband) for seat, warband in warbands.items()}
    return DreambladeGame(map_from_setting(settings.dreamblade.map), minis, faces, rules)
