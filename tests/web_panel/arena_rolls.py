"""Entering Arena's d20 rolls for the first player on a phone (seed 003), as a player types the
result of a real die, and the roll's winner taking the first turn (a duel)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web_panel.browser import wait_for_version


def type_d20(phone: Page, result: int, version: int) -> None:
    """Type ``result`` into the d20 entry, send it, and wait for the table's ``version``."""
    phone.locator('.og-counter[data-key="d20"] input').fill(str(result))
    phone.locator("#ar-d20-send").click()
    wait_for_version(phone, version)


def take_first_turn(phone: Page, version: int) -> None:
    """The duel's d20 winner takes the first turn; wait for the table's ``version``."""
    phone.locator("#ar-first-self").click()
    wait_for_version(phone, version)
