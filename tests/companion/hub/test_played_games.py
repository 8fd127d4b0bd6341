"""A finished game read from its record for the statistics (``companion.hub.played_games``): the
game replayed action by action, each roll with exact odds counted for the seat that made it —
both initiative dice for their own seats, whoever entered them — and the turns each seat won."""

from __future__ import annotations

from fractions import Fraction

from companion.games.dreamblade.actions import Dice, Initiative, Reroll
from companion.games.dreamblade.demo_game import DEMO_GAME, demo_game
from companion.games.dreamblade.dice import Face, attack_odds
from companion.games.luck import Roll
from companion.hub.played_games import played_game
from companion.hub.statistics import Player


def demo_rolls() -> dict[str, list[Roll]]:
    """Each seat's rolls in the demo, read here from the actions themselves: attack dice and
    Fortunate rerolls priced by the attack die's odds, each initiative die as a fair d6."""
    game = demo_game()
    rolls: dict[str, list[Roll]] = {"A": [], "B": []}
    d6 = {side: Fraction(1, 6) for side in range(1, 7)}
    for text in DEMO_GAME:
        action = game.parse_action(text)
        if isinstance(action, Initiative):
            for seat in ("A", "B"):
                if action.value(seat) is not None:
                    rolls[seat].append(Roll(int(action.value(seat) or 0), d6))
        elif isinstance(action, Dice | Reroll):
            faces = action.faces if isinstance(action, Dice) else action.new
            if faces:
                damage = sum(Face(face).damage for face in faces)
                rolls[str(game.seat_for(action))].append(
                    Roll(damage, attack_odds(len(faces)).damage)
                )
        game.push(action)
    return rolls


def test_a_records_rolls_count_for_the_seats_that_made_them():
    game = demo_game()
    for text in DEMO_GAME:
        game.push(game.parse_action(text))
    record = game.record()
    ann = Player("Ann", "Ravens")
    played = played_game("dreamblade", record, "A", {"A": ann})
    assert played.seats == {"A": ann, "B": Player("B")}  # a seat nobody names: its own name
    assert played.winner == "A"
    score = game.summary()["score"]
    assert played.turn_wins == {seat: int(wins) for seat, wins in score.items()}
    expected = demo_rolls()
    for seat in ("A", "B"):
        assert [r for s, r in played.rolls if s == seat] == expected[seat]
    # the first roll of each is its own initiative die ("init 6 5", entered by the judge)
    assert DEMO_GAME[0] == "init 6 5"
    assert [r.outcome for s, r in played.rolls[:2]] == [6, 5]
    assert [s for s, r in played.rolls[:2]] == ["A", "B"]
