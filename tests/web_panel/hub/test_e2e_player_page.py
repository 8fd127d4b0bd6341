"""A player's own page on the hub, in a browser at a phone's size and a laptop's, in English and
Japanese: the organizer opens the player's card (QR code and short link) from the players list;
the page names the table, seat and opponent, and its button is the seat's join link."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Browser, expect

from companion.hub.messages import SeatLinks
from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from companion.settings import HubSettings
from tests.companion.hub.mqtt import free_port
from tests.web_panel.browser import HUB_REFRESH_MS, new_phone, screenshot
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import serve
from web_panel.app import PanelServer
from web_panel.hub.app import create_hub_app

pytestmark = [
    pytest.mark.browser,
]

JOIN = "http://192.168.1.31:8000/join/"
WORDS = {  # what seat B's player reads: against {a}, seat A's player
    "en-US": ("Round 1: at table-1, seat B, against {a}", "Take seat B at table-1"),
    "ja-JP": ("第 1 回戦：table-1、B 席、対戦相手は {a} さん", "table-1 の B 席に着く"),
}


@pytest.fixture
def hub_server(tournament: Tournament, tmp_path: Path) -> Iterator[PanelServer]:
    tournament.check_in("Aiko Tanaka")
    tournament.check_in("Ben Sato")
    tournament.start_round()
    [match] = tournament.state.round_matches(1)
    station = HubStation(HubSettings(mqtt_host="127.0.0.1", mqtt_port=free_port()), tournament)
    assert match.table == "table-1"
    links = {"match": match.id, "game_id": 2, "join": {"A": JOIN + "1.A.x", "B": JOIN + "1.B.y"}}
    station.handle("table-1", "seats", SeatLinks.model_validate(links))  # what table-1 sends
    app = create_hub_app(
        tournament, station, secret_key="k", data_dir=tmp_path, refresh_ms=HUB_REFRESH_MS
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()
    station.close()


@pytest.mark.parametrize("laptop", [False, True], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", WORDS)
def test_the_player_page_names_the_table_seat_and_opponent(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, language: str, laptop: bool
):
    organizer = new_phone(browser, hub_server.url, language, laptop=laptop)  # the hub's screen
    players = organizer.locator("#players li")
    expect(players).to_have_count(2)
    [match] = tournament.state.round_matches(1)
    assert match.b is not None
    seat_a = tournament.state.players[match.a].name
    card_link = organizer.locator(f'#players li[data-player="{match.b}"] a.page')
    expect(card_link).to_be_visible()
    organizer.goto(hub_server.url + str(card_link.get_attribute("href")))
    expect(organizer.locator("#player-qr img")).to_be_visible()
    page_url = organizer.locator("#player-link").inner_text()
    size = "laptop" if laptop else "phone"
    screenshot(organizer, f"hub-player-card-{size}-{language}")

    phone = new_phone(  # seat B's player's phone
        browser,
        hub_server.url,
        language,
        laptop=laptop,
        at=page_url.replace("http://localhost", hub_server.url),
    )
    where, join = WORDS[language]
    expect(phone.locator("#where")).to_have_text(where.format(a=seat_a))
    button = phone.locator("#join")
    expect(button).to_have_text(join)
    # their seat's link, never seat A's, with this page for the phone to come back to
    assert button.get_attribute("href") == JOIN + "1.B.y?" + urlencode({"page": page_url})
    expect(phone.locator("body")).not_to_contain_text("1.A.x")
    assert_no_internal_ids(phone)
    screenshot(phone, f"hub-player-page-{size}-{language}")
