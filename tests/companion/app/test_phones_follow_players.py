"""The Done-when of "each player's phone follows them", end to end: a real Mosquitto, the hub
(`companion hub run`) and 8 tables (`companion run`) as separate processes; 16 players, 3 Swiss
rounds, every phone seated only by following its player's own hub page (fetched over HTTP, as a
phone would, one cookie jar per phone). After each new pairing every phone of the previous one is
refused (403, and the table logs it) for actions and confirmations; every confirmation the hub
records was made by the phone of the player it is credited to; a dropped phone is re-seated by
the judge (release at the hub, then the player's page gives a new link that seats a new phone).
Results are reported at the hub (the games themselves are tested in test_hub_event.py)."""

from __future__ import annotations

import html
import re
import urllib.error
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from tests.companion.app.test_hub_event import TABLES, Client, Room, organizer, up
from tests.companion.hub.mqtt import wait_for

pytestmark = pytest.mark.slow

PLAYERS = [f"Player {n:02d}" for n in range(1, 17)]
JOIN = re.compile(r'<a id="join"[^>]*href="([^"]+)"')


class Phone(Client):
    """A player's phone: its own cookie jar; it opens whole addresses (the hub's, a table's)."""

    def __init__(self) -> None:
        super().__init__("")
        self.table = ""  # the table the phone joined last (its address)

    def join_link(self, page: str, not_link: str | None = None) -> str:
        """The join link the player's page shows, once it shows one (other than ``not_link``)."""
        found: list[str] = []

        def shown() -> bool:
            link = JOIN.search(str(self.get(page)))
            found[:] = [html.unescape(link.group(1))] if link else []
            return bool(found) and found[0] != not_link

        assert wait_for(shown, seconds=30), page
        return found[0]

    def join(self, link: str) -> dict[str, Any]:
        """Open the join link (it redirects to the table's phone page); the phone's seat."""
        self.table = link.split("/join/", 1)[0]
        with self.opener.open(link, timeout=20) as response:
            assert response.status == 200
        me: dict[str, Any] = self.get(self.table + "/api/me")
        self.csrf = str(me["csrf"])
        return me

    def seat(self) -> str | None:
        return self.get(self.table + "/api/me")["seat"]  # type: ignore[no-any-return]

    def act(self) -> int:
        state = self.get(self.table + "/api/state")
        body = {"action": "init 6 5", "version": state["version"], "game_id": state["game_id"]}
        return self.post(self.table + "/api/actions", body)[0]

    def result(self) -> int | None:
        """The match whose recorded result the phone shows for confirmation (``None``: none)."""
        shown = self.get(self.table + "/api/state")["tournament"]
        return int(shown["match"]) if shown else None

    def confirm(self) -> int:
        return self.post(self.table + "/api/tournament/confirm")[0]


def refused_link(link: str) -> int:
    """What a fresh phone gets from an old join link."""
    try:
        with Phone().opener.open(link, timeout=20) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return error.code


def matches_of(hub: Client) -> list[dict[str, Any]]:
    return list(hub.get("/api/event")["round"]["matches"])


def refusals(room: Room, names: Iterable[str]) -> str:
    return "".join((room.folder / f"{name}.log").read_text() for name in names)


@pytest.mark.process
def test_every_phone_follows_its_player_and_only_the_matchs_phones_confirm(tmp_path: Path):
    room = Room(tmp_path)
    try:
        room.start_hub()
        for name in TABLES:
            room.start_table(name)
        base = f"http://127.0.0.1:{room.hub_port}"
        assert wait_for(lambda: up(base + "/api/event"), seconds=60)
        hub = organizer(base)
        assert wait_for(
            lambda: all(t["online"] for t in hub.get("/api/event")["tables"]), seconds=60
        )
        pages: dict[int, str] = {}
        for name in PLAYERS:
            status, player = hub.post("/api/players", {"name": name})
            assert status == 201
            pages[player["id"]] = player["page"]
        names = {p["id"]: p["name"] for p in hub.get("/api/event")["players"]}
        phones: dict[int, Phone] = {}  # player → the phone seated for their current match
        confirmed_by_phone: dict[int, set[int]] = {}  # match → players whose own phone confirmed

        for number in (1, 2, 3):
            status, reply = hub.post("/api/rounds")
            assert status == 201 and reply["round"] == number, reply
            matches = matches_of(hub)
            assert len(matches) == 8 and all(m["b"] is not None for m in matches)
            stale = dict(phones)
            phones = {}
            for match in matches:
                for seat, other in (("A", "B"), ("B", "A")):
                    player = match[seat.lower()]["id"]
                    page = pages[player]
                    phone = Phone()
                    link = phone.join_link(page)
                    shown = phone.get(page)  # "Table n, seat X, against …" in the player's words
                    assert match["table"] in shown and names[match[other.lower()]["id"]] in shown
                    assert phone.join(link)["seat"] == seat
                    phones[player] = phone

            # every phone of the previous pairing is unseated and refused, whatever it tries
            for player, phone in stale.items():
                assert wait_for(lambda p=phone: p.seat() is None, seconds=30), player
                assert phone.act() == 403
                assert phone.confirm() == 403

            if number == 2:  # a phone dies: the judge frees the seat, the player's page relinks
                match = matches[0]
                player, table = match["a"]["id"], match["table"]
                dead = phones[player]
                old_link = dead.join_link(pages[player])
                status, _ = hub.post(f"/api/tables/{table}/release", {"seat": "A"})
                assert status == 200
                assert wait_for(lambda d=dead: d.seat() is None, seconds=30)
                spare = Phone()
                assert spare.join(spare.join_link(pages[player], not_link=old_link))["seat"] == "A"
                phones[player] = spare
                assert refused_link(old_link) == 403  # the old link seats nobody again
                assert dead.act() == 403 and dead.confirm() == 403

            for match in matches:
                outcome = ("a", "b", "draw")[match["id"] % 3]
                assert (
                    hub.post(f"/api/matches/{match['id']}/result", {"outcome": outcome})[0] == 200
                )
            for match in matches:  # seat A's phone always confirms, seat B's every other match
                confirming = [match["a"]["id"]] + ([match["b"]["id"]] if match["id"] % 2 else [])
                for player in confirming:
                    phone = phones[player]
                    match_id = match["id"]
                    assert wait_for(lambda p=phone, m=match_id: p.result() == m, seconds=30)
                    assert phone.confirm() == 200
                    confirmed_by_phone.setdefault(match["id"], set()).add(player)
            # the old phones, now that there is a result to confirm, are refused all the same
            for phone in stale.values():
                assert phone.confirm() == 403

            def recorded(ms: list[dict[str, Any]] = matches) -> bool:
                shown = {m["id"]: set(m["confirmed"]) for m in matches_of(hub)}
                return all(shown[m["id"]] == confirmed_by_phone[m["id"]] for m in ms)

            assert wait_for(recorded, seconds=30)

        # the hub's record of the whole event: each confirmation is its own player's phone's
        exported = hub.get("/export.json")
        recorded_all = {
            m["id"]: set(m["confirmed"]) for r in exported["rounds"] for m in r["matches"]
        }
        assert recorded_all == confirmed_by_phone and len(recorded_all) == 24
        logs = refusals(room, TABLES)
        # 16 old phones after rounds 2 and 3, and the dead one: each refusal logged with the
        # phone and the match
        action = r"an action refused: phone [\w-]{6} holds no seat in game \d+ \(match \d+\)"
        confirmation = (
            r"a confirmation refused: phone [\w-]{6} holds no seat in game \d+ \(match \d+\)"
        )
        assert len(re.findall(action, logs)) == 16 + 16 + 1
        assert len(re.findall(confirmation, logs)) == 2 * (16 + 16) + 1
    finally:
        room.stop()
