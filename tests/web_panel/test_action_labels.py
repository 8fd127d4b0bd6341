"""Every kind of action of every game has words in each language of the panel: the label key the
engine gives it (for each of its forms) is in the EN and JA catalogs, with the fields it fills."""

from __future__ import annotations

import re

import pytest

from companion.games import find_kit
from companion.games.arena import actions as ar
from companion.games.dreamblade import actions as db
from companion.games.dreamblade import corrections as dbc
from companion.games.dreamblade.labels import DONE_STEPS
from companion.games.dreamblade.labels import label as dreamblade_label
from companion.games.dungeon_command import actions as dc
from companion.games.planechase import actions as pc
from companion.games.planechase.actions import Face
from companion.games.protocol import Action, Label
from web_panel.i18n import LANGUAGES, catalog

M, N = "A:x#1", "B:y#1"
C = "elf-archer"  # a creature of the Dungeon Command demo's warbands
DREAMBLADE: tuple[Action, ...] = (
    db.Initiative(3, 4), db.Initiative(None, 2), db.Spawn(M, "a1"), db.ChooseShift(),
    db.ChooseStrike(), db.Move(M, "b2"), db.Fight("c3"), db.Fight("c3", (M,)), db.Dice(("3",)),
    db.Reroll(), db.Reroll(("miss",), ("3",)), db.AssignBlade(M, "fury"),
    db.AssignDamage(((N, 2),)), db.Disrupt(N), db.Destroy(N), db.Deathblowers((M,)),
    db.Place(N, "c4"), db.CellValue("c3", 3), db.UseAbility(M, "heal", 2), db.Target(N),
    db.First(M, "bolster"), db.Sacrifice(M), db.SelfDestroy(M), db.Hurt(N, 1), db.Eliminate(N),
    db.ReturnToReserve(M), db.AdjustPoints("A", -2), db.Relocate(M, "a2"), db.Confirm(),
    dbc.CorrectPlace(M, "a1"), dbc.CorrectMove(M, "a2"), dbc.CorrectRemove(M, "reserve"),
    dbc.CorrectRemove(M, "graveyard"), dbc.CorrectPoints("B", 2),
    dbc.CorrectModifier(M, "cost", 1),
)  # fmt: skip
DUNGEON_COMMAND: tuple[Action, ...] = (
    dc.Deploy(C), dc.Activate(C), dc.Damage(C, 10), dc.Heal(C, 10), dc.Tap(C), dc.Untap(C),
    dc.HitPoints(C, 20), dc.Mark(C, "stunned"), dc.Clear(C, "stunned"), dc.Destroyed(C),
    dc.Cower(C, 10), dc.Next(), dc.Adjust("ann", "morale", 1),
)  # fmt: skip
ARENA: tuple[Action, ...] = (
    ar.FirstRoll("a", 12), ar.FirstTurn("a"), ar.Choose("c"), ar.Summon("f"),
    ar.Move("f", "g1", "x"), ar.Disengage("f", "e", 1), ar.Fall("f", 0), ar.Attack("f", "e"),
    ar.Attack("f", "e", "target"), ar.Attack("f", "e", "attacker"), ar.Dice(1), ar.Hits(2),
    ar.Shields(1), ar.Damage("f", -1), ar.ReturnSquad("c"), ar.Next(), ar.End(),
)  # fmt: skip
PLANECHASE: tuple[Action, ...] = (
    pc.Reveal("p"), pc.Roll(Face.CHAOS), pc.EndTurn(), pc.Leave("ann"),
)  # fmt: skip


def _labels() -> list[tuple[str, Label]]:
    dungeon = find_kit("dungeon_command").demo.new_game()  # type: ignore[union-attr]
    labels = [("dreamblade", dreamblade_label(action, "x")) for action in DREAMBLADE]
    labels += [("dreamblade", dreamblade_label(db.Done(), step)) for step in (*DONE_STEPS, "x")]
    labels += [("dungeon_command", dungeon.label(action, "x")) for action in DUNGEON_COMMAND]
    for name, actions in (("arena", ARENA), ("planechase", PLANECHASE)):
        game = find_kit(name).demo.new_game()  # type: ignore[union-attr]
        labels += [(name, game.label(action, "x")) for action in actions]
    return labels


def test_every_kind_of_action_is_in_the_samples():
    for name, samples in (
        ("dreamblade", (*DREAMBLADE, db.Done())),
        ("dungeon_command", DUNGEON_COMMAND),
        ("arena", ARENA),
        ("planechase", PLANECHASE),
    ):
        game_class = find_kit(name).game_class
        assert {type(action) for action in samples} == set(game_class.action_types), name


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_label_has_its_words_and_fills_them(language: str):
    words = catalog(language)
    for game, label in _labels():
        assert label.key in words, (game, label.key)
        fields = set(re.findall(r"\{(\w+)\}", words[label.key]))
        assert fields == set(label.params), (game, label.key, fields, label.params)
