"""The Game protocol as DreambladeGame implements it (ARCHITECTURE "The game protocol")."""

from __future__ import annotations

import pytest

from companion import events as ev
from companion.errors import IllegalActionError
from companion.events import Event, EventBus
from companion.games import find_game
from companion.games.dreamblade import DreambladeGame
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from tests.companion.games.dreamblade.builders import at, creature, kinds, play


def test_registered_as_dreamblade() -> None:
    assert find_game("dreamblade") is DreambladeGame


def test_illegal_action_raises_with_a_rule_and_changes_nothing() -> None:
    game = demo_game()
    before = game.position()
    with pytest.raises(IllegalActionError) as err:
        play(game, "strike")
    assert err.value.rule == "sequence.initiative_roll"
    assert isinstance(err.value, ValueError)
    assert game.position() == before and game.actions == []


def test_a_half_applied_action_leaves_nothing_behind() -> None:
    # the spawn is checked after the phase bookkeeping began; the state must still be untouched
    game = demo_game()
    play(game, "init 6 5")
    before = game.position()
    with pytest.raises(IllegalActionError):
        play(game, "spawn A:noble-dragon#1 a1")
    assert game.position() == before


def test_pop_undoes_exactly_and_copy_is_independent() -> None:
    game = demo_game()
    positions = [game.position()]
    for text in DEMO_ACTIONS[:30]:
        play(game, text)
        positions.append(game.position())
    twin = game.copy()
    for text in reversed(DEMO_ACTIONS[:30]):
        assert str(game.pop()) == text
        positions.pop()
        assert game.position() == positions[-1]
    with pytest.raises(IndexError):
        game.pop()
    assert len(twin.actions) == 30


def test_every_legal_action_in_a_busy_position_is_accepted() -> None:
    game = demo_game()
    for text in DEMO_ACTIONS[:40]:
        play(game, text)
    for action in list(game.legal_actions())[:50]:
        trial = game.copy()
        trial.push(action)


def test_push_returns_domain_events_and_a_bus_gets_them_and_undone() -> None:
    bus, seen = EventBus(), list[Event]()
    bus.subscribe(seen.append)
    game = demo_game()
    game.bus = bus
    events = play(game, "init 6 5", "spawn A:sir-glorious#1 a1")
    assert ev.ACTION_APPLIED not in kinds(events)  # the table's, once per action
    assert "spawned" in kinds(events)
    game.pop()
    assert [e.kind for e in seen] == [*kinds(events), ev.UNDONE]


def test_queries_for_lights_and_panel() -> None:
    game = at(
        [creature("x"), creature("y")],
        [creature("foe")],
        {"A:x#1": "c3", "A:y#1": "b4", "B:foe#1": "c3"},
        mode="shift",
    )
    assert (
        game.turn == 2
        and game.phase == "action"
        and game.phase_seat == "A"
        and game.first_player == "A"
    )
    assert game.engaged_creatures() == {"A:x#1", "B:foe#1"}
    assert game.contested_cells() == {"c3"}
    assert game.claims() == {"b4": "A"}
    assert game.portal("B") == "e5"
    assert game.reserve("A") == [] and game.graveyard("B") == []
    board = game.board()
    assert [m.to_json() for m in board["b4"]] == [
        {
            "id": "A:y#1",
            "catalog_id": "y",
            "name": "Y",
            "owner": "A",
            "kind": "creature",
            "damage": 0,
        }
    ]
    assert game.pending().to_json()["details"]["movable"]["A:y#1"] == ["a4", "b3", "b5", "c4"]
