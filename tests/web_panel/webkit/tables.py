"""Real tables for the WebKit phone: ``companion run`` in its own process, and a client that talks
to its panel as the table's own screen or the judge does (to set up a game, push the parts of a
game no journey is about, and link two tables for remote play)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import yaml

START_SECONDS = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


class TableProcess:
    """``companion run`` with the config ``settings`` (YAML) in the data folder ``folder``,
    its panel on a free loopback port; what it prints goes to ``folder/companion.log``."""

    def __init__(self, folder: Path, settings: dict[str, Any]) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self.port = free_port()
        self.config = folder / "config.yaml"
        self.config.write_text(yaml.safe_dump({"data_dir": str(folder), **settings}))
        self.log = folder / "companion.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> TableProcess:
        env = {**os.environ, "COMPANION_CAMERA": "", "COMPANION_LIGHTS": "virtual"}
        command = [sys.executable, "-m", "companion", "run", "--config", str(self.config),
                   "--host", "127.0.0.1", "--port", str(self.port)]  # fmt: skip
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(self.url + "/api/state", timeout=2):
                    return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"companion run did not serve its panel:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        self.process = None


class PanelClient:
    """A browser-less client of a panel, from this machine (the table's own screen): it keeps its
    cookies and sends its CSRF token as the page does."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        self.csrf = str(self.get("/api/me")["csrf"])

    def get(self, path: str) -> Any:
        with self.opener.open(self.url + path, timeout=10) as response:
            return json.load(response)

    def post(self, path: str, body: dict[str, Any]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf},
        )
        try:
            with self.opener.open(request, timeout=10) as response:
                return json.load(response)
        except urllib.error.HTTPError as error:
            raise AssertionError(f"{path} refused {body}: {error.read().decode()}") from None

    def state(self) -> dict[str, Any]:
        data: dict[str, Any] = self.get("/api/state")
        return data

    def join_path(self, seat: str) -> str:
        """The path of a seat's join link (the table's screen shows it as a QR code)."""
        url = str(self.get(f"/api/join/{seat}")["url"])
        return "/join/" + url.rsplit("/join/", 1)[1]

    def push(self, *actions: str) -> int:
        """Submit ``actions`` (notation) as this client (the judge); the table's version after."""
        version = 0
        for action in actions:
            state = self.state()
            body = {"action": action, "version": state["version"], "game_id": state["game_id"]}
            version = int(self.post("/api/actions", body)["version"])
        return version
