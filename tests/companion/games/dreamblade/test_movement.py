"""Shifts (rulebook "shift" and its five cases; FAQ "shift"; FAQ Defender)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import at, creature, kinds, play

X, FOE = creature("x"), creature("foe")


def _shifting(zones: dict[str, str]) -> DreambladeGame:
    return at([X] * 5, [FOE] * 2, zones, mode="shift")


def test_one_cell_orthogonally_never_diagonally() -> None:
    # rulebook shift cases 1 and "no diagonals"
    game = _shifting({"A:x#1": "c3"})
    assert game.legal_shift_destinations("A:x#1") == {"c2", "c4", "b3", "d3"}
    with pytest.raises(IllegalActionError) as err:
        play(game, "move A:x#1 d4")
    assert err.value.rule == "shift.orthogonal"


def test_engaged_creatures_do_not_shift() -> None:
    # rulebook shift case 2: an engaged creature cannot move when its player shifts
    game = _shifting({"A:x#1": "c3", "B:foe#1": "c3"})
    assert game.legal_shift_destinations("A:x#1") == frozenset()
    with pytest.raises(IllegalActionError) as err:
        play(game, "move A:x#1 c4")
    assert err.value.rule == "shift.unengaged_only"


def test_an_enemy_location_does_not_engage() -> None:
    # rulebook "engaged": only enemy creatures engage; a lone enemy location does not
    from tests.companion.games.dreamblade.builders import location

    game = at([X], [location("tower")], {"A:x#1": "c3", "B:tower#1": "c3"}, mode="shift")
    assert game.engaged_creatures() == frozenset()
    assert "c4" in game.legal_shift_destinations("A:x#1")


def test_no_shifting_into_a_cell_with_four_allies() -> None:
    # rulebook shift case 3 (stack limit)
    zones = {f"A:x#{k}": "c4" for k in range(1, 5)} | {"A:x#5": "c3"}
    game = _shifting(zones)
    assert "c4" not in game.legal_shift_destinations("A:x#5")
    with pytest.raises(IllegalActionError) as err:
        play(game, "move A:x#5 c4")
    assert err.value.rule == "stack_limit"


def test_creatures_of_one_cell_may_go_different_ways_or_stay() -> None:
    # rulebook shift cases 4 and 5; FAQ: moving is optional, each creature separately
    game = _shifting({"A:x#1": "c3", "A:x#2": "c3", "A:x#3": "c3"})
    events = play(game, "move A:x#1 c4", "move A:x#2 b3", "done")
    assert kinds(events).count("moved") == 2
    assert game.state.zone["A:x#3"] == "c3"


def test_each_creature_moves_once_per_shift() -> None:
    game = _shifting({"A:x#1": "c3"})
    play(game, "move A:x#1 c4")
    with pytest.raises(IllegalActionError) as err:
        play(game, "move A:x#1 c5")
    assert err.value.rule == "shift.once"


def test_shifting_into_enemies_engages() -> None:
    game = _shifting({"A:x#1": "c3", "B:foe#1": "c4"})
    play(game, "move A:x#1 c4")
    assert game.engaged_creatures() == {"A:x#1", "B:foe#1"}
    assert game.contested_cells() == {"c4"}


def test_defender_does_not_shift_into_enemies() -> None:
    # FAQ Defender: it may not move into a cell holding an enemy when its player shifts
    saint = creature("saint", abilities=["Defender"])
    game = at([saint], [FOE], {"A:saint#1": "c3", "B:foe#1": "c4"}, mode="shift")
    assert game.legal_shift_destinations("A:saint#1") == {"c2", "b3", "d3"}
    with pytest.raises(IllegalActionError) as err:
        play(game, "move A:saint#1 c4")
    assert err.value.rule == "Defender"


def test_only_own_creatures_move() -> None:
    game = _shifting({"A:x#1": "c3", "B:foe#1": "a5"})
    with pytest.raises(IllegalActionError) as err:
        play(game, "move B:foe#1 b5")
    assert err.value.rule == "shift.own_creature"


def test_moving_needs_a_shift() -> None:
    game = at([X], [FOE], {"A:x#1": "c3"})
    with pytest.raises(IllegalActionError) as err:
        play(game, "move A:x#1 c4")
    assert err.value.rule == "sequence.choose_action"


def test_ability_moves_obey_the_stack_limit_only() -> None:
    # rulebook "stack limit" (abilities): moves by abilities never put a 5th creature of a player
    # into a cell; otherwise they are not shifts (any distance, engaged or not)
    stepper = creature("x", abilities=["manual: 0: Test Step"])  # an ability the players apply
    zones = {f"A:x#{k}": "c4" for k in range(1, 5)} | {"A:x#5": "a1", "B:foe#1": "a1"}
    game = at([stepper] * 5, [FOE], zones, phase="spawn")
    play(game, "ability A:x#5 test-step")
    with pytest.raises(IllegalActionError) as err:
        play(game, "relocate A:x#5 c4")
    assert err.value.rule == "stack_limit"
    events = play(game, "relocate A:x#5 e5")
    assert events[0].data == {"mini": "A:x#5", "from": "a1", "to": "e5", "how": "ability"}


def test_a_creature_that_moved_shows_no_more_destinations() -> None:
    game = _shifting({"A:x#1": "c3"})
    play(game, "move A:x#1 c4")
    assert game.legal_shift_destinations("A:x#1") == frozenset()
    play(game, "done")  # the next shift starts afresh
    assert game.legal_shift_destinations("A:x#1") == {"c3", "c5", "b4", "d4"}
