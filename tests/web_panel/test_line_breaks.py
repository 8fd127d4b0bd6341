"""The long-name check itself, on made-up pages: it catches a word split over two lines and a
name cut off without its title, and passes a name wrapped between words or cut short with one."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from tests.web_panel.browser import PHONE
from tests.web_panel.line_breaks import broken_names

pytestmark = [
    pytest.mark.browser,
]

NAME = "Montgomery Fairweather-Worthington III"


@pytest.mark.parametrize(
    ("style", "title", "problem"),
    [
        ("width: 120px", "", None),  # wraps at the space and the hyphen
        ("width: 120px; word-break: break-all", "", "split over 2 lines"),
        ("width: 60px; overflow-wrap: anywhere", "", "split over 2 lines"),
        ("width: 120px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis", "",
         "hidden past the edge"),
        ("width: 120px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis", NAME,
         None),
        ("width: 120px; white-space: nowrap; overflow-x: auto", NAME, "hidden past the edge"),
        ("width: 120px; white-space: nowrap; margin-left: 330px", "", "edge of the screen"),
    ],
)  # fmt: skip
def test_the_check_reads_the_layout(browser: Browser, style: str, title: str, problem: str | None):
    page = browser.new_page(viewport=PHONE)
    try:
        page.set_content(f'<div title="{title}" style="{style}"><span>{NAME}</span></div>')
        found = broken_names(page, [NAME])
        if problem is None:
            assert found == []
        else:
            assert found and all(problem in line for line in found), found
    finally:
        page.close()
