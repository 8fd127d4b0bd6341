"""Judge access (findings 2, 3, 5): per-source backoff, server-side sessions, the first PIN set on
the table's own screen, cookies, and join codes that seat one phone only."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone, join_url
from web_panel import create_app
from web_panel.judge import (
    ADDRESSES_PER_NETWORK,
    FREE_TRIES,
    NETWORK_FREE_TRIES,
    JudgeAccess,
    JudgeAccessError,
    network_key,
    source_key,
    tries_within,
)

STRANGER = "192.168.1.66"
JUDGES_PHONE = "192.168.1.20"
TWELVE_HOURS = 12 * 3600


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def phone_at(app: Flask, address: str) -> Phone:
    client = app.test_client()
    client.environ_base["REMOTE_ADDR"] = address
    return Phone(client)


def login(phone: Phone, pin: str = JUDGE_PIN) -> str:
    reply = phone.post("/api/judge/login", {"pin": pin})
    return "ok" if reply.status_code == 200 else str(reply.get_json()["error"])


# -- guessing the PIN -----------------------------------------------------------------------------


def test_a_strangers_wrong_pins_never_lock_the_judge_out(app: Flask):
    """Finding 2: 5 wrong PINs from a stranger locked the real judge out for everyone."""
    stranger = phone_at(app, STRANGER)
    answers = [login(stranger, "000000") for _ in range(30)]
    assert answers[:FREE_TRIES] == ["wrong_pin"] * FREE_TRIES
    assert set(answers[FREE_TRIES:]) == {"judge_locked"}  # the stranger waits...
    judge = phone_at(app, JUDGES_PHONE)
    assert login(judge) == "ok"  # ...the judge does not
    assert login(stranger, JUDGE_PIN) == "judge_locked"  # even the right PIN must wait


def test_the_wait_doubles_per_source_and_a_right_pin_resets_it(tmp_path: Path):
    clock = FakeClock()
    access = JudgeAccess(JUDGE_PIN, tmp_path, clock)
    waits = []
    for _ in range(8):
        with pytest.raises(JudgeAccessError) as refused:
            access.login(STRANGER, "111111")
        assert refused.value.code == "wrong_pin"
        waits.append(refused.value.wait)
        clock.now += refused.value.wait
    assert waits == [0, 0, 2, 4, 8, 16, 32, 64]
    with pytest.raises(JudgeAccessError):
        access.login(STRANGER, "111111")
    with pytest.raises(JudgeAccessError, match="wait 128 s"):
        access.login(STRANGER, JUDGE_PIN)
    clock.now += 128
    assert access.is_judge(access.login(STRANGER, JUDGE_PIN))
    with pytest.raises(JudgeAccessError) as again:
        access.login(STRANGER, "111111")
    assert again.value.wait == 0  # the count started over


def test_a_tournament_day_gives_a_guesser_odds_of_a_few_in_a_hundred_thousand():
    """The policy's arithmetic (docs/hardware.md): 6 digits, about 25 tries a source in 12 h."""
    tries = tries_within(TWELVE_HOURS)
    assert 20 <= tries <= 30
    assert tries / 10**6 < 0.0001  # per address and day; a 4-digit PIN at 5/min was ~24 %


def test_each_address_counts_alone_and_an_ipv6_network_also_together():
    assert source_key("2001:db8:1:2::10") != source_key("2001:db8:1:2:ffff::99")
    assert network_key("2001:db8:1:2::10") == network_key("2001:db8:1:2:ffff::99")
    assert network_key("2001:db8:1:3::10") != network_key("2001:db8:1:2::10")
    assert source_key("::ffff:192.168.1.66") == STRANGER and network_key(STRANGER) is None


def test_one_ipv6_stranger_no_longer_slows_every_phone_of_the_stores_network(tmp_path: Path):
    """Issue 24: a whole /64 counted as one source."""
    access = JudgeAccess(JUDGE_PIN, tmp_path, FakeClock())
    stranger, judge = "2001:db8:1:2::bad", "2001:db8:1:2::600d"
    for _ in range(FREE_TRIES + 2):
        with pytest.raises(JudgeAccessError):
            access.login(stranger, "000000")
    with pytest.raises(JudgeAccessError, match="wait"):
        access.login(stranger, JUDGE_PIN)  # the stranger waits...
    assert access.is_judge(access.login(judge, JUDGE_PIN))  # ...the judge's phone does not


def test_a_guesser_hopping_addresses_in_its_network_meets_the_networks_cap(tmp_path: Path):
    clock = FakeClock()
    access = JudgeAccess(JUDGE_PIN, tmp_path, clock)
    hops = [f"2001:db8:1:2::{n:x}" for n in range(1, 200)]
    codes = []
    for address in hops:  # one wrong PIN per fresh address, then it hops on
        with pytest.raises(JudgeAccessError) as refused:
            access.login(address, "000000")
        codes.append(refused.value.code)
    assert codes == ["wrong_pin"] * len(hops)  # a fresh address always gets its try...
    assert access._backoff.wait(hops[-1]) > 60  # ...but the network's wait now holds each one
    with pytest.raises(JudgeAccessError) as again:
        access.login(hops[-1], JUDGE_PIN)
    assert again.value.code == "judge_locked"
    # a phone of the same network that never guessed wrong, and every other network: not held
    assert access.is_judge(access.login("2001:db8:1:2::600d", JUDGE_PIN))
    assert access.is_judge(access.login("2001:db8:9:9::1", JUDGE_PIN))
    assert access.is_judge(access.login(JUDGES_PHONE, JUDGE_PIN))
    # the network's addresses are remembered up to a cap: it can't crowd out other guessers
    assert len(access._backoff._members["2001:db8:1:2::/64"]) == ADDRESSES_PER_NETWORK
    assert sum(1 for s in access._backoff._sources if s.startswith("2001:db8:1:2:")) == (
        ADDRESSES_PER_NETWORK
    )
    assert len(hops) > NETWORK_FREE_TRIES


# -- sessions and cookies -------------------------------------------------------------------------


def copy_cookie(source: FlaskClient, target: FlaskClient) -> None:
    cookie = source.get_cookie("session")
    assert cookie is not None
    target.set_cookie("session", cookie.value)


def test_logout_ends_the_session_even_for_a_copied_cookie(app: Flask):
    """Finding 3: a copied session cookie still worked after logout."""
    judge = phone_at(app, JUDGES_PHONE)
    assert login(judge) == "ok"
    thief = app.test_client()
    copy_cookie(judge.client, thief)
    assert thief.get("/api/me").get_json()["judge"] is True
    judge.post("/api/judge/logout")
    assert thief.get("/api/me").get_json()["judge"] is False


def test_a_restart_ends_every_judge_session(app: Flask, table: Table, settings: Settings):
    judge = phone_at(app, JUDGES_PHONE)
    assert login(judge) == "ok"
    restarted = create_app(table, settings, secret_key="test-secret", testing=True)
    after = restarted.test_client()
    copy_cookie(judge.client, after)
    assert after.get("/api/me").get_json()["judge"] is False
    restarted.extensions["panel"].close()


def test_cookies_are_http_only_strict_and_secure_over_https(app: Flask):
    plain = app.test_client().get("/api/me").headers["Set-Cookie"]
    assert "HttpOnly" in plain and "SameSite=Strict" in plain and "Secure" not in plain
    https = app.test_client().get("/api/me", base_url="https://table.local")
    assert "Secure" in https.headers["Set-Cookie"]
    language = app.test_client().get("/lang/ja", base_url="https://table.local")
    assert "SameSite=Strict" in language.headers["Set-Cookie"]
    assert "Secure" in language.headers["Set-Cookie"]


# -- the first PIN, on the table's own screen -----------------------------------------------------


@pytest.fixture
def pinless(table: Table, tmp_path: Path) -> Flask:
    app = create_app(table, Settings(data_dir=tmp_path), secret_key="s", testing=True)
    yield app
    app.extensions["panel"].close()


def test_the_first_pin_is_set_on_the_tables_own_screen_only(pinless: Flask, table: Table):
    screen = Phone(pinless.test_client())  # loopback: the table's own screen
    stranger = phone_at(pinless, STRANGER)
    assert screen.get("/api/me").get_json()["set_pin"] is True
    assert stranger.get("/api/me").get_json()["set_pin"] is False
    refused = stranger.post("/api/judge/pin", {"pin": "135790"})
    assert refused.status_code == 403 and refused.get_json()["error"] == "judge_only"
    weak = screen.post("/api/judge/pin", {"pin": "1234"})
    assert weak.status_code == 400 and weak.get_json()["error"] == "weak_pin"
    me = screen.post("/api/judge/pin", {"pin": "135790"}).get_json()
    assert me["judge_enabled"] is True and me["set_pin"] is False
    assert me["judge"] is False  # the screen players touch is not the judge
    assert screen.post("/api/judge/pin", {"pin": "999999"}).status_code == 403  # set once
    assert login(phone_at(pinless, JUDGES_PHONE), "135790") == "ok"
    # kept (hashed) in the data folder: a restart knows it
    again = create_app(table, Settings(data_dir=table.store.path.parent), secret_key="s")
    assert "135790" not in (table.store.path.parent / "judge-pin.json").read_text()
    assert login(phone_at(again, JUDGES_PHONE), "135790") == "ok"
    again.extensions["panel"].close()


def test_a_pin_change_ends_every_other_judge_session(pinless: Flask):
    Phone(pinless.test_client()).post("/api/judge/pin", {"pin": "135790"})
    first, second = phone_at(pinless, JUDGES_PHONE), phone_at(pinless, "192.168.1.21")
    assert login(first, "135790") == login(second, "135790") == "ok"
    me = first.post("/api/judge/pin", {"pin": "864200"}).get_json()
    assert me["judge"] is True  # the judge who changed it stays
    assert second.get("/api/me").get_json()["judge"] is False
    assert login(second, "135790") == "wrong_pin"
    assert login(second, "864200") == "ok"


def test_a_pin_from_the_config_is_changed_in_the_config(app: Flask):
    judge = phone_at(app, JUDGES_PHONE)
    login(judge)
    refused = judge.post("/api/judge/pin", {"pin": "864200"})
    assert refused.status_code == 403 and refused.get_json()["error"] == "pin_configured"
    assert login(phone_at(app, "192.168.1.30")) == "ok"


def test_without_a_pin_only_the_tables_own_screen_starts_a_new_game(pinless: Flask, table: Table):
    """Finding 5: with no PIN, anyone who photographed a join code could start a new game."""
    path = "/join/" + join_url(pinless, "A").rsplit("/join/", 1)[1]
    seated = phone_at(pinless, STRANGER)
    assert seated.client.get(path).status_code == 303
    assert seated.get("/api/me").get_json()["seat"] == "A"
    game_id = table.game_id
    refused = seated.post("/api/setup/new", {"game": "test-counter"})
    assert refused.status_code == 403
    assert table.game_id == game_id
    assert seated.get("/api/setup/options").get_json()["may_set_up"] is False
    screen = Phone(pinless.test_client())
    assert screen.get("/api/setup/options").get_json()["may_set_up"] is True


# -- join codes -----------------------------------------------------------------------------------


def test_a_join_code_seats_the_first_phone_only(app: Flask, spectator: Phone):
    """Finding 5: one join code seated any number of phones."""
    path = "/join/" + join_url(app, "A").rsplit("/join/", 1)[1]
    joins = spectator.state()["joins"]
    first, photo = phone_at(app, "192.168.1.30"), phone_at(app, STRANGER)
    assert first.client.get(path).status_code == 303
    assert first.client.get(path).status_code == 303  # the same phone again: fine
    refused = photo.client.get(path)
    assert refused.status_code == 403
    assert "another phone" in refused.get_data(as_text=True)
    assert photo.get("/api/me").get_json()["seat"] is None
    assert spectator.state()["joins"] == joins + 1  # the table's screen shows new codes
    fresh = "/join/" + join_url(app, "A").rsplit("/join/", 1)[1]
    assert photo.client.get(fresh).status_code == 303  # a new code from the table's screen


def test_used_join_codes_stay_used_after_a_restart(app: Flask, table: Table, settings: Settings):
    path = "/join/" + join_url(app, "A").rsplit("/join/", 1)[1]
    assert phone_at(app, "192.168.1.30").client.get(path).status_code == 303
    restarted = create_app(table, settings, secret_key="test-secret", testing=True)
    assert phone_at(restarted, STRANGER).client.get(path).status_code == 403
    restarted.extensions["panel"].close()
