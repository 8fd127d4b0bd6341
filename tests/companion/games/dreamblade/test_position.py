"""The position and record formats (docs/formats.md): round trips and clear errors."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

from companion.errors import DataFileError
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game, played_demo
from companion.games.dreamblade.game import DreambladeGame
from tests.companion.games.dreamblade.builders import at, creature, play


def _mid_combat() -> DreambladeGame:
    """A position in the middle of a deathblow: the richest state to serialise."""
    game = at(
        [creature("x", power=3)], [creature("foe")], {"A:x#1": "c3", "B:foe#1": "c3"}, mode="strike"
    )
    play(game, "cell c3", "dice 3,3,miss", "damage B:foe#1=6", "destroy B:foe#1")
    assert game.pending().kind == "deathblow_dice"
    return game


def test_position_round_trips_through_json_mid_combat() -> None:
    game = _mid_combat()
    data = json.loads(json.dumps(game.position()))
    again = DreambladeGame.from_position(data)
    assert again.position() == game.position()
    assert again.pending() == game.pending()
    play(again, "dice 2,1")  # the loaded game continues
    assert again.pending().kind == "assign_damage"


def test_position_carries_stats_inline_and_needs_no_catalog() -> None:
    data = played_demo().position()
    entry = data["setup"]["warbands"]["A"][0]
    assert {"spawn_cost", "aspects", "power", "defense", "life", "abilities"} <= set(entry)
    assert data["format"] == "dreamblade-position" and data["version"] == 1


def test_record_replays_to_the_same_position() -> None:
    game = played_demo()
    record = json.loads(json.dumps(game.record()))
    assert record["actions"] == list(DEMO_ACTIONS)
    again = DreambladeGame.from_record(record)
    assert again.position() == game.position()
    assert [str(a) for a in again.actions] == list(DEMO_ACTIONS)


def _broken(path: list[Any], value: Any) -> dict[str, Any]:
    data = copy.deepcopy(_mid_combat().position())
    target = data
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return data


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["format"], "chess", "format"),
        (["version"], 2, "version"),
        (["state", "turn"], 0, "state.turn"),
        (["state", "phase"], "lunch", "state.phase"),
        (["state", "zones", "A:x#1"], "z9", "state.zones.A:x#1"),
        (["state", "damage"], {"nobody": 2}, "state.damage"),
        (["state", "kills"], KeyError, "state.kills"),
        (["setup", "attack_die"], ["1", "2"], "setup.attack_die"),
        (["setup", "map", "key_values", "c3"], -1, "setup.map.key_values.c3"),
        (["setup", "warbands", "A", 0, "power"], "lots", "setup.warbands.A[0].power"),
        (["state", "combat", "step"], "dance", "state.combat.step"),
    ],
)
def test_malformed_position_names_the_field(path: list[Any], value: Any, field: str) -> None:
    with pytest.raises(DataFileError) as err:
        DreambladeGame.from_position(_broken(path, value), origin="pos.json")
    assert err.value.path == "pos.json"
    assert err.value.field == field


def test_record_with_an_illegal_action_names_it() -> None:
    record = demo_game().record()
    record["actions"] = ["init 6 5", "spawn A:noble-dragon#1 a1"]
    with pytest.raises(DataFileError) as err:
        DreambladeGame.from_record(record, origin="game.json")
    assert err.value.field == "actions[1]"
    assert "spawn points" in err.value.expected


@pytest.mark.parametrize(
    ("path", "value", "field"),
    [
        (["state", "phase_seat"], None, "state.phase_seat"),
        (["state", "mode"], "shift", "state.combat"),
        (["state", "action_round"], 0, "state.action_round"),
        (["state", "combat", "attack", "rerolls"], [], "state"),  # reroll stage with none left
    ],
)
def test_inconsistent_state_is_refused(path: list[Any], value: Any, field: str) -> None:
    data = _broken(path, value)
    if path[-1] == "rerolls":
        data["state"]["combat"]["step"] = "attack"
        data["state"]["combat"]["attack"] = None
    with pytest.raises(DataFileError) as err:
        DreambladeGame.from_position(data, origin="pos.json")
    assert err.value.field == field


def test_a_creature_with_unknown_stats_on_the_map_is_refused() -> None:
    game = at([creature("x", power=None)], [creature("foe")], {"A:x#1": "c3"})
    with pytest.raises(DataFileError) as err:
        DreambladeGame.from_position(game.position(), origin="pos.json")
    assert err.value.field == "state.zones.A:x#1"
    assert "power unknown" in err.value.expected


# ---- the examples of docs/formats.md load as written -------------------------------------------

FORMATS_DOC = Path(__file__).resolve().parents[4] / "docs" / "formats.md"


def _doc_examples(file_format: str) -> list[Any]:
    text = FORMATS_DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```json\n(.*?)```", text, flags=re.DOTALL)
    found = [json.loads(block) for block in blocks]  # every JSON example is valid JSON
    return [data for data in found if data.get("format") == file_format]


def test_the_position_example_of_the_formats_doc_loads_as_written() -> None:
    (example,) = _doc_examples("dreamblade-position")
    game = DreambladeGame.from_position(example, origin="docs/formats.md")
    assert game.pending().kind == "choose_action"
    assert game.state.modifiers == (("A:sir-glorious#1", "life", -2),)
    assert game.position()["state"]["zones"] == example["state"]["zones"]


def test_the_record_example_replays_to_the_position_example() -> None:
    (record,) = _doc_examples("dreamblade-record")
    (position,) = _doc_examples("dreamblade-position")
    game = DreambladeGame.from_record(record, origin="docs/formats.md")
    expected = DreambladeGame.from_position(position, origin="docs/formats.md")
    assert game.position() == expected.position()
