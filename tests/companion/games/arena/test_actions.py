import pytest

from companion.games.arena.actions import (
    Attack,
    Choose,
    Damage,
    Dice,
    Disengage,
    End,
    Fall,
    Hits,
    Move,
    Next,
    ReturnSquad,
    Shields,
    Summon,
    parse_action,
)

ACTIONS = [
    Choose("pw-a"),
    Summon("sq-a-1"),
    Move("sq-a-1", "field"),
    Move("sq-a-1", "g2", "power"),
    Disengage("sq-a-1", "pw-b", 1),
    Fall("pw-a", 0),
    Attack("pw-a", "pw-b"),
    Attack("pw-a", "pw-b", "target"),
    Dice(+1),
    Dice(-1),
    Hits(2),
    Shields(0),
    Damage("sq-a-1", +1),
    Damage("sq-a-1", -1),
    ReturnSquad("sq-a"),
    Next(),
    End(),
]


@pytest.mark.parametrize("action", ACTIONS)
def test_notation_round_trips(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text", ["", "choose", "dice +2", "attack a", "attack a b attacker", "damage a 2", "return"]
)
def test_malformed_text_is_refused(text):
    with pytest.raises(ValueError, match="not an Arena action"):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("summon sq-a-1 c4", Summon("sq-a-1", "c4")),
        ("move sq-a-1 field aa12", Move("sq-a-1", "field", hex="aa12")),
        ("move sq-a-1 g2=power b3", Move("sq-a-1", "g2", "power", "b3")),
    ],
)
def test_summons_and_moves_may_say_the_hex(text, action):
    assert parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize("text", ["summon f C4", "move f field c0", "move f field c4 d4"])
def test_bad_hexes_are_refused(text):
    with pytest.raises(ValueError):
        parse_action(text)
