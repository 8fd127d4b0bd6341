"""One running table per data folder: ``hold_data_folder`` takes the folder's lock file
(``table.lock``, an exclusive ``flock``) for as long as the process runs. A second table started
on the same folder (a dry run of several tables on one machine, each meant to have its own) is
refused loudly, naming the folder and the table holding it, instead of silently sharing — and
overwriting — the first one's game, pairing and PINs. The operating system drops the lock when
the holder ends, however it ends: a killed table never leaves a stale lock behind."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

LOCK_FILE = "table.lock"


class DataFolderBusy(RuntimeError):
    """Another running table holds this data folder."""


class DataFolderLock:
    """The held lock; ``release`` (or the process's end) frees the folder."""

    def __init__(self, file: IO[str]) -> None:
        self._file: IO[str] | None = file

    def release(self) -> None:
        if self._file is not None:
            self._file.close()  # closing the file drops its flock
            self._file = None


def hold_data_folder(data_dir: Path, who: str) -> DataFolderLock:
    """Take ``data_dir``'s lock for this process (``who``: the table's name, said to a second
    one); ``DataFolderBusy`` when another running table holds it."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / LOCK_FILE
    file = path.open("a+", encoding="utf-8")
    try:
        fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        file.seek(0)
        holder = file.read().strip() or "another table"
        file.close()
        raise DataFolderBusy(
            f"the data folder {data_dir} is in use by {holder}: give each table on this machine "
            "its own data_dir (and its own panel port)"
        ) from None
    file.seek(0)
    file.truncate()
    file.write(f"table {who!r} (process {os.getpid()})\n")
    file.flush()
    return DataFolderLock(file)
