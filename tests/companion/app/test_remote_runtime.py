"""Two running tables (``TableRuntime``: panel and remote link, as ``companion run`` starts them)
through the broker ``companion remote broker`` writes: the host's table screen invites, the
guest's joins with the code over the panel's API, both play; restarted from their stores, both
reconnect by themselves."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from companion.app.runtime import TableRuntime
from companion.games import settings_sections
from companion.remote.control import host_invite
from companion.remote.link import GuestLink
from companion.remote.state import RemoteState
from companion.settings import load_settings
from companion.table.store import Store
from tests.companion.app.test_commands import _get, _start
from tests.companion.hub.mqtt import wait_for
from tests.companion.remote.tables import remote_broker_section, running_table, stop_table
from web_panel.i18n import translate

pytestmark = pytest.mark.usefixtures("counter_game_registered")


@pytest.fixture
def remote(tmp_path: Path) -> Iterator[dict[str, Any]]:
    with remote_broker_section(tmp_path) as section:
        yield section


class Screen:
    """The table's own screen (loopback), with its cookies and CSRF token."""

    def __init__(self, runtime: TableRuntime, language: str = "en") -> None:
        self.base = f"http://127.0.0.1:{runtime.panel_port}"
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.language = language
        self.csrf = self.call("GET", "/api/me")[1]["csrf"]

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Accept-Language", self.language)
        if method == "POST":
            request.add_header("Content-Type", "application/json")
            request.add_header("X-CSRF-Token", self.csrf)
        try:
            with self.opener.open(request, timeout=20) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


def _playing(*runtimes: TableRuntime) -> bool:
    return all(r.table.held is None and r.table.state()["remote"] is not None for r in runtimes)


@pytest.mark.process
def test_two_running_tables_invite_join_play_and_reconnect_after_a_restart(
    remote: dict[str, Any], tmp_path: Path
):
    host = running_table(tmp_path / "host", remote)
    guest = running_table(tmp_path / "guest", None, start=4)
    try:
        host_screen, guest_screen = Screen(host), Screen(guest, "ja")
        assert host_screen.call("GET", "/api/remote") == (200, None)
        status, invited = host_screen.call("POST", "/api/remote/invite")
        assert status == 200 and invited["code"].startswith("TTC1-")
        assert host_screen.call("GET", "/api/remote/invite") == (200, invited)
        status, refused = guest_screen.call("POST", "/api/remote/join", {"code": "TTC1-ABCDE"})
        assert status == 400 and refused["key"].startswith("remote.invite.")
        assert refused["message"] == translate("ja", refused["key"])
        status, joined = guest_screen.call("POST", "/api/remote/join", {"code": invited["code"]})
        assert status == 200 and joined["remote"]["role"] == "guest"
        assert wait_for(lambda: _playing(host, guest), 15)
        status, block = guest_screen.call("GET", "/api/remote")
        assert block == {"role": "guest", "seat": "B", "partner": "online", "connected": True,
                         "names": block["names"], "paused": None}  # fmt: skip
        host.table.submit("A", "add 1")
        assert wait_for(lambda: guest.table.version == 1)
        # "roll for me" at the guest is rolled by the host's dice (the counter game has none)
        link = guest.panel.remote.link if guest.panel and guest.panel.remote else None
        assert isinstance(link, GuestLink)
        with pytest.raises(ValueError, match="no dice to roll now"):
            link.roll("B", version=1)
        guest.table.submit("B", "add 2")
    finally:
        stop_table(host)
        stop_table(guest)
    # both restart as `companion run` would: each finds its session in its store
    host, guest = running_table(tmp_path / "host", remote), running_table(tmp_path / "guest", None)
    try:
        assert wait_for(lambda: _playing(host, guest), 15)
        assert guest.table.version == host.table.version == 2
        host.table.submit("A", "add 3")
        assert wait_for(lambda: guest.table.state()["position"]["total"] == 6)
    finally:
        stop_table(host)
        stop_table(guest)


@pytest.mark.process
def test_companion_run_starts_the_remote_session_its_store_holds(tmp_path: Path):
    """As after ``companion remote host``: the session is in the store, ``companion run`` (its
    own process) says so, shows the invite code and connects to the broker by itself."""
    with remote_broker_section(tmp_path) as remote:
        config = tmp_path / "table.yaml"
        config.write_text(yaml.safe_dump({"data_dir": str(tmp_path / "host"), "remote": remote}))
        settings = load_settings(config, game_sections=settings_sections())
        settings.data_dir.mkdir(parents=True)
        store = Store(settings.store_path)
        _, code = host_invite(RemoteState(store), settings.remote, "dreamblade")
        store.close()
        process, lines = _start(
            ["run", "--port", "0", "--config", str(config)], tmp_path, "Player B:"
        )
        try:
            assert "Remote game: this table hosts; the guest table plays seat B." in lines
            assert f"Invite code (send it to your friend): {code}" in lines
            table = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
            base = table.removesuffix("/table")

            def remote_block() -> dict[str, Any]:
                block: dict[str, Any] = _get(f"{base}/api/remote")
                return block

            assert wait_for(lambda: remote_block()["connected"], 15)
            assert remote_block() == {"role": "host", "seat": "B", "partner": "waiting",
                                      "connected": True, "paused": "partner_away",
                                      "names": remote_block()["names"]}  # fmt: skip
        finally:
            process.terminate()
            process.wait(timeout=10)


@pytest.mark.process
def test_ending_the_remote_game_at_the_guest_frees_it_and_pauses_the_host(
    remote: dict[str, Any], tmp_path: Path
):
    host = running_table(tmp_path / "host", remote)
    guest = running_table(tmp_path / "guest", None)
    try:
        code = Screen(host).call("POST", "/api/remote/invite")[1]["code"]
        guest_screen = Screen(guest)
        assert guest_screen.call("POST", "/api/remote/join", {"code": code})[0] == 200
        assert wait_for(lambda: _playing(host, guest), 15)
        assert guest_screen.call("POST", "/api/remote/leave") == (200, {"remote": None})
        assert guest.table.state()["remote"] is None and guest.table.held is None
        guest.table.submit("A", "add 1")  # a table on its own again: every seat plays here
        assert wait_for(lambda: host.table.held == "partner_away")
        assert RemoteState(guest.table.store).session() is None  # a restart stays on its own
    finally:
        stop_table(host)
        stop_table(guest)
