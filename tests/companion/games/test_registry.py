import pytest

from companion.games import (
    find_entry_kind,
    find_game,
    find_kit,
    judge_tools,
    kits,
    registered_armies,
)
from companion.settings import Settings


def test_unknown_game_names_the_known_ones():
    with pytest.raises(KeyError, match="unknown game 'chess'"):
        find_game("chess")
    with pytest.raises(KeyError, match="known: arena, dreamblade, dungeon_command, planechase"):
        find_kit("chess")


def test_each_kit_is_its_engines_and_starts_a_ready_game(tmp_path):
    settings = Settings(data_dir=tmp_path)
    for kit in kits():
        assert find_game(kit.name) is kit.game_class
        game = kit.starting_game(settings)
        assert game.name == kit.name and not game.is_over
        assert game.legal_actions()  # ready to play: someone may act


def test_each_kits_demo_plays_to_its_end():
    for kit in kits():
        assert kit.demo is not None
        game = kit.demo.new_game()
        for text in kit.demo.script():
            game.push(game.parse_action(text))
        assert set(kit.demo.players) >= set(game.seats)


def test_entry_kinds_come_from_the_kits():
    assert find_entry_kind("arena", "army_card") in find_kit("arena").entry_kinds
    with pytest.raises(KeyError, match="takes no 'spell' entries"):
        find_entry_kind("arena", "spell")


def test_the_tournaments_armies_and_the_judges_tools_come_from_the_kit_offering_them():
    armies = registered_armies()
    assert [kit.registered for kit in kits() if kit.registered is not None] == [armies]
    assert armies.shipped() and all(
        {"key", "name", "miniatures"} <= set(w) for w in armies.shipped()
    )
    assert judge_tools().__name__ == next(kit.judge for kit in kits() if kit.judge)
