from pathlib import Path

import pytest

from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.setup import open_table, starting_game
from companion.table.start_request import StartRequest


def settings_for(tmp_path: Path, game: str = "dreamblade", **extra) -> Settings:
    return Settings(data_dir=tmp_path, game=game, **extra)


@pytest.mark.parametrize("game", ["dreamblade", "planechase", "dungeon_command", "arena"])
def test_every_game_starts_ready_to_play(tmp_path: Path, game: str):
    started = starting_game(settings_for(tmp_path, game))
    assert started.name == game
    assert started.winner() is None
    assert len(started.legal_actions()) > 0 or started.pending().kind


def test_a_table_resumes_its_unfinished_game(tmp_path: Path):
    settings = settings_for(tmp_path)
    first = open_table(settings)
    assert not first.resumed and first.recovery is None
    first.table.submit(JUDGE, "init 6 5")
    again = open_table(settings)
    assert again.resumed
    assert again.table.game_id == first.table.game_id
    assert again.table.state() == first.table.state()


@pytest.mark.parametrize("game", ["arena", "planechase", "dungeon_command"])
def test_a_game_set_up_on_the_panel_is_resumed_whatever_the_config_names(tmp_path: Path, game: str):
    """Finding 1: an Arena game set up on the panel, played, killed: the restart began a fresh
    game of the config's kind."""
    settings = settings_for(tmp_path)  # the config says dreamblade
    table = open_table(settings).table
    table.start_game(StartRequest(starting_game(settings_for(tmp_path, game))))
    for _ in range(3):
        legal = table.read(lambda g: [str(a) for a in g.legal_actions()])
        table.submit(JUDGE, legal[0])
    before = table.state()
    again = open_table(settings)
    assert again.resumed
    assert again.table.state() == before
    assert again.table.read(lambda g: g.name) == game


def test_the_configured_rule_430_reaches_the_engine(tmp_path: Path):
    game = starting_game(settings_for(tmp_path, dreamblade={"tournament_rule_430": True}))
    assert game.setup.settings.rule_430 is True  # type: ignore[attr-defined]


# Opens the table as `companion run` does, sets up an Arena game as the panel does, plays five
# actions and waits to be killed.
ARENA_PLAYER = """
import sys, time
from pathlib import Path
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.setup import open_table, starting_game
from companion.table.start_request import StartRequest

settings = Settings(data_dir=Path(sys.argv[1]), game="dreamblade")
table = open_table(settings).table
table.start_game(StartRequest(starting_game(settings.model_copy(update={"game": "arena"}))))
for _ in range(5):
    table.submit(JUDGE, table.read(lambda g: str(g.legal_actions()[0])))
print(table.game_id, table.version, flush=True)
time.sleep(60)
"""


@pytest.mark.slow
def test_a_panel_set_up_game_survives_kill_9(tmp_path: Path):
    """Finding 1, as reported: an Arena game set up on the panel, 5 actions, kill -9, restart."""
    import signal
    import subprocess
    import sys

    player = subprocess.Popen(
        [sys.executable, "-c", ARENA_PLAYER, str(tmp_path)], stdout=subprocess.PIPE, text=True
    )
    assert player.stdout is not None
    game_id, version = map(int, player.stdout.readline().split())
    player.send_signal(signal.SIGKILL)
    player.wait(timeout=30)
    again = open_table(settings_for(tmp_path))
    assert again.resumed and again.recovery is None
    assert again.table.read(lambda g: g.name) == "arena"
    assert (again.table.game_id, again.table.version) == (game_id, version)
