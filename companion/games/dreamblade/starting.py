"""The one way to build a Dreamblade game: ``new_game`` (a map, each seat's miniatures, the rules
and the attack die), used by the table's starting game (``configured_game``: the configured map
and initiative rule), the panel's set-up and the scripted demo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.games.dreamblade.config_section import dreamblade_section
from companion.games.dreamblade.dice import DiceData, default_dice
from companion.games.dreamblade.dream_map import DreamMap
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from companion.games.dreamblade.state import Settings as RuleSettings
from companion.settings import Settings


def new_game(
    dream_map: DreamMap,
    warbands: Mapping[str, Sequence[Miniature]],
    rules: RuleSettings | None = None,
    dice: DiceData | None = None,
) -> DreambladeGame:
    """A game on ``dream_map`` between ``warbands`` (each seat's miniatures), under ``rules``,
    with the faces of ``dice``' attack die (by default the table's dice)."""
    faces = [face.name for face in (dice or default_dice()).attack.faces]
    minis = {seat: list(warband) for seat, warband in warbands.items()}
    return DreambladeGame(dream_map, minis, faces, rules or RuleSettings())


def configured_game(
    settings: Settings,
    warbands: Mapping[str, Sequence[Miniature]],
    dream_map: DreamMap | None = None,
) -> DreambladeGame:
    """A game on ``dream_map`` (by default the configured one) and the configured initiative
    rule between ``warbands`` (each seat's miniatures)."""
    from companion.games.dreamblade.maps import map_from_setting

    section = dreamblade_section(settings)
    rules = RuleSettings(rule_430=section.tournament_rule_430)
    if dream_map is None:
        dream_map = map_from_setting(section.map)
    return new_game(dream_map, warbands, rules)
