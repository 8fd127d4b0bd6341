"""End to end: at check-in the organizer gives players' label registrations (their own carriers)
on the organizer page, in headless Chromium at phone and laptop sizes, in English and Japanese: a
corrupt file is refused in the page's language and changes nothing, two players of one key are
warned about with a free key, and a reprinted sheet given later clears the warning."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.hub.tournament import Tournament
from tests.companion.hub.test_player_labels import sheet
from tests.web_panel.browser import screenshot
from tests.web_panel.hub.test_e2e_hub import SIZES, hub_server, open_page  # noqa: F401
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]

TEXT = {
    "en-US": {
        "labels": "own carriers, key 4 (1)", "corrupt": "This label registration can't be used:",
        "clashes": "Carriers printed with the same key",
    },
    "ja-JP": {
        "labels": "自前のキャリア・キー 4（1 個）", "corrupt": "このラベル登録は使えません",
        "clashes": "同じキーで印刷されたキャリア",
    },
}  # fmt: skip


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", TEXT)
def test_check_in_with_a_label_registration_and_a_shared_key(
    browser: Browser,
    hub_server: PanelServer,  # noqa: F811
    tournament: Tournament,
    tmp_path: Path,
    size: str,
    language: str,
):
    files = {"ann": sheet(4), "ben": sheet(4, "aruco4x4", "Z12"), "reprint": sheet(1)}
    files["corrupt"] = "family: aruco4x4\nkey: 4\nserials: ["
    for name, text in files.items():
        (tmp_path / f"{name}.markers.yaml").write_text(text)
    page, errors = open_page(browser, hub_server.url + "/", size, language)
    text = TEXT[language]

    def check_in(name: str, labels: str) -> None:
        page.locator("#checkin-name").fill(name)
        page.locator("#checkin-labels").set_input_files(str(tmp_path / f"{labels}.markers.yaml"))
        page.locator("#checkin button[type=submit]").click()

    check_in("Ann", "ann")
    expect(page.locator("#players li")).to_have_count(1)
    expect(page.locator("#players li .labels")).to_have_text(text["labels"])
    expect(page.locator("#checkin-labels")).to_have_value("")
    check_in("Ben", "corrupt")
    expect(page.locator("#toast")).to_contain_text(text["corrupt"])
    assert [p.name for p in tournament.state.players.values()] == ["Ann"]
    expect(page.locator("#clashes-card")).to_be_hidden()

    page.locator("#checkin-labels").set_input_files([])
    check_in("Ben", "ben")
    expect(page.locator("#players li")).to_have_count(2)
    expect(page.locator("#clashes-card h2")).to_have_text(text["clashes"])
    clash = page.locator("#label-clashes li")
    expect(clash).to_contain_text("--key 1")
    expect(clash).to_contain_text("Ann")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], "the page is wider than the screen"
    screenshot(page, f"hub-carriers-{size}-{language}")

    # Ben reprinted his sheet with --key 1: the organizer gives the new registration
    ben = page.locator("#players li").nth(1)
    ben.locator(".labels-file").set_input_files(str(tmp_path / "reprint.markers.yaml"))
    expect(page.locator("#clashes-card")).to_be_hidden()
    expect(ben.locator(".labels")).to_contain_text("1")
    assert tournament.label_clashes() == []
    # the browser logs the refused request itself (400); nothing else may be logged
    assert len(errors) == 1 and "400" in errors[0], errors
