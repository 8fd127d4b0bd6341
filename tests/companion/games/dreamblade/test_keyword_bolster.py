"""Bolster [type] N: allied creatures of that type get +N defense. Source: facts.md (LIKELY, a
review's summary of Sir Glorious: "+2 Defense to Janus allies"); the scope — every ally of the
type in the dreamscape, not the Bolster creature itself — is the documented assumption of
``abilities/bolster.py``. Rulebook rulings used: a presence bonus ends with the presence;
Bodyguard needs enough damage to disrupt or destroy it (its defense as modified)."""

from __future__ import annotations

import pytest

from companion.errors import IllegalActionError
from companion.games.dreamblade.abilities.lines import parse_ability
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.miniature import Miniature
from tests.companion.games.dreamblade.builders import at, creature, play

HERO = creature("hero", power=4, defense=9, life=9)
GLORIOUS = creature("glorious", defense=3, life=6, lineage="Janus", abilities=["Bolster Janus 2"])
KNIGHT = creature("knight", defense=3, life=6, lineage="Janus")
SQUIRE = creature("squire", defense=3, life=6, lineage="Lost")


def _strike(b: list[Miniature], zones: dict[str, str], damage: str) -> DreambladeGame:
    """A's hero (power 4) rolls 3, 1, miss, miss in c3 and deals ``damage``."""
    game = at([HERO], b, {"A:hero#1": "c3", **zones}, mode="strike")
    play(game, "cell c3", "dice 3,1,miss,miss", f"damage {damage}")
    return game


def test_an_ally_of_the_type_anywhere_on_the_map_gets_n_more_defense() -> None:
    game = _strike([GLORIOUS, KNIGHT], {"B:glorious#1": "e5", "B:knight#1": "c3"}, "B:knight#1=4")
    assert game.state.zone["B:knight#1"] == "c3"  # defense 3 + 2 = 5 > 4: not disrupted
    assert game.pending().kind == "choose_strike_cell"


def test_without_the_bolster_creature_in_play_the_same_damage_disrupts() -> None:
    for zone in ("graveyard", "reserve"):
        game = _strike([GLORIOUS, KNIGHT], {"B:glorious#1": zone, "B:knight#1": "c3"},
                       "B:knight#1=4")  # fmt: skip
        assert game.pending().kind == "place_disruption"


def test_not_itself_nor_another_type_nor_an_enemy() -> None:
    game = _strike([GLORIOUS], {"B:glorious#1": "c3"}, "B:glorious#1=4")
    assert game.pending().kind == "place_disruption"
    game = _strike([GLORIOUS, SQUIRE], {"B:glorious#1": "e5", "B:squire#1": "c3"}, "B:squire#1=4")
    assert game.pending().kind == "place_disruption"
    janus_foe = creature("foe", defense=3, life=6, lineage="Janus")
    zones = {"A:foe#1": "c3", "B:hero#1": "c3", "B:glorious#1": "e5"}
    game = at([janus_foe], [HERO, GLORIOUS], zones, mode="strike", seat="B")
    play(game, "cell c3", "dice 3,1,miss,miss", "damage A:foe#1=4")
    assert game.pending().kind == "place_disruption"


def test_a_bolstered_bodyguard_needs_the_raised_defense_first() -> None:
    guard = creature("guard", defense=3, life=6, lineage="Janus", abilities=["Bodyguard"])
    zones = {"A:hero#1": "c3", "B:glorious#1": "e5", "B:guard#1": "c3", "B:squire#1": "c3"}
    game = at([HERO], [GLORIOUS, guard, SQUIRE], zones, mode="strike")
    play(game, "cell c3", "dice 3,1,miss,miss")
    with pytest.raises(IllegalActionError) as err:
        play(game, "damage B:guard#1=3,B:squire#1=1")
    assert err.value.rule == "Bodyguard"
    play(game, "damage B:guard#1=4")
    assert game.state.zone["B:guard#1"] == "c3"


def test_a_bare_bolster_line_stays_manual() -> None:
    assert not parse_ability("Bolster").implemented
    bolster = parse_ability("Bolster Janus 2")
    assert (bolster.implemented, bolster.type, bolster.value) == (True, "Janus", 2)
