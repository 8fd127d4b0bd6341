"""A scripted, deterministic two-player demo game: fixed warbands, fixed dice, four turns through
spawning, shifting, striking, a disruption, a deathblow, Regenerate and the conquest phase
(``DEMO_ACTIONS``), then five turns in which both players hold their ground until seat A wins its
sixth turn (``DEMO_ENDING``): ``DEMO_GAME`` is the whole game, to its winner.

The script is data (``DEMO_ACTIONS`` in action notation), so the table can replay the same game
through the camera simulation. The miniatures come from the built-in catalog (only entries whose
stats are all known); the map is the built-in default map, whose unknown key-cell values the
script supplies with ``value`` actions like a table would.
"""

from __future__ import annotations

from companion.games.demo_players import seated
from companion.games.dreamblade.catalog import builtin_catalog
from companion.games.dreamblade.dice import builtin_dice
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.maps import builtin_map
from companion.games.dreamblade.starting import new_game

# The demo's two players as the table names them in each language (companion/games/demo_players.py)
PLAYER_NAMES = seated({"A": "ann", "B": "ben"})

DEMO_WARBANDS = {
    "A": ("sir-glorious", "pearlthorn-gargoyle", "noble-dragon"),
    "B": ("spellbound-scissors", "spellbound-scissors", "B45"),
}

DEMO_ACTIONS: tuple[str, ...] = (
    # turn 1: first creatures through the portals, then walk towards the centre
    "init 6 5",
    "spawn A:sir-glorious#1 a1",
    "done",
    "spawn B:spellbound-scissors#1 e5",
    "spawn B:spellbound-scissors#2 e5",
    "done",
    "shift",
    "move A:sir-glorious#1 b1",
    "done",
    "shift",
    "move A:sir-glorious#1 b2",
    "done",
    "shift",
    "move B:spellbound-scissors#1 d5",
    "move B:spellbound-scissors#2 e4",
    "done",
    "shift",
    "move B:spellbound-scissors#1 d4",
    "move B:spellbound-scissors#2 d4",
    "done",
    "confirm",
    # turn 2: aspect costs paid by the miniatures already in play; B takes the 5-point centre
    "init 6 5",
    "spawn A:pearlthorn-gargoyle#1 a1",
    "done",
    "done",
    "shift",
    "move A:sir-glorious#1 b3",
    "move A:pearlthorn-gargoyle#1 a2",
    "done",
    "shift",
    "move A:pearlthorn-gargoyle#1 a3",
    "done",
    "shift",
    "move B:spellbound-scissors#1 c4",
    "move B:spellbound-scissors#2 c4",
    "done",
    "shift",
    "move B:spellbound-scissors#1 c3",
    "move B:spellbound-scissors#2 c3",
    "done",
    "value b3 2",
    "confirm",
    # turn 3: tied initiative goes to the seat with more turn wins (B); B strikes, A's creature
    # is destroyed in the first player's phase and makes a deathblow, which disrupts a Scissors
    "init 4 4",
    "done",
    "done",
    "shift",
    "move B:spellbound-scissors#1 b3",
    "move B:spellbound-scissors#2 b3",
    "done",
    "strike",
    "cell b3",
    "dice 2,3,3,blade",
    "damage A:sir-glorious#1=8",
    "destroy A:sir-glorious#1",
    "dice 1,2,blade",
    "damage B:spellbound-scissors#1=3",
    "place B:spellbound-scissors#1 a5",
    "done",
    "shift",
    "move A:pearlthorn-gargoyle#1 a4",
    "done",
    "shift",
    "move A:pearlthorn-gargoyle#1 b4",
    "done",
    "value b4 1",
    "confirm",
    # turn 4: A's bonus spawn points pay for the Noble Dragon; Regenerate sends a destroyed
    # Scissors back to the reserve (no conquest point)
    "init 6 5",
    "spawn A:noble-dragon#1 a1",
    "done",
    "spawn B:B45#1 e5",
    "done",
    "shift",
    "move A:pearlthorn-gargoyle#1 b3",
    "done",
    "strike",
    "cell b3",
    "dice 2,3,miss,miss,blade",
    "damage B:spellbound-scissors#2=5",
    "destroy B:spellbound-scissors#2",
    "done",
    "shift",
    "done",
    "shift",
    "done",
    "confirm",
)

# One turn in which nobody spawns, moves or strikes: each player passes their spawn phase and
# shifts without moving in each action phase; the conquest phase scores the cells held.
HOLDING_TURN: tuple[str, ...] = (
    "init 6 5",
    "done",
    "done",
    *(("shift", "done") * 4),
    "confirm",
)
# turns 5 to 9: A's Pearlthorn Gargoyle holds b3 (2 points) against nothing; A wins each turn
DEMO_ENDING: tuple[str, ...] = HOLDING_TURN * 5
DEMO_GAME: tuple[str, ...] = DEMO_ACTIONS + DEMO_ENDING


def demo_game() -> DreambladeGame:
    """The demo game before its first action."""
    catalog = builtin_catalog()
    warbands = {seat: [catalog[mini] for mini in minis] for seat, minis in DEMO_WARBANDS.items()}
    return new_game(builtin_map("default"), warbands, dice=builtin_dice())


def played_demo() -> DreambladeGame:
    """The demo game with the whole script pushed."""
    game = demo_game()
    for text in DEMO_ACTIONS:
        game.push(game.parse_action(text))
    return game
