"""What one request may cost (findings 6 and 11): body size, JSON depth (counted by
``companion.json_limits``), a non-ASCII form token, and the streams one address holds open."""

from __future__ import annotations

import pytest
from flask import Flask

from tests.web_panel.conftest import Phone
from web_panel.limits import STREAMS_PER_ADDRESS, StreamLimit


def test_a_stream_gives_its_slot_back_once_whether_it_ends_or_is_closed():
    limit = StreamLimit(per_address=2)
    first = limit.open("10.0.0.2", iter(["a"]))
    second = limit.open("10.0.0.2", iter(["b"]))
    assert first is not None and second is not None
    assert limit.open("10.0.0.2", iter([])) is None
    assert limit.open("10.0.0.3", iter([])) is not None  # another address has its own share
    assert list(first) == ["a"]  # ended: its slot is free
    assert limit.count("10.0.0.2") == 1
    second.close()
    second.close()
    assert limit.count("10.0.0.2") == 0


def test_deeply_nested_json_is_a_clear_refusal(phone_a: Phone):
    """Finding 6: deeply nested JSON answered 500."""
    deep = b"[" * 100_000 + b"]" * 100_000
    response = phone_a.client.post(
        "/api/actions",
        data=deep,
        headers={"Content-Type": "application/json", "X-CSRF-Token": phone_a.csrf},
    )
    assert response.status_code == 400
    assert "deeper than 32" in response.get_json()["detail"]


@pytest.mark.parametrize("token", ["é" * 43, "トークン", "\x7f\x80\x81"])
def test_a_non_ascii_form_token_is_refused_as_cross_site(phone_a: Phone, token: str):
    """Finding 6: a non-ASCII X-CSRF-Token answered 500."""
    response = phone_a.client.post(
        "/api/actions",
        json={"action": "add 1", "version": 0, "game_id": 1},
        headers={"X-CSRF-Token": token.encode("utf-8").decode("latin-1")},
    )
    assert response.status_code == 403
    assert response.get_json()["error"] == "csrf"


def test_a_large_body_is_refused_before_any_permission_check_reads_it(app: Flask):
    """Finding 6: 100 MB bodies were read and parsed before the permission check."""
    stranger = app.test_client()
    stranger.environ_base["REMOTE_ADDR"] = "192.168.1.66"
    response = stranger.post(
        "/api/judge/login",
        data=b"0" * (2 * 1024 * 1024),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert response.get_json()["error"] == "too_large"


def test_one_address_holds_only_a_few_streams(app: Flask):
    """Finding 11: one address could open 1,000 streams."""
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = "192.168.1.66"
    streams = [phone.get("/api/stream", buffered=False) for _ in range(STREAMS_PER_ADDRESS)]
    assert {s.status_code for s in streams} == {200}
    refused = phone.get("/api/stream", buffered=False)
    assert refused.status_code == 429
    assert refused.get_json()["error"] == "too_many_streams"
    neighbour = app.test_client()
    neighbour.environ_base["REMOTE_ADDR"] = "192.168.1.67"
    other = neighbour.get("/api/stream", buffered=False)
    assert other.status_code == 200
    screen = [app.test_client().get("/api/stream", buffered=False) for _ in range(12)]
    assert {s.status_code for s in screen} == {200}  # the table's own screen is not limited
    streams.pop().close()
    again = phone.get("/api/stream", buffered=False)
    assert again.status_code == 200
    for stream in [*streams, other, again, *screen]:
        stream.close()
    assert app.extensions["panel"].streams.count("192.168.1.66") == 0
