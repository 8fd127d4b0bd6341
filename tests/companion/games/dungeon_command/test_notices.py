"""Dungeon Command's rule notices: leadership raised at the deploy phase, morale run out."""

from companion.events import notices_of
from companion.games.dungeon_command.actions import Adjust, Cower, Next


def test_the_deploy_phase_says_leadership_rose(battle):
    notices = notices_of(battle.push(Next()))
    assert notices == [
        {
            "key": "notice.rule.dungeon_command.leadership_raised",
            "params": {"seat": "ann", "leadership": 8},
        }
    ]


def test_morale_run_out_says_the_game_ends(battle):
    notices = notices_of(battle.push(Cower("b03", 100)))
    assert notices == [{"key": "notice.rule.dungeon_command.morale_out", "params": {"seat": "ben"}}]


def test_an_adjustment_to_no_morale_says_it_too(battle):
    events = []
    for _ in range(10):
        events += battle.push(Adjust("ann", "morale", -1))
    assert notices_of(events) == [
        {"key": "notice.rule.dungeon_command.morale_out", "params": {"seat": "ann"}}
    ]
