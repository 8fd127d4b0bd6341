"""A seated player calls the judge from their phone: the call goes on the table's bus (the
phones' notice, the hub's judge calls), a seat at most once a minute; a spectator or a request
without the page's token is refused and nothing is sent."""

from __future__ import annotations

import pytest
from flask import Flask

from companion import events as ev
from companion.events import Event, EventBus
from companion.table.table import Table
from tests.web_panel.conftest import Phone
from web_panel.i18n import translate
from web_panel.judge_calls import CALL_INTERVAL, CallTooSoon, JudgeCalls


def _calls(table: Table) -> list[Event]:
    heard: list[Event] = []
    table.bus.subscribe(heard.append, kinds={ev.JUDGE_CALLED})
    return heard


def test_a_seat_calls_at_most_once_a_minute():
    bus = EventBus()
    heard: list[Event] = []
    bus.subscribe(heard.append, kinds={ev.JUDGE_CALLED})
    clock = [100.0]
    calls = JudgeCalls(bus, now=lambda: clock[0])
    calls.call("A")
    clock[0] += CALL_INTERVAL - 1
    with pytest.raises(CallTooSoon) as refused:
        calls.call("A")
    assert refused.value.wait == pytest.approx(1)
    calls.call("B")  # the other seat is not held back
    clock[0] += 1
    calls.call("A")
    assert [e.data["by"] for e in heard] == ["A", "B", "A"]


def test_a_seated_phone_calls_the_judge(app: Flask, table: Table, phone_a: Phone):
    heard = _calls(table)
    version = table.version
    response = phone_a.post("/api/judge/call")
    assert response.status_code == 200
    assert response.get_json() == {"called": True, "seat": "A"}
    assert [e.data for e in heard] == [{"by": "A"}]
    assert table.version == version  # a call is no action of the game
    notices = phone_a.state()["notices"]
    assert [n["kind"] for n in notices] == [ev.JUDGE_CALLED]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_second_call_within_a_minute_is_refused_in_the_phones_language(
    app: Flask, table: Table, phone_a: Phone, phone_b: Phone, language: str
):
    heard = _calls(table)
    assert phone_a.post("/api/judge/call").status_code == 200
    phone_a.client.set_cookie("lang", language)
    again = phone_a.post("/api/judge/call")
    assert again.status_code == 429
    body = again.get_json()
    assert body["error"] == "judge_called_recently"
    assert body["message"] == translate(language, "error.judge_called_recently")
    assert phone_b.post("/api/judge/call").status_code == 200
    assert [e.data["by"] for e in heard] == ["A", "B"]


def test_a_spectator_or_a_cross_site_request_calls_nobody(
    app: Flask, table: Table, spectator: Phone, phone_a: Phone
):
    heard = _calls(table)
    refused = spectator.post("/api/judge/call")
    assert refused.status_code == 403
    assert refused.get_json()["error"] == "spectator"
    no_token = phone_a.client.post("/api/judge/call", json={})
    assert no_token.status_code == 403
    assert no_token.get_json()["error"] == "csrf"
    assert heard == []
    assert phone_a.post("/api/judge/call").status_code == 200  # the refusals used up no call


def test_the_judge_at_the_table_answers_and_the_notice_clears(
    app: Flask, table: Table, phone_a: Phone, phone_b: Phone, judge: Phone
):
    """Issue 24: the judge-call notice stayed after the call was answered."""
    answered: list[Event] = []
    table.bus.subscribe(answered.append, kinds={ev.JUDGE_ANSWERED})
    assert phone_a.post("/api/judge/call").status_code == 200
    assert [n["kind"] for n in phone_b.state()["notices"]] == [ev.JUDGE_CALLED]
    refused = phone_b.post("/api/judge/answer")  # a player can't clear it
    assert refused.status_code == 403 and refused.get_json()["error"] == "judge_only"
    assert answered == [] and len(phone_b.state()["notices"]) == 1
    assert judge.post("/api/judge/answer").get_json() == {"answered": True}
    assert [e.data for e in answered] == [{"by": "table"}]
    assert phone_a.state()["notices"] == [] and phone_b.state()["notices"] == []


def test_the_hubs_answer_clears_the_notice_and_keeps_the_others(table: Table, phone_a: Phone):
    table.flag("illegal", source="camera")  # another notice: it stays
    assert phone_a.post("/api/judge/call").status_code == 200
    table.bus.publish(Event(ev.JUDGE_ANSWERED, {"by": "hub"}))
    assert [n["kind"] for n in phone_a.state()["notices"]] == [ev.FLAGGED]
