from pathlib import Path

import pytest

from companion.settings import Settings
from companion.table.setup import open_table, starting_game


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
    table, resumed = open_table(settings)
    assert not resumed
    table.submit("judge", "init 6 5")
    again, resumed = open_table(settings)
    assert resumed
    assert again.game_id == table.game_id
    assert again.state() == table.state()


def test_switching_games_abandons_the_old_one_but_keeps_it(tmp_path: Path):
    table, _ = open_table(settings_for(tmp_path))
    other, resumed = open_table(settings_for(tmp_path, "planechase"))
    assert not resumed
    statuses = {g.id: g.status for g in other.store.games()}
    assert statuses == {table.game_id: "abandoned", other.game_id: "playing"}


def test_the_configured_rule_430_reaches_the_engine(tmp_path: Path):
    from companion.settings import DreambladeSettings

    game = starting_game(
        settings_for(tmp_path, dreamblade=DreambladeSettings(tournament_rule_430=True))
    )
    assert game.setup.settings.rule_430 is True  # type: ignore[attr-defined]
