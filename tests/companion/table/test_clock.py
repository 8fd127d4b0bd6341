from __future__ import annotations

import pytest

from companion.settings import ClockSettings
from companion.table.clock import ClockError, MatchClock


class FakeNow:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def _clock(**settings: object) -> tuple[MatchClock, FakeNow]:
    now = FakeNow()
    return MatchClock(ClockSettings.model_validate(settings), now), now


def test_no_round_length_means_no_clock():
    clock, _ = _clock()
    assert clock.status()["enabled"] is False
    with pytest.raises(ClockError, match="no round length"):
        clock.start()


def test_the_clock_counts_down_only_while_running():
    clock, now = _clock(round_minutes=50)
    clock.start()
    now.t += 600
    clock.pause()
    now.t += 999
    assert clock.status()["remaining"] == 40 * 60
    assert clock.status()["running"] is False
    clock.start()
    now.t += 60
    assert clock.status()["remaining"] == 39 * 60


def test_warnings_are_reached_as_time_runs_out():
    clock, now = _clock(round_minutes=20, warn_minutes=(5, 10, 1))
    clock.start()
    assert clock.status()["warning"] is None
    now.t += 10 * 60
    assert clock.status()["warning"] == 10
    now.t += 5 * 60 + 30
    assert clock.status()["warning"] == 5
    now.t += 4 * 60
    assert clock.status()["warning"] == 1


def test_at_time_the_clock_says_what_the_setting_says_and_stops():
    clock, now = _clock(round_minutes=1, at_time="leader_wins")
    clock.start()
    now.t += 3600
    status = clock.status()
    assert status["expired"] is True
    assert status["remaining"] == 0
    assert status["running"] is False
    assert status["at_time"] == "leader_wins"


def test_reconfiguring_and_resetting():
    clock, now = _clock(round_minutes=10)
    clock.start()
    now.t += 60
    clock.reset()
    assert clock.status()["remaining"] == 600
    clock.configure(30)
    assert clock.status()["length"] == 1800
    clock.configure(None)
    assert clock.status()["enabled"] is False
    with pytest.raises(ClockError):
        clock.configure(0)


@pytest.mark.parametrize("operation", ["pause"])
def test_pausing_a_stopped_clock_is_refused(operation: str):
    clock, _ = _clock(round_minutes=10)
    with pytest.raises(ClockError, match="not running"):
        getattr(clock, operation)()


def test_following_the_hubs_clock():
    clock, now = _clock()
    clock.follow(3000.0, 1200.0, running=True, at_time="leader_wins")
    now.t += 200
    status = clock.status()
    assert (status["enabled"], status["remaining"], status["running"]) == (True, 1000.0, True)
    assert status["at_time"] == "leader_wins"  # the event's rule, said in the phone's language
    clock.follow(3000.0, 900.0, running=False, at_time="leader_wins")
    now.t += 500
    assert clock.status()["remaining"] == 900.0 and clock.status()["running"] is False
    clock.follow(None, None, running=False, at_time="notify_only")
    assert clock.status()["enabled"] is False
