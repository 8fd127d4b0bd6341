"""End to end: every screen says why. On a phone (390×844, English) and a laptop (1280×800,
Japanese): the card of a Bolstered miniature gives its defense now and why, a missing Strike says
why in one line, the fight list ends with a plain Pass (never starts with "Done"), each scoring
cell says why it is claimed or not, and the score toward 6 turn wins is on screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.dreamblade.builders import at, creature
from tests.web_panel.browser import new_phone, screenshot, wait_for_version
from tests.web_panel.conftest import join_url
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve

pytestmark = [
    pytest.mark.browser,
]

HERO = creature("hero", power=4, defense=9, life=9)
GLORIOUS = creature("glorious", defense=3, life=6, lineage="Janus", abilities=["Bolster Janus 2"])
KNIGHT = creature("knight", defense=6, life=8, lineage="Janus")


def _served(tmp_path: Path, settings: Settings, zones: dict[str, str], **moment: object):
    game = at([HERO], [GLORIOUS, KNIGHT], zones, **moment)  # type: ignore[arg-type]
    table = Table.start(Store(tmp_path / f"db-{len(list(tmp_path.iterdir()))}.sqlite3"), game)
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    return app, serve(app, "127.0.0.1", 0).start_in_thread()


@pytest.fixture
def served(tmp_path: Path, settings: Settings) -> Iterator[object]:
    running: list[tuple[Flask, object]] = []

    def start(zones: dict[str, str], **moment: object) -> tuple[Flask, str]:
        app, server = _served(tmp_path, settings, zones, **moment)
        running.append((app, server))
        return app, server.url

    yield start
    for _, server in running:
        server.stop()  # type: ignore[attr-defined]


APART = {"A:hero#1": "a1", "B:glorious#1": "e5", "B:knight#1": "c3"}
TEXTS = {
    "en": {
        "why": "Strike: none of your creatures is engaged",
        "defense": "Defense 8 (6 printed, +2 Bolster from Glorious)",
        "damage": "Damage now 0: disrupted at 8 (its defense), destroyed at 8 (its life)",
        "wins": "Turn wins (first to 6)",
        "bolster": "Your other creatures of the Janus kind get +2 defense",
        "pass": "Pass: fight no more this phase",
        "threshold": "Knight: disrupted at 8 damage (its defense), destroyed at 8 (its life)",
        "contested": "Nobody claims c3 (",
        "held": "claims d3 (",
        "empty": "Nobody claims b2 (",
    },
    "ja": {
        "why": "ストライク：交戦中のクリーチャーがいません",
        "defense": "ディフェンス：8（印刷値 6、GloriousのBolsterで+2）",
        "damage": "現在のダメージ 0：8で混乱（ディフェンス）、8で破壊（ライフ）",
        "wins": "ターン勝利（先に6勝で勝ち）",
        "bolster": "ほかのJanusのクリーチャーのディフェンスが+2",
        "pass": "パス：このフェイズはもう戦わない",
        "threshold": "Knight：ダメージ8で混乱（ディフェンス）、8で破壊（ライフ）",
        "contested": "c3（",
        "held": "がd3（",
        "empty": "b2（",
    },
}


# the screens: a phone in English, a laptop in Japanese (their pages' names)
SCREENS = {"phone-en": ("en", False), "laptop-ja": ("ja", True)}


def _seated_everywhere(browser: Browser, app: Flask, url: str, seat: str) -> dict[str, Page]:
    """``seat``'s page on each of ``SCREENS``, opened at once."""
    phones = {
        size: new_phone(
            browser,
            url,
            language="en-US" if lang == "en" else "ja-JP",
            laptop=laptop,
            at=url + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
        )
        for size, (lang, laptop) in SCREENS.items()
    }
    for phone in phones.values():
        wait_for_version(phone, 0)
    return phones


def test_each_screen_says_why(browser: Browser, served):
    """Each moment is served once and shown on both screens at once."""
    # seat A's action phase: its hero is alone, so Strike is missing, and the phone says why
    app, url = served(APART)
    phones = _seated_everywhere(browser, app, url, "A")
    for size, phone in phones.items():
        said = TEXTS[SCREENS[size][0]]
        expect(phone.locator("#pending .why-not")).to_contain_text(said["why"])
        expect(phone.locator("#status")).to_contain_text(said["wins"])
        # the Bolstered knight's card: its defense now, and why
        phone.locator('.db-mini[data-mini="B:knight#1"]').click()
        card = phone.locator("#mini-info")
        expect(card.locator('[data-stat="defense"]')).to_have_text(said["defense"])
        expect(card.locator('[data-stat="damage"]')).to_have_text(said["damage"])
        screenshot(phone, f"why-bolstered-card-{size}")
        assert_no_internal_ids(phone)
        card.locator("button").click()
        phone.locator('.db-mini[data-mini="B:glorious#1"]').click()
        expect(phone.locator("#mini-info .abilities")).to_contain_text(said["bolster"])
        phone.locator("#mini-info button").click()
        screenshot(phone, f"why-strike-missing-{size}")

    # seat A strikes: the cells to fight in come first, a plain Pass last
    app, url = served({**APART, "A:hero#1": "c3"}, mode="strike")
    phones = _seated_everywhere(browser, app, url, "A")
    for size, phone in phones.items():
        said = TEXTS[SCREENS[size][0]]
        buttons = phone.locator("#pending .controls button.choice")
        expect(buttons.last).to_have_text(said["pass"])
        assert buttons.count() >= 2
        assert buttons.first.inner_text() not in ("Done", "完了", said["pass"])
        screenshot(phone, f"why-pass-{size}")
        assert_no_internal_ids(phone)
    # the hero's 4 damage to split: each target says the damage that disrupts and destroys it
    table = app.extensions["panel"].table
    table.submit(JUDGE, "cell c3")
    table.submit(JUDGE, "dice 3,1,miss,miss")
    for size, phone in phones.items():
        said = TEXTS[SCREENS[size][0]]
        wait_for_version(phone, 2)
        threshold = phone.locator('#pending .db-threshold[data-mini="B:knight#1"]')
        expect(threshold).to_have_text(said["threshold"])
        screenshot(phone, f"why-damage-thresholds-{size}")
        assert_no_internal_ids(phone)

    # the conquest: each scoring cell, claimed or not, and why
    zones = {"A:hero#1": "c3", "B:knight#1": "c3", "B:glorious#1": "d3"}
    app, url = served(zones, phase="conquest", seat=None)
    phones = _seated_everywhere(browser, app, url, "B")
    for size, phone in phones.items():
        said = TEXTS[SCREENS[size][0]]
        claims = phone.locator("#pending .claim")
        expect(claims.and_(phone.locator('[data-cell="c3"]'))).to_contain_text(said["contested"])
        expect(claims.and_(phone.locator('[data-cell="d3"]'))).to_contain_text(said["held"])
        expect(claims.and_(phone.locator('[data-cell="b2"]'))).to_contain_text(said["empty"])
        expect(phone.locator("#status")).to_contain_text(said["wins"])
        screenshot(phone, f"why-claims-{size}")
        assert_no_internal_ids(phone)
