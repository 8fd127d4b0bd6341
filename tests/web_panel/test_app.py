from __future__ import annotations

import stat
import urllib.request
from pathlib import Path

import pytest
from flask import Flask

from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.conftest import join_url
from web_panel import create_app, serve
from web_panel.app import SECRET_FILE, load_or_create_secret, panel_secret


def test_the_secret_is_created_private_once_and_reused(tmp_path: Path):
    first = load_or_create_secret(tmp_path / "data")
    assert load_or_create_secret(tmp_path / "data") == first
    mode = (tmp_path / "data" / SECRET_FILE).stat().st_mode
    assert stat.S_IMODE(mode) == 0o600


def test_an_app_without_a_given_secret_uses_the_data_folders(table: Table, tmp_path: Path):
    app = create_app(table, Settings(data_dir=tmp_path))
    assert app.config["SECRET_KEY"] == panel_secret(tmp_path, table.store.store_id)
    assert app.debug is False
    app.extensions["panel"].close()


@pytest.mark.parametrize("content", [b"", b"\n", b"not-hex" * 10, b"ab" * 31, b"\xff\xfe\x00"])
def test_an_empty_or_garbled_key_file_is_replaced(tmp_path: Path, content: bytes):
    """Finding 8: an empty panel-secret.key made /api/me and /table answer 500 for good."""
    (tmp_path / SECRET_FILE).write_bytes(content)
    secret = load_or_create_secret(tmp_path)
    assert len(secret) == 64 and int(secret, 16) >= 0
    assert (tmp_path / SECRET_FILE).read_text() == secret
    assert stat.S_IMODE((tmp_path / SECRET_FILE).stat().st_mode) == 0o600


def test_the_panel_answers_with_an_empty_key_file(table: Table, tmp_path: Path):
    (tmp_path / SECRET_FILE).write_bytes(b"")
    app = create_app(table, Settings(data_dir=tmp_path))
    client = app.test_client()
    assert client.get("/api/me").status_code == 200
    assert client.get("/table").status_code == 200
    app.extensions["panel"].close()


def test_a_deleted_store_never_revives_old_join_codes(
    counter_game_registered: None, tmp_path: Path
):
    """Finding 11: deleting the store but keeping the key made old join tokens valid again."""
    settings = Settings(data_dir=tmp_path)

    def panel_for_a_fresh_store() -> Flask:
        path = tmp_path / "t.sqlite3"
        path.unlink(missing_ok=True)
        table = Table.new_game(Store(path), "test-counter", {"version": 1, "start": 0})
        return create_app(table, settings)

    old = panel_for_a_fresh_store()
    path = "/join/" + join_url(old, "A").rsplit("/join/", 1)[1]
    old.extensions["panel"].close()
    new = panel_for_a_fresh_store()
    assert new.extensions["panel"].table.game_id == 1  # the same game id as the old token's
    assert new.test_client().get(path).status_code == 403
    new.extensions["panel"].close()


def test_the_panel_refuses_to_serve_in_debug_mode(app: Flask):
    app.debug = True
    with pytest.raises(RuntimeError, match="debug"):
        serve(app, "127.0.0.1", 0)


@pytest.mark.process
def test_serve_runs_a_threaded_server_that_stops_cleanly(app: Flask):
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        with urllib.request.urlopen(f"{server.url}/api/state", timeout=10) as response:
            assert response.status == 200
    finally:
        server.stop()
