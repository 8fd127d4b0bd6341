"""The views a table shows: what its phones get, and what spectators away from it get (the
tournament hub's wall and judge page)."""

from __future__ import annotations

from pathlib import Path

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.settings import SeatSettings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from web_panel.game_views import game_view
from web_panel.view import SPECTATOR_LOG_LENGTH, spectator_view

SEATS = {
    "A": SeatSettings(name="Aiko", colour="#0072B2"),
    "B": SeatSettings(name="Ben", colour="#E69F00"),
}


def test_a_spectator_sees_the_game_its_seats_and_last_actions_but_no_legal_actions(
    tmp_path: Path,
):
    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(tmp_path / "db.sqlite3"), "dreamblade", setup)
    for text in DEMO_ACTIONS[:12]:
        table.submit(JUDGE, text)
    view = spectator_view(table, SEATS)
    state = table.state()
    assert view == {
        "game": "dreamblade",
        "game_id": table.game_id,
        "version": 12,
        "pending": state["pending"],
        "winner": None,
        "seats": [
            {"seat": "A", "name": "Aiko", "colour": "#0072B2"},
            {"seat": "B", "name": "Ben", "colour": "#E69F00"},
        ],
        "extra": table.read(game_view),
        "log": table.log(SPECTATOR_LOG_LENGTH),  # the store's entries, with their notices
    }
    assert [entry["action"] for entry in view["log"]] == list(
        DEMO_ACTIONS[12 - SPECTATOR_LOG_LENGTH : 12]
    )
    assert view["extra"]["board"]["b2"][0]["id"] == "A:sir-glorious#1"  # the board, as it is
    # a seat the settings do not name shows its id in a neutral colour
    unnamed = spectator_view(table, {"A": SEATS["A"]})["seats"][1]
    assert unnamed == {"seat": "B", "name": "B", "colour": "#777777"}
