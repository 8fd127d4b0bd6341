"""A scripted, repeatable Dungeon Command battle between two warbands.

``run_demo()`` plays it and returns the lines it prints. Valnar Trueblade's leadership (7) and
the three Heart of Cormyr levels come from the data files; every other number below is what the
demo's players typed in from their cards, as a real table would for values the data lacks. The
creatures other than the three Heart of Cormyr ones are the demo players' own stand-ins (named
for what the figures look like), not printed cards: our sources name no others.
"""

from __future__ import annotations

from collections import Counter

from companion.events import DESTROYED, Event
from companion.games.demo_players import named_details, player, players
from companion.games.dungeon_command.actions import Cower, Deploy, Destroyed, Next
from companion.games.dungeon_command.data_files import load_creature_levels
from companion.games.dungeon_command.game import DEPLOYED, MORALE_LOST, DungeonCommand
from companion.games.dungeon_command.prompts import prompt
from companion.games.dungeon_command.setup import Setup, warband
from companion.games.protocol import Pending

TYPED_MORALE = 12
TYPED_LEADERSHIP = 9

# The demo's two players as the table names them in each language (companion/games/demo_players.py)
PLAYER_NAMES = players(("ann", "ben"))


# The stand-ins: ann's guards and ben's goblins (figure descriptions, numbered like the tags).
ANN_STAND_INS = (
    "Guard",
    "Guard",
    "Guard",
    "Spearman",
    "Spearman",
    "Scout",
    "Scout",
    "Hound",
    "Hound",
)
BEN_STAND_INS = ("Goblin", "Goblin", "Goblin", "Goblin", "Wolf Rider", "Wolf Rider", "Archer",
                 "Archer", "Brute", "Brute", "Shaman", "Ogre")  # fmt: skip


def _numbered(labels: list[str], kinds: tuple[str, ...]) -> dict[str, str]:
    """Label → stand-in name, numbered when a warband has more than one alike."""
    seen: Counter[str] = Counter()
    names = {}
    for label, kind in zip(labels, kinds, strict=True):
        seen[kind] += 1
        names[label] = f"{kind} {seen[kind]}" if kinds.count(kind) > 1 else kind
    return names


def demo_setup() -> Setup:
    known = load_creature_levels()
    cormyr = ("Dwarf Cleric", "Half-Orc Thug", "Elf Archer")
    ann_labels = [f"ann-{i:02d}" for i in range(4, 13)]
    ann_creatures = {
        **{name.lower().replace(" ", "-"): known[name] for name in cormyr},
        **{label: 1 + i % 3 for i, label in enumerate(ann_labels, start=4)},
    }
    ann_names = {name.lower().replace(" ", "-"): name for name in cormyr}
    ann_names |= _numbered(ann_labels, ANN_STAND_INS)
    ben_labels = [f"ben-{i:02d}" for i in range(1, 13)]
    ben_creatures = {label: 2 + i % 4 for i, label in enumerate(ben_labels, start=1)}
    ann = warband("ann", "valnar-trueblade", ann_creatures, morale=TYPED_MORALE, names=ann_names)
    ben = warband(
        "ben",
        "snig-the-axe",
        ben_creatures,
        morale=TYPED_MORALE,
        leadership=TYPED_LEADERSHIP,
        names=_numbered(ben_labels, BEN_STAND_INS),
    )
    return Setup((ann, ben), first="ann")


SCRIPT = [
    # Starting creatures: Valnar's 7 leadership, as in the rulebook's example.
    "deploy dwarf-cleric", "deploy half-orc-thug", "deploy elf-archer", "next",
    "deploy ben-01", "deploy ben-03", "next",
    # Turn 1 (ann)
    "next", "destroyed ben-01", "next", "deploy ann-06", "next", "next",
    # Turn 2 (ben)
    "next", "cower elf-archer 20", "destroyed half-orc-thug", "next", "deploy ben-04", "next",
    "next",
    # Turn 3 (ann)
    "next", "destroyed ben-03", "destroyed ben-04", "next", "next", "next",
    # Turn 4 (ben has no creature left and ends the turn so)
    "next", "next", "next", "next",
]  # fmt: skip


def _describe(event: Event, setup: Setup) -> str | None:
    who = player(event.data.get("seat"))
    if event.kind == DEPLOYED:
        name = setup.creature_name(event.data["label"])
        return f"  {who} deploys {name} (level {event.data['level']})"
    if event.kind == DESTROYED:
        return f"  {setup.creature_name(event.data['label'])} of {who} is destroyed"
    if event.kind == MORALE_LOST:
        data = event.data
        return f"  {who} loses {data['loss']} morale (now {data['morale']})"
    return None


def _prompt(pending: Pending, lang: str = "en") -> str:
    """The table's prompt with the players named (the engine's names them by seat)."""
    details = named_details(pending.details, lang)
    return prompt(pending.kind, lang, seat=player(pending.seat, lang), **details)


def run_demo() -> list[str]:
    game = DungeonCommand(demo_setup())
    lines: list[str] = []
    shown = None
    for text in SCRIPT:
        pending = game.pending()
        if (pending.kind, pending.seat, pending.details.get("turn")) != shown:
            shown = (pending.kind, pending.seat, pending.details.get("turn"))
            lines.append(_prompt(pending))
        action = game.parse_action(text)
        assert isinstance(action, Deploy | Destroyed | Cower | Next)
        for event in game.push(action):
            line = _describe(event, game.setup)
            if line:
                lines.append(line)
    lines.append(_prompt(game.pending()))
    lines.append(_prompt(game.pending(), "ja"))
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    run_demo()
