"""A single table's own broadcast (the config's ``broadcast:``) and its players' statistics:
served by the table's panel, the delay the table's, off unless asked for."""

from __future__ import annotations

from pathlib import Path

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, DEMO_GAME, demo_game
from companion.games.luck import luck
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.hub.test_played_games import demo_rolls
from tests.web_panel.conftest import dreamblade_table
from web_panel import create_app
from web_panel.table_broadcast import TableBroadcast


def test_a_table_broadcasts_only_when_its_config_asks(tmp_path: Path):
    table = dreamblade_table(tmp_path, 3)
    plain = create_app(table, Settings(data_dir=tmp_path), secret_key="t", testing=True)
    assert plain.test_client().get("/broadcast").status_code == 404
    assert plain.test_client().get("/api/broadcast").status_code == 404
    plain.extensions["panel"].close()
    settings = Settings.model_validate({"data_dir": str(tmp_path), "broadcast": {"enabled": True}})
    app = create_app(table, settings, secret_key="t", testing=True)
    client = app.test_client()
    assert client.get("/broadcast").status_code == 200
    assert client.get("/overlay/table-1").status_code == 200
    answer = client.get("/api/broadcast/table-1").get_json()
    assert answer["delay"] == 0 and answer["frame"]["view"]["version"] == 3  # at home: no delay
    app.extensions["panel"].close()


def test_a_tables_broadcast_runs_its_delay_behind_it(tmp_path: Path):
    table = dreamblade_table(tmp_path, 2)
    now = [1000.0]
    settings = Settings.model_validate({"broadcast": {"enabled": True, "delay_seconds": 60}})
    own = TableBroadcast(
        table, "table-1", settings.broadcast, lambda: {"seats": [], "version": table.version},
        clock=lambda: now[0],
    )  # fmt: skip
    for _ in range(3):  # one action every 40 s
        now[0] += 40
        table.submit(JUDGE, DEMO_ACTIONS[table.version])

    def shown() -> int | None:
        frame = own.source.shown("table-1")["frame"]
        return None if frame is None else frame["version"]

    # versions 2 (at 1000), 3 (1040), 4 (1080), 5 (1120); now 1120, 60 s late: version 3
    assert shown() == 3
    now[0] += 45
    assert shown() == 4
    own.close()
    table.submit(JUDGE, DEMO_ACTIONS[table.version])  # no longer recorded
    now[0] += 1000
    assert shown() == 5


def test_a_tables_statistics_count_its_finished_games_with_the_engines_rollers(tmp_path: Path):
    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(tmp_path / "db.sqlite3"), "dreamblade", setup)
    app = create_app(table, Settings(data_dir=tmp_path), secret_key="t", testing=True)
    for text in DEMO_GAME:
        table.submit(JUDGE, text)
    game = demo_game()
    for text in DEMO_GAME:
        game.push(game.parse_action(text))
    rolls = demo_rolls()
    names = {s["seat"]: s["name"] for s in app.extensions["panel"].spectator_view()["seats"]}
    rows = {r["name"]: r for r in app.test_client().get("/api/statistics").get_json()["players"]}
    assert set(rows) == set(names.values())
    winner, loser = rows[names["A"]], rows[names["B"]]
    assert (winner["games"], winner["wins"], winner["win_rate"]) == (1, 1, 1.0)
    assert (loser["games"], loser["wins"], loser["win_rate"]) == (1, 0, 0.0)
    assert winner["turn_wins"] == game.summary()["score"]["A"]
    assert winner["rolls"] == len(rolls["A"]) and loser["rolls"] == len(rolls["B"])
    assert winner["luck"] == float(luck(rolls["A"])) and loser["luck"] == float(luck(rolls["B"]))
    csv = app.test_client().get("/statistics.csv")
    assert csv.data.startswith("\ufeffkind,name".encode())
    app.extensions["panel"].close()
