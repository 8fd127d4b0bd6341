"""``companion demo --game <game>``: a game's scripted demo played at a
real table (store, event bus, simulated LEDs, phone panel), each action entered as the waiting
player's phone would enter it.

The scripts are the games' own demos, as their kits give them (``GameKit.demo``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping

from companion.games import find_kit, kits
from companion.games.protocol import Game
from companion.settings import SeatSettings
from companion.table.table import JUDGE, Table

# Okabe–Ito colours for up to six seats, in seat order
SEAT_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")


def demo_game(name: str) -> tuple[Game, list[str]]:
    """A new game from the demo's setup and the actions its demo plays (its kit's ``demo``);
    ``ValueError`` for a game whose demo is not entered as phones would (or that has none)."""
    try:
        demo = find_kit(name).demo
    except KeyError:
        demo = None
    if demo is None or demo.through_camera:
        raise ValueError(f"no table demo for {name!r} (have {', '.join(table_demos())})")
    return demo.new_game(), list(demo.script())


def table_demos() -> list[str]:
    """The games whose scripted demo is entered as the players' phones would."""
    return [kit.name for kit in kits() if kit.demo is not None and not kit.demo.through_camera]


def demo_seats(game: Game) -> dict[str, SeatSettings]:
    """Names and colours for the demo's seats: the players its demo names."""
    demo = find_kit(game.name).demo
    assert demo is not None, f"{game.name} has no demo"
    return named_seats(demo.players, game.seats)


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
