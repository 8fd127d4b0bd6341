"""The games the hub's matches were played in: each table sends its match's game export once the
game ends (``GameRecord``), and the hub keeps it, one file per match in its data folder
(``records/match-<id>.json``, replaced whole), for the replay viewer on its pages. A later
record of the same match (the table restarted, a corrected game) replaces the earlier one."""

from __future__ import annotations

import json
import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Any

from companion.games.game_export import is_export

RECORDS_FOLDER = "records"  # in the hub's data folder
NAME = re.compile(r"match-(\d+)\.json")


class GameRecords:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._lock = threading.Lock()

    def _path(self, match_id: int) -> Path:
        return self.folder / f"match-{match_id}.json"

    def keep(self, match_id: int, export: dict[str, Any]) -> None:
        """Keep ``export`` as the record of ``match_id`` (``ValueError``: it is no game export)."""
        if not is_export(export):
            raise ValueError("not a game export")
        text = json.dumps(export, separators=(",", ":"))
        with self._lock:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, name = tempfile.mkstemp(dir=self.folder, suffix=".part")
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(name, self._path(match_id))

    def get(self, match_id: int) -> dict[str, Any] | None:
        """The record of ``match_id``, if a table sent it."""
        try:
            text = self._path(match_id).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        document: dict[str, Any] = json.loads(text)
        return document

    def stamp(self, match_id: int) -> tuple[int, int] | None:
        """When the record of ``match_id`` was last written and its size (``None``: none kept),
        to tell a record sent again from the one read before."""
        try:
            found = self._path(match_id).stat()
        except FileNotFoundError:
            return None
        return found.st_mtime_ns, found.st_size

    def matches(self) -> set[int]:
        """The matches whose game the hub keeps."""
        if not self.folder.is_dir():
            return set()
        return {int(m.group(1)) for p in self.folder.iterdir() if (m := NAME.fullmatch(p.name))}
