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
    merge_registrations,
    new_key,
    parse_tag_text,
    registration_data,
    registration_from_data,
    registration_from_text,
)
from vision.tags import ReadResult


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


# -- several registrations read together (a tournament table) ------------------------------------

B45_1, B45_2, Z12_1 = TagId("db", "B45", 1), TagId("db", "B45", 2), TagId("db", "Z12", 1)


def test_merging_by_key_reads_every_key_and_flags_serials_bound_two_ways() -> None:
    table = LabelRegistration("aruco4x4", {0: B45_1}, 5)
    ann = LabelRegistration("aruco4x4", {0: B45_2, 1: Z12_1}, 3)
    ben = LabelRegistration("aruco4x4", {0: TagId("db", "C7", 101), 1: Z12_1, 2: B45_1}, 3)
    merged = merge_registrations([table, ann, ben])
    assert merged.family == "aruco4x4" and merged.keys == {3, 5}
    assert merged.tag_for(TableSerial(5, 0)) == B45_1
    # key 3 is Ann's and Ben's: serial 0 names two miniatures, serial 1 the same one
    assert merged.conflicts == {TableSerial(3, 0)}
    assert merged.conflicted(TableSerial(3, 0)) and merged.tag_for(TableSerial(3, 0)) is None
    assert merged.tag_for(TableSerial(3, 1)) == Z12_1 and not merged.conflicted(TableSerial(3, 1))
    assert merged.tag_for(TableSerial(3, 2)) == B45_1  # only Ben's sheet has serial 2
    assert merged.tag_for(TableSerial(8, 0)) is None and 8 not in merged.keys


def test_one_registration_has_no_conflicts_and_families_do_not_mix() -> None:
    alone = LabelRegistration("qr", {4: B45_1}, 7)
    assert alone.keys == {7} and not alone.conflicted(TableSerial(7, 4))
    assert merge_registrations([alone]).codes == {TableSerial(7, 4): B45_1}
    with pytest.raises(ValueError, match="cannot be merged"):
        merge_registrations([alone, LabelRegistration("aruco4x4", {4: B45_1}, 7)])
    with pytest.raises(ValueError):
        merge_registrations([])


def test_a_merged_reading_sorts_codes_into_ours_theirs_and_conflicts() -> None:
    ann = LabelRegistration("aruco4x4", {0: B45_2}, 3)
    ben = LabelRegistration("aruco4x4", {0: Z12_1, 1: B45_1}, 3)
    merged = merge_registrations([ann, ben])
    corners = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    result = ReadResult()
    for code in (TableSerial(3, 1), TableSerial(3, 0), TableSerial(9, 1), TableSerial(3, 7)):
        result.add(code, corners, merged)
    assert [s.tag for s in result.sightings] == [B45_1]
    assert [(f.key, f.serial, f.conflict) for f in result.foreign] == [(3, 0, True), (9, 1, False)]
    assert result.rejected == 1  # serial 7 of key 3: on nobody's sheet


def test_the_json_form_round_trips_and_bad_fields_are_named() -> None:
    reg = LabelRegistration("aruco4x4", {7: B45_1, 12: B45_2}, 3)
    data = registration_data(reg)
    assert data["serials"] == {"7": "db:B45#1", "12": "db:B45#2"}
    assert registration_from_data(data, "hub") == reg
    assert registration_from_text(reg.to_yaml(), "file") == reg
    for bad, field in [
        ({**data, "key": True}, "key"),
        ({**data, "family": "barcode"}, "family"),
        ({**data, "serials": {"x": "db:B45#1"}}, "serials.x"),
        ({**data, "serials": {"60": "db:B45#1"}}, "serials.60"),
        ({**data, "serials": {"1": "B45"}}, "serials.1"),
    ]:
        with pytest.raises(DataFileError) as error:
            registration_from_data(bad, "hub")
        assert error.value.field == field
    with pytest.raises(DataFileError) as error:
        registration_from_text("family: [", "file")
    assert error.value.field == "" and error.value.expected.startswith("valid YAML (line ")
