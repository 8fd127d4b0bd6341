from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.proposers import JUDGE
from web_panel.seats import JoinTokenError, SeatTokens, Viewer, join_qr_svg


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
        tokens.verify(token[:-1] + ("0" if token[-1] != "0" else "1"), 1)


def test_the_viewer_proposes_as_judge_seat_or_nobody():
    assert Viewer(seat="A", judge=True).proposer == JUDGE
    assert Viewer(seat="B").proposer == "B"
    assert Viewer().proposer is None


def test_the_join_qr_is_an_svg():
    svg = join_qr_svg("http://192.168.1.5:8000/join/abc")
    assert svg.startswith("<svg")


def test_a_join_token_seats_the_first_phone_that_uses_it(tmp_path: Path):
    tokens = SeatTokens("secret", tmp_path / "joins.json")
    token = tokens.issue("A", 1)
    assert tokens.claim(token, 1, "phone-1") == "A"
    assert tokens.claim(token, 1, "phone-1") == "A"
    with pytest.raises(JoinTokenError, match="another phone") as raised:
        tokens.claim(token, 1, "phone-2")
    assert raised.value.code == "already_used"
    assert tokens.claimed == 1
    with pytest.raises(JoinTokenError, match="another phone"):  # kept across a restart
        SeatTokens("secret", tmp_path / "joins.json").claim(token, 1, "phone-2")
    (tmp_path / "joins.json").write_text("{garbled")
    assert SeatTokens("secret", tmp_path / "joins.json").claimed == 0
