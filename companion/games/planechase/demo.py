"""A scripted, repeatable Planechase game for three players with virtual decks and a virtual die.

``run_demo()`` plays it and returns the lines it prints.
"""

from __future__ import annotations

from companion.games.demo_players import named_details, player, players
from companion.games.planechase.actions import EndTurn, Leave
from companion.games.planechase.die import PlanarDie
from companion.games.planechase.game import CHAOS, Planechase
from companion.games.planechase.planes import load_planes
from companion.games.planechase.prompts import prompt
from companion.games.planechase.setup import Setup, shuffled
from companion.games.protocol import Pending

SEATS = ("ann", "ben", "cho")
SEED = 7
ROLLS_PER_TURN = 2
TURNS = 6
# The demo's three players as the table names them in each language
PLAYER_NAMES = players(SEATS)


def demo_setup() -> Setup:
    ids = [plane.id for plane in load_planes()]
    decks = {seat: tuple(ids[10 * i : 10 * i + 10]) for i, seat in enumerate(SEATS)}
    return Setup(SEATS, shuffled(decks, SEED), first=SEATS[0], ordered=True)


def _prompt(pending: Pending, lang: str = "en") -> str:
    """The table's prompt with the players named (the engine's names them by seat)."""
    details = named_details(pending.details, lang)
    return prompt(pending.kind, lang, seat=player(pending.seat, lang), **details)


def _reveal_if_needed(game: Planechase, lines: list[str]) -> None:
    pending = game.pending()
    if pending.kind == "reveal":
        action = game.legal_actions()[0]
        game.push(action)
        plane = game.plane
        lines.append(f"  {player(pending.seat)} reveals {plane.name if plane else '?'}")


def script() -> list[str]:
    """The demo's actions as a table plays them: each turn two rolls of the seeded die (revealing
    the top plane of the virtual deck when asked), then two players leave."""
    game = Planechase(demo_setup())
    die = PlanarDie(seed=SEED)
    played: list[str] = []

    def play(action: object) -> None:
        game.push(game.parse_action(str(action)))
        played.append(str(action))
        if game.pending().kind == "reveal":
            play(game.legal_actions()[0])

    play(game.legal_actions()[0])  # the first plane
    for _ in range(TURNS):
        for _ in range(ROLLS_PER_TURN):
            play(die.roll())
        play(EndTurn())
    for seat in ("cho", "ben"):
        play(Leave(seat))
    return played


def run_demo() -> list[str]:
    lines: list[str] = []
    game = Planechase(demo_setup())
    die = PlanarDie(seed=SEED)
    _reveal_if_needed(game, lines)
    for _ in range(TURNS):
        lines.append(_prompt(game.pending()))
        for _ in range(ROLLS_PER_TURN):
            cost = game.roll_cost
            roll = die.roll()
            events = game.push(roll)
            lines.append(f"  {player(game.active)} pays {cost} and rolls {roll.face}")
            if any(event.kind == CHAOS for event in events):
                lines.append(
                    f"  the chaos ability of {game.plane.name if game.plane else '?'} triggers"
                )
            _reveal_if_needed(game, lines)
        game.push(EndTurn())
    for seat in ("cho", "ben"):
        game.push(Leave(seat))
        lines.append(f"  {player(seat)} leaves the game")
        _reveal_if_needed(game, lines)
    lines.append(_prompt(game.pending()))
    lines.append(_prompt(game.pending(), "ja"))
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    run_demo()
