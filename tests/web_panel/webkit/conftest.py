"""The WebKit phone's fixtures: one X server, one WebKit session and one ``companion run`` shared
by the tests of a run (starting them costs seconds; a journey costs less), a fresh game and a
fresh phone for each test. Any error a page reports fails the test that caused it, as in the
Chromium tests (``tests/web_panel/conftest.py``)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.web_panel.conftest import JUDGE_PIN
from tests.web_panel.map_values import DEFAULT_MAP_VALUES
from tests.web_panel.webkit.phone import DRIVER, XVFB, Phone, Xvfb, start_webkit
from tests.web_panel.webkit.proxy import PanelProxy
from tests.web_panel.webkit.tables import PanelClient, TableProcess

MISSING = [path for path in (DRIVER, XVFB) if not Path(path).exists()]
NAMES = itertools.count(1)
# the demo's warbands (``registered.demo_warbands``), so that the demo's script plays on them
DEMO_WARBANDS = {
    "A": {"name": "Valor", "miniatures": [
        {"id": "sir-glorious", "count": 1}, {"id": "pearlthorn-gargoyle", "count": 1},
        {"id": "noble-dragon", "count": 1}]},
    "B": {"name": "Madness", "miniatures": [
        {"id": "spellbound-scissors", "count": 2}, {"id": "B45", "count": 1}]},
}  # fmt: skip


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if MISSING and item.nodeid.startswith("tests/web_panel/webkit/"):
            reason = f"not installed: {', '.join(MISSING)} (make test installs them)"
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def webkit_proxy() -> Iterator[PanelProxy]:
    proxy = PanelProxy().start()
    yield proxy
    proxy.stop()


@pytest.fixture(scope="session")
def webkit(webkit_proxy: PanelProxy, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Phone]:
    """The WebKit session (its browser quits when the run ends)."""
    xvfb = Xvfb()
    try:
        driver = start_webkit(xvfb.display, webkit_proxy.address, tmp_path_factory.mktemp("webkit"))
        try:
            yield Phone(driver)
        finally:
            driver.quit()
    finally:
        xvfb.stop()


@pytest.fixture
def phone(webkit: Phone, webkit_proxy: PanelProxy) -> Phone:
    """The WebKit phone for this test, on a blank page (``pytest_runtest_call`` below checks its
    pages' errors when the test ends)."""
    webkit.open("about:blank")
    webkit_proxy.take_errors()
    return webkit


def page_errors(phone: Phone, proxy: PanelProxy) -> list[str]:
    """The errors the phone's pages reported since this was last asked, the open page left for a
    blank one (its own timers and streams stop with it)."""
    errors: list[str] = []
    if phone.driver.current_url.startswith("http"):
        kept = phone.js("return window.__pageErrors ? Array.from(window.__pageErrors) : null")
        if kept is None:
            errors.append(f"the error collector is not on {phone.driver.current_url}")
        else:
            errors.extend(kept)
    phone.open("about:blank")
    time.sleep(0.2)  # a report sent just before the page went
    errors.extend(error for error in proxy.take_errors() if error not in errors)
    return errors


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """A page error, an unhandled rejection, a console error, a Content Security Policy violation
    or a server error on any page the WebKit phone opened fails the test."""
    outcome = yield
    phone = item.funcargs.get("phone")  # type: ignore[attr-defined]
    if isinstance(phone, Phone):
        errors = page_errors(phone, item.funcargs["webkit_proxy"])  # type: ignore[attr-defined]
        assert not errors, "JavaScript errors in WebKit:\n" + "\n".join(errors)
    return outcome


@pytest.fixture(scope="session")
def shared_table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TableProcess]:
    """One ``companion run`` (Dreamblade, a judge PIN) for every journey that needs no other."""
    table = TableProcess(tmp_path_factory.mktemp("table"), {"panel": {"judge_pin": JUDGE_PIN}})
    table.start()
    yield table
    table.stop()


@dataclass
class Game:
    """A fresh Dreamblade game at the shared table: its judge (a client that pushes the parts
    of the game a journey is not about) and the address the phone opens it at."""

    judge: PanelClient
    base: str

    def join_link(self, seat: str) -> str:
        return self.base + self.judge.join_path(seat)


@pytest.fixture
def game(shared_table: TableProcess, webkit_proxy: PanelProxy) -> Game:
    judge = PanelClient(shared_table.url)
    judge.post("/api/judge/login", {"pin": JUDGE_PIN})
    setup = {"warbands": DEMO_WARBANDS, "map_values": DEFAULT_MAP_VALUES}
    judge.post("/api/setup/new", {"game": "dreamblade", "dreamblade": setup})
    # a name of its own: the phone comes to it with no cookie of an earlier test's phone
    base = webkit_proxy.route(f"t{next(NAMES)}.table.test", shared_table.port)
    return Game(judge, base)
