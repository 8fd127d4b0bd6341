from __future__ import annotations

import pytest

from web_panel.seats import JoinTokenError, PinGuard, SeatTokens, Viewer, join_qr_svg


def test_a_join_token_names_its_seat_for_its_game_only():
    tokens = SeatTokens("secret")
    token = tokens.issue("B", game_id=4)
    assert tokens.verify(token, game_id=4) == "B"
    with pytest.raises(JoinTokenError, match="earlier game") as raised:
        tokens.verify(token, game_id=5)
    assert raised.value.code == "earlier_game"


def test_a_join_token_is_short_and_survives_being_typed_in_capitals():
    tokens = SeatTokens("secret")
    token = tokens.issue("anna-2", game_id=12)
    assert len(token) <= len("12.anna-2.") + 16
    game, seat, code = token.split(".")
    assert tokens.verify(f"{game}.{seat}.{code.upper()}", 12) == "anna-2"
    with pytest.raises(JoinTokenError) as raised:
        tokens.verify(f"{game}.B.{code}", 12)  # another seat's name on this code
    assert raised.value.code == "invalid"


def test_join_tokens_are_unique_and_cannot_be_forged():
    tokens = SeatTokens("secret")
    assert tokens.issue("A", 1) != tokens.issue("A", 1)
    forged = SeatTokens("another secret").issue("A", 1)
    with pytest.raises(JoinTokenError, match="not valid"):
        tokens.verify(forged, 1)
    token = tokens.issue("A", 1)
    with pytest.raises(JoinTokenError):
        tokens.verify(token[:-2] + ("AA" if not token.endswith("AA") else "BB"), 1)


def test_the_viewer_proposes_as_judge_seat_or_nobody():
    assert Viewer(seat="A", judge=True).proposer == "judge"
    assert Viewer(seat="B").proposer == "B"
    assert Viewer().proposer is None


def test_the_join_qr_is_an_svg():
    svg = join_qr_svg("http://192.168.1.5:8000/join/abc")
    assert svg.startswith("<svg")


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_pin_guard_locks_for_a_while_after_repeated_failures():
    clock = FakeClock()
    guard = PinGuard("1234", clock)
    assert guard.check("1234") is True
    for _ in range(PinGuard.MAX_FAILURES):
        assert guard.check("0000") is False
    with pytest.raises(PermissionError, match="too many"):
        guard.check("1234")
    clock.now += PinGuard.LOCKOUT_SECONDS
    assert guard.check("1234") is True


def test_a_correct_pin_resets_the_failure_count():
    guard = PinGuard("1234", FakeClock())
    for _ in range(PinGuard.MAX_FAILURES - 1):
        guard.check("0")
    guard.check("1234")
    for _ in range(PinGuard.MAX_FAILURES - 1):
        assert guard.check("0") is False
    assert guard.check("1234") is True


def test_without_a_pin_there_is_no_judge():
    guard = PinGuard(None)
    assert guard.enabled is False
    with pytest.raises(PermissionError, match="no judge PIN"):
        guard.check("1234")
