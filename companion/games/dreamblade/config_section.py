"""Dreamblade's own section of the table config (``dreamblade:``): the map the table plays on and
tournament rule 4.30. The kit declares it (``GameKit.settings_section``), the config's loader
checks it (``companion.settings.load_settings``) and the game reads it here."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from companion.settings import Settings

NAME = "dreamblade"  # the section's name in the config: the game's


class DreambladeSection(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    map: str | dict[str, Any] = "default"  # a built-in map's name, or a map written out
    tournament_rule_430: bool = False


def dreamblade_section(settings: Settings) -> DreambladeSection:
    """The config's ``dreamblade:`` section (its defaults when there is none)."""
    return settings.game_section(NAME, DreambladeSection)
