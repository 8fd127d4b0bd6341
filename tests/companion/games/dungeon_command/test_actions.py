import pytest

from companion.games.dungeon_command.actions import (
    Adjust,
    Cower,
    Deploy,
    Destroyed,
    Next,
    parse_action,
)


@pytest.mark.parametrize(
    "action",
    [
        Deploy("a01"),
        Destroyed("thug"),
        Cower("x", 50),
        Next(),
        Adjust("ann", "morale", -1),
        Adjust("ben", "leadership", 1),
    ],
)
def test_notation_round_trips(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "deploy",
        "cower a 1.5",
        "cower a -10",
        "next now",
        "adjust a morale +2",
        "adjust a hp +1",
    ],
)
def test_malformed_text_is_refused(text):
    with pytest.raises(ValueError, match="not a Dungeon Command action"):
        parse_action(text)
