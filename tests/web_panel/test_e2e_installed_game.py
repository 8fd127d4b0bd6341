"""End to end, a game installed as its own package: Pebbles (``tests/_files/pebbles``, a tiny
two-seat game written for this test, with its own ``pyproject.toml`` declaring the entry point
``companion.games: pebbles``) is pip-installed into a folder of its own, and ``companion run`` and
the hub's pages are started in their own processes with that folder on their path. No file of the
companion names it: the set-up page offers it, the table screen previews its light scene, two
phones (390×844, one in Japanese) play it to its winner with its own script, styles and words,
and the hub's event settings offer it as the event's game."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import textwrap
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web_panel.browser import (
    new_phone,
    scan_join_code,
    screenshot,
    wait_for_version,
)
from tests.web_panel.test_e2e_real_table import CompanionRun, _free_port

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
]

PACKAGE = Path(__file__).resolve().parents[1] / "_files" / "pebbles"
HUB = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    from werkzeug.serving import make_server

    from companion.hub.journal import Journal
    from companion.hub.tournament import Tournament
    from web_panel.hub.app import create_hub_app

    data, port = Path(sys.argv[1]), int(sys.argv[2])
    tournament = Tournament(Journal(data / "hub.sqlite3"))
    app = create_hub_app(tournament, None, secret_key="pebbles-hub", data_dir=data)
    server = make_server("127.0.0.1", port, app, threaded=True)
    print("ready", flush=True)
    server.serve_forever()
    """
)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package, installed by pip (its wheel built from its own pyproject) into a folder the
    companion's processes find on their path."""
    site = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("source") / "pebbles"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("__pycache__"))  # built there
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site),
         str(source)],
        check=True,
        timeout=300,
    )  # fmt: skip
    assert any(site.glob("companion_pebbles-*.dist-info/entry_points.txt"))
    return site


@pytest.fixture
def table(installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("PYTHONPATH", str(installed))
    run = CompanionRun(tmp_path / "table", _free_port())
    run.start()
    yield run.table_url
    run.kill()


@pytest.fixture
def hub(installed: Path, tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    data = tmp_path / "hub"
    data.mkdir()
    env = {**os.environ, "PYTHONPATH": str(installed)}
    process = subprocess.Popen(
        [sys.executable, "-c", HUB, str(data), str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.strip() == "ready", line + (process.stdout.read() if process.poll() else "")
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url + "/api/event", timeout=2).close()
            break
        except OSError:
            time.sleep(0.1)
    yield url
    process.kill()
    process.wait(timeout=10)


def _take(phone: Page, n: int, label: str) -> None:
    button = phone.locator(f'button[data-action="take {n}"]')
    expect(button).to_have_text(label)
    button.click()


def test_an_installed_game_is_set_up_previewed_and_played_to_its_winner(
    browser: Browser, table: str
):
    # the table screen's New game button
    screen = new_phone(browser, table, laptop=True, at=table + "/setup?from=table")
    game = screen.locator("#setup-game")
    expect(game.locator('option[value="pebbles"]')).to_have_text("Pebbles")
    game.select_option("pebbles")
    expect(screen.locator("#setup-dreamblade")).to_be_hidden()
    screen.locator('fieldset.seat[data-seat="A"] .seat-name').fill("Aiko")
    screen.locator('fieldset.seat[data-seat="B"] .seat-name').fill("Ben")
    screenshot(screen, "installed-game-setup")
    screen.locator("#setup-start").click()
    expect(screen).to_have_url(table + "/table")

    # the table screen previews the game's own light scene, named in its own words
    picker = screen.locator("#leds-scene")
    expect(picker.locator('optgroup[label="Pebbles"] option')).to_have_text("Pebbles: the pile")
    picker.select_option("pebbles_pile")
    expect(screen.locator(".leds-grid")).to_have_attribute("data-showing", "pebbles_pile")
    expect(screen.locator(".leds-legend")).to_contain_text("each seat's pebbles glow in its colour")
    screenshot(screen, "installed-game-led-preview")

    paths = {seat: scan_join_code(screen, seat) for seat in ("A", "B")}
    aiko = new_phone(browser, table, at=table + paths["A"])
    ben = new_phone(browser, table, "ja-JP", at=table + paths["B"])
    for phone in (aiko, ben):
        wait_for_version(phone, 0)
        expect(phone.locator(".pebbles-stone")).to_have_count(7)  # its board, drawn by its script
    expect(aiko.locator(".status")).to_contain_text("Pile 7")
    expect(ben.locator(".status")).to_contain_text("山 7")
    expect(aiko.locator("#pending")).to_contain_text("Take pebbles")
    # its styles are served: a stone is round
    expect(aiko.locator(".pebbles-stone").first).to_have_css("border-radius", "50%")
    screenshot(aiko, "installed-game-phone-a")

    _take(aiko, 2, "Take 2")
    wait_for_version(ben, 1)
    screenshot(ben, "installed-game-phone-b-ja")
    _take(ben, 2, "2 個取る")
    wait_for_version(aiko, 2)
    _take(aiko, 1, "Take 1")
    wait_for_version(ben, 3)
    expect(ben.locator('button[data-action="take 2"]')).to_be_visible()
    _take(ben, 2, "2 個取る")
    for phone in (aiko, ben):
        wait_for_version(phone, 4)
        expect(phone.locator(".pebbles-stone")).to_have_count(0)
    expect(aiko.locator(".status .winner")).to_contain_text("Ben")
    expect(ben.locator(".status .winner")).to_contain_text("Ben")
    expect(aiko.locator("#log li").first).to_contain_text("Take 2")
    screenshot(aiko, "installed-game-won")


def test_the_hubs_event_settings_offer_an_installed_game(browser: Browser, hub: str):
    organizer = new_phone(browser, hub, laptop=True)
    choice = organizer.locator("#settings-game")
    expect(choice.locator('option[value="pebbles"]')).to_have_text("Pebbles")
    choice.select_option("pebbles")
    organizer.locator("#settings button[type=submit]").click()
    expect(organizer.locator("#settings-game")).to_have_value("pebbles")
    # Pebbles has no warbands to register nor maps to choose: the page offers neither
    expect(organizer.locator("#map-card")).to_be_hidden()
    expect(organizer.locator("#checkin-warband-field")).to_be_hidden()
    screenshot(organizer, "installed-game-hub-settings")
    with urllib.request.urlopen(hub + "/api/event", timeout=5) as response:
        import json

        assert json.load(response)["settings"]["game"] == "pebbles"
