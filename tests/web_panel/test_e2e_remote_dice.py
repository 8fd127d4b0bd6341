"""End to end in a real browser: the shared virtual dice between two tables (each run as
``companion run`` runs it, linked through the generated TLS broker). The guest's player taps
"Roll for me" on their phone; the host's dice roll; the host's player sees the same dice in their
log. In English and Japanese, each table's page at a phone's size and at a laptop's."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from tests.companion.app.remote_tables import Phone, dreamblade_runtime
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.tables import remote_broker_section, stop_table
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]

STRIKE_DICE = DEMO_ACTIONS.index("dice 2,3,3,blade")  # seat B's attack dice in turn 3
LOCALES = {"en": "en-US", "ja": "ja-JP"}


def _seated(browser: Browser, base: str, seat: str, lang: str, laptop: bool) -> Page:
    link = Phone(base, seat).get(f"/api/join/{seat}")["url"]  # the table screen's join link
    page = new_phone(
        browser,
        base,
        LOCALES[lang],
        laptop=laptop,
        at=base + "/join/" + link.rsplit("/join/", 1)[1],
    )
    return page


@pytest.mark.parametrize(("lang", "guest_laptop"), [("en", False), ("ja", True)])
def test_the_guests_roll_is_the_hosts_dice_and_both_tables_show_it(
    browser: Browser, tmp_path: Path, lang: str, guest_laptop: bool
):
    with remote_broker_section(tmp_path) as remote:
        host = dreamblade_runtime(tmp_path / "host", remote, STRIKE_DICE)
        guest = dreamblade_runtime(tmp_path / "guest", None, 0)
        try:
            guest.start_remote().join(host.start_remote().invite())
            assert wait_for(lambda: guest.table.version == host.table.version, 20)
            assert wait_for(lambda: host.table.held is None and guest.table.held is None)
            assert host.panel_url is not None and guest.panel_url is not None
            version = host.table.version
            roller = _seated(browser, guest.panel_url, "B", lang, guest_laptop)
            watcher = _seated(browser, host.panel_url, "A", lang, not guest_laptop)
            wait_for_version(roller, version)
            wait_for_version(watcher, version)
            roller.locator("#dice-roll").click()
            wait_for_version(roller, version + 1)
            wait_for_version(watcher, version + 1)
            rolled = host.table.log()[-1]
            assert rolled["seat"] == "B" and rolled["action"].startswith("dice ")
            assert guest.table.log()[-1]["action"] == rolled["action"]
            dice_label = translate(lang, "action.dice", faces="").strip()
            said = roller.locator("#toast")
            expect(said).to_contain_text(translate(lang, "dice.rolled", roll="").strip())
            faces = said.inner_text().split(dice_label, 1)[1].strip()
            for page in (roller, watcher):
                expect(page.locator("#log li").first).to_contain_text(faces)
                assert_no_internal_ids(page)
            size = "laptop" if guest_laptop else "phone"
            screenshot(roller, f"remote-roll-guest-{lang}-{size}")
            screenshot(watcher, f"remote-roll-host-{lang}")
        finally:
            stop_table(guest)
            stop_table(host)
