"""The replay viewer in Chromium: a whole Dreamblade game (145 actions, one taken back, one move
the camera saw) is played at a served panel while two spectator phones (English and Japanese)
watch it live; at every version their board, status and view are kept. The viewer (390×844 and
1280×800, EN and JA) then steps through the recorded game forward to its winner and back to its
start and, at every version, shows the same board and status as the live phone of its language
did (compared as DOM, the LED mirror's glow aside: the live table had no lights, the viewer lights
the cells of each version's LED scene, checked against it) and the same view data. The exported
HTML file, opened from disk with every network request refused, plays the same game; an export
file opened on the panel does too; the table screen's history opens the viewer."""

from __future__ import annotations

import re
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.games.dreamblade.demo_game import DEMO_GAME
from tests.web_panel.browser import JS_ERRORS, LAPTOP, PHONE, new_phone, screenshot, watch_errors
from tests.web_panel.replay.conftest import CAMERA_AT, play, played_game
from web_panel import serve

GLOW = re.compile(r"\s*box-shadow:[^;\"]*;?")
EMPTY_STYLE = re.compile(r' style=""')
CAPTURE = """() => ({
  version: Number(document.body.dataset.version),
  board: document.getElementById('board').innerHTML,
  status: document.getElementById('status').innerHTML,
  view: (({pending, winner, extra, log, seats}) => ({pending, winner, extra, log, seats}))(
    Panel.state.view),
  lit: [...document.querySelectorAll('#board .db-cell')].filter((c) => c.style.boxShadow)
    .map((c) => c.dataset.cell).sort(),
})"""


@dataclass
class Recorded:
    url: str
    game_id: int
    live: dict[str, dict[int, dict[str, Any]]]  # language → version → what its phone showed
    export_html: bytes
    export_json: bytes


def _phone(browser: Browser, url: str, locale: str, errors: list[str]) -> Page:
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(url + "/")
    return page


@pytest.fixture(scope="module")
def recorded(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Recorded]:
    game = played_game(tmp_path_factory.mktemp("replay_e2e"), ())
    running = serve(game.app, "127.0.0.1", 0).start_in_thread()
    errors: list[str] = []
    pages = {
        lang: _phone(browser, running.url, locale, errors)
        for lang, locale in (("en", "en-US"), ("ja", "ja-JP"))
    }
    live: dict[str, dict[int, dict[str, Any]]] = {lang: {} for lang in pages}

    def keep(version: int) -> None:
        for lang, page in pages.items():
            expect(page.locator("body")).to_have_attribute("data-version", str(version))
            live[lang][version] = page.evaluate(CAPTURE)

    keep(0)
    play(game, DEMO_GAME, after=keep)
    for page in pages.values():
        page.context.close()
    assert not errors, errors
    exports = {}
    for kind in ("html", "json"):
        with urllib.request.urlopen(
            f"{running.url}/api/replay/{game.table.game_id}/export.{kind}"
        ) as r:
            exports[kind] = r.read()
    yield Recorded(running.url, game.table.game_id, live, exports["html"], exports["json"])
    running.stop()
    game.app.extensions["panel"].close()


def _unlit(html: str) -> str:
    """A board's HTML without the LED mirror's glow (and the style attribute it alone set)."""
    return EMPTY_STYLE.sub("", GLOW.sub("", html))


def _difference(shown: str, live: str) -> str:
    """Where two texts first differ, with some context, for the failure message."""
    at = next((i for i, (a, b) in enumerate(zip(shown, live, strict=False)) if a != b), 0)
    return f"viewer …{shown[at - 80 : at + 120]}… live …{live[at - 80 : at + 120]}…"


# What the viewer shows, with the cells its version's LED scene lights
SHOWN = (
    "() => { const shown = (" + CAPTURE + ")(); shown.leds = "
    "Object.keys(ReplayViewer.replay.frames[shown.version].leds).sort(); return shown; }"
)
# Steps the viewer by its own buttons ``count`` times (forward, or back when negative) and keeps
# what it shows after each step: the buttons are pressed in the page, where a step draws at once,
# so a whole game's walk is one call to the browser instead of a few hundred
WALK = """(count) => {
  const shown = SHOWN;
  const button = document.getElementById(count > 0 ? 'replay-forward' : 'replay-back');
  const seen = [];
  for (let i = 0; i < Math.abs(count); i++) {
    button.click();
    seen.push(shown());
  }
  return seen;
}""".replace("SHOWN", SHOWN)


def _same_as_live(shown: dict[str, Any], recorded: Recorded, lang: str, version: int) -> None:
    live = recorded.live[lang][version]
    assert shown["version"] == version
    board, live_board = _unlit(shown["board"]), _unlit(live["board"])
    assert board == live_board, f"board at {version}: {_difference(board, live_board)}"
    assert shown["status"] == live["status"], f"status at {version}"
    for key in ("pending", "winner", "extra", "seats"):
        assert shown["view"][key] == live["view"][key], f"{key} at {version}"
    assert shown["view"]["log"] == live["view"]["log"], f"log at {version}"
    assert shown["lit"] == shown["leds"], f"LEDs at {version}"


def _shown(page: Page) -> dict[str, Any]:
    shown: dict[str, Any] = page.evaluate(SHOWN)
    return shown


def _open(browser: Browser, url: str, locale: str = "en-US", *, laptop: bool = False) -> Page:
    """``url`` in a new browser at a phone's or a laptop's size (``new_phone``'s, at any page)."""
    page = new_phone(browser, "about:blank#", locale, laptop=laptop)
    page.goto(url)
    return page


def _step_through(page: Page, recorded: Recorded, lang: str) -> None:
    """Forward from the start to the winner and back, comparing every version with the live
    phone's: the first steps each way by a tap on the button, the rest by the page's own."""
    last = max(recorded.live[lang])
    _same_as_live(_shown(page), recorded, lang, 0)
    for version in (1, 2):
        page.click("#replay-forward")
        _same_as_live(_shown(page), recorded, lang, version)
    for version, shown in enumerate(page.evaluate(WALK, last - 2), start=3):
        _same_as_live(shown, recorded, lang, version)
    expect(page.locator("#replay-forward")).to_be_disabled()
    page.click("#replay-back")
    _same_as_live(_shown(page), recorded, lang, last - 1)
    for version, shown in zip(
        range(last - 2, -1, -1), page.evaluate(WALK, -(last - 1)), strict=True
    ):
        _same_as_live(shown, recorded, lang, version)
    expect(page.locator("#replay-back")).to_be_disabled()


@pytest.mark.parametrize("laptop", [False, True], ids=["phone", "laptop"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_viewer_steps_through_the_whole_game_as_the_phones_saw_it(
    browser: Browser, recorded: Recorded, lang: str, laptop: bool
):
    locale = "en-US" if lang == "en" else "ja-JP"
    page = _open(browser, f"{recorded.url}/replay/{recorded.game_id}", locale, laptop=laptop)
    expect(page.locator("#replay-game")).to_be_visible()
    assert page.viewport_size == (LAPTOP if laptop else PHONE)
    _step_through(page, recorded, lang)
    # the camera's move: its action, its before/after crops
    page.locator("#replay-slider").fill(str(CAMERA_AT + 1))
    expect(page.locator("body")).to_have_attribute("data-version", str(CAMERA_AT + 1))
    expect(page.locator("#replay-move .pictures img.before")).to_have_count(1)
    expect(page.locator("#replay-move .pictures img.after")).to_have_js_property("complete", True)
    words = {"en": "Action", "ja": "手目"}[lang]
    expect(page.locator("#replay-position")).to_contain_text(words)
    screenshot(page, f"replay-{lang}-{'laptop' if laptop else 'phone'}")
    page.keyboard.press("End")
    expect(page.locator(".winner")).to_be_visible()
    expect(page.locator("#replay-claims .claim").first).to_be_visible()


def test_the_exported_file_plays_the_same_game_from_disk_offline(
    browser: Browser, recorded: Recorded, tmp_path: Path
):
    path = tmp_path / "game.html"
    path.write_bytes(recorded.export_html)
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    asked: list[str] = []

    def refuse(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    context.route("**/*", refuse)
    page = watch_errors(context.new_page())
    page.goto(path.as_uri())
    expect(page.locator("#replay-game")).to_be_visible()
    _step_through(page, recorded, "en")
    assert asked == []
    page.locator("#replay-slider").fill(str(CAMERA_AT + 1))
    expect(page.locator("#replay-move .pictures img.before")).to_have_js_property("complete", True)
    assert page.locator("#replay-move .pictures img.before").evaluate("i => i.naturalWidth") > 0
    screenshot(page, "replay-file-en-phone")
    page.goto(path.as_uri() + "#lang=ja")
    expect(page.locator("#replay-position")).to_contain_text("手目")
    context.close()
    assert not JS_ERRORS


def test_an_export_file_opened_on_the_panel_plays_and_a_wrong_file_is_refused_in_japanese(
    browser: Browser, recorded: Recorded, tmp_path: Path
):
    exported = tmp_path / "game.json"
    exported.write_bytes(recorded.export_json)
    page = _open(browser, f"{recorded.url}/replay", "ja-JP")
    page.set_input_files("#replay-file", str(exported))
    expect(page.locator("#replay-game")).to_be_visible()
    page.keyboard.press("End")
    last = max(recorded.live["ja"])
    _same_as_live(_shown(page), recorded, "ja", last)
    page.locator("#replay-slider").fill(str(CAMERA_AT + 1))
    expect(page.locator("#replay-move .pictures img.after")).to_have_count(1)
    wrong = tmp_path / "notes.json"
    wrong.write_text('{"format": "dreamblade-record"}', encoding="utf-8")
    page.set_input_files("#replay-file", str(wrong))
    expect(page.locator("#replay-error")).to_have_text(
        "このファイルはコンパニオンが保存した対局ではありません。"
    )


def test_the_table_screens_history_opens_the_viewer(browser: Browser, recorded: Recorded):
    page = _open(browser, f"{recorded.url}/table", laptop=True)
    game = page.locator(f'#history-list li[data-game="{recorded.game_id}"]')
    expect(game).to_contain_text("Player A won")
    game.get_by_role("link").click()
    expect(page).to_have_url(f"{recorded.url}/replay/{recorded.game_id}")
    expect(page.locator("#replay-position")).to_have_text(f"Action 0 of {max(recorded.live['en'])}")
    expect(page.locator("#export-html")).to_have_attribute("download", "")
