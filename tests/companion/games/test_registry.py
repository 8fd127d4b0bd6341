from importlib.metadata import entry_points

import pytest

from companion.games import (
    ENTRY_POINT_GROUP,
    event_maps,
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


def test_the_house_games_are_found_by_their_entry_points_in_the_house_order():
    points = entry_points(group=ENTRY_POINT_GROUP)
    house = {p.name for p in points if p.dist is not None and p.dist.name == "tabletop-companion"}
    assert house == {kit.name for kit in kits()}
    assert [kit.name for kit in kits()] == ["dreamblade", "dungeon_command", "arena", "planechase"]
    assert [kit.listed for kit in kits()] == sorted(kit.listed for kit in kits())


def test_armies_judge_tools_and_event_maps_are_asked_of_the_game_played():
    for kit in kits():
        assert registered_armies(kit.name) is kit.registered
        tools = judge_tools(kit.name)
        assert (tools.__name__ if tools else None) == kit.judge
        maps = event_maps(kit.name)
        assert (maps.__name__ if maps else None) == kit.event_maps
    offering = [kit for kit in kits() if kit.registered is not None]
    assert offering and all(
        {"key", "name", "miniatures"} <= set(w) for w in offering[0].registered.shipped()
    )
    assert any(kit.judge is None for kit in kits())  # a game without them answers None
    assert judge_tools(next(k.name for k in kits() if k.judge is None)) is None
