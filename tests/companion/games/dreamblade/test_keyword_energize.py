"""Energize N: bonus spawn points to its controller at the start of their spawn phase. Ruling
cited: FAQ "how does a spawn phase go" (the phase player adds the bonus spawn points miniatures
with abilities such as Energize give, on top of the initiative sum and the +2 per destroyed
miniature). The rest is the documented assumption of ``abilities/energize.py``: only a miniature
in the dreamscape counts, and the points are lost like any unspent spawn point."""

from __future__ import annotations

from tests.companion.games.dreamblade.builders import at, creature, kinds, play

DYNAMO = creature("dynamo", abilities=["Energize 2"])
FOE = creature("foe")


def test_adds_n_to_its_controllers_spawn_points_on_top_of_the_loss_bonus() -> None:
    game = at([DYNAMO], [FOE], {"A:dynamo#1": "b1"}, phase="initiative", turn=3)
    game.state.bonus_losses["A"] = 1
    events = play(game, "init 5 2")
    assert game.spawn_points_left("A") == 5 + 2 + 2 + 2
    assert "dreamblade.spawn_bonus" in kinds(events)


def test_the_opponents_spawn_phase_gets_nothing_from_it() -> None:
    game = at([DYNAMO], [FOE], {"A:dynamo#1": "b1"}, phase="initiative", turn=3)
    play(game, "init 5 2", "done")
    assert game.phase_seat == "B"
    assert game.spawn_points_left("B") == 7


def test_only_in_the_dreamscape_not_in_the_reserve_or_graveyard() -> None:
    for zone in ({}, {"A:dynamo#1": "graveyard"}):
        game = at([DYNAMO], [FOE], zone, phase="initiative", turn=3)
        play(game, "init 5 2")
        assert game.spawn_points_left("A") == 7


def test_spawned_this_phase_it_adds_nothing_until_the_next_spawn_phase() -> None:
    game = at([DYNAMO], [FOE], {}, phase="initiative", turn=3)
    play(game, "init 5 2", "spawn A:dynamo#1 a1")
    assert game.spawn_points_left("A") == 7 - 3


def test_no_bonus_in_a_skipped_spawn_phase_and_unspent_points_are_lost() -> None:
    # FAQ: unused spawn points, bonus points included, are lost at the end of the spawn phase;
    # only the destroyed-miniature bonus carries over a skipped phase
    game = at([DYNAMO], [FOE], {"A:dynamo#1": "b1"}, phase="initiative", turn=3)
    play(game, "init 1 5")
    assert game.phase == "action"
    play(game, *["shift", "done"] * 4, "confirm", "init 5 2")
    assert game.spawn_points_left("A") == 9
    play(game, "done")
    assert game.spawn_points_left("A") == 0


def test_two_energize_abilities_add_up() -> None:
    game = at([DYNAMO, DYNAMO], [FOE], {"A:dynamo#1": "b1", "A:dynamo#2": "c1"},
              phase="initiative", turn=3)  # fmt: skip
    play(game, "init 5 2")
    assert game.spawn_points_left("A") == 11
