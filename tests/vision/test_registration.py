from pathlib import Path

import pytest

from companion.errors import DataFileError
from vision.board_change import TagId
from vision.registration import (
    MarkerRegistration,
    assign_markers,
    load_registration,
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
    reg = MarkerRegistration("aruco4x4", {7: TagId("db", "B45", 1), 8: TagId("db", "B45", 2)})
    path = tmp_path / "markers.yaml"
    path.write_text(reg.to_yaml())
    loaded = load_registration(path)
    assert loaded == reg
    assert loaded.tag_for(8) == TagId("db", "B45", 2)
    assert loaded.tag_for(9) is None


def test_one_tag_on_two_markers_is_refused() -> None:
    with pytest.raises(ValueError, match="two marker ids"):
        MarkerRegistration("aruco4x4", {1: TagId("db", "B1", 1), 2: TagId("db", "B1", 1)})


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("family: qr\nmarkers: {}\n", "family"),
        ("family: aruco4x4\nmarkers: [1, 2]\n", "markers"),
        ("family: aruco4x4\nmarkers: {x: 'db:B1#1'}\n", "markers.x"),
        ("family: aruco4x4\nmarkers: {1: 'B1'}\n", "markers.1"),
        ("family: aruco4x4\nmarkers: {1: 'db:B1#1', 2: 'db:B1#1'}\n", "markers"),
        ("- just a list\n", "<root>"),
    ],
)
def test_bad_registration_files_name_the_field(tmp_path: Path, text: str, field: str) -> None:
    path = tmp_path / "markers.yaml"
    path.write_text(text)
    with pytest.raises(DataFileError) as error:
        load_registration(path)
    assert error.value.field == field


def test_assign_markers_keeps_given_ids_and_fills_the_lowest_free() -> None:
    tags = [TagId("db", f"B{n}", 1) for n in (3, 1, 2)]
    reg = assign_markers("aruco4x4", tags, fixed={TagId("db", "B2", 1): 0})
    assert reg.markers == {
        0: TagId("db", "B2", 1),
        1: TagId("db", "B1", 1),
        2: TagId("db", "B3", 1),
    }


@pytest.mark.parametrize(
    ("count", "fixed", "message"),
    [
        (51, {}, "only 50 ids"),
        (2, {TagId("db", "B0", 1): 50}, "from 0 to 49"),
        (2, {TagId("db", "B0", 1): 3, TagId("db", "B1", 1): 3}, "two tags"),
    ],
)
def test_assign_markers_refuses_what_cannot_be_printed(
    count: int, fixed: dict[TagId, int], message: str
) -> None:
    tags = [TagId("db", f"B{n}", 1) for n in range(count)]
    with pytest.raises(ValueError, match=message):
        assign_markers("aruco4x4", tags, fixed)
