"""A finished match's game reaches the hub and opens in its replay viewer, across the seam: a table
(its panel with a judge PIN, its seats' join links sent to the hub, a hub account) plays its
paired game to the end over a real Mosquitto with the generated accounts; its link sends the
game export with the result; the hub keeps it and its pages list and replay it. The record holds
no PIN, join link, session key or account."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import KITS, register_kit
from companion.hub.journal import Journal
from companion.hub.records import RECORDS_FOLDER, GameRecords
from companion.hub.station import HubStation
from companion.hub.table_link import TableLink
from companion.hub.tournament import Tournament
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.counter_game import COUNTER_KIT, CounterGame
from tests.companion.hub.mqtt import account, generated_broker, wait_for
from tests.web_panel.conftest import JUDGE_PIN
from web_panel import create_app
from web_panel.hub.app import create_hub_app

TABLES = ("table-1",)


@pytest.fixture
def counter_kit() -> Iterator[None]:
    register_kit(COUNTER_KIT)
    yield
    KITS.pop(COUNTER_KIT.name, None)


@pytest.mark.process
def test_a_finished_matchs_game_opens_in_the_hubs_viewer(counter_kit: None, tmp_path: Path):
    with generated_broker(tmp_path / "broker", TABLES) as (plan, accounts):
        tournament = Tournament(Journal(tmp_path / "hub.sqlite3"))
        tournament.set_tables(TABLES)
        for name in ("Ann", "Ben"):
            tournament.check_in(name)
        hub_data = tmp_path / "hub"
        hub = HubStation(
            account(plan, accounts, "hub"),
            tournament,
            records=GameRecords(hub_data / RECORDS_FOLDER),
        )
        settings = Settings.model_validate(
            {
                "table_name": "table-1",
                "data_dir": str(tmp_path / "table-1"),
                "game": "test-counter",
                "panel": {"judge_pin": JUDGE_PIN},
                "hub": account(plan, accounts, "table-1").model_dump(),
            }
        )
        table = Table.start(Store(settings.store_path), CounterGame())
        panel_app = create_app(table, settings, secret_key="table-secret", testing=True)
        panel = panel_app.extensions["panel"]
        link = TableLink(
            settings, table, make_game=lambda _m, _s: CounterGame(),
            join_base=lambda: "http://table-1.local:8000", export=panel.game_export,
        )  # fmt: skip
        try:
            tournament.start_round()
            (match,) = tournament.state.round_matches(1)
            assert wait_for(lambda: "table-1" in hub.seat_links)
            table.submit(JUDGE, "add 3")
            table.undo_last()
            while table.read(lambda game: game.winner()) is None:
                table.submit(JUDGE, "add 3")
            assert wait_for(lambda: match.id in hub.records.matches())  # type: ignore[union-attr]
            assert match.outcome is not None

            pages = create_hub_app(
                tournament, hub, secret_key="hub-secret", data_dir=hub_data, testing=True
            ).test_client()
            assert pages.get("/api/event").get_json()["records"] == [match.id]
            assert pages.get(f"/matches/{match.id}/replay").status_code == 200
            replay = pages.get(f"/api/matches/{match.id}/replay").get_json()
            assert len(replay["frames"]) == table.version + 1
            assert replay["frames"][-1]["winner"] == table.read(lambda game: game.winner())
            players = tournament.state.players
            paired = [players[match.a].name, players[match.b or 0].name]
            assert [s["name"] for s in replay["seats"]] == paired
            texts = [
                pages.get(f"/api/matches/{match.id}/replay/export.{kind}").get_data(as_text=True)
                for kind in ("json", "html")
            ]
            secrets: dict[str, Any] = {
                "PIN": JUDGE_PIN,
                "table key": "table-secret",
                "hub password": accounts["table-1"],
                **{f"join link {s}": url for s, url in hub.seat_links["table-1"]["join"].items()},
                **{
                    f"join code {s}": url.rsplit("/", 1)[1]
                    for s, url in hub.seat_links["table-1"]["join"].items()
                },
            }
            for text in texts:
                for name, secret in secrets.items():
                    assert secret not in text, f"the hub's export holds the {name}"
            assert json.loads(texts[0])["log"][1]["kind"] == "undo"
            assert pages.get("/api/matches/99/replay").status_code == 404
            assert pages.get("/matches/99/replay").status_code == 404
        finally:
            link.close()
            hub.close()
            panel.close()
            tournament.journal.close()
