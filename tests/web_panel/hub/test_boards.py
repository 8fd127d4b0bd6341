"""The wall gets a table's view, and a hub page the event, only when it changed since the tag the
page sent back."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from companion.hub.station import HubStation
from companion.hub.tournament import Tournament
from web_panel.hub.app import create_hub_app
from web_panel.hub.boards import ALWAYS_SENT, TAG_LENGTH, parse_seen, parse_tag, view_tag


def board(version: int, seat_name: str = "Aiko") -> dict:
    return {
        "game": "dreamblade", "version": version, "extra": {"board": {"c3": []}},
        "seats": [{"seat": "A", "name": seat_name, "colour": "#0072B2"}],
    }  # fmt: skip


def test_a_view_is_tagged_by_its_content():
    assert view_tag(None) is None
    tag = view_tag(board(4))
    assert tag is not None and len(tag) == TAG_LENGTH
    assert view_tag(board(4)) == tag  # the same view again (a new object): the same tag
    assert view_tag(board(5)) != tag
    assert view_tag(board(4, "Ben")) != tag  # a renamed seat, same version: a change


def test_seen_is_read_leniently():
    good = "a" * TAG_LENGTH
    assert parse_seen(f"table-1:{good},table-2:{good}") == {"table-1": good, "table-2": good}
    assert parse_seen(None) == parse_seen("") == {}
    assert parse_seen(f"table-1:short,:{good},nocolon,table-3:{good}") == {"table-3": good}
    assert parse_seen("x" * 100_000) == {}


@pytest.mark.process
def test_the_wall_gets_only_the_tables_that_changed(
    tournament: Tournament, station: HubStation, tmp_path: Path
):
    station.tables["table-1"] = {"table": "table-1", "view": board(4)}
    station.tables["table-2"] = {"table": "table-2", "view": board(9)}
    app = create_hub_app(tournament, station, secret_key="k", data_dir=tmp_path, testing=True)
    client = app.test_client()

    def poll(seen: dict[str, str | None] | None = None) -> dict[str, dict]:
        url = "/api/event?boards=1"
        if seen:
            url += "&seen=" + quote(",".join(f"{n}:{t}" for n, t in seen.items() if t))
        tables = client.get(url).get_json()["tables"]
        return {table["name"]: table for table in tables}

    first = poll()  # a new page: every view
    assert first["table-1"]["view"] == board(4) and first["table-2"]["view"] == board(9)
    assert first["table-3"]["view"] is None and first["table-3"]["view_tag"] is None
    held = {name: table["view_tag"] for name, table in first.items()}

    again = poll(held)  # nothing moved: no view is sent again
    assert all("view" not in again[n] for n in ("table-1", "table-2"))
    assert again["table-1"]["view_unchanged"] is True
    assert again["table-3"]["view"] is None  # a table with no view has nothing to hold

    station.tables["table-2"] = {"table": "table-2", "view": board(10)}
    moved = poll(held)  # table-2 moved: only its view comes
    assert "view" not in moved["table-1"] and moved["table-1"]["view_unchanged"] is True
    assert moved["table-2"]["view"] == board(10) and "view_unchanged" not in moved["table-2"]
    assert moved["table-2"]["view_tag"] == view_tag(board(10)) != held["table-2"]

    stale = poll({"table-1": "0" * TAG_LENGTH})  # a tag the hub never made: the view comes
    assert stale["table-1"]["view"] == board(4)
    plain = client.get("/api/event?seen=" + quote(f"table-1:{held['table-1']}")).get_json()
    assert all("view" not in t and "view_tag" not in t for t in plain["tables"])


def test_an_event_tag_is_read_only_when_it_is_one():
    good = "0123456789abcdef"
    assert parse_tag(good) == good
    assert parse_tag(None) is parse_tag("") is parse_tag("0123") is None
    assert parse_tag("0123456789ABCDEF") is parse_tag("0123456789abcdeg") is None
    assert parse_tag(good * 2) is None


@pytest.mark.process
def test_the_event_comes_again_only_when_it_changed(
    tournament: Tournament, station: HubStation, tmp_path: Path
):
    station.tables["table-1"] = {"table": "table-1", "view": board(4)}
    tournament.check_in("Aiko")
    app = create_hub_app(tournament, station, secret_key="k", data_dir=tmp_path, testing=True)
    client = app.test_client()

    def poll(held: str | None = None, boards: bool = True) -> dict:
        query = "boards=1&" if boards else ""
        return client.get(f"/api/event?{query}event_seen={held or ''}").get_json()

    first = poll()  # a new page: the whole event, tagged
    tag = first["event_tag"]
    assert len(tag) == TAG_LENGTH and "event_unchanged" not in first
    assert [p["name"] for p in first["players"]] == ["Aiko"]
    assert {"round", "standings", "settings", "judge_calls"} <= set(first)

    again = poll(tag)  # nothing changed: the clock and the tables only
    assert set(again) == {*ALWAYS_SENT, "event_tag", "event_unchanged"}
    assert again["event_tag"] == tag and again["event_unchanged"] is True
    assert again["tables"][0]["view_tag"] == view_tag(board(4))  # the boards as before
    assert again["clock"]["hub_time"] >= first["clock"]["hub_time"]
    assert set(poll(tag, boards=False)) == {*ALWAYS_SENT, "event_tag", "event_unchanged"}

    tournament.check_in("Ben")  # the event changed: it all comes, with a new tag
    changed = poll(tag)
    assert "event_unchanged" not in changed and changed["event_tag"] != tag
    assert [p["name"] for p in changed["players"]] == ["Aiko", "Ben"]
    assert poll(changed["event_tag"])["event_unchanged"] is True

    tournament.start_round()
    assert poll(changed["event_tag"])["round"]["number"] == 1  # the round began: a change
    for stale in ("0" * TAG_LENGTH, "not-a-tag", "x" * 5000):  # a tag the hub did not make
        assert "players" in poll(stale) and "event_unchanged" not in poll(stale)
