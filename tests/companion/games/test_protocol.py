"""The structured form of every game's actions (``Game.describe`` / ``Game.action_from``): each
legal action along a whole demo game of every kit carries its notation, verb, typed arguments,
seat, step and label, as JSON, and comes back from its verb and arguments."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass

import pytest

from companion.games import find_kit, kits
from companion.games.protocol import Action, Game, Label, Offer, ref

LISTED = 300  # as the table: above this many legal actions the phones are given none


def _listed(game: Game) -> Collection[Action]:
    legal = game.decision_actions()
    return list(legal) if len(legal) <= LISTED else []


def _checked(game: Game, action: Action) -> Offer:
    offer = game.describe(action)
    assert offer.notation == str(action)
    assert offer.verb == action.verb and offer.verb
    assert offer.seat == game.seat_for(action)
    assert offer.step == game.step() == game.pending().kind
    assert isinstance(offer.label, Label) and offer.label.key
    sent = json.loads(json.dumps(offer.to_json()))  # as a phone gets it and sends it back
    assert sent["args"] == offer.args
    assert game.action_from(sent["verb"], sent["args"]) == action
    return offer


@pytest.mark.parametrize("name", [kit.name for kit in kits()])
def test_every_action_of_a_whole_game_is_structured_and_round_trips(name: str):
    demo = find_kit(name).demo
    assert demo is not None
    game = demo.new_game()
    verbs: set[str] = set()
    for text in demo.script():
        for action in _listed(game):
            verbs.add(_checked(game, action).verb)
        action = game.parse_action(text)
        verbs.add(_checked(game, action).verb)
        game.push(action)
    assert game.winner() is not None
    assert len(verbs) >= 4  # the demo plays many kinds of action


def test_arguments_are_typed_and_checked_by_the_notation():
    game = find_kit("dreamblade").demo.new_game()  # type: ignore[union-attr]
    spawn = game.action_from("spawn", {"mini": "A:x#1", "cell": "c3"})
    assert str(spawn) == "spawn A:x#1 c3" and spawn.arguments() == {"mini": "A:x#1", "cell": "c3"}
    damage = game.action_from("assign_damage", {"amounts": [["B:y#1", 2], ["B:z#1", 1]]})
    assert str(damage) == "damage B:y#1=2,B:z#1=1"
    assert game.action_from("dice", {"faces": ["blade", "3", "miss"]}).arguments() == {
        "faces": ["3", "miss", "blade"]  # as the engine orders them
    }
    assert str(game.action_from("initiative", {"a": None, "b": 4})) == "init B 4"
    with pytest.raises(ValueError, match="unknown action"):
        game.action_from("teleport", {})
    with pytest.raises(ValueError, match="needs its argument 'cell'"):
        game.action_from("spawn", {"mini": "A:x#1"})
    with pytest.raises(ValueError, match="no argument 'where'"):
        game.action_from("spawn", {"mini": "A:x#1", "cell": "c3", "where": "c4"})
    with pytest.raises(ValueError, match="'value' must be a int"):
        game.action_from("cell_value", {"cell": "c3", "value": "3"})
    with pytest.raises(ValueError, match="malformed spawn"):
        game.action_from("spawn", {"mini": "A:x#1", "cell": "z9"})  # the notation's own check
    with pytest.raises(ValueError, match="malformed spawn"):
        game.action_from("spawn", {"mini": "A x", "cell": "c3"})  # would read as another action


@dataclass(frozen=True)
class Shout(Action):
    words: tuple[str, ...]


def test_a_verb_is_the_class_name_in_snake_case_unless_given():
    assert Shout.verb == "shout"

    class AssignDamageNow(Action):
        pass

    class Named(Action):
        verb = "say"

    assert AssignDamageNow.verb == "assign_damage_now"
    assert Named.verb == "say"
    assert Shout(("a", "b")).arguments() == {"words": ["a", "b"]}
    assert Shout.from_arguments({"words": ["a"]}) == Shout(("a",))
    with pytest.raises(ValueError, match="must be a list"):
        Shout.from_arguments({"words": "a"})


def test_a_label_names_what_it_refers_to():
    label = Label("action.points", {"seat": ref("seat", "A"), "points": ref("signed", 3)})
    assert label.to_json() == {
        "key": "action.points",
        "params": {"seat": {"ref": "seat", "value": "A"}, "points": {"ref": "signed", "value": 3}},
    }
    assert Label.from_json(label.to_json()) == label
