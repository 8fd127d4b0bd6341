from pathlib import Path

import pytest

from companion.errors import DataFileError
from vision.board_change import TagId
from vision.payload import TableSerial
from vision.registration import (
    LabelRegistration,
    assign_serials,
    key_count,
    load_registration,
    marker_code,
    new_key,
    parse_tag_text,
)


def test_tag_text_is_what_tag_id_prints() -> None:
    tag = TagId("db", "inspired-samurai", 2)
    assert parse_tag_text(str(tag)) == tag


@pytest.mark.parametrize("text", ["db:B45", "xx:B45#1", "db:B 45#1", "db:B45#0"])
def test_bad_tag_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_tag_text(text)


def test_registration_round_trips_through_yaml(tmp_path: Path) -> None:
    reg = LabelRegistration("aruco4x4", {7: TagId("db", "B45", 1), 8: TagId("db", "B45", 2)}, 3)
    path = tmp_path / "markers.yaml"
    path.write_text(reg.to_yaml())
    loaded = load_registration(path)
    assert loaded == reg
    assert loaded.tag_for(TableSerial(3, 8)) == TagId("db", "B45", 2)
    assert loaded.tag_for(TableSerial(3, 9)) is None
    assert loaded.tag_for(TableSerial(4, 8)) is None  # serial 8 of another table


def test_a_marker_id_is_the_key_block_and_the_serial() -> None:
    reg = LabelRegistration("aruco4x4", {8: TagId("db", "B45", 2)}, 3)
    assert reg.marker_id(8) == 158
    assert marker_code(158) == TableSerial(3, 8)
    assert marker_code(8) == TableSerial(0, 8)  # the keyless older carriers' ids


def test_an_older_registration_file_is_key_0_with_its_marker_ids(tmp_path: Path) -> None:
    path = tmp_path / "old.markers.yaml"
    path.write_text("family: aruco4x4\nmarkers:\n  7: 'db:B45#1'\n")
    loaded = load_registration(path)
    assert loaded.key == 0 and loaded.marker_id(7) == 7
    assert loaded.tag_for(marker_code(7)) == TagId("db", "B45", 1)


def test_keys_per_family_and_new_keys_skip_the_keyless_0() -> None:
    assert key_count("aruco4x4") == 20 and key_count("apriltag36h11") == 11
    assert key_count("qr") == 20
    assert all(1 <= new_key("apriltag36h11") <= 10 for _ in range(50))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("aruco4x4", {1: TagId("db", "B1", 1), 2: TagId("db", "B1", 1)}), "two serials"),
        (("aruco4x4", {50: TagId("db", "B1", 1)}), "serials go from 0 to 49"),
        (("aruco4x4", {}, 20), "keys go from 0 to 19"),
        (("apriltag36h11", {}, 11), "keys go from 0 to 10"),
        (("datamatrix", {}), "not one of"),
    ],
)
def test_impossible_registrations_are_refused(args: tuple, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LabelRegistration(*args)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("family: datamatrix\nserials: {}\n", "family"),
        ("family: aruco4x4\nserials: [1, 2]\n", "serials"),
        ("family: aruco4x4\nkey: 20\nserials: {}\n", "key"),
        ("family: aruco4x4\nserials: {x: 'db:B1#1'}\n", "serials.x"),
        ("family: aruco4x4\nserials: {50: 'db:B1#1'}\n", "serials.50"),
        ("family: aruco4x4\nmarkers: {1: 'B1'}\n", "markers.1"),
        ("family: qr\nserials: {1: 'db:B1#1', 2: 'db:B1#1'}\n", "serials"),
        ("- just a list\n", "<root>"),
    ],
)
def test_bad_registration_files_name_the_field(tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "markers.yaml"
    path.write_text(text)
    with pytest.raises(DataFileError) as error:
        load_registration(path)
    assert error.value.field == field


def test_assign_serials_keeps_given_serials_and_fills_the_lowest_free() -> None:
    tags = [TagId("db", f"B{n}", 1) for n in (3, 1, 2)]
    reg = assign_serials("qr", tags, fixed={TagId("db", "B2", 1): 0}, key=5)
    assert reg.key == 5
    b1, b2, b3 = (TagId("db", f"B{n}", 1) for n in (1, 2, 3))
    assert reg.serials == {0: b2, 1: b1, 2: b3}


@pytest.mark.parametrize(
    ("count", "fixed", "message"),
    [
        (51, {}, "only 50"),
        (2, {TagId("db", "B0", 1): 50}, "from 0 to 49"),
        (2, {TagId("db", "B0", 1): 3, TagId("db", "B1", 1): 3}, "two tags"),
    ],
)
def test_assign_serials_refuses_what_cannot_be_printed(
    count: int, fixed: dict[TagId, int], message: str
) -> None:
    tags = [TagId("db", f"B{n}", 1) for n in range(count)]
    with pytest.raises(ValueError, match=message):
        assign_serials("aruco4x4", tags, fixed)
