"""The panel's Flask app factory and its production server.

``create_app(table, settings)`` builds the app that serves the phones; ``serve(app, host, port)``
runs it on werkzeug's threaded WSGI server — one thread per connection, which is what the
long-lived event streams need, and plenty for a table's handful of phones on a Raspberry Pi. The
app never runs in debug mode outside tests.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import re
import secrets
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Flask, Response, jsonify, request, session
from flask.sessions import SecureCookieSessionInterface
from flask.typing import ResponseReturnValue
from werkzeug.exceptions import RequestEntityTooLarge
from werkzeug.serving import BaseWSGIServer, make_server

from companion.camera.snapshot import CameraView
from companion.settings import Settings
from companion.table.table import Table
from web_panel import csrf
from web_panel.api import api
from web_panel.broadcast.pages import broadcast
from web_panel.camera_setup import camera_setup
from web_panel.camera_view import camera_api
from web_panel.demo_api import demo_api
from web_panel.game_assets import game_assets
from web_panel.game_setup import game_routes, setup_api
from web_panel.i18n import choose_language, translate
from web_panel.judge import JudgeAccess
from web_panel.judge_api import judge_api
from web_panel.led_previews import led_api
from web_panel.limits import MAX_BODY_BYTES
from web_panel.pages import pages
from web_panel.panel import LedSource, Panel
from web_panel.private_files import write_private
from web_panel.remote_api import remote_api
from web_panel.replay.kept import KeptReplays
from web_panel.replay.routes import replay_routes
from web_panel.solo_api import solo_api
from web_panel.table_broadcast import TableBroadcast
from web_panel.table_catalog_api import catalog_api
from web_panel.table_statistics import TableGames, table_statistics

if TYPE_CHECKING:
    from companion.camera.reading import TableReading

log = logging.getLogger(__name__)

SECRET_FILE = "panel-secret.key"
# how often the serving loop looks whether it was asked to stop: a stop waits at most this
# (werkzeug's 0.5 s made every stop of the panel, and of each test's server, wait ~0.3 s)
STOP_POLL_SECONDS = 0.05


SECRET_PATTERN = re.compile(r"[0-9a-f]{64}")


def load_or_create_secret(data_dir: Path) -> str:
    """The panel's key, kept in the data folder so phones stay joined across restarts. A key file
    that is empty or garbled (not 64 hex digits) is replaced by a new key: phones join again."""
    path = data_dir / SECRET_FILE
    try:
        secret = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        secret = ""
    except (OSError, UnicodeDecodeError) as error:
        log.warning("the panel key %s is unreadable (%s): making a new one", path, error)
        secret = ""
    else:
        if not SECRET_PATTERN.fullmatch(secret):
            log.warning("the panel key %s is damaged: making a new one (phones join again)", path)
    if SECRET_PATTERN.fullmatch(secret):
        return secret
    secret = secrets.token_hex(32)
    write_private(path, secret)
    return secret


def panel_secret(data_dir: Path, store_id: str) -> str:
    """The key that signs sessions and join codes: the data folder's key bound to this store, so
    a deleted (or replaced) store never revives the join codes and sessions of the old one."""
    key = load_or_create_secret(data_dir)
    return hmac.new(bytes.fromhex(key), store_id.encode(), hashlib.sha256).hexdigest()


def create_app(
    table: Table,
    settings: Settings | None = None,
    *,
    secret_key: str | None = None,
    testing: bool = False,
    lights: LedSource | None = None,
    camera: CameraView | None = None,
    labels: TableReading | None = None,
) -> Flask:
    """The panel app of ``table``. ``secret_key`` defaults to the data folder's (``panel_secret``).

    ``lights``: the LED backend (any: each hands the frames it shows to subscribers); the
    phones' boards mirror the LEDs. ``camera``: what the
    camera view shows and where a tapped calibration goes (none: the view says there is no camera).
    ``labels``: the labels the camera reads (``companion.camera.reading.TableReading``), which
    the tag scan reads with too.
    """
    settings = settings or Settings()
    app = Flask(__name__)
    app.session_interface = PanelSessions()
    app.config.update(
        SECRET_KEY=secret_key or panel_secret(settings.data_dir, table.store.store_id),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        TESTING=testing,
        DEBUG=False,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,  # also enforced while reading a body of unknown length
    )
    panel = Panel(
        table=table,
        settings=settings,
        judge=JudgeAccess(settings.panel.judge_pin, settings.data_dir),
        camera=camera,
        labels=labels,
    )
    if lights is not None:
        panel.mirror_leds(lights)
    app.extensions["panel"] = panel
    app.register_blueprint(api)
    app.register_blueprint(setup_api)
    app.register_blueprint(camera_setup)
    for routes in game_routes():  # each game's own set-up requests
        app.register_blueprint(routes)
    app.register_blueprint(camera_api)
    app.register_blueprint(catalog_api)
    app.register_blueprint(judge_api)
    app.register_blueprint(led_api)
    app.register_blueprint(demo_api)
    app.register_blueprint(solo_api)
    app.register_blueprint(remote_api)
    replays = KeptReplays(table, lambda: panel.seats)
    panel.closing.append(replays.close)
    app.extensions["replays"] = replays
    app.register_blueprint(replay_routes)
    app.register_blueprint(pages)
    app.register_blueprint(game_assets)
    app.extensions["table_games"] = TableGames(table)
    app.register_blueprint(table_statistics)
    if settings.broadcast.enabled:  # the table's own public broadcast, asked for in its config
        own = TableBroadcast(table, settings.table_name, settings.broadcast, panel.spectator_view)
        panel.closing.append(own.close)
        app.extensions["broadcast"] = own.source
        app.register_blueprint(broadcast)
    app.before_request(_refuse_too_large)
    app.before_request(_refuse_cross_site)
    app.after_request(_security_headers)
    return app


class PanelSessions(SecureCookieSessionInterface):
    """Flask's signed cookie sessions, ``Secure`` whenever the panel is reached over HTTPS (a
    reverse proxy with TLS), so the cookie never travels in clear text after that."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return request.is_secure or super().get_cookie_secure(app)


SECURITY_HEADERS = {
    # Scripts and styles only from the panel itself; the QR codes are same-origin SVG.
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    # A join URL carries a seat token: never leak it to another site.
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


def _security_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def _refuse_too_large() -> None:
    """A body over the limit is refused from its announced length, before anyone reads it."""
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise RequestEntityTooLarge()


def _refuse_cross_site() -> ResponseReturnValue | None:
    reason = csrf.problem(request, session)
    if reason is None:
        return None
    message = translate(choose_language(request), "error.csrf")
    return jsonify(error="csrf", message=message, detail=reason), 403


class PanelServer:
    """A running panel: ``stop()`` ends the open streams and the server."""

    def __init__(self, app: Flask, server: BaseWSGIServer) -> None:
        self.app = app
        self.server = server
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://{self.server.host}:{self.server.port}"

    def serve_forever(self) -> None:
        self.server.serve_forever(poll_interval=STOP_POLL_SECONDS)

    def start_in_thread(self) -> PanelServer:
        self._thread = threading.Thread(target=self.serve_forever, name="panel", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        panel = self.app.extensions.get("panel")  # the hub's app has no table panel
        if panel is not None:
            panel.close()
        self.server.shutdown()
        self.server.server_close()
        if self._thread is not None:
            self._thread.join()


def serve(app: Flask, host: str, port: int) -> PanelServer:
    """Bind the panel on ``host:port`` (port 0: any free port) with a threaded server.

    Call ``serve_forever()`` (blocks) or ``start_in_thread()`` on the result.
    """
    if app.debug:
        raise RuntimeError("the panel must not be served in debug mode")
    server = make_server(host, port, app, threaded=True)
    log.info("panel serving on http://%s:%d", host, server.port)
    return PanelServer(app, server)
