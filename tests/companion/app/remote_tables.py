"""Dreamblade tables for remote play tests, run as ``companion run`` runs them
(``TableRuntime``: store, panel served over HTTP on loopback; the caller starts the remote link),
and a phone's session on a panel over HTTP."""

from __future__ import annotations

import http.cookiejar
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from companion.app.runtime import TableRuntime
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.settings import Settings
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table


def dreamblade_runtime(
    folder: Path, remote: dict[str, Any] | None, actions: int, **more: Any
) -> TableRuntime:
    """The demo game's first ``actions`` played; ``remote``: the host's ``remote:`` section;
    ``more``: other settings."""
    settings = Settings.model_validate(
        {
            "data_dir": str(folder),
            "game": "dreamblade",
            **({"remote": remote} if remote else {}),
            **more,
        }
    )
    setup = demo_game().record()
    setup.pop("actions")
    table = Table.new_game(Store(settings.store_path), "dreamblade", setup)
    for text in DEMO_ACTIONS[:actions]:
        table.submit(JUDGE, text)
    runtime = TableRuntime(settings, table)
    runtime.start_panel(host="127.0.0.1", port=0)
    return runtime


class Phone:
    """A phone's browser session on a panel over HTTP: its cookies and its CSRF token."""

    def __init__(self, base: str, seat: str) -> None:
        self.base = base
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        link = self.get(f"/api/join/{seat}")["url"]  # as the table's own screen shows it
        self.opener.open(base + "/join/" + link.rsplit("/join/", 1)[1]).read()
        self.csrf = self.get("/api/me")["csrf"]

    def get(self, path: str) -> Any:
        with self.opener.open(self.base + path) as reply:
            return json.load(reply)

    def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf},
        )
        try:
            with self.opener.open(request) as reply:
                return reply.status, json.load(reply)
        except urllib.error.HTTPError as refused:
            return refused.code, json.load(refused)

    def roll(self) -> tuple[int, Any]:
        state = self.get("/api/state")
        return self.post("/api/roll", {"version": state["version"], "game_id": state["game_id"]})
