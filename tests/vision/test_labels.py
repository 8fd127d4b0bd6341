from pathlib import Path

import numpy as np
import pytest

from vision.board_change import TagId
from vision.labels import Label, corner_sheet, marker_modules, qr_modules, tag_sheet
from vision.tags import ZxingReader


def _labels(n: int) -> list[Label]:
    return [Label(TagId("db", f"B{i}", 1), f"Mini {i}", "AB"[i % 2]) for i in range(1, n + 1)]


def test_qr_modules_decode_back_to_the_tag() -> None:
    tag = TagId("db", "B45", 2)
    modules = qr_modules(tag)
    assert modules.shape == (21, 21)
    image = np.pad((1 - modules) * 255, 4, constant_values=255).astype(np.uint8)
    image = np.kron(image, np.ones((6, 6), np.uint8))
    (sighting,) = ZxingReader().read(image).sightings
    assert sighting.tag == tag


def test_marker_modules_include_the_black_border() -> None:
    modules = marker_modules("aruco4x4", 3)
    assert modules.shape == (6, 6)
    assert modules[0].all() and modules[-1].all()


def test_tag_sheet_is_a_pdf_with_enough_pages(tmp_path: Path) -> None:
    path = tmp_path / "tags.pdf"
    assert tag_sheet(_labels(2), path) == 1
    assert path.read_bytes().startswith(b"%PDF")
    assert tag_sheet(_labels(60), tmp_path / "many.pdf") > 1


@pytest.mark.parametrize(
    ("labels", "kwargs", "message"),
    [
        ([], {}, "no labels"),
        (_labels(1), {"tag_mm": 30.0}, "smaller than the base"),
        ([Label(TagId("db", "B1", 1), "x", "C")], {}, "seat"),
        (_labels(1), {"family": "aruco4x4"}, "marker id"),
    ],
)
def test_tag_sheet_refuses_bad_input(
    tmp_path: Path, labels: list[Label], kwargs: dict, message: str
) -> None:
    path = tmp_path / "tags.pdf"
    with pytest.raises(ValueError, match=message):
        tag_sheet(labels, path, **kwargs)
    assert not path.exists()


def test_corner_sheet_is_a_pdf(tmp_path: Path) -> None:
    path = tmp_path / "corners.pdf"
    corner_sheet(path)
    assert path.read_bytes().startswith(b"%PDF")
