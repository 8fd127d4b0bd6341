import pytest

from companion.games.planechase.actions import EndTurn, Face, Leave, Reveal, Roll, parse_action


@pytest.mark.parametrize(
    "action", [Reveal("ohop-01"), Roll(Face.CHAOS), Roll(Face.BLANK), EndTurn(), Leave("ann")]
)
def test_notation_round_trips(action):
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "roll", "roll 6", "reveal", "leave a b", "pass"])
def test_malformed_text_is_refused(text):
    with pytest.raises(ValueError, match="not a Planechase action"):
        parse_action(text)
