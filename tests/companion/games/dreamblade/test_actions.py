"""Action notation: every action reads back from its text; malformed text is a clear error."""

from __future__ import annotations

import pytest

from companion.games.dreamblade.actions import (
    AssignDamage,
    Dice,
    Fight,
    Initiative,
    Reroll,
    parse_action,
)

NOTATIONS = [
    "init 4 3",
    "init A 3",
    "init B 6",
    "spawn A:B045#1 a1",
    "shift",
    "strike",
    "move A:x#1 b2",
    "done",
    "cell c3",
    "cell c3 A:x#1,A:y#2",
    "dice 1,2,miss,blade",
    "dice none",
    "reroll 1,miss to 3,blade",
    "reroll none",
    "blade A:x#1 crit",
    "damage B:y#1=3,B:z#1=1",
    "disrupt B:y#1",
    "destroy B:y#1",
    "deathblowers B:y#1,B:z#1",
    "place B:y#1 c5",
    "value c2 3",
    "confirm",
    "ability A:castle#1 move-a-target",
    "ability A:x#1 assault 3",
    "sacrifice A:x#1",
    "self-destroy A:keep#1",
    "relocate B:y#1 d4",
]


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


def test_unordered_parts_are_normalised() -> None:
    assert parse_action("dice blade,3,miss,1") == Dice(("1", "3", "miss", "blade"))
    assert parse_action("damage B:z#1=1,B:y#1=3") == AssignDamage((("B:y#1", 3), ("B:z#1", 1)))
    assert parse_action("cell c3 A:y#1,A:x#1") == Fight("c3", ("A:x#1", "A:y#1"))
    assert parse_action("reroll miss,1 to blade,3") == Reroll(("1", "miss"), ("3", "blade"))
    assert parse_action("init 5 2") == Initiative(5, 2)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "empty"),
        ("jump a1", "unknown action"),
        ("spawn A:x#1", "usage: spawn <mini> <cell>"),
        ("spawn A:x#1 f9", "not a cell"),
        ("dice 1,7x", "not a die face"),
        ("damage B:y#1=0", "below 1"),
        ("damage B:y#1=2,B:y#1=1", "each creature at most once"),
        ("reroll 1,2 to 3", "as many new results"),
        ("init 0 3", "below 1"),
        ("value c3 x", "not a whole number"),
    ],
)
def test_malformed_text_says_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(ValueError, match=expected):
        parse_action(text)
