import pytest

from companion.games.arena.setup import Army, Setup, army_card

from .conftest import army, duel_setup, hero, squad, walker


def test_known_numbers_come_from_the_data_and_the_rest_is_typed():
    chandra = army_card("chandra", figures=1, life=5, power=3, toughness=2, cost=150)
    assert (chandra.name, chandra.kind, chandra.range) == ("Chandra", "planeswalker", 5)
    with pytest.raises(ValueError, match="range is 5, not 4"):
        army_card("chandra", figures=1, life=5, power=3, toughness=2, cost=150, range=4)
    with pytest.raises(ValueError, match="type in life, power"):
        army_card("jace", figures=1, toughness=1, cost=100)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"kind": "dragon"}, "kind"),
        ({"kind": "squad", "ppf": None}, "ppf"),
        ({"kind": "hero", "figures": 2}, "single figure"),
        ({"life": 0}, "one life"),
        ({"power": -1}, "power"),
    ],
)
def test_bad_army_cards_are_refused(values, message):
    card = {"name": "X", "kind": "hero", "figures": 1, "life": 2, "power": 1, "toughness": 1,
            "cost": 10, **values}  # fmt: skip
    with pytest.raises(ValueError, match=message):
        army_card("x", **card)


def test_an_army_has_one_planeswalker_and_stays_within_500_points():
    """Seed 003 p17-19: each player picks army cards costing 500."""
    no_walker = Army("a", (squad("sq-a"),))
    with pytest.raises(ValueError, match="one planeswalker"):
        Setup("duel", (no_walker, army("b")), {})
    rich = Army("a", (walker("pw-a", cost=450), hero("he-a", cost=60)))
    with pytest.raises(ValueError, match="costs 510"):
        Setup("duel", (rich, army("b")), {"g1": "power"})


def test_player_counts_and_teams_follow_the_scenario():
    with pytest.raises(ValueError, match="for 2 players"):
        Setup("duel", (army("a"), army("b"), army("c")), {})
    with pytest.raises(ValueError, match="two teams"):
        Setup("skirmish", tuple(army(s) for s in "abcd"), {})
    teams = tuple(army(s, team) for s, team in zip("abcd", ["x", "x", "y", "y"], strict=True))
    assert Setup("skirmish", teams, {"g1": None}).turns == 60
    with pytest.raises(ValueError, match="without teams"):
        Setup("melee", tuple(army(s, "x") for s in "abc"), {})


def test_glyphs_face_up_or_down_as_the_scenario_says():
    with pytest.raises(ValueError, match="ability side up"):
        Setup("duel", (army("a"), army("b")), {"g1": None})
    teams = tuple(army(s, t) for s, t in zip("abcd", "xxyy", strict=True))
    with pytest.raises(ValueError, match="face down"):
        Setup("skirmish", teams, {"g1": "power"})
    with pytest.raises(ValueError, match="only once"):
        Setup("duel", (army("a"), army("b")), {"g1": "power", "g2": "power"})
    with pytest.raises(ValueError, match="bad glyph spot"):
        Setup("duel", (army("a"), army("b")), {"field": "power"})


def test_figure_ids_must_be_unique_across_the_table():
    with pytest.raises(ValueError, match="twice"):
        Setup("duel", (army("a"), Army("b", army("a").cards)), {})


def test_a_setup_survives_json():
    setup = duel_setup()
    assert Setup.from_json(setup.to_json()) == setup
