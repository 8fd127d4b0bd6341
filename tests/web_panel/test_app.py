from __future__ import annotations

import stat
import urllib.request
from pathlib import Path

import pytest
from flask import Flask

from companion.settings import Settings
from companion.table.table import Table
from web_panel import create_app, serve
from web_panel.app import SECRET_FILE, load_or_create_secret


def test_the_secret_is_created_private_once_and_reused(tmp_path: Path):
    first = load_or_create_secret(tmp_path / "data")
    assert load_or_create_secret(tmp_path / "data") == first
    mode = (tmp_path / "data" / SECRET_FILE).stat().st_mode
    assert stat.S_IMODE(mode) == 0o600


def test_an_app_without_a_given_secret_uses_the_data_folders(table: Table, tmp_path: Path):
    app = create_app(table, Settings(data_dir=tmp_path))
    assert app.config["SECRET_KEY"] == load_or_create_secret(tmp_path)
    assert app.debug is False
    app.extensions["panel"].close()


def test_the_panel_refuses_to_serve_in_debug_mode(app: Flask):
    app.debug = True
    with pytest.raises(RuntimeError, match="debug"):
        serve(app, "127.0.0.1", 0)


def test_serve_runs_a_threaded_server_that_stops_cleanly(app: Flask):
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        with urllib.request.urlopen(f"{server.url}/api/state", timeout=10) as response:
            assert response.status == 200
    finally:
        server.stop()
