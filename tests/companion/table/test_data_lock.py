"""One running table per data folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.table.data_lock import DataFolderBusy, hold_data_folder


def test_a_second_table_on_the_same_folder_is_refused_naming_the_first(tmp_path: Path):
    held = hold_data_folder(tmp_path, "table-1")
    with pytest.raises(DataFolderBusy, match=r"in use by table 'table-1' \(process \d+\)"):
        hold_data_folder(tmp_path, "table-2")
    other = hold_data_folder(tmp_path / "table-2", "table-2")  # its own folder: fine
    held.release()
    again = hold_data_folder(tmp_path, "table-2")  # the first one stopped: the folder is free
    again.release()
    other.release()
