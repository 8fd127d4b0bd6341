"""A scripted, repeatable Arena of the Planeswalkers duel.

``run_demo()`` plays it and returns the lines it prints. The army cards are the demo players'
own stand-ins with numbers they typed in — not the printed cards, whose numbers the companion
does not have.
"""

from __future__ import annotations

from companion.events import DESTROYED, Event
from companion.games.arena.data_files import glyphs
from companion.games.arena.game import DAMAGED, GLYPH_TAKEN, Arena
from companion.games.arena.prompts import prompt, with_names
from companion.games.arena.setup import Army, Setup, army_card
from companion.games.demo_players import named_details, player, players
from companion.games.protocol import Pending

# The demo's two players as the table names them in each language
PLAYER_NAMES = players(("ann", "ben"))


def demo_setup() -> Setup:
    ann = Army(
        "ann",
        (
            army_card(
                "walker-a",
                name="Blue Walker",
                kind="planeswalker",
                figures=1,
                life=5,
                power=2,
                toughness=1,
                cost=120,
            ),
            army_card(
                "soldiers-a",
                name="Soldiers",
                kind="squad",
                figures=3,
                life=1,
                power=1,
                toughness=1,
                cost=60,
                ppf=20,
            ),
        ),
    )
    ben = Army(
        "ben",
        (
            army_card(
                "walker-b",
                name="Red Walker",
                kind="planeswalker",
                figures=1,
                life=3,
                power=2,
                toughness=1,
                cost=120,
            ),
            army_card(
                "knight-b",
                name="Knight",
                kind="hero",
                figures=1,
                life=3,
                power=2,
                toughness=2,
                cost=80,
            ),
        ),
    )
    return Setup("duel", (ann, ben), {"g1": "power", "g2": "toughness"})  # fmt: skip


SCRIPT = [
    # Who goes first: both roll the d20; a tie for the highest rolls again; ann wins the roll
    # and takes the first turn herself.
    "d20 ann 14", "d20 ben 14", "d20 ann 17", "d20 ben 9", "first ann",
    # Turn 1 (ann): summon two soldiers, take the glyph of power, strike the red walker.
    "choose walker-a", "summon soldiers-a-1", "summon soldiers-a-2",
    "move walker-a g1", "next", "attack walker-a walker-b", "hits 2", "shields 0", "end",
    # Turn 2 (ben): summon the knight, take the glyph of toughness, strike back from above.
    "choose walker-b", "summon knight-b", "move walker-b g2", "next",
    "attack walker-b walker-a high=attacker", "hits 1", "shields 1", "end",
    # Turn 3 (ann): a soldier slips away from the knight and falls to its one die; the other
    # soldier, helped by a spell (+1 die), finishes the red walker.
    "choose soldiers-a", "disengage soldiers-a-1 knight-b 1", "move soldiers-a-2 field",
    "next", "attack soldiers-a-2 walker-b", "dice +1", "hits 3", "shields 1",
]  # fmt: skip


# the decisions whose prompt the demo prints
PROMPTED = ("first_roll", "first_choice", "choose_army", "attack_dice", "defence_dice")


def _describe(event: Event, names: dict[str, str]) -> str | None:
    figure = names.get(event.data.get("figure", ""), "a figure")
    if event.kind == GLYPH_TAKEN:
        return f"  {figure} takes the {glyphs()[event.data['glyph']].name}"
    if event.kind == DAMAGED:
        return f"  {figure} has {event.data['damage']} damage"
    if event.kind == DESTROYED:
        return f"  {figure} is destroyed"
    return None


def _prompt(pending: Pending, names: dict[str, str], lang: str = "en") -> str:
    """The table's prompt with the players and figures named (the engine gives their ids)."""
    details = named_details(with_names(pending, names).details, lang)
    return prompt(pending.kind, lang, seat=player(pending.seat, lang), **details)


def run_demo() -> list[str]:
    game = Arena(demo_setup())
    names = game.setup.display_names()
    lines: list[str] = []
    for text in SCRIPT:
        pending = game.pending()
        if pending.kind in PROMPTED:
            lines.append(_prompt(pending, names))
        for event in game.push(game.parse_action(text)):
            line = _describe(event, names)
            if line:
                lines.append(line)
    lines.append(_prompt(game.pending(), names))
    lines.append(_prompt(game.pending(), names, "ja"))
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    run_demo()
