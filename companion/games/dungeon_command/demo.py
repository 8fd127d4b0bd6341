"""A scripted, repeatable Dungeon Command battle between two warbands.

``run_demo()`` plays it and returns the lines it prints. Valnar Trueblade's leadership (7) and
the three Heart of Cormyr levels come from the data files; every other number below is what the
demo's players typed in from their cards, as a real table would for values the data lacks.
"""

from __future__ import annotations

from companion.events import DESTROYED, Event
from companion.games.dungeon_command.actions import Cower, Deploy, Destroyed, Next
from companion.games.dungeon_command.data_files import load_creature_levels
from companion.games.dungeon_command.game import DEPLOYED, MORALE_LOST, DungeonCommand
from companion.games.dungeon_command.prompts import prompt_for
from companion.games.dungeon_command.setup import Setup, warband

TYPED_MORALE = 12
TYPED_LEADERSHIP = 9


def demo_setup() -> Setup:
    known = load_creature_levels()
    ann_creatures = {
        "dwarf-cleric": known["Dwarf Cleric"],
        "half-orc-thug": known["Half-Orc Thug"],
        "elf-archer": known["Elf Archer"],
        **{f"ann-{i:02d}": 1 + i % 3 for i in range(4, 13)},
    }
    ben_creatures = {f"ben-{i:02d}": 2 + i % 4 for i in range(1, 13)}
    ann = warband("ann", "valnar-trueblade", ann_creatures, morale=TYPED_MORALE)
    ben = warband(
        "ben", "snig-the-axe", ben_creatures, morale=TYPED_MORALE, leadership=TYPED_LEADERSHIP
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


def _describe(event: Event) -> str | None:
    if event.kind == DEPLOYED:
        return f"  {event.data['seat']} deploys {event.data['label']} (level {event.data['level']})"
    if event.kind == DESTROYED:
        return f"  {event.data['label']} of {event.data['seat']} is destroyed"
    if event.kind == MORALE_LOST:
        data = event.data
        return f"  {data['seat']} loses {data['loss']} morale (now {data['morale']})"
    return None


def run_demo() -> list[str]:
    game = DungeonCommand(demo_setup())
    lines: list[str] = []
    shown = None
    for text in SCRIPT:
        pending = game.pending()
        if (pending.kind, pending.seat, pending.details.get("turn")) != shown:
            shown = (pending.kind, pending.seat, pending.details.get("turn"))
            lines.append(prompt_for(pending))
        action = game.parse_action(text)
        assert isinstance(action, Deploy | Destroyed | Cower | Next)
        for event in game.push(action):
            line = _describe(event)
            if line:
                lines.append(line)
    lines.append(prompt_for(game.pending()))
    lines.append(prompt_for(game.pending(), "ja"))
    for line in lines:
        print(line)
    return lines


if __name__ == "__main__":
    run_demo()
