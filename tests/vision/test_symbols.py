import numpy as np
import pytest

from vision.board_change import TagId
from vision.symbols import marker_modules, qr_modules
from vision.tags import ZxingReader


def _image(modules: np.ndarray, quiet: int = 4, px: int = 6) -> np.ndarray:
    image = np.pad((1 - modules) * 255, quiet, constant_values=255).astype(np.uint8)
    return np.kron(image, np.ones((px, px), np.uint8))


@pytest.mark.parametrize(("micro", "side"), [(False, 21), (True, 15)])
def test_codes_decode_back_to_the_tag(micro: bool, side: int) -> None:
    tag = TagId("db", "B45", 2)
    modules = qr_modules(tag, micro=micro)
    assert modules.shape == (side, side)
    (sighting,) = ZxingReader().read(_image(modules)).sightings
    assert sighting.tag == tag


def test_error_correction_level_changes_the_code() -> None:
    tag = TagId("db", "B45", 2)
    assert not np.array_equal(qr_modules(tag, "l"), qr_modules(tag, "h"))


def test_marker_modules_include_the_black_border() -> None:
    modules = marker_modules("aruco4x4", 3)
    assert modules.shape == (6, 6)
    assert modules[0].all() and modules[-1].all()
    assert marker_modules("apriltag36h11", 3).shape == (8, 8)
