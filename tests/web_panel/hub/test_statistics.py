"""The hub's statistics are read from the game records it keeps on disk: a game a table sent
counts for the players the event paired there (their registered warbands too), every roll its
record holds with exact odds counted for the seat that made it, and a hub started again over the
same data folder shows the same rows and the same CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games.dreamblade.demo_game import DEMO_GAME, demo_game
from companion.games.game_export import EXPORT_FORMAT, EXPORT_VERSION
from companion.games.luck import luck
from companion.hub.journal import Journal
from companion.hub.records import RECORDS_FOLDER, GameRecords
from companion.hub.tournament import Tournament
from tests.companion.hub.test_played_games import demo_rolls
from tests.companion.hub.test_player_labels import warband_and_its_tags
from tests.web_panel.hub.conftest import TABLES, Organizer
from web_panel.hub.app import create_hub_app


def demo_export(*, status: str = "finished", winner: str | None = "A") -> dict[str, Any]:
    """The demo game (seat A wins) as the table sends it when its game ends."""
    game = demo_game()
    for text in DEMO_GAME:
        game.push(game.parse_action(text))
    return {
        "format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": "dreamblade",
        "status": status, "started_at": "2026-11-28T10:00:00+00:00",
        "finished_at": "2026-11-28T10:40:00+00:00", "winner": winner,
        "seats": [{"seat": "A", "name": "Seat A", "colour": "#cc0000"},
                  {"seat": "B", "name": "Seat B", "colour": "#0000cc"}],
        "record": game.record(), "log": [], "pictures": [],
    }  # fmt: skip


def hub(folder: Path) -> tuple[Tournament, Organizer]:
    event = Tournament(Journal(folder / "hub.sqlite3"))
    app = create_hub_app(event, None, secret_key="s", data_dir=folder, testing=True)
    return event, Organizer(app)


def test_the_statistics_come_from_the_records_on_disk_and_survive_a_restart(tmp_path: Path):
    event, client = hub(tmp_path)
    event.set_tables(TABLES)
    warband, _tags = warband_and_its_tags()
    aiko = event.check_in("Aiko", warband=warband)
    event.check_in("Ben")
    event.check_in("Cho")
    event.check_in("Dan")
    event.start_round()
    matches = [event.state.matches[m] for m in event.state.rounds[-1].matches]
    with_aiko = next(m for m in matches if aiko.id in (m.a, m.b))
    other = next(m for m in matches if m is not with_aiko)
    records = GameRecords(tmp_path / RECORDS_FOLDER)  # as the station keeps what tables send
    assert client.get("/api/statistics").get_json() == {"players": [], "warbands": []}
    records.keep(with_aiko.id, demo_export())
    records.keep(other.id, demo_export(status="abandoned", winner=None))  # counts for nothing
    rows = client.get("/api/statistics").get_json()
    csv = client.get("/statistics.csv").data
    players = {row["name"]: row for row in rows["players"]}
    names = {
        seat: event.state.players[p].name
        for seat, p in zip("AB", (with_aiko.a, with_aiko.b), strict=True)
    }
    assert set(players) == set(names.values())
    rolls = demo_rolls()
    for seat, name in names.items():
        row = players[name]
        assert (row["games"], row["wins"]) == (1, int(seat == "A"))
        assert row["rolls"] == len(rolls[seat]) > 0
        assert row["luck"] == float(luck(rolls[seat]))
    seat_of_aiko = next(seat for seat, name in names.items() if name == "Aiko")
    (ravens,) = rows["warbands"]
    assert ravens["name"] == warband["name"] and ravens["rolls"] == len(rolls[seat_of_aiko])
    event.journal.close()

    restarted, client = hub(tmp_path)  # the hub started again over the same data folder
    assert client.get("/api/statistics").get_json() == rows
    assert client.get("/statistics.csv").data == csv
    # a record sent again replaces the one read before: the game no longer counts
    GameRecords(tmp_path / RECORDS_FOLDER).keep(with_aiko.id, demo_export(winner=None))
    assert client.get("/api/statistics").get_json() == {"players": [], "warbands": []}
    restarted.journal.close()
