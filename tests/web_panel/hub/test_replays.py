"""The hub's replays of its matches' games (``web_panel.hub.replays``): built once from the
record a table sent and kept until the table sends it anew; listing the records builds the
ones not built yet in the background."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from companion.games.dreamblade.demo_game import DEMO_GAME, demo_game
from companion.hub.records import GameRecords
from companion.settings import default_seats
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from web_panel.hub.replays import MatchReplays
from web_panel.replay.export import game_export
from web_panel.replay.versions import replay_of


def exported(folder: Path, actions: int) -> dict[str, Any]:
    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(folder / f"t{actions}.sqlite3"), "dreamblade", setup)
    for text in DEMO_GAME[:actions]:
        table.submit(JUDGE, text)
    export = game_export(table, table.game_id, default_seats())
    table.store.close()
    return export


def test_a_matchs_replay_is_built_once_and_again_when_its_record_is_sent_anew(tmp_path: Path):
    records = GameRecords(tmp_path / "records")
    replays = MatchReplays(records)
    assert replays.served(3) is None  # no record yet
    shorter, longer = exported(tmp_path, 20), exported(tmp_path, 40)
    records.keep(3, shorter)
    first = replays.served(3)
    assert first is not None and first.replay == replay_of(shorter)
    assert replays.served(3) is first  # kept, not built again
    time.sleep(0.01)  # a later write, however fast the disk
    records.keep(3, longer)
    again = replays.served(3)
    assert again is not None and again.replay == replay_of(longer)


def test_listing_the_records_builds_their_replays_ahead(tmp_path: Path):
    records = GameRecords(tmp_path / "records")
    replays = MatchReplays(records)
    records.keep(1, exported(tmp_path, 20))
    assert replays.built() == set()
    replays.ahead(records.matches())
    deadline = time.monotonic() + 30
    while 1 not in replays.built() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert replays.built() == {1}
