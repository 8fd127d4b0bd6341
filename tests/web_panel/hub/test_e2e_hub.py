"""End to end: the organizer page and the spectator wall in headless Chromium, at laptop and
phone sizes, in English and Japanese, with no console errors."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Route, expect

from companion.games.dreamblade.warband import builtin_warband_names
from companion.hub.tournament import Tournament
from tests.web_panel.browser import held_until, open_context, screenshot
from web_panel.app import PanelServer, serve

pytestmark = [
    pytest.mark.browser,
]

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
TEXT = {
    "en-US": {
        "start": "Pair the next round", "taken": "Aiko has already checked in.", "r1": "Round 1",
    },
    "ja-JP": {
        "start": "次の回戦の組み合わせを作る", "taken": "Aiko さんはすでに受付済みです。",
        "r1": "第 1 回戦",
    },
}  # fmt: skip


@pytest.fixture
def hub_server(hub_app: Flask) -> Iterator[PanelServer]:
    running = serve(hub_app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def open_page(browser: Browser, url: str, size: str, language: str) -> tuple[Page, list[str]]:
    mobile = size == "phone"
    context = open_context(
        browser, viewport=SIZES[size], locale=language, is_mobile=mobile, has_touch=mobile
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", TEXT)
def test_the_organizer_runs_a_round_and_the_wall_follows(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, size: str, language: str
):
    page, errors = open_page(browser, hub_server.url + "/", size, language)
    shipped = len(builtin_warband_names())
    expect(page.locator("#checkin-warband option")).to_have_count(1 + shipped, timeout=20_000)
    entries = (("Aiko", "sample-valor"), ("Ben", ""), ("Cho", ""), ("Dai", ""))
    for count, (name, warband) in enumerate(entries, start=1):
        page.locator("#checkin-name").fill(name)
        if warband:  # the others keep the form as the last check-in left it
            page.locator("#checkin-warband").select_option(warband)
        page.locator("#checkin button[type=submit]").click()
        expect(page.locator("#players li")).to_have_count(count)
        expect(page.locator("#checkin-name")).to_have_value("")
        expect(page.locator("#checkin-warband")).to_have_value("")  # no warband for the next one
    registered = {p.name: p.warband is not None for p in tournament.state.players.values()}
    assert registered == {"Aiko": True, "Ben": False, "Cho": False, "Dai": False}
    page.locator("#checkin-name").fill("aiko")
    page.locator("#checkin button[type=submit]").click()
    expect(page.locator("#toast")).to_have_text(TEXT[language]["taken"])
    assert len(tournament.state.players) == 4
    # the browser logs the refused request itself (409); nothing else may be logged
    for _ in range(40):
        if errors:
            break
        page.wait_for_timeout(50)
    assert len(errors) == 1 and "409" in errors[0], errors
    errors.clear()

    page.get_by_role("button", name=TEXT[language]["start"]).click()
    expect(page.locator("#round-title")).to_have_text(TEXT[language]["r1"])
    rows = page.locator("#matches tr")
    expect(rows).to_have_count(2)
    for i in range(2):
        rows.nth(i).locator("button[data-outcome=a]").click()
        expect(rows.nth(i).locator("button[data-outcome]")).to_have_count(0)
    expect(page.locator("#standings tr")).to_have_count(4)
    expect(page.locator("#standings tr").first.locator("td").nth(3)).to_have_text("3")
    winners = {tournament.state.players[m.a].name for m in tournament.state.round_matches(1)}
    top_two = {
        page.locator("#standings tr").nth(i).locator("td").nth(1).inner_text() for i in (0, 1)
    }
    assert top_two == winners
    screenshot(page, f"hub-organizer-{size}-{language}")

    wall, wall_errors = open_page(browser, hub_server.url + "/wall", size, language)
    expect(wall.locator(".wall-table")).to_have_count(4)
    expect(wall.locator(".wall-table .names")).to_have_count(2)
    expect(wall.locator("#wall-standings li")).to_have_count(4)
    expect(wall.locator("#round-title")).to_have_text(TEXT[language]["r1"])
    screenshot(wall, f"hub-wall-{size}-{language}")
    assert errors == [] and wall_errors == []


def test_the_organizer_corrects_a_result_with_a_reason(
    browser: Browser, hub_server: PanelServer, tournament: Tournament
):
    for name in ("Aiko", "Ben"):
        tournament.check_in(name)
    tournament.start_round()
    (match,) = tournament.state.round_matches(1)
    tournament.report(match.id, "a", table="table-1", by="table-1")
    page, errors = open_page(browser, hub_server.url + "/", "laptop", "en-US")
    row = page.locator(f'#matches tr[data-match="{match.id}"]')
    expect(row.locator(".outcome")).to_contain_text("wins")
    row.locator(".correct-outcome").select_option("b")
    page.once("dialog", lambda dialog: dialog.accept("score slip was swapped"))
    row.locator("button.correct").click()
    loser = tournament.state.players[match.b or 0].name
    expect(row.locator(".outcome")).to_have_text(f"{loser} wins")
    assert tournament.state.corrections[0]["reason"] == "score slip was swapped"
    page.locator("#settings-minutes").fill("45")
    page.locator("#settings-at-time").select_option("leader_wins")
    page.locator("#settings button[type=submit]").click()
    expect(page.locator("#toast")).to_have_text("Settings saved.")
    assert (tournament.state.settings.round_minutes, tournament.state.settings.at_time) == (
        45,
        "leader_wins",
    )
    assert errors == []


CUT_TEXT = {
    "en-US": ["Winner", "Finalist", "Top 4", "Top 4", ""],
    "ja-JP": ["優勝", "決勝進出", "ベスト 4", "ベスト 4", ""],
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", CUT_TEXT)
def test_the_printable_standings_put_the_cut_first(
    browser: Browser, hub_server: PanelServer, tournament: Tournament, size: str, language: str
):
    for n in range(1, 9):
        tournament.check_in(f"P{n}")

    def finish_round(outcome: str) -> None:
        current = tournament.state.current
        assert current is not None
        for match in tournament.state.round_matches(current.number):
            if not match.done:
                tournament.report(match.id, outcome, table=None, by="test")

    for _ in range(3):
        tournament.start_round()
        finish_round("a")
    tournament.start_cut(4)
    finish_round("b")  # the lower seeds win both semi-finals
    tournament.start_round()
    finish_round("a")
    rows = tournament.standings_rows()
    page, errors = open_page(browser, hub_server.url + "/print", size, language)
    shown = page.locator("#standings tr")
    expect(shown).to_have_count(8)
    names = [shown.nth(i).locator("td").nth(1).inner_text() for i in range(8)]
    assert names == [row["name"] for row in rows]
    cut = [shown.nth(i).locator("td").nth(2).inner_text() for i in range(5)]
    assert cut == CUT_TEXT[language]
    screenshot(page, f"hub-print-cut-{size}-{language}")
    assert errors == []


ACCESS_TEXT = {
    "en-US": {
        "saved": "The organizer PIN is saved.", "wrong": "Wrong PIN.",
        "signed_in": "Signed in as Ken Sato. Your changes are recorded under this name.",
        "start": "Pair the next round", "answer": "On my way",
    },
    "ja-JP": {
        "saved": "主催者 PIN を保存しました。", "wrong": "PIN が違います。",
        "signed_in": "Ken Sato としてサインイン中です。変更はこの名前で記録されます。",
        "start": "次の回戦の組み合わせを作る", "answer": "向かいます",
    },
}  # fmt: skip


@pytest.fixture
def lan_hub_server(hub_app: Flask) -> Iterator[tuple[PanelServer, str]]:
    """The hub listening on every interface: its own screen at 127.0.0.1, a phone at the LAN
    address (a source that is not loopback, as a phone on the store's Wi-Fi)."""
    from web_panel.addresses import lan_address

    lan = lan_address()
    if lan is None:
        pytest.skip("this machine has no LAN address to act as a phone from")
    running = serve(hub_app, "0.0.0.0", 0).start_in_thread()
    yield running, f"http://{lan}:{running.server.port}"
    running.stop()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ACCESS_TEXT)
def test_a_judge_signs_in_on_a_phone_and_runs_the_round(
    browser: Browser,
    lan_hub_server: tuple[PanelServer, str],
    tournament: Tournament,
    size: str,
    language: str,
):
    server, lan_url = lan_hub_server
    text = ACCESS_TEXT[language]
    own, own_errors = open_page(browser, f"http://127.0.0.1:{server.server.port}/", size, language)
    own.locator("#pin-new").fill("246810")
    own.locator("#pin-form button[type=submit]").click()
    expect(own.locator("#toast")).to_have_text(text["saved"])

    phone, errors = open_page(browser, lan_url + "/", size, language)
    expect(phone.locator("#checkin")).to_be_hidden()
    phone.locator("#sign-in-name").fill("Ken Sato")
    phone.locator("#sign-in-pin").fill("135790")
    phone.locator("#sign-in button[type=submit]").click()
    expect(phone.locator("#toast")).to_have_text(text["wrong"])
    for _ in range(40):  # the browser logs the refused request itself (403)
        if errors:
            break
        phone.wait_for_timeout(50)
    assert len(errors) == 1 and "403" in errors[0], errors
    errors.clear()
    phone.locator("#sign-in-pin").fill("246810")
    phone.locator("#sign-in button[type=submit]").click()
    expect(phone.locator("#signed-in")).to_have_text(text["signed_in"])
    for count, name in enumerate(("Aiko", "Ben"), start=1):
        phone.locator("#checkin-name").fill(name)
        phone.locator("#checkin button[type=submit]").click()
        expect(phone.locator("#players li")).to_have_count(count)
    phone.get_by_role("button", name=text["start"]).click()
    row = phone.locator("#matches tr").first
    row.locator("button[data-outcome=a]").click()
    expect(row.locator("button[data-outcome]")).to_have_count(0)
    row.locator(".correct-outcome").select_option("b")
    phone.once("dialog", lambda dialog: dialog.accept("seats swapped"))
    row.locator("button.correct").click()
    (match,) = tournament.state.round_matches(1)
    expect(row.locator(".outcome")).to_contain_text(tournament.state.players[match.b or 0].name)
    assert tournament.state.corrections[-1]["by"] == "Ken Sato"
    call = tournament.call_judge("table-1", "A", "attack")
    phone.get_by_role("button", name=text["answer"]).click()
    expect(phone.locator(f'#judge-calls li[data-call="{call.id}"]')).to_have_count(0)
    assert tournament.state.judge_calls[call.id].answered_by == "Ken Sato"
    screenshot(phone, f"hub-signed-in-{size}-{language}")
    assert errors == [] and own_errors == []


def test_a_name_typed_while_the_last_check_in_is_answered_is_kept(
    browser: Browser, hub_server: PanelServer
):
    """The list shows a checked-in player (it refreshes on its own) before the answer to the
    check-in comes: the organizer types the next name, and the answer does not wipe it."""
    page, errors = open_page(browser, hub_server.url + "/", "laptop", "en-US")
    held: list[Route] = []
    page.route(
        "**/api/players",
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    page.locator("#checkin-name").fill("Aiko")
    page.locator("#checkin button[type=submit]").click()
    held_until(page, lambda: bool(held), "the check-in")
    answer = held[0].fetch()  # the hub checks Aiko in; the list shows her at its next refresh
    expect(page.locator("#players li")).to_have_count(1)
    page.locator("#checkin-name").fill("Ben")
    held[0].fulfill(response=answer)
    expect(page.locator("#toast")).to_contain_text("Aiko")
    expect(page.locator("#checkin-name")).to_have_value("Ben")
    page.unroute("**/api/players")
    page.locator("#checkin button[type=submit]").click()
    expect(page.locator("#players li")).to_have_count(2)
    assert not errors
