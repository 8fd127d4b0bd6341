"""``companion demo --game planechase|dungeon_command|arena``: a game's scripted demo played at a
real table (store, event bus, simulated LEDs, phone panel), each action entered as the waiting
player's phone would enter it.

The scripts are the games' own demos (``companion/games/<game>/demo.py``): Dungeon Command and
Arena list their actions; Planechase's is played with its seeded virtual die, as its demo does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping

from companion.games import find_game
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.table import JUDGE, Table

GAMES = ("planechase", "dungeon_command", "arena")
# Okabe–Ito colours for up to six seats, in seat order
SEAT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")


def planechase_script() -> list[str]:
    """The Planechase demo's actions: each turn two rolls of the seeded die (revealing the top
    plane of the virtual deck when asked), then two players leave."""
    from companion.games.planechase import demo
    from companion.games.planechase.actions import EndTurn, Leave
    from companion.games.planechase.die import PlanarDie
    from companion.games.planechase.game import Planechase

    game = Planechase(demo.demo_setup())
    die = PlanarDie(seed=demo.SEED)
    script: list[str] = []

    def play(action: object) -> None:
        game.push(game.parse_action(str(action)))
        script.append(str(action))
        if game.pending().kind == "reveal":
            play(game.legal_actions()[0])

    play(game.legal_actions()[0])  # the first plane
    for _ in range(demo.TURNS):
        for _ in range(demo.ROLLS_PER_TURN):
            play(die.roll())
        play(EndTurn())
    for seat in ("cho", "ben"):
        play(Leave(seat))
    return script


def demo_game(name: str) -> tuple[Game, list[str]]:
    """A new game from the demo's setup and the actions its demo plays."""
    if name not in GAMES:
        raise ValueError(f"no table demo for {name!r} (have {', '.join(GAMES)})")
    from importlib import import_module

    demo = import_module(f"companion.games.{name}.demo")
    game = find_game(name)(demo.demo_setup())  # type: ignore[call-arg]
    script = planechase_script() if name == "planechase" else list(demo.SCRIPT)
    return game, script


def demo_seats(game: Game) -> dict[str, SeatSettings]:
    """Names and colours for the demo's seats: the players its demo names (``PLAYER_NAMES``)."""
    from importlib import import_module

    players = import_module(f"companion.games.{game.name}.demo").PLAYER_NAMES
    return named_seats(players, game.seats)


def named_seats(
    players: Mapping[str, Mapping[str, str]], seats: Iterable[str]
) -> dict[str, SeatSettings]:
    """Each of ``seats``, in order, with its player's names (English first, the other languages
    as ``names``; companion/games/demo_players.py) and a colour of its own."""
    named = {}
    for index, seat in enumerate(seats):
        names = players[seat]
        named[seat] = SeatSettings.model_validate({
            "name": names["en"],
            "names": {lang: name for lang, name in names.items() if lang != "en"},
            "colour": SEAT_COLOURS[index % len(SEAT_COLOURS)],
        })  # fmt: skip
    return named


def play(
    table: Table,
    script: list[str],
    report: Callable[[str], None] = print,
    pace: float = 0.0,
    seats: dict[str, SeatSettings] | None = None,
    stop: threading.Event | None = None,
) -> None:
    """Enter each action for the seat the game waits for (the judge when anyone may act); the
    report names the players as ``seats`` do. ``stop`` set: no further action."""
    stop = stop or threading.Event()

    def who(seat: str) -> str:
        return seats[seat].name if seats and seat in seats else seat

    for text in script:
        if stop.is_set():
            return
        seat = table.read(lambda game: game.pending().seat)
        table.submit(seat or JUDGE, text)
        report(f"{who(seat) if seat else 'table'}: {text}")
        if pace:
            stop.wait(pace)
    winner = table.read(lambda game: game.winner())
    report(f"{len(script)} actions; " + (f"{who(winner)} wins" if winner else "no winner"))
