import pytest

from companion.errors import DataFileError
from companion.games.arena.data_files import (
    glyphs,
    known_cards,
    load_combat_die_faces,
    load_scenarios,
    scenarios,
)


def test_the_three_battlefields_and_their_turn_tracks():
    """Seed 003 pp17-19: duel 30 turns; 2v2 skirmish 60; melee 36/48/60 for 3/4/5 players."""
    table = scenarios()
    assert dict(table["duel"].turns) == {2: 30}
    assert dict(table["skirmish"].turns) == {4: 60} and table["skirmish"].teams
    assert dict(table["melee"].turns) == {3: 36, 4: 48, 5: 60}
    assert table["melee"].scoring == "glyph_spaces" and table["melee"].goal == "score"
    assert table["skirmish"].glyphs_face == "planeswalker"
    assert {s.army_points for s in table.values()} == {500}


def test_the_four_glyphs():
    """Seed 003 p13: power +1, toughness +1, movement +2 are permanent; knowledge is temporary."""
    table = glyphs()
    assert (table["power"].power, table["toughness"].toughness, table["movement"].move) == (1, 1, 2)
    assert {g.id for g in table.values() if g.kind == "temporary"} == {"knowledge"}


def test_the_combat_die_split_is_unknown():
    """facts.md §6: the number of hit/shield/blank faces was NOT FOUND."""
    assert load_combat_die_faces() == {"hit": None, "shield": None, "blank": None}


def test_known_card_facts_are_only_the_sourced_ones():
    """facts.md: five planeswalkers; seed 003: Chandra's range 5, Illusionary Projections move 5."""
    cards = known_cards()
    walkers = {card.name for card in cards.values() if card.kind == "planeswalker"}
    assert walkers == {"Gideon", "Jace", "Liliana", "Chandra", "Nissa"}
    assert cards["chandra"].values == {"range": 5}
    assert cards["illusionary-projections"].kind is None


def test_a_broken_scenario_file_names_the_field(tmp_path):
    path = tmp_path / "scenarios.yaml"
    path.write_text(
        "scenarios: [{id: x, battlefield: 1, turns: {2: 30}, teams: no, army_points: 500,"
        " glyphs_face: sideways, goal: score, scoring: battlefield}]\n",
        encoding="utf-8",
    )
    with pytest.raises(DataFileError) as caught:
        load_scenarios(path)
    assert caught.value.field == "scenarios[0].glyphs_face"
