import pytest

from companion.games.arena.actions import FirstRoll, FirstTurn
from companion.games.arena.game import Arena
from companion.games.arena.setup import Army, Setup, army_card

# Army cards typed in by the test players (the companion has no printed numbers).


def walker(card_id, life=4, power=2, toughness=1, cost=100):
    return army_card(card_id, name=card_id.title(), kind="planeswalker", figures=1, life=life,
                     power=power, toughness=toughness, cost=cost)  # fmt: skip


def squad(card_id, figures=3, ppf=20):
    return army_card(card_id, name=card_id.title(), kind="squad", figures=figures, life=1,
                     power=1, toughness=1, cost=figures * ppf, ppf=ppf)  # fmt: skip


def hero(card_id, cost=80):
    return army_card(card_id, name=card_id.title(), kind="hero", figures=1, life=3, power=3,
                     toughness=2, cost=cost)  # fmt: skip


def army(seat, team=None):
    return Army(seat, (walker(f"pw-{seat}"), squad(f"sq-{seat}"), hero(f"he-{seat}")), team)


def duel_setup():
    placed = {"g1": "power", "g2": "toughness", "g3": "movement", "g4": "knowledge"}
    return Setup("duel", (army("a"), army("b")), placed)


def seat_order_rolls(game):
    """Seed 003's d20 for the first player, rolled so that the first seat goes first and play
    follows seat order (most tests are about later steps)."""
    while game.pending().kind == "first_roll":
        seat = game.pending().seat
        game.push(FirstRoll(seat, 20 - game.seats.index(seat)))
    if game.pending().kind == "first_choice":  # a duel: the winner takes the first turn
        game.push(FirstTurn(game.pending().seat))
    return game


def new_arena(setup):
    return seat_order_rolls(Arena(setup))


def play(game, *texts):
    for text in texts:
        game.push(game.parse_action(text))
    return game


@pytest.fixture
def duel():
    return new_arena(duel_setup())
