"""The seated players' label registrations a table keeps for its tournament match."""

from pathlib import Path

from companion.table.seated_labels import clear_seated, load_seated, save_seated, seated_path
from vision.board_change import TagId
from vision.registration import LabelRegistration

ANN = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1)}, 3)
BEN = LabelRegistration("aruco4x4", {2: TagId("db", "Z12", 1)}, 8)


def test_the_seated_labels_survive_a_restart_and_are_cleared(tmp_path: Path) -> None:
    assert load_seated(tmp_path) == {}
    save_seated(tmp_path, 7, {"A": ANN, "B": BEN})
    assert load_seated(tmp_path) == {"A": ANN, "B": BEN}
    inode = seated_path(tmp_path).stat().st_ino
    save_seated(tmp_path, 7, {"A": ANN, "B": BEN})  # the same again: the file is left alone
    assert seated_path(tmp_path).stat().st_ino == inode
    save_seated(tmp_path, 8, {"B": BEN})
    assert load_seated(tmp_path) == {"B": BEN}
    save_seated(tmp_path, 9, {})  # a pairing without labels: none
    assert not seated_path(tmp_path).exists()
    save_seated(tmp_path, 9, {"A": ANN})
    clear_seated(tmp_path)
    assert load_seated(tmp_path) == {}


def test_a_damaged_file_or_entry_is_left_out(tmp_path: Path) -> None:
    seated_path(tmp_path).write_text("{not json")
    assert load_seated(tmp_path) == {}
    seated_path(tmp_path).write_text('{"format": "other", "version": 1}')
    assert load_seated(tmp_path) == {}
    save_seated(tmp_path, 7, {"A": ANN, "B": BEN})
    text = seated_path(tmp_path).read_text().replace('"key": 8', '"key": 99')
    seated_path(tmp_path).write_text(text)
    assert load_seated(tmp_path) == {"A": ANN}  # seat B's entry no longer loads
