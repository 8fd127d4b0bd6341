import cv2
import numpy as np
import pytest
import segno

from vision.board_change import TagId
from vision.registration import LabelRegistration
from vision.synth import Piece, render
from vision.tags import MarkerReader, PyzbarReader, ZxingReader, make_reader

from .conftest import VIEW, small_scene, tag


def _code_image(text: str, module_px: int = 6) -> np.ndarray:
    matrix = np.array(segno.make_qr(text, error="m").matrix, np.uint8)
    image = np.kron(1 - matrix, np.ones((module_px, module_px), np.uint8)) * 255
    return np.pad(image, 40, constant_values=255).astype(np.uint8)


def test_zxing_reads_every_tag_on_the_table(table_grey, table_scene) -> None:
    result = ZxingReader().read(table_grey)
    assert {s.tag for s in result.sightings} == set(table_scene.true_board())
    assert result.rejected == 0


def test_pyzbar_reads_the_table_without_false_reads(table_grey, table_scene) -> None:
    result = PyzbarReader().read(table_grey)
    found = {s.tag for s in result.sightings}
    assert found <= set(table_scene.true_board())
    assert len(found) >= 3
    assert result.rejected == 0


@pytest.mark.parametrize("name", ["zxing", "pyzbar"])
def test_foreign_codes_are_counted_and_ignored(name: str) -> None:
    reader = make_reader(name)
    foreign, ours = _code_image("https://example.com"), _code_image("1DBB45:3")
    image = np.full((max(foreign.shape[0], ours.shape[0]), foreign.shape[1] + ours.shape[1]), 255)
    image[: foreign.shape[0], : foreign.shape[1]] = foreign
    image[: ours.shape[0], foreign.shape[1] :] = ours
    image = image.astype(np.uint8)
    result = reader.read(image)
    assert [s.tag for s in result.sightings] == [TagId("db", "B45", 3)]
    assert result.rejected == 1


def test_sighting_centre_is_the_code_centre() -> None:
    image = _code_image("1DBB45:3")
    (sighting,) = ZxingReader().read(image).sightings
    middle = image.shape[1] / 2
    assert sighting.centre == pytest.approx((middle, middle), abs=3)


@pytest.mark.parametrize("family", ["aruco4x4", "apriltag36h11"])
def test_marker_families_read_registered_ids_and_count_the_rest(family: str) -> None:
    pieces = (
        Piece(tag(1), 100.0, 100.0, marker_id=5, angle_deg=30),
        Piece(tag(2), 300.0, 300.0, marker_id=9, angle_deg=120),
    )
    scene = small_scene(pieces)
    scene = type(scene)(**{**scene.__dict__, "family": family, "tag_mm": 20.0})
    frame = cv2.cvtColor(render(scene, VIEW, seed=2), cv2.COLOR_BGR2GRAY)
    registration = LabelRegistration(family, {5: tag(1)})
    result = MarkerReader(registration).read(frame)
    assert [s.tag for s in result.sightings] == [tag(1)]
    assert result.rejected == 1


def test_make_reader_names() -> None:
    assert make_reader("zxing").name == "zxing"
    assert make_reader("pyzbar").name == "pyzbar"
    registration = LabelRegistration("aruco4x4", {})
    assert make_reader("aruco4x4", registration).name == "aruco4x4"
    with pytest.raises(ValueError, match="registration"):
        make_reader("apriltag36h11", registration)
    with pytest.raises(ValueError, match="unknown"):
        make_reader("wechat")


def test_a_blank_frame_reads_nothing() -> None:
    assert ZxingReader().read(np.zeros((240, 320), np.uint8)).sightings == []


def test_light_on_dark_codes_and_markers_read() -> None:
    inverted = 255 - _code_image("1DBB45:3")
    (sighting,) = ZxingReader().read(inverted).sightings
    assert sighting.tag == TagId("db", "B45", 3)
    marker = cv2.aruco.generateImageMarker(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50), 7, 120
    )
    image = np.pad(255 - marker, 40, constant_values=0)
    reader = MarkerReader(LabelRegistration("aruco4x4", {7: tag(7)}))
    assert [s.tag for s in reader.read(image).sightings] == [tag(7)]
