"""The other games' demos played at a table, each action entered for the seat the game waits for."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.events import Event
from companion.games.arena import demo as arena_demo
from companion.games.demo_players import DEMO_PLAYERS
from companion.games.dungeon_command import demo as dungeon_command_demo
from companion.games.planechase.demo import script as planechase_script
from companion.games.planechase.game import CHAOS, PLANESWALKED
from companion.simulation.other_games import demo_game, demo_seats, play, table_demos
from companion.table.store import Store
from companion.table.table import Table


@pytest.mark.parametrize("name", table_demos())
def test_each_demo_plays_to_its_end_at_a_table(name: str, tmp_path: Path):
    game, script = demo_game(name)
    table = Table.start(Store(tmp_path / "db.sqlite3"), game)
    lines: list[str] = []
    play(table, script, report=lines.append)
    assert table.version == len(script)
    assert table.read(lambda g: g.winner()) is not None
    assert lines[-1].startswith(f"{len(script)} actions;")
    assert table.store.record(table.game_id)["actions"] == script


def test_the_listed_scripts_are_the_games_own():
    assert demo_game("arena")[1] == arena_demo.SCRIPT
    assert demo_game("dungeon_command")[1] == dungeon_command_demo.SCRIPT


def test_the_planechase_script_planeswalks_and_rolls_chaos(tmp_path: Path):
    game, script = demo_game("planechase")
    assert script == planechase_script()
    table = Table.start(Store(tmp_path / "db.sqlite3"), game)
    seen: list[Event] = []
    table.bus.subscribe(seen.append, kinds={PLANESWALKED, CHAOS})
    play(table, script, report=lambda line: None)
    assert {event.kind for event in seen} == {PLANESWALKED, CHAOS}  # both LED flourishes play


@pytest.mark.parametrize("name", table_demos())
def test_each_demos_seats_are_its_players_named_in_both_languages_and_coloured(name: str):
    game, _ = demo_game(name)
    seats = demo_seats(game)
    assert list(seats) == list(game.seats)
    assert {seat: (s.name, s.names) for seat, s in seats.items()} == {
        seat: (DEMO_PLAYERS[seat]["en"], {"ja": DEMO_PLAYERS[seat]["ja"]}) for seat in game.seats
    }
    assert all(s.name != seat.capitalize() for seat, s in seats.items())  # not from the id
    assert len({s.colour for s in seats.values()}) == len(seats)


@pytest.mark.parametrize("name", ["planechase", "arena"])
def test_the_planechase_and_arena_demos_report_their_players_by_name(name: str, tmp_path: Path):
    game, script = demo_game(name)
    seats = demo_seats(game)
    table = Table.start(Store(tmp_path / "db.sqlite3"), game)
    lines: list[str] = []
    play(table, script, report=lines.append, seats=seats)
    assert lines[0].startswith("Anna Weber: ")
    assert lines[-1] == f"{len(script)} actions; Anna Weber wins"
    assert not any(line.split(":")[0] in ("ann", "ben", "cho") for line in lines)


def test_an_unknown_game_has_no_demo():
    with pytest.raises(ValueError, match="no table demo"):
        demo_game("dreamblade")


def test_the_dungeon_command_demo_names_its_players_in_both_languages(tmp_path: Path):
    game, script = demo_game("dungeon_command")
    seats = demo_seats(game)
    assert {seat: (s.name, s.names) for seat, s in seats.items()} == {
        seat: (names["en"], {"ja": names["ja"]})
        for seat, names in dungeon_command_demo.PLAYER_NAMES.items()
    }
    assert all(s.name.lower() != seat for seat, s in seats.items())
    table = Table.start(Store(tmp_path / "db.sqlite3"), game)
    lines: list[str] = []
    play(table, script, report=lines.append, seats=seats)
    assert lines[0] == f"Anna Weber: {script[0]}"
    assert lines[-1] == f"{len(script)} actions; Anna Weber wins"
    assert not any(line.split(":")[0] in ("ann", "ben") for line in lines)


def test_the_dungeon_command_demos_own_lines_name_the_players():
    lines = dungeon_command_demo.run_demo()
    assert lines[1] == "  Anna Weber deploys Dwarf Cleric (level 3)"
    assert "Anna Weber has the highest morale and wins" in lines[-2]
    assert "アンナ・ウェーバーさんの勝ち" in lines[-1]
    assert not any(word in ("ann", "ben") for line in lines for word in line.split())
