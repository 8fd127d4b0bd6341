"""Entering Arena's d20 rolls for the first player on a phone (seed 003), as a player types the
result of a real die."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web_panel.browser import wait_for_version


def type_d20(phone: Page, result: int, version: int) -> None:
    """Type ``result`` into the d20 entry, send it, and wait for the table's ``version``."""
    phone.locator('.og-counter[data-key="d20"] input').fill(str(result))
    phone.locator("#ar-d20-send").click()
    wait_for_version(phone, version)
