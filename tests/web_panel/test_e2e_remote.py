"""End to end in a real browser, at a phone's size and a laptop's, in English and Japanese: two
tables linked through a real Mosquitto (``companion.remote``), each with its own panel. A remote
game's pages say when it is paused and why, and that it resumed."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import zxingcpp
from flask import Flask
from PIL import Image
from playwright.sync_api import Browser, Page, Route, expect

from companion.app.runtime import TableRuntime
from companion.settings import Settings
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.pair import Pair, linked_pair
from tests.companion.remote.tables import remote_broker_section, running_table, stop_table
from tests.web_panel.browser import (
    LOCALES,
    SCREENS,
    close_pages,
    every_screen,
    held_until,
    new_phone,
    screenshot,
    wait_for_version,
)
from tests.web_panel.conftest import join_url
from web_panel import create_app, serve
from web_panel.app import PanelServer
from web_panel.i18n import translate
from web_panel.remote_api import TABLE_SCREEN

pytestmark = [
    pytest.mark.browser,
    pytest.mark.usefixtures("counter_game_registered"),
]


@dataclass
class Linked:
    pair: Pair
    host: str  # the host table's panel
    guest: str
    host_app: Flask
    guest_app: Flask


@pytest.fixture
def linked(tmp_path: Path) -> Iterator[Linked]:
    with linked_pair(tmp_path) as pair:
        servers: list[PanelServer] = []
        for name, table in (("host", pair.host.table), ("guest", pair.guest.table)):
            settings = Settings.model_validate(
                {"data_dir": str(tmp_path / name), "game": "test-counter"}
            )
            app = create_app(table, settings, secret_key=f"rcore-{name}", testing=True)
            servers.append(serve(app, "127.0.0.1", 0).start_in_thread())
        try:
            host, guest = (f"http://127.0.0.1:{s.server.port}" for s in servers)
            yield Linked(pair, host, guest, servers[0].app, servers[1].app)
        finally:
            for server in servers:
                server.stop()


def _seated(browser: Browser, base: str, app: Flask, seat: str, lang: str, laptop: bool) -> Page:
    page = new_phone(
        browser,
        base,
        LOCALES[lang],
        laptop=laptop,
        at=base + "/join/" + join_url(app, seat).rsplit("/join/", 1)[1],
    )
    return page


def _banner_says(page: Page, lang: str, state: str, key: str) -> None:
    banner = page.locator("#remote-banner")
    expect(banner).to_have_attribute("data-state", state)
    expect(banner).to_have_text(translate(lang, key))


# what a pause names as down (issue 36: never "the internet")
DOWN = {
    ("en", "link_down"): "cannot reach the broker",
    ("ja", "link_down"): "ブローカーに、このテーブルから接続できません",
    ("en", "partner_away"): "the other table is not connected to the broker",
    ("ja", "partner_away"): "相手のテーブルがブローカーにつながっていません",
}
INTERNET = re.compile(r"internet|インターネット", re.IGNORECASE)


def _pause_names_what_is_down(page: Page, lang: str, reason: str) -> None:
    text = page.locator("#remote-banner").inner_text()
    assert DOWN[lang, reason] in text and not INTERNET.search(text), text


def test_both_tables_say_why_they_paused_and_that_they_resumed(browser: Browser, linked: Linked):
    """One linked pair watched on a phone and a laptop, in English and Japanese: each screen a
    guest's page and a host's page, all eight open at once through one pause."""
    screens = {
        (lang, size): (
            _seated(browser, linked.guest, linked.guest_app, "B", lang, size == "laptop"),
            _seated(browser, linked.host, linked.host_app, "A", lang, size == "laptop"),
        )
        for lang, size in SCREENS
    }
    guests = [guest for guest, _ in screens.values()]
    hosts = [host for _, host in screens.values()]
    every = [(lang, page) for (lang, _), pages in screens.items() for page in pages]
    for lang, page in every:
        wait_for_version(page, 0)
        _banner_says(page, lang, "live", "remote.live")
    # the host's seat plays at the host's table: its move shows at the guest's
    hosts[0].locator("#pending button", has_text="add 2").first.click()
    for guest in guests:
        wait_for_version(guest, 1)

    linked.pair.broker.stop()  # the broker goes: both tables pause
    for lang, page in every:
        _banner_says(page, lang, "paused", "remote.paused.link_down")
        _pause_names_what_is_down(page, lang, "link_down")
        expect(page.locator("#pending button", has_text="add 1")).to_have_count(0)
        expect(page.locator("#pending .remote-paused-hint")).to_have_text(
            translate(lang, "remote.paused_hint")
        )
    for (lang, size), (guest, _) in screens.items():
        screenshot(guest, f"remote-paused-{lang}-{size}")
        # its phone offers nothing to tap while paused; the table refuses anything sent anyway
        assert guest.evaluate("window.Panel.canAct(window.Panel.state.view.pending)") is False

    linked.pair.broker.start()
    for lang, page in every:
        _banner_says(page, lang, "resumed", "remote.resumed")
    for (lang, size), (guest, _) in screens.items():
        screenshot(guest, f"remote-resumed-{lang}-{size}")
    # every page plays on: each guest's page adds 1 for seat B (its host's page sees it), then
    # the next screen's host's page for seat A (the guests' pages see it); 2 + 7 stays under 10
    version = 1
    for index, guest in enumerate(guests):
        guest.locator("#pending button", has_text="add 1").first.click()
        version += 1
        for host in hosts:
            wait_for_version(host, version)
        assert linked.pair.host.table.log()[-1]["seat"] == "B"
        if index + 1 < len(hosts):
            hosts[index + 1].locator("#pending button", has_text="add 1").first.click()
            version += 1
            for other in guests:
                wait_for_version(other, version)
            assert linked.pair.guest.table.log()[-1]["seat"] == "A"


def test_the_guest_says_the_other_table_is_away_and_the_table_screen_shows_its_seat_only(
    browser: Browser, linked: Linked
):
    """The guest's table screen on a phone and a laptop, in English and Japanese, at once."""
    screens = every_screen(browser, linked.guest, at=linked.guest + "/table")
    for name, screen in screens.items():
        lang = name.split("-")[0]
        wait_for_version(screen, 0)
        expect(screen.locator("figure.join")).to_have_count(1)
        expect(screen.locator("figure.join")).to_have_attribute("data-seat", "B")
        expect(screen.locator(".remote-role")).to_have_text(
            translate(lang, "remote.role.guest", seat="B")
        )
    linked.pair.host.close()  # the host table stops; the broker stays
    for name, screen in screens.items():
        lang, size = name.split("-")
        _banner_says(screen, lang, "paused", "remote.paused.partner_away")
        _pause_names_what_is_down(screen, lang, "partner_away")
        screenshot(screen, f"remote-partner-away-table-{lang}-{size}")
    assert wait_for(lambda: linked.pair.guest.table.held == "partner_away")


@pytest.fixture
def two_running(tmp_path: Path) -> Iterator[tuple[TableRuntime, TableRuntime]]:
    """A host table with the broker's remote: settings and a guest table with none, each running
    its panel and remote session as ``companion run`` does."""
    with remote_broker_section(tmp_path) as remote:
        host = running_table(tmp_path / "host", remote)
        guest = running_table(tmp_path / "guest", None, start=4)
        try:
            yield host, guest
        finally:
            stop_table(host)
            stop_table(guest)


def _scan(page: Page, image: str) -> str:
    """Read a QR code off the page like a phone camera would; the text it carries."""
    code = page.locator(image)
    expect(code).to_have_js_property("complete", True)
    expect(code).not_to_have_js_property("naturalWidth", 0)
    results = zxingcpp.read_barcodes(Image.open(io.BytesIO(code.screenshot())))
    assert len(results) == 1, "the invite's QR code did not scan"
    return str(results[0].text)


def test_the_table_screens_invite_a_friend_and_join_with_the_code(
    browser: Browser, two_running: tuple[TableRuntime, TableRuntime]
):
    """The invite passed by a phone (issue 36): the host's table screen shows it as a QR code
    whose link a friend's table screen opens with the code filled in; a code cut short says so.
    On a phone and a laptop, in English and Japanese, one screen after another on the same two
    tables: a code joins once, so after each screen both tables leave the game they linked."""
    host, guest = two_running
    for lang, size in SCREENS:
        _invite_and_join(browser, host, guest, lang, size)
        close_pages()  # this screen's pages: the next screen's tables start on their own
        for runtime in (guest, host):
            assert runtime.panel is not None and runtime.panel.remote is not None
            runtime.panel.remote.leave()
        assert host.table.state()["remote"] is None and guest.table.state()["remote"] is None


def _invite_and_join(
    browser: Browser, host: TableRuntime, guest: TableRuntime, lang: str, size: str
) -> None:
    laptop = size == "laptop"
    locale = LOCALES[lang]
    host_url, guest_url = (f"http://127.0.0.1:{r.panel_port}" for r in (host, guest))
    host_screen = new_phone(browser, host_url, locale, laptop=laptop, at=host_url + "/table")
    card = host_screen.locator("#remote-card")
    expect(card.locator("h2")).to_have_text(translate(lang, "remote.title"))
    card.locator("#remote-invite").click()
    code_box = card.locator("#remote-code")
    expect(code_box).to_have_value(re.compile(r"^TTC1-"))
    code = code_box.input_value()
    expect(card.locator(".remote-invite > .hint")).to_have_text(
        translate(lang, "remote.code_hint", seat="B")
    )
    _banner_says(host_screen, lang, "waiting", "remote.waiting")
    # the host's phone scans the QR code: the link to send on, a table screen's with the code
    _fits(host_screen, "#remote-qr img")
    link = _scan(host_screen, "#remote-qr img")
    assert link == f"{TABLE_SCREEN}#join={code}"
    expect(card.locator("#remote-qr figcaption")).to_have_text(translate(lang, "remote.qr_hint"))
    expect(card.locator("#remote-link")).to_have_value(link)
    screenshot(host_screen, f"remote-invite-{lang}-{size}")
    card.locator("#remote-copy").click()
    expect(host_screen.locator("#toast")).to_have_text(translate(lang, "remote.copied"))
    card.locator("#remote-copy-link").click()
    expect(host_screen.locator("#toast")).to_have_text(translate(lang, "remote.link_copied"))

    guest_screen = new_phone(browser, guest_url, locale, laptop=laptop, at=guest_url + "/table")
    join = guest_screen.locator("#remote-join")
    join.locator("input").fill(code[:-12])  # the end lost in a message
    join.locator("button").click()
    expect(guest_screen.locator(".remote-problem")).to_have_text(
        translate(lang, "remote.invite.short")
    )
    join.locator("input").fill(code[:-1] + ("2" if code[-1] != "2" else "3"))  # a typo
    join.locator("button").click()
    expect(guest_screen.locator(".remote-problem")).to_have_text(
        translate(lang, "remote.invite.checksum")
    )
    assert guest.table.state()["remote"] is None  # nothing changed
    # the friend opens the link on their table's own screen (this test's tables are not on the
    # default port: the link's page and code, at the guest table's address)
    guest_screen.goto(guest_url + link.removeprefix(TABLE_SCREEN.removesuffix("/table")))
    expect(join.locator("input")).to_have_value(code)
    expect(guest_screen.locator("#remote-prefilled")).to_have_text(
        translate(lang, "remote.prefilled")
    )
    screenshot(guest_screen, f"remote-join-link-{lang}-{size}")
    assert guest.table.state()["remote"] is None  # filled in, not joined: the friend taps Join
    join.locator("button").click()
    for screen in (guest_screen, host_screen):
        _banner_says(screen, lang, "live", "remote.live")
    expect(guest_screen.locator(".remote-role")).to_have_text(
        translate(lang, "remote.role.guest", seat="B")
    )
    assert "#join=" not in guest_screen.url  # reloading the page joins nothing again
    expect(host_screen.locator("#remote-code")).to_have_count(0)  # used: not shown any more
    expect(host_screen.locator("#remote-qr")).to_have_count(0)
    expect(guest_screen.locator("figure.join")).to_have_count(1)  # the guest's seat only
    expect(host_screen.locator("figure.join")).to_have_count(1)  # the host's seat only
    expect(guest_screen.locator(".remote-problem")).to_have_count(0)  # the typo said is gone
    screenshot(guest_screen, f"remote-joined-{lang}-{size}")
    assert guest.table.state()["position"] == host.table.state()["position"]


def _fits(page: Page, selector: str) -> None:
    """Wholly inside the screen's width (a phone scans it whole), once shown and loaded."""
    image = page.locator(selector)
    expect(image).to_be_visible()
    expect(image).to_have_js_property("complete", True)
    expect(image).not_to_have_js_property("naturalWidth", 0)
    box = image.bounding_box()
    assert box is not None
    width = page.viewport_size["width"] if page.viewport_size else 0
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (box, width)


def test_the_invite_is_drawn_once_when_the_tables_news_comes_before_the_answer(
    browser: Browser, tmp_path: Path
):
    """The table's news of a new invite can reach the screen before the answer to the press that
    made it: the card, drawn from the news, fetches the invite while the press's answer draws it.
    Whichever drawing began last is the card; the earlier one, finishing late, does not draw it
    again under a phone scanning the QR code (seen as "element is not attached" in CI)."""
    with remote_broker_section(tmp_path) as remote:
        host = running_table(tmp_path / "host", remote)
        try:
            url = f"http://127.0.0.1:{host.panel_port}"
            screen = new_phone(browser, url, LOCALES["en"], at=url + "/table")
            held: dict[str, Route] = {}
            screen.route(
                "**/api/remote/invite", lambda route: held.setdefault(route.request.method, route)
            )
            screen.locator("#remote-invite").click()
            held_until(screen, lambda: "POST" in held, "the press")
            made = held["POST"].fetch()  # the table makes the invite and tells every screen
            held_until(
                screen, lambda: "GET" in held, "the fetch"
            )  # the news's drawing asks for the invite
            held["POST"].fulfill(response=made)  # the press's answer draws the card
            expect(screen.locator("#remote-qr img")).to_have_count(1)
            screen.evaluate("document.querySelector('#remote-qr img').dataset.drawn = 'first'")
            with screen.expect_request_finished(lambda r: r.method == "GET" and "invite" in r.url):
                held["GET"].continue_()
            screen.wait_for_timeout(300)  # the late drawing's turn, had it one
            expect(screen.locator("#remote-qr img")).to_have_attribute("data-drawn", "first")
            assert _scan(screen, "#remote-qr img").endswith(
                screen.locator("#remote-code").input_value()
            )
        finally:
            close_pages()  # before its server stops: the page's timers ask no server gone
            stop_table(host)
