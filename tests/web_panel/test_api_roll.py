"""``POST /api/roll``: the shared virtual dice, rolled by the table for a seated phone and applied
like typed dice; everyone else is refused in their language and nothing changes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.games.dreamblade.demo_game import DEMO_ACTIONS
from companion.remote.link import GuestLink, HostLink
from companion.remote.state import RemoteState
from companion.settings import Settings
from companion.table.dice_roll import roll_for
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.pair import broker, plain_client
from tests.web_panel.conftest import JUDGE_PIN, Phone, dreamblade_table, seated
from web_panel import create_app

STRIKE_DICE = DEMO_ACTIONS.index("dice 2,3,3,blade")  # B strikes in b3: its attack dice


def _app(tmp_path: Path, actions: int):
    table = dreamblade_table(tmp_path, actions)
    settings = Settings.model_validate(
        {"data_dir": str(tmp_path), "game": "dreamblade", "panel": {"judge_pin": JUDGE_PIN}}
    )
    return table, create_app(table, settings, secret_key="s", testing=True)


def _roll(phone: Phone, **override: int):
    view = phone.state()
    body = {"version": view["version"], "game_id": view["game_id"], **override}
    return phone.post("/api/roll", body)


def test_the_seat_to_roll_gets_the_tables_dice_and_every_phone_sees_them(tmp_path):
    table, app = _app(tmp_path, STRIKE_DICE)
    roller = table.read(lambda game: game.pending().seat)
    phone, watcher = seated(app, roller), Phone(app.test_client())
    before = table.version
    response = _roll(phone)
    assert response.status_code == 200, response.get_json()
    body = response.get_json()
    assert body["version"] == before + 1 and body["action"].startswith("dice ")
    assert len(body["action"].split(" ", 1)[1].split(",")) == 4  # the four dice asked for
    entry = watcher.state()["log"][-1]
    assert (entry["action"], entry["seat"]) == (body["action"], roller)
    app.extensions["panel"].close()


def test_the_other_seat_the_judge_a_spectator_and_a_stale_phone_are_refused(tmp_path):
    table, app = _app(tmp_path, STRIKE_DICE)
    roller = table.read(lambda game: game.pending().seat)
    other = seated(app, "A" if roller == "B" else "B")
    judge = Phone(app.test_client())
    assert judge.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    before = table.state()
    refusals = {
        "other": _roll(other),
        "judge": _roll(judge),
        "spectator": _roll(Phone(app.test_client())),
        "stale": _roll(seated(app, roller), version=before["version"] - 1),
    }
    assert {who: (r.status_code, r.get_json()["error"]) for who, r in refusals.items()} == {
        "other": (403, "wrong_seat"),
        "judge": (403, "roll_seat_only"),
        "spectator": (403, "spectator"),
        "stale": (409, "stale"),
    }
    assert table.state() == before
    app.extensions["panel"].close()


def test_no_dice_to_roll_is_said_in_the_phones_language(tmp_path):
    table, app = _app(tmp_path, DEMO_ACTIONS.index("spawn A:sir-glorious#1 a1"))
    phone = seated(app, "A")
    before = table.version
    response = phone.client.post(
        "/api/roll",
        json={"version": before, "game_id": table.game_id},
        headers={"X-CSRF-Token": phone.csrf, "Accept-Language": "ja"},
    )
    assert response.status_code == 409
    assert response.get_json()["error"] == "nothing_to_roll"
    assert response.get_json()["message"] == "今は振るダイスがありません。"
    assert table.version == before
    app.extensions["panel"].close()


# -- remote play: a guest's phone rolls, the host's dice roll (issue 28) -----------------------


@dataclass(frozen=True)
class Reach:
    host: str
    port: int
    room: str = "rshow-test/room"


@dataclass
class Remote:
    """What the panel asks of the table's remote session to roll: its link."""

    link: GuestLink


@pytest.mark.process
def test_a_guest_phones_roll_is_rolled_by_the_host_and_both_tables_log_it(tmp_path):
    (tmp_path / "host").mkdir()
    host = dreamblade_table(tmp_path / "host", STRIKE_DICE)
    host_state = RemoteState(host.store)
    host_state.start_host({}, {}, "B", "dreamblade")
    host_state.new_invite(lambda nonce: f"TTC1-test-{nonce}")
    session = host_state.session()
    assert session is not None and session.nonce is not None
    (tmp_path / "guest").mkdir()
    guest = dreamblade_table(tmp_path / "guest", 0)  # its own game until it follows the host's
    guest_state = RemoteState(guest.store)
    guest_state.start_guest({}, "B", session.nonce, f"TTC1-test-{session.nonce}")
    with broker(tmp_path) as running:
        reach = Reach("127.0.0.1", running.port)
        links = [
            HostLink(host, host_state, reach, lambda: plain_client("rshow-host"), roll_for),
            GuestLink(guest, guest_state, reach, lambda: plain_client("rshow-guest")),
        ]
        for link in links:
            link.start()
        try:
            assert wait_for(lambda: guest.version == host.version and guest.held is None)
            app = create_app(guest, Settings(data_dir=tmp_path), secret_key="s", testing=True)
            app.extensions["panel"].remote = Remote(links[1])  # type: ignore[assignment]
            phone = seated(app, "B")
            before = host.version
            response = _roll(phone)
            assert response.status_code == 200, response.get_json()
            rolled = response.get_json()
            assert rolled["version"] == before + 1 == host.version == guest.version
            assert rolled["action"].startswith("dice ")
            at_host, at_guest = host.log()[-1], guest.log()[-1]
            assert at_host["action"] == at_guest["action"] == rolled["action"]
            assert at_host["seat"] == at_guest["seat"] == "B"
            # now B assigns damage: nothing to roll, said as at a table on its own
            again = _roll(phone)
            assert (again.status_code, again.get_json()["error"]) == (409, "nothing_to_roll")
            assert host.version == guest.version == before + 1
            app.extensions["panel"].close()
        finally:
            for link in reversed(links):
                link.close()
