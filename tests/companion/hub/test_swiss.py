"""Swiss pairings, standings and the cut, as pure functions."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hub.swiss import (
    Match,
    PairingError,
    cut_pairs,
    next_cut_pairs,
    pair_swiss,
    standings,
)


def test_match_points_then_opponents_match_win_percentage():
    # round 1: 1 beats 2, 3 beats 4, 5 has the bye; round 2: 5 beats 1, 2 beats 3, 4 has the bye
    matches = [
        Match(1, 1, 2, "a"),
        Match(1, 3, 4, "a"),
        Match(1, 5, None),
        Match(2, 1, 5, "b"),
        Match(2, 2, 3, "a"),
        Match(2, 4, None),
    ]
    table = {s.player: s for s in standings([1, 2, 3, 4, 5], matches)}
    assert {p: s.points for p, s in table.items()} == {1: 3, 2: 3, 3: 3, 4: 3, 5: 6}
    # MW%: 1 = 3/6, 2 = 3/6, 3 = 3/6, 4 = 3/6 (a bye counts as played and won), 5 = 6/6
    assert table[5].mw == 1 and table[1].mw == Fraction(1, 2)
    # OMW% averages the opponents met (a bye is no opponent)
    assert table[1].omw == (Fraction(1, 2) + 1) / 2  # met 2 and 5
    assert table[2].omw == Fraction(1, 2)  # met 1 and 3
    assert table[4].omw == Fraction(1, 2)  # met 3 only
    assert table[5].omw == Fraction(1, 2)  # met 1 only
    ranked = [s.player for s in standings([1, 2, 3, 4, 5], matches)]
    assert ranked[0] == 5 and ranked[1] == 1  # 1 has the best OMW% of the 3-pointers
    # 2, 3, 4 tie on OMW% 1/2; OOMW%: 2 met (1, 3) → (3/4 + omw3)/2, omw3 = (1/2 + 1/2)/2 = 1/2
    assert table[2].oomw == (Fraction(3, 4) + Fraction(1, 2)) / 2
    assert table[3].oomw == (Fraction(1, 2) + Fraction(1, 2)) / 2  # met 4 (1/2) and 2 (1/2)
    assert ranked[2:] == [2, 3, 4]  # 2 by OOMW%, then 3 before 4 by check-in order


def test_a_match_win_percentage_is_never_below_a_third():
    matches = [Match(1, 1, 2, "a"), Match(2, 1, 3, "a"), Match(2, 2, 4, "draw")]
    table = {s.player: s for s in standings([1, 2, 3, 4], matches)}
    assert table[3].mw == Fraction(1, 3)  # 0 of 3 points, floored
    assert table[2].mw == Fraction(1, 3)  # 1 of 6 points, floored
    assert table[1].omw == Fraction(1, 3)


def test_tiebreakers_are_the_organizers_choice():
    matches = [Match(1, 1, 2, "a"), Match(1, 3, 4, "a"), Match(2, 1, 3, "a"), Match(2, 2, 4, "a")]
    by_check_in = [s.player for s in standings([1, 2, 3, 4], matches, tiebreakers=())]
    assert by_check_in == [1, 2, 3, 4]
    with pytest.raises(ValueError, match="unknown tie-breakers"):
        standings([1, 2], [], tiebreakers=("coin",))


def test_pairing_takes_the_nearest_ranked_player_not_met_yet():
    played = [Match(1, 1, 2, "a"), Match(1, 3, 4, "a")]
    pairing = pair_swiss([1, 3, 2, 4], played, round_number=2, seed=1)
    assert pairing.pairs == ((1, 3), (2, 4)) and pairing.bye is None
    rematch_first = pair_swiss([1, 2, 3, 4], played, round_number=2, seed=1)
    assert rematch_first.pairs == ((1, 3), (2, 4))


def test_the_bye_goes_to_the_lowest_ranked_player_without_one():
    played = [Match(1, 1, 2, "a"), Match(1, 3, None)]
    pairing = pair_swiss([1, 2, 3], played, round_number=2, seed=1)
    assert pairing.bye == 2  # 3 ranks lowest but already had a bye
    assert pairing.pairs == ((1, 3),)


def test_odd_players_with_no_bye_possible_is_a_clear_error():
    played = [Match(1, 1, None), Match(2, 2, None), Match(3, 3, None)]
    with pytest.raises(PairingError) as error:
        pair_swiss([1, 2, 3], played, round_number=4, seed=1)
    assert error.value.code == "no_bye_possible"


def test_no_pairing_without_a_rematch_is_a_clear_error():
    played = [Match(1, 1, 2, "a"), Match(1, 3, 4, "a"), Match(2, 1, 3, "a"), Match(2, 2, 4, "a")]
    played += [Match(3, 1, 4, "a"), Match(3, 2, 3, "a")]
    with pytest.raises(PairingError) as error:
        pair_swiss([1, 2, 3, 4], played, round_number=4, seed=1)
    assert error.value.code == "rematch_only"


def test_bad_pairing_requests():
    with pytest.raises(PairingError) as error:
        pair_swiss([1], [], round_number=1, seed=1)
    assert error.value.code == "too_few_players"
    with pytest.raises(ValueError, match="twice"):
        pair_swiss([1, 1, 2], [], round_number=1, seed=1)


def test_round_one_is_shuffled_from_the_seed():
    players = list(range(1, 17))
    first = pair_swiss(players, [], round_number=1, seed=7)
    assert pair_swiss(players, [], round_number=1, seed=7) == first
    assert first.pairs != tuple((i, i + 1) for i in range(1, 17, 2))
    assert sorted(p for pair in first.pairs for p in pair) == players


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=13),
    rounds=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=1000),
    results=st.lists(st.sampled_from(["a", "b", "draw"]), min_size=40, max_size=40),
)
def test_swiss_rounds_never_repeat_a_match_and_give_one_bye_each(
    count: int, rounds: int, seed: int, results: list[str]
):
    players = list(range(1, count + 1))
    played: list[Match] = []
    outcomes = iter(results)
    # up to n/2 - 1 rounds a pairing without rematches always exists (the pairs not yet played
    # form a graph of degree at least n/2, which has a perfect matching)
    for number in range(1, min(rounds, max(1, count // 2 - 1)) + 1):
        ranked = [s.player for s in standings(players, played)]
        pairing = pair_swiss(ranked, played, round_number=number, seed=seed)
        seated = [p for pair in pairing.pairs for p in pair] + (
            [pairing.bye] if pairing.bye is not None else []
        )
        assert sorted(seated) == players
        for a, b in pairing.pairs:
            assert not any({m.a, m.b} == {a, b} for m in played)
            played.append(Match(number, a, b, next(outcomes)))  # type: ignore[arg-type]
        if pairing.bye is not None:
            assert not any(m.b is None and m.a == pairing.bye for m in played)
            played.append(Match(number, pairing.bye, None))


def test_the_cut_keeps_the_top_seeds_apart_until_the_final():
    seeds = [11, 12, 13, 14, 15, 16, 17, 18]  # seed 1 is player 11...
    assert cut_pairs(seeds) == ((11, 18), (14, 15), (12, 17), (13, 16))
    assert next_cut_pairs([11, 14, 12, 13]) == ((11, 14), (12, 13))
    assert cut_pairs([1, 2]) == ((1, 2),)
    for bad in ([1, 2, 3], [1], list(range(6))):
        with pytest.raises(PairingError):
            cut_pairs(bad)
