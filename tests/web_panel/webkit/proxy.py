"""The WebKit phone's way to the panels: an HTTP proxy (the browser's, set by the WebDriver
``proxy`` capability) that gives each panel a name on the table's network and catches the errors of
every page it serves.

WebKitWebDriver (Debian's WebKitGTK 2.50) has no console-log API: WebDriver BiDi
(``webSocketUrl``) is refused as an unmatched capability, and MiniBrowser writes no console
messages for the ephemeral session an automation runs in. So the proxy adds ``ERRORS_JS`` as the
first element of every HTML page's ``<head>``, before any of the page's own scripts: it reports
uncaught exceptions, unhandled promise rejections, ``console.error`` calls and Content Security
Policy violations to ``ERRORS_PATH`` here (and keeps them in ``window.__pageErrors``). A server
error (HTTP 5xx) or a panel it cannot reach counts too; a refusal (4xx) is the panel's answer to
bad input, as in the Chromium tests.

Names (``t3.table.test``) rather than addresses: every test's phone opens its own name, so it starts
with no cookie of a phone before it, and a plain-HTTP name is what a phone on the table's Wi-Fi
opens, which is no secure context (no Screen Wake Lock API: the page's keep-awake fallback).
"""

from __future__ import annotations

import http.client
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

ERRORS_JS = "/__webkit_test/errors.js"
ERRORS_PATH = "/__webkit_test/errors"
COLLECTOR = (Path(__file__).with_name("errors.js")).read_bytes()
HOP_HEADERS = {"connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "upgrade"}
INJECTED = f'<script src="{ERRORS_JS}"></script>'.encode()


class PanelProxy(ThreadingHTTPServer):
    """Listens on a loopback port; ``route(name, port)`` makes ``http://name/`` the panel
    listening on ``127.0.0.1:port``. ``errors`` holds what the pages reported, in order."""

    daemon_threads = True

    def __init__(self) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.routes: dict[str, int] = {}
        self.errors: list[str] = []
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self.serve_forever, name="webkit-proxy", daemon=True)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.server_address[1]}"

    def start(self) -> PanelProxy:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.shutdown()
        self.server_close()

    def route(self, name: str, port: int) -> str:
        """Serve the panel on ``port`` as ``http://name``; returns that base address."""
        self.routes[name] = port
        return f"http://{name}"

    def record(self, error: str) -> None:
        with self.lock:
            self.errors.append(error)

    def take_errors(self) -> list[str]:
        with self.lock:
            taken = list(self.errors)
            self.errors.clear()
        return taken


class _Handler(BaseHTTPRequestHandler):
    server: PanelProxy
    protocol_version = "HTTP/1.0"  # one request per connection; a stream ends when it closes

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        self._handle()

    do_POST = do_PUT = do_DELETE = do_HEAD = do_OPTIONS = do_GET

    def _handle(self) -> None:
        parts = urlsplit(self.path)  # a proxy request names the whole URL
        name = parts.hostname or (self.headers.get("Host") or "").split(":")[0]
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        if parts.path == ERRORS_JS:
            self._answer(200, "text/javascript", COLLECTOR)
        elif parts.path == ERRORS_PATH and self.command == "POST":
            self.server.record((body or b"").decode("utf-8", "replace"))
            self._answer(204, "text/plain", b"")
        elif name not in self.server.routes:
            self.server.record(f"request for an unknown panel: {self.path}")
            self._answer(502, "text/plain", b"no such panel")
        else:
            self._forward(self.server.routes[name], target, body)

    def _answer(self, status: int, kind: str, data: bytes) -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def _forward(self, port: int, target: str, body: bytes | None) -> None:
        upstream = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            upstream.putrequest(self.command, target, skip_host=True, skip_accept_encoding=True)
            for key, value in self.headers.items():  # the Host the phone named stays
                if key.lower() not in HOP_HEADERS:
                    upstream.putheader(key, value)
            upstream.putheader("Connection", "close")
            upstream.endheaders(body)
            response = upstream.getresponse()
        except OSError as error:
            upstream.close()
            self.server.record(f"the panel at port {port} did not answer {target}: {error}")
            self._answer(502, "text/plain", b"the panel did not answer")
            return
        try:
            self._relay(response, target)
        except (OSError, http.client.HTTPException):
            pass  # the page went away (a stream it closed): nothing to relay to
        finally:
            upstream.close()

    def _relay(self, response: http.client.HTTPResponse, target: str) -> None:
        if response.status >= 500:
            self.server.record(f"server error {response.status} for {self.command} {target}")
        html = (response.getheader("Content-Type") or "").startswith("text/html")
        data = _with_collector(response.read()) if html else None
        self.send_response_only(response.status, response.reason)
        for key, value in response.getheaders():
            if key.lower() in HOP_HEADERS or (data is not None and key.lower() == "content-length"):
                continue
            self.send_header(key, value)
        if data is not None:
            self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if data is not None:
            self.wfile.write(data)
            return
        while chunk := response.read1(65536):  # a live stream, passed on as it comes
            self.wfile.write(chunk)
            self.wfile.flush()


def _with_collector(page: bytes) -> bytes:
    """``page`` with the error collector as the first element of its ``<head>``."""
    start = page.find(b"<head")
    if start < 0:
        return INJECTED + page
    end = page.index(b">", start) + 1
    return page[:end] + INJECTED + page[end:]
