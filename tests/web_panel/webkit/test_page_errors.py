"""The WebKit phone's error collector (``proxy.py``, ``errors.js``) catches what fails a journey: a
page error, an unhandled rejection, a console error and a Content Security Policy violation on a
panel page, an error thrown while a page loads (before its own first script has finished), and a
server error. Each is made to happen on purpose here and found by ``conftest.page_errors``, the
check every WebKit test ends with."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.web_panel.webkit.conftest import NAMES, Game, page_errors
from tests.web_panel.webkit.phone import Phone
from tests.web_panel.webkit.proxy import PanelProxy

pytestmark = [pytest.mark.browser, pytest.mark.process]

FAULTS = """
setTimeout(() => { null.deliberate(); });
Promise.reject(new Error("deliberately rejected"));
console.error("deliberately said", new Error("as an error"));
const inline = document.createElement("script");
inline.textContent = "window.inlineRan = true";
document.head.append(inline);
"""


def _reported(phone: Phone, count: int) -> None:
    phone.until(lambda: phone.js("return window.__pageErrors.length") >= count, "the errors")


def test_errors_on_a_panel_page_are_caught(phone: Phone, game: Game, webkit_proxy: PanelProxy):
    phone.open(game.join_link("A"))
    phone.wait_contains("#viewer", "Seat A")
    assert phone.js("return window.__pageErrors.length") == 0  # the page itself is clean
    phone.js(FAULTS)
    _reported(phone, 4)
    assert phone.js("return window.inlineRan === undefined")  # the panel's CSP blocked it
    errors = page_errors(phone, webkit_proxy)
    said = "\n".join(errors)
    assert "page error: TypeError: null is not an object (evaluating 'null.deliberate')" in said
    assert "unhandled rejection: Error: deliberately rejected" in said
    assert "console error: deliberately said Error: as an error" in said
    assert "CSP violation: script-src" in said
    assert len(errors) == 4, errors  # each once: kept on the page and reported to the proxy


LOADING_PAGE = b"""<!doctype html><html><head><title>loads</title>
<script src="/throws.js"></script></head><body><p>loaded</p></body></html>"""
THROWS = b"""fetch("/broken"); throw new Error("thrown while the page loads");"""


class _Site(BaseHTTPRequestHandler):
    """A page whose own first script throws as it loads, and an address that fails."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        status, kind, body = {
            "/": (200, "text/html", LOADING_PAGE),
            "/throws.js": (200, "text/javascript", THROWS),
        }.get(self.path, (500, "text/plain", b"broken"))
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


@pytest.fixture
def site() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Site)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_an_error_while_the_page_loads_and_a_server_error_are_caught(
    phone: Phone, webkit_proxy: PanelProxy, site: int
):
    phone.open(webkit_proxy.route(f"s{next(NAMES)}.table.test", site) + "/")
    phone.wait_text("p", "loaded")
    phone.until(lambda: webkit_proxy.errors, "the server error reported")
    said = "\n".join(page_errors(phone, webkit_proxy))
    assert "page error: Error: thrown while the page loads at http://" in said
    assert "server error 500 for GET /broken" in said
