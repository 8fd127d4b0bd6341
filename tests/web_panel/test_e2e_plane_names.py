"""End to end at a phone's size and a laptop's, in English and Japanese: a Planechase plane whose
name the companion has from memory says so and how to fill it in — a seated player types the name
printed on their card and saves it — and the set-up form then lists the plane by that name (a
spectator far from the table is refused: ``test_other_game_setup.py``). Any console error fails
the test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.settings import Settings
from companion.simulation.other_games import demo_game, demo_seats, play
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import close_pages, every_screen, screenshot
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.i18n import translate

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def unconfirmed_plane(tmp_path: Path) -> Iterator[tuple[str, Table]]:
    """Planechase's demo played until its face-up plane is one whose name is not confirmed, the
    panel served with no judge PIN (the table's screen may set up the next game)."""
    game, script = demo_game("planechase")
    settings = Settings(data_dir=tmp_path, game="planechase", seats=demo_seats(game))
    table = Table.start(Store(settings.store_path), game)
    for action in script:
        play(table, [action], report=lambda line: None)
        plane = table.read(lambda g: g.plane)
        if plane is not None and plane.status == "likely":
            break
    else:
        raise AssertionError("the demo shows no unconfirmed plane")
    app = create_app(table, settings, secret_key="s", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running.url, table
    close_pages()
    running.stop()
    app.extensions["panel"].close()


def test_a_plane_whose_name_is_not_confirmed_says_how_to_fill_it_in(
    browser: Browser, unconfirmed_plane: tuple[str, Table]
):
    """In English and Japanese, on a phone and a laptop: each size's table screen and a seated
    player, all opened at once; each player types the name in turn (typing it again keeps it)."""
    url, table = unconfirmed_plane
    plane = table.read(lambda g: g.plane)
    seat = table.read(lambda g: g.seats[0])
    screens = every_screen(browser, url)  # the table's own screens
    players = every_screen(browser, url, at="about:blank")
    for name, player in players.items():
        code = screens[name].request.get(f"{url}/api/join/{seat}").json()["url"]
        player.goto(url + "/join/" + code.rsplit("/join/", 1)[1])
    cards = {
        name: player.locator(f'.pc-plane[data-plane="{plane.id}"]')
        for name, player in players.items()
    }
    for name, card in cards.items():
        lang = name.split("-")[0]
        expect(card.locator(".pc-likely")).to_contain_text(translate(lang, "pc.likely"))
        expect(card.locator(".pc-likely-how")).to_have_text(translate(lang, "pc.likely_how"))
    typed = f"{plane.name} Typed"
    for name, player in players.items():
        lang = name.split("-")[0]
        card = cards[name]
        card.locator(".pc-typed-name").fill("Bant")  # another plane's name: refused, said why
        card.get_by_role("button", name=translate(lang, "pc.type_name_save")).click()
        expect(player.locator("#toast")).to_contain_text(translate(lang, "catalog.problem.taken"))
        card.locator(".pc-typed-name").fill(typed)
        card.get_by_role("button", name=translate(lang, "pc.type_name_save")).click()
        said = translate(lang, "pc.type_name_saved", name=typed)
        expect(player.locator("#toast")).to_have_text(said)
        screenshot(player, f"plane-name-typed-{name}")
        assert_no_internal_ids(player)

    for screen in screens.values():  # the table's screen sets up the next game
        screen.goto(url + "/setup?from=table")
    for screen in screens.values():
        screen.locator("#setup-game").select_option("planechase")
        screen.locator("#setup-decks").select_option("own")  # each player's deck: planes by name
        expect(screen.locator(".og-planes").first).to_contain_text(f"{plane.number}. {typed}")
