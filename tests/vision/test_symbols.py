import numpy as np
import pytest

from tests.vision.conftest import code_image
from vision.board_change import TagId
from vision.calibration import find_corner_markers
from vision.payload import TableSerial, encode_payload, encode_table_payload
from vision.symbols import corner_modules, marker_modules, qr_modules
from vision.tags import ZxingReader


@pytest.mark.parametrize(("micro", "side"), [(False, 21), (True, 15)])
def test_codes_decode_back_to_the_tag(micro: bool, side: int) -> None:
    tag = TagId("db", "B45", 2)
    modules = qr_modules(encode_payload(tag), micro=micro)
    assert modules.shape == (side, side)
    (sighting,) = ZxingReader().read(code_image(modules)).sightings
    assert sighting.tag == tag


def test_error_correction_level_changes_the_code() -> None:
    text = encode_table_payload(TableSerial(3, 12))
    assert not np.array_equal(qr_modules(text, "l"), qr_modules(text, "h"))


def test_marker_modules_include_the_black_border() -> None:
    modules = marker_modules("aruco4x4", 3)
    assert modules.shape == (6, 6)
    assert modules[0].all() and modules[-1].all()
    assert marker_modules("apriltag36h11", 3).shape == (8, 8)


def test_corner_markers_are_what_calibration_finds() -> None:
    image = np.full((400, 400), 255, np.uint8)
    corners = {0: (40, 40), 1: (240, 40), 2: (240, 240), 3: (40, 240)}
    for marker_id, (x, y) in corners.items():
        tile = code_image(corner_modules(marker_id), quiet=0, px=16)
        image[y : y + tile.shape[0], x : x + tile.shape[1]] = tile
    found = find_corner_markers(image)
    assert sorted(found) == [0, 1, 2, 3]
    assert found[0] == pytest.approx((40 + 56, 40 + 56), abs=1)
