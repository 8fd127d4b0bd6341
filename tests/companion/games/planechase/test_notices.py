"""Planechase's rule notices: what leaving the game does by itself (seed 004)."""

from companion.events import notices_of
from companion.games.planechase.actions import EndTurn, Leave

from .test_game import started, walked

KEY = "notice.rule.planechase."


def test_control_passing_on_is_said(virtual):
    started(virtual)
    virtual.push(EndTurn())  # b's turn on a's plane: b controls it
    notices = notices_of(virtual.push(Leave("b")))
    assert notices == [{"key": KEY + "control_passed", "params": {"seat": "b", "to": "c"}}]


def test_a_removed_planeswalk_is_said(virtual):
    walked(virtual)
    keys = [n["key"] for n in notices_of(virtual.push(Leave("b")))]
    assert keys == [KEY + "control_passed", KEY + "planeswalk_removed"]


def test_a_plane_leaving_with_its_owner_is_said(virtual):
    started(virtual)
    virtual.push(EndTurn())
    notices = notices_of(virtual.push(Leave("a")))
    assert notices == [{"key": KEY + "plane_left", "params": {"seat": "a"}}]
