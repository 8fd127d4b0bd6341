import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.errors import IllegalActionError
from companion.games import find_game
from companion.games.arena.actions import (
    Attack,
    Choose,
    Damage,
    End,
    FirstRoll,
    FirstTurn,
    Hits,
    Move,
    ReturnSquad,
    Summon,
)
from companion.games.arena.game import SPELLS_DRAWN, Arena
from companion.games.arena.setup import Army, Setup, army_card

from .conftest import army, new_arena, play


def test_the_registry_finds_arena():
    assert find_game("arena") is Arena


def test_planeswalkers_start_on_the_battlefield_and_the_rest_in_reserve(duel):
    assert sorted(duel.on_battlefield()) == ["pw-a", "pw-b"]
    assert duel.figure("sq-a-2").place == "reserve"
    pending = duel.pending()
    assert (pending.seat, pending.kind, pending.details["cards"]) == ("a", "choose_army", ["pw-a"])


def test_no_spell_on_the_first_turn_of_a_two_player_game(duel):
    """Seed 003 p6: in a two-player game the first turn draws no spell card; later turns do."""
    assert duel.pending().details["draw_spell"] is False
    play(duel, "choose pw-a", "end")
    assert duel.pending().details["draw_spell"] is True


def test_a_planeswalker_turn_summons_two_squad_figures_or_one_hero(duel):
    """Seed 003 p7: before moving, a planeswalker may summon 2 squad figures or 1 hero."""
    play(duel, "choose pw-a")
    assert duel.pending().kind == "summon"
    assert Summon("he-a") in duel.legal_actions()
    play(duel, "summon sq-a-1", "summon sq-a-2")
    assert duel.pending().kind == "move"  # nothing more may come
    with pytest.raises(IllegalActionError) as caught:
        duel.push(Summon("sq-a-3"))
    assert "summoning" in caught.value.rule
    duel.pop()
    assert Summon("he-a") not in duel.legal_actions()  # one squad figure already came
    duel.pop()
    play(duel, "summon he-a")
    assert duel.legal_actions() and not any(isinstance(a, Summon) for a in duel.legal_actions())


def test_only_the_chosen_cards_figures_move_and_each_once(duel):
    play(duel, "choose pw-a", "summon he-a", "move pw-a field")
    for action in (Move("he-a", "field"), Move("pw-a", "scoring")):
        with pytest.raises(IllegalActionError, match="move step"):
            duel.push(action)


def test_a_permanent_glyph_helps_every_figure_of_its_holder(duel):
    """Seed 003 p13: glyph of power, +1 power to all your figures while you stand on it."""
    play(duel, "choose pw-a", "summon sq-a-1", "move pw-a g1", "next")
    assert duel.glyph_bonus("a", "power") == 1
    play(duel, "attack pw-a pw-b")
    assert duel.pending().details["dice"] == 2 + 1


def test_height_advantage_adds_a_die_to_the_higher_figure(duel):
    """Seed 003 p11: the figure whose base is higher rolls one extra die."""
    play(duel, "choose pw-a", "next", "next", "attack pw-a pw-b high=attacker")
    assert duel.pending().details["dice"] == 3
    duel.pop()
    play(duel, "attack pw-a pw-b high=target", "hits 1")
    assert duel.pending().details["dice"] == 1 + 1


def test_damage_is_hits_minus_shields_never_below_zero(duel):
    """Seed 003 p11: each hit not stopped by a shield deals 1 damage."""
    play(duel, "choose pw-a", "next", "next", "attack pw-a pw-b", "hits 2")
    pending = duel.pending()
    assert (pending.seat, pending.kind, pending.details["hits"]) == ("b", "defence_dice", 2)
    play(duel, "dice +1", "shields 1")
    assert duel.figure("pw-b").damage == 1
    assert Attack("pw-a", "pw-b") not in duel.legal_actions()  # each figure attacks once
    play(duel, "end", "choose pw-b", "next", "next", "attack pw-b pw-a", "hits 0", "shields 1")
    assert duel.figure("pw-a").damage == 0


def test_dice_counts_cannot_exceed_the_dice_rolled(duel):
    play(duel, "choose pw-a", "next", "next", "attack pw-a pw-b")
    before = duel.position()
    with pytest.raises(IllegalActionError, match="dice"):
        duel.push(Hits(3))
    assert duel.position() == before


def test_leaving_an_engagement_and_falling_cost_a_die_each(duel):
    """Seed 003 pp8-10: leaving an engaged enemy and a long fall each risk 1 damage on one die."""
    play(duel, "choose pw-a", "disengage pw-a pw-b 1", "fall pw-a 1", "fall pw-a 0")
    assert duel.figure("pw-a").damage == 2


def test_spells_and_abilities_deal_and_remove_damage_one_point_at_a_time(duel):
    assert Damage("pw-b", +1) not in duel.legal_actions()  # not while choosing the army card
    play(duel, "choose pw-a", "damage pw-b +1", "damage pw-b +1", "damage pw-b -1")
    assert duel.figure("pw-b").damage == 1
    play(duel, "damage pw-b -1")
    assert Damage("pw-b", -1) not in duel.legal_actions()
    for _ in range(4):
        duel.push(Damage("pw-b", +1))
    assert duel.winner() == "a"


def test_a_returned_squad_goes_back_to_the_reserve_undamaged(duel):
    """Seed 003: returning a squad puts its figures in the reserve and removes their damage."""
    two_life = army_card("sq-a", name="Sq", kind="squad", figures=3, life=2, power=1,
                         toughness=1, cost=60, ppf=20)  # fmt: skip
    armies = (Army("a", (army("a").cards[0], two_life)), army("b"))
    game = new_arena(Setup("duel", armies, {}))
    play(game, "choose pw-a", "summon sq-a-1", "summon sq-a-2", "damage sq-a-1 +1")
    play(game, "return sq-a")
    assert [game.figure(f"sq-a-{n}").place for n in (1, 2)] == ["reserve", "reserve"]
    assert game.figure("sq-a-1").damage == 0
    assert ReturnSquad("sq-a") not in game.legal_actions()


def test_the_knowledge_glyph_draws_a_spell_and_leaves_the_game(duel):
    """Seed 003 p13: a temporary glyph works once and is removed."""
    play(duel, "choose pw-a", "next")
    events = duel.push(Move("pw-a", "g4"))
    assert [e.data["count"] for e in events if e.kind == SPELLS_DRAWN] == [1]
    assert duel.figure("pw-a").place == "field"
    play(duel, "end", "choose pw-b", "next")
    assert Move("pw-b", "g4") not in duel.legal_actions()


def test_without_a_planeswalker_the_knowledge_glyph_draws_nothing():
    """Seed 003 p7: a player whose planeswalker is destroyed cannot draw spell cards."""
    game = new_arena(Setup("melee", (army("a"), army("b"), army("c")), {"g4": "knowledge"}))
    play(game, "choose pw-a", "summon he-a", "end")
    play(game, "choose pw-b", "next", "next", "attack pw-b pw-a")
    play(game, "dice +1", "dice +1", "hits 4", "shields 0", "end", "choose pw-c", "end")
    assert not game.planeswalker_alive("a") and not game.is_over  # the melee goes on
    play(game, "choose he-a")
    assert game.pending().details["figures"] == ["he-a"]
    events = game.push(Move("he-a", "g4"))
    assert SPELLS_DRAWN not in {event.kind for event in events}
    assert game.figure("he-a").place == "field"


def test_face_down_glyphs_are_named_when_a_figure_stops_on_them():
    """Seed 003 p18: in the skirmish the glyphs lie planeswalker side up until a figure stops."""
    armies = tuple(army(s, t) for s, t in zip("abcd", "xxyy", strict=True))
    game = new_arena(Setup("skirmish", armies, {"g1": None, "g2": None}))
    play(game, "choose pw-a", "next", "move pw-a g1=toughness")
    assert game.glyph_bonus("a", "toughness") == 1
    play(game, "end", "choose pw-b", "next")
    assert Move("pw-b", "g2", "toughness") not in game.legal_actions()
    assert Move("pw-b", "g2", "power") in game.legal_actions()


def test_destroying_the_enemy_planeswalker_wins_the_duel(duel):
    """Seed 003 p17: the duel is won by destroying the opposing planeswalker."""
    play(duel, "choose pw-a", "next", "next")
    for _ in range(2):
        play(duel, "attack pw-a pw-b", "hits 2", "shields 0")
        if not duel.is_over:
            play(duel, "end", "choose pw-b", "end", "choose pw-a", "next", "next")
    assert duel.winner() == "a"
    assert duel.pending().kind == "game_over"
    assert duel.legal_actions() == []


def test_skirmish_teams_win_when_both_enemy_planeswalkers_fall():
    armies = tuple(army(s, t) for s, t in zip("abcd", "xxyy", strict=True))
    game = new_arena(Setup("skirmish", armies, {}))
    strike = ("dice +1", "dice +1", "hits 4", "shields 0")  # two spells add a die each
    play(game, "choose pw-a", "next", "next", "attack pw-a pw-c", *strike)
    assert not game.is_over
    assert Attack("pw-a", "pw-b") not in game.legal_actions()  # pw-b is a teammate
    play(game, "end", "choose pw-b", "next", "next", "attack pw-b pw-d", *strike)
    assert game.winner() == "x"


def _run_out_the_track(game):
    while not game.is_over:
        play(game, "choose " + game.legal_actions()[0].card, "end")


def test_at_the_end_of_the_track_the_costliest_battlefield_wins(duel):
    """Seed 003 p17: after 30 turns the player with the most cost on the battlefield wins."""
    play(duel, "choose pw-a", "summon he-a", "end")
    _run_out_the_track(duel)
    assert duel.turn == 30
    assert duel.scores() == {"a": 180, "b": 100}
    assert duel.winner() == "a"


def test_equal_scores_at_the_end_are_a_draw(duel):
    _run_out_the_track(duel)
    assert duel.is_over and duel.winner() is None
    assert duel.pending().kind == "game_drawn"


def test_melee_scores_only_figures_on_the_purple_spaces():
    """Seed 003 p19: the melee is scored by the cost of figures on the glyph spaces."""
    game = new_arena(Setup("melee", (army("a"), army("b"), army("c")), {"g1": "power"}))
    play(game, "choose pw-a", "summon sq-a-1", "move pw-a scoring", "end")
    assert game.scores() == {"a": 100, "b": 0, "c": 0}
    _run_out_the_track(game)
    assert game.turn == 36 and game.winner() == "a"


def test_pop_undoes_and_copy_is_independent(duel):
    play(duel, "choose pw-a", "summon sq-a-1")
    before = duel.position()
    twin = duel.copy()
    duel.push(Move("pw-a", "g1"))
    assert twin.position() == before
    assert duel.pop() == Move("pw-a", "g1")
    assert duel.position() == before
    assert twin.pop() == Summon("sq-a-1") and twin.pop() == Choose("pw-a")
    assert twin.pop() == FirstTurn("a")
    assert twin.pop() == FirstRoll("b", 19) and twin.pop() == FirstRoll("a", 20)
    with pytest.raises(IndexError):
        twin.pop()


def test_notation_reads_back(duel):
    play(duel, "choose pw-a", "summon he-a", "next", "attack pw-a pw-b high=target")
    texts = [str(a) for a in (*duel.legal_actions(), Move("x", "g1", "power"), End())]
    assert [str(duel.parse_action(t)) for t in texts] == texts
    for bad in ("move x g1=", "attack a b high=up", "hits -1"):
        with pytest.raises(ValueError, match="not an Arena action"):
            duel.parse_action(bad)


def test_position_and_record_round_trip_through_json(duel):
    play(duel, "choose pw-a", "summon sq-a-1", "move pw-a g4", "next", "attack pw-a pw-b")
    position = json.loads(json.dumps(duel.position()))
    assert Arena.from_position(position).position() == duel.position()
    record = json.loads(json.dumps(duel.record()))
    assert Arena.from_record(record).position() == duel.position()
    with pytest.raises(ValueError, match="document"):
        Arena.from_record(position)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda st: st["figures"]["pw-a"].update(place="moon"), "figure pw-a"),
        (lambda st: st["figures"]["pw-a"].update(damage=9), "figure pw-a"),
        (lambda st: st["figures"].pop("sq-b-3"), "setup's figures"),
        (lambda st: st["glyphs"].update(g1="luck"), "unknown glyph"),
        (lambda st: st.update(turn=31), "turn"),
        (lambda st: st.update(combat=None), "combat"),
    ],
)
def test_an_inconsistent_position_is_refused(duel, change, message):
    play(duel, "choose pw-a", "next", "next", "attack pw-a pw-b")
    position = duel.position()
    change(position["state"])
    with pytest.raises(ValueError, match=message):
        Arena.from_position(position)


@settings(max_examples=30, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=10_000), max_size=80))
def test_random_legal_play_keeps_figures_and_glyphs_consistent(choices):
    """Any legal sequence: one figure per glyph spot, damage below life on the battlefield,
    the track within the scenario, and undo retraces every position."""
    armies = (army("a"), army("b"), army("c"))
    game = new_arena(Setup("melee", armies, {"g1": "power", "g2": "knowledge", "g3": "movement"}))
    positions = [game.position()]
    rolls = len(game.actions)
    for choice in choices:
        legal = game.legal_actions()
        if not legal:
            break
        game.push(legal[choice % len(legal)])
        positions.append(game.position())
        assert Arena.from_position(positions[-1]).position() == positions[-1]
        state = game.state
        places = [f.place for f in state.figures.values() if f.place in state.glyphs]
        assert len(places) == len(set(places))
        for fid in game.on_battlefield():
            figure = state.figures[fid]
            assert figure.damage < game.card(figure.card).life
        assert 1 <= state.turn <= 36
    while len(game.actions) > rolls:
        positions.pop()
        game.pop()
        assert game.position() == positions[-1]


def test_the_hex_a_figure_was_seen_on_is_kept_until_it_leaves_the_battlefield(duel):
    play(duel, "choose pw-a", "summon sq-a-1 c4", "summon sq-a-2 d4", "move pw-a g1 e5")
    assert [duel.figure(f).hex for f in ("sq-a-1", "sq-a-2", "pw-a")] == ["c4", "d4", "e5"]
    assert duel.figure("pw-a").place == "g1"
    again = Arena.from_position(json.loads(json.dumps(duel.position())))
    assert again.figure("sq-a-1").hex == "c4"
    play(duel, "return sq-a")
    assert duel.figure("sq-a-1").hex is None and duel.figure("sq-a-1").place == "reserve"


def test_a_hex_holds_one_figure(duel):
    play(duel, "choose pw-a", "summon sq-a-1 c4")
    with pytest.raises(IllegalActionError) as caught:
        duel.push(Summon("sq-a-2", "c4"))
    assert "one figure per space" in caught.value.rule
    assert duel.figure("sq-a-2").place == "reserve"
    play(duel, "summon sq-a-2 c5", "move pw-a field b2")
    assert duel.figure("pw-a").hex == "b2"


def test_a_position_with_two_figures_on_one_hex_is_refused(duel):
    play(duel, "choose pw-a", "summon sq-a-1 c4")
    doc = duel.position()
    doc["state"]["figures"]["pw-a"]["hex"] = "c4"
    with pytest.raises(ValueError, match="one figure"):
        Arena.from_position(doc)
