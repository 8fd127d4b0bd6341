"""Benchmark: the replay viewer and the game export (web_panel/replay/).

1. A 500-action Dreamblade game (random legal play, seed 14, stopped at its 500th action) is
   played at a served panel, which builds its replay as it goes (``web_panel.replay.kept``). In
   headless Chromium at phone size (390×844), each run in a fresh browser context (nothing
   cached):
   - baseline, same run: the live phone's own page, from navigation to its first drawn view;
   - the viewer (``/replay/1``), from navigation to its last action drawn (End pressed as soon as
     it shows): its first open, then again (its JSON text kept);
   - baseline, same run: the viewer when its replay is built whole on being asked (the replays
     kept dropped first: what every first open cost before);
   - after a restart (a new panel over the same store), once the panel has built the table's
     game in the background (how long that took is printed);
   - the exported HTML file opened from disk, network refused, to its last action.
   Target: the viewer's first open reaches its last action in ≤ 1 s.
2. The demo game played through the synthetic camera, the vision pipeline and the reconciler
   (as bench/evidence.py), its before/after crops kept: its HTML export's size beside the same
   game's JSON export and its pictures' bytes (baseline). Target: ≤ 3 MB. The 500-action game's
   HTML file is printed too.
Run: /work/bin/heavy .venv/bin/python -P bench/replay.py
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from urllib.request import urlopen

from playwright.sync_api import Browser, sync_playwright

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.games.dreamblade.random_play import random_action
from companion.settings import Settings
from companion.simulation.demo import DemoPlayer
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from web_panel import create_app, serve
from web_panel.replay.kept import KeptReplays

ACTIONS = 500
SEED = 14
RUNS = 5
# Headless Chromium as Playwright runs it (its headless shell, which `make test` installs)
CHROMIUM = "/usr/bin/chromium-headless-shell"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
PHONE = {"width": 390, "height": 844}


def new_game(folder: Path) -> Table:
    setup = demo_game().record()
    setup.pop("actions")
    return Table.new_game(Store(folder / "long.sqlite3"), "dreamblade", setup)


def play_long_game(table: Table) -> None:
    rng = random.Random(SEED)
    for _ in range(ACTIONS):
        table.submit(JUDGE, table.read(lambda game: random_action(game, rng)))
    assert table.version == ACTIONS, "the seeded game ended before its 500th action"


def timed_open(browser: Browser, url: str, version: int, *, last: bool, offline: bool) -> float:
    """Seconds from navigating to ``url`` until the page shows ``version`` (pressing End once
    the viewer shows, when ``last``)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    if offline:
        context.route(
            "**/*", lambda r: r.continue_() if r.request.url.startswith("file:") else r.abort()
        )
    page = context.new_page()
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    if last:
        page.wait_for_selector("#replay-game:not([hidden])")
        page.keyboard.press("End")
    page.wait_for_selector(f'body[data-version="{version}"]')
    elapsed = time.perf_counter() - start
    context.close()
    return elapsed


def ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:.0f} ms median, {max(values) * 1000:.0f} ms max"


def viewer_timings(folder: Path, browser: Browser) -> int:
    table = new_game(folder)
    settings = Settings.model_validate({"data_dir": str(folder), "game": "dreamblade"})
    app = create_app(table, settings, secret_key="bench", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    replays: KeptReplays = app.extensions["replays"]
    try:
        url = running.url
        play_long_game(table)  # the panel follows the game as it is played
        assert replays.settle(120), "the replay did not follow the game"
        live = [
            timed_open(browser, url + "/", ACTIONS, last=False, offline=False) for _ in range(RUNS)
        ]
        first = timed_open(browser, f"{url}/replay/1", ACTIONS, last=True, offline=False)
        again = [
            timed_open(browser, f"{url}/replay/1", ACTIONS, last=True, offline=False)
            for _ in range(RUNS)
        ]
        whole = []
        for _ in range(RUNS):
            replays.forget()  # baseline: built whole when asked
            whole.append(timed_open(browser, f"{url}/replay/1", ACTIONS, last=True, offline=False))
        with urlopen(f"{url}/api/replay/1/export.html") as response:
            html = response.read()
    finally:
        running.stop()
        app.extensions["panel"].close()
    restarted = create_app(table, settings, secret_key="bench", testing=True)
    start = time.perf_counter()
    assert restarted.extensions["replays"].settle(120)
    built = time.perf_counter() - start
    running = serve(restarted, "127.0.0.1", 0).start_in_thread()
    try:
        after_restart = timed_open(
            browser, f"{running.url}/replay/1", ACTIONS, last=True, offline=False
        )
    finally:
        running.stop()
        restarted.extensions["panel"].close()
    exported = folder / "long.html"
    exported.write_bytes(html)
    on_disk = [
        timed_open(browser, exported.as_uri(), ACTIONS, last=True, offline=True)
        for _ in range(RUNS)
    ]
    print(f"{ACTIONS}-action game, headless Chromium at {PHONE['width']}×{PHONE['height']}:")
    print(f"  baseline, the live phone's page to its first view:    {ms(live)}")
    print(
        f"  viewer to its last action, first open:                {first * 1000:.0f} ms"
        "  (target ≤ 1000 ms)"
    )
    print(f"  viewer to its last action, opened again:              {ms(again)}")
    print(f"  baseline, the replay built whole when asked:          {ms(whole)}")
    print(
        f"  after a restart, built in the background in {built * 1000:.0f} ms, "
        f"then the viewer: {after_restart * 1000:.0f} ms"
    )
    print(f"  exported HTML from disk, offline, to its last action: {ms(on_disk)}")
    return len(html)


def export_sizes(folder: Path, long_html: int) -> None:
    table = Table.start(Store(folder / "camera.sqlite3"), demo_game())
    DemoPlayer(table).play(DEMO_ACTIONS, report=lambda line: None)
    settings = Settings.model_validate({"data_dir": str(folder), "game": "dreamblade"})
    app = create_app(table, settings, secret_key="bench", testing=True)
    client = app.test_client()
    html = client.get(f"/api/replay/{table.game_id}/export.html").data
    document = json.loads(client.get(f"/api/replay/{table.game_id}/export.json").data)
    pictures = table.store.pictures_size(table.game_id)
    crops = len(document["pictures"]) * 2
    without = len(json.dumps({**document, "pictures": []}).encode())
    app.extensions["panel"].close()
    entries = len(document["log"])
    print(f"demo game through the camera: {entries} log entries, {crops} crops kept")
    print(f"  HTML export with its crops: {len(html) / 1024:.0f} kB  (target ≤ 3072 kB)")
    print(
        f"  baseline: its JSON export without pictures {without / 1024:.0f} kB, "
        f"its pictures {pictures / 1024:.0f} kB (JPEG bytes, same run)"
    )
    print(f"{ACTIONS}-action game's HTML export (no camera): {long_html / 1024:.0f} kB")


def main() -> None:
    with tempfile.TemporaryDirectory() as name, sync_playwright() as playwright:
        folder = Path(name)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        long_html = viewer_timings(folder, browser)
        browser.close()
        export_sizes(folder, long_html)


if __name__ == "__main__":
    main()
