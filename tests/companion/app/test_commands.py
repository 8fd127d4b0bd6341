"""``companion demo --game …``: another game's scripted demo on the command line."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from companion.app.commands import demo
from companion.simulation.other_games import GAMES, demo_game


@pytest.mark.parametrize("name", GAMES)
def test_demo_game_headless_plays_the_script_to_its_winner(name: str):
    result = CliRunner().invoke(demo, ["--game", name, "--headless"])
    assert result.exit_code == 0, result.output
    game, script = demo_game(name)
    for text in script:
        game.push(game.parse_action(text))
    lines = result.output.splitlines()
    assert len(lines) == len(script) + 1
    assert lines[0].endswith(script[0])
    assert lines[-1] == f"{len(script)} actions; {game.winner()} wins"


def test_an_unknown_game_is_refused_by_the_cli():
    result = CliRunner().invoke(demo, ["--game", "chess", "--headless"])
    assert result.exit_code == 2
    assert "chess" in result.output
