"""The values a table reads off its printed map for the key cells the shipped default map leaves
unknown, given at set-up through the API or typed into the set-up page."""

from __future__ import annotations

from playwright.sync_api import Page

DEFAULT_MAP_VALUES = {"b2": 1, "c2": 2, "d2": 1, "b3": 2, "d3": 2, "b4": 1, "c4": 2, "d4": 1}


def type_map_values(page: Page) -> None:
    """Fill the set-up page's map values as the players read them from their map."""
    for cell, value in DEFAULT_MAP_VALUES.items():
        page.locator(f'.map-value[data-cell="{cell}"]').fill(str(value))
