"""A scripted, repeatable Dungeon Command battle between two warbands.

``run_demo()`` plays it and returns the lines it prints. Valnar Trueblade's leadership (7) and
the three Heart of Cormyr levels come from the data files; every other number below is what the
demo's players typed in from their cards, as a real table would for values the data lacks. The
creatures other than the three Heart of Cormyr ones are the demo players' own stand-ins (named
for what the figures look like), not printed cards: our sources name no others. Only stand-ins
take damage, so no hit points are given for a printed card; the battle is won by damaging
creatures until they are destroyed.
"""

from __future__ import annotations

from collections import Counter

from companion.events import DESTROYED, Event
from companion.games.demo_players import named_details, player, players
from companion.games.dungeon_command.creatures import DAMAGED, TAPPED
from companion.games.dungeon_command.data_files import load_creature_levels
from companion.games.dungeon_command.game import ACTIVATED, DEPLOYED, MORALE_LOST, DungeonCommand
from companion.games.dungeon_command.prompts import prompt
from companion.games.dungeon_command.setup import Setup, Stats, warband
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


# The numbers the demo's players typed in from their stand-ins' cards: hit points, melee, ranged.
STAND_IN_STATS = {
    "Guard": Stats(30, 20),
    "Spearman": Stats(30, 20),
    "Scout": Stats(20, 10, 20),
    "Hound": Stats(20, 20),
    "Goblin": Stats(20, 10),
    "Wolf Rider": Stats(30, 20),
    "Archer": Stats(20, 10, 20),
    "Brute": Stats(50, 30),
    "Shaman": Stats(30, 10, 10),
    "Ogre": Stats(60, 30),
}


def _stats(labels: list[str], kinds: tuple[str, ...]) -> dict[str, Stats]:
    return {label: STAND_IN_STATS[kind] for label, kind in zip(labels, kinds, strict=True)}


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
    ann = warband(
        "ann",
        "valnar-trueblade",
        ann_creatures,
        morale=TYPED_MORALE,
        names=ann_names,
        stats=_stats(ann_labels, ANN_STAND_INS),
    )
    ben = warband(
        "ben",
        "snig-the-axe",
        ben_creatures,
        morale=TYPED_MORALE,
        leadership=TYPED_LEADERSHIP,
        names=_numbered(ben_labels, BEN_STAND_INS),
        stats=_stats(ben_labels, BEN_STAND_INS),
    )
    return Setup((ann, ben), first="ann")


SCRIPT = [
    # Starting creatures: Valnar's 7 leadership, as in the rulebook's example.
    "deploy dwarf-cleric", "deploy half-orc-thug", "deploy elf-archer", "next",
    "deploy ben-01", "deploy ben-03", "next",
    # Turn 1 (ann): her creatures hold their ground; a Guard joins them.
    "next", "activate dwarf-cleric", "activate half-orc-thug", "next", "deploy ann-06", "next",
    "next",
    # Turn 2 (ben): Goblin 1 taps for an order and hits the Guard with its melee 10; ann refuses
    # Goblin 3's 20 damage to the Elf Archer (cowering: 2 morale); Goblin 4 joins.
    "next", "activate ben-01", "tap ben-01", "damage ann-06 10", "activate ben-03",
    "cower elf-archer 20", "next", "deploy ben-04", "next", "next",
    # Turn 3 (ann): the Guard's melee 20 destroys Goblin 1 (20 hit points); a Scout joins.
    "next", "activate ann-06", "damage ben-01 20", "next", "deploy ann-09", "next", "next",
    # Turn 4 (ben): the goblins wound the Scout and the Guard.
    "next", "activate ben-03", "damage ann-09 10", "activate ben-04", "damage ann-06 10",
    "next", "next", "next",
    # Turn 5 (ann): the Guard destroys Goblin 3, the Scout's ranged 20 destroys Goblin 4.
    "next", "activate ann-06", "damage ben-03 20", "activate ann-09", "damage ben-04 20",
    "next", "next", "next",
    # Turn 6 (ben has no creature left and ends the turn so)
    "next", "next", "next", "next",
]  # fmt: skip


def _describe(event: Event, setup: Setup) -> str | None:
    who = player(event.data.get("seat"))
    if event.kind == DEPLOYED:
        name = setup.creature_name(event.data["label"])
        return f"  {who} deploys {name} (level {event.data['level']})"
    if event.kind == ACTIVATED:
        return f"  {who} activates {setup.creature_name(event.data['label'])}"
    if event.kind == TAPPED:
        return f"  {setup.creature_name(event.data['label'])} taps"
    if event.kind == DAMAGED:
        data = event.data
        name = setup.creature_name(data["label"])
        total = f"{data['damage']}/{data['hit_points']}"
        return f"  {name} of {who} takes {data['amount']} damage ({total})"
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
        for event in game.push(game.parse_action(text)):
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
