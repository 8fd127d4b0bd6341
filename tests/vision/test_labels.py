from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from companion.games.dreamblade.catalog import default_catalog
from tests.vision.conftest import code_image
from vision.board_change import TagId
from vision.labels import Label, carrier_sheet, corner_sheet, tag_modules, tag_sheet
from vision.registration import LabelRegistration, assign_serials
from vision.symbols import marker_modules
from vision.tags import ZxingReader


def _labels(n: int) -> list[Label]:
    return [Label(TagId("db", f"B{i}", 1), f"Mini {i}", "AB"[i % 2]) for i in range(1, n + 1)]


def _registered(labels: list[Label], family: str = "qr", key: int = 4) -> LabelRegistration:
    return assign_serials(family, [label.tag for label in labels], key=key)


def test_tag_sheet_is_a_pdf_with_enough_pages(tmp_path: Path) -> None:
    path = tmp_path / "tags.pdf"
    assert tag_sheet(_labels(2), path, _registered(_labels(2))) == 1
    assert path.read_bytes().startswith(b"%PDF")
    many = _labels(60)
    assert tag_sheet(many, tmp_path / "many.pdf", _registered(many)) > 1


@pytest.mark.parametrize(
    ("labels", "kwargs", "message"),
    [
        ([], {}, "no labels"),
        (_labels(1), {"tag_mm": 30.0}, "smaller than the base"),
        ([Label(TagId("db", "B1", 1), "x", "C")], {}, "seat"),
        ([Label(TagId("db", "B9", 1), "x", "A")], {}, "not registered"),
        ([Label(TagId("db", "B1", 1), "x", "A", serial=5)], {}, "not registered with this serial"),
    ],
)
def test_tag_sheet_refuses_bad_input(
    tmp_path: Path, labels: list[Label], kwargs: dict, message: str
) -> None:
    path = tmp_path / "tags.pdf"
    with pytest.raises(ValueError, match=message):
        tag_sheet(labels, path, _registered(_labels(1)), **kwargs)
    assert not path.exists()


def test_micro_qr_and_marker_sheets(tmp_path: Path) -> None:
    labels = _labels(3)
    assert tag_sheet(labels, tmp_path / "micro.pdf", _registered(labels), micro=True) == 1
    markers = _registered(labels, "aruco4x4")
    assert tag_sheet(labels, tmp_path / "markers.pdf", markers) == 1


def test_every_catalog_id_prints_a_version_1_qr_code_that_reads_back() -> None:
    """Whatever the name, a sticker carries the table's key and a serial: 21 × 21 modules."""
    catalog = default_catalog()
    labels = [
        Label(TagId("db", catalog_id, copy), catalog_id, "AB"[copy % 2])
        for catalog_id in catalog
        for copy in (1, 2, 3, 101)
    ]
    registration = _registered(labels, key=19)
    reader = ZxingReader(registration=registration)
    for label in labels:
        modules = tag_modules(label, registration)
        assert modules.shape == (21, 21), label.tag
    # the longest name and the highest serial read back as their miniature
    longest = max(labels, key=lambda label: (len(label.tag.catalog_id), label.tag.serial))
    (sighting,) = reader.read(code_image(tag_modules(longest, registration))).sightings
    assert sighting.tag == longest.tag


@settings(max_examples=60, deadline=None)
@given(st.from_regex(r"[A-Za-z0-9._-]{1,24}", fullmatch=True), st.integers(0, 999))
def test_any_catalog_id_and_serial_gives_a_version_1_symbol(catalog_id: str, serial: int) -> None:
    label = Label(TagId("db", catalog_id, 1), "x", "A", serial)
    registration = LabelRegistration("qr", {serial: label.tag}, 11)
    assert tag_modules(label, registration).shape == (21, 21)
    assert tag_modules(label, registration, micro=True).shape[0] <= 17  # Micro QR M4 at most


def test_corner_sheet_is_a_pdf(tmp_path: Path) -> None:
    path = tmp_path / "corners.pdf"
    corner_sheet(path)
    assert path.read_bytes().startswith(b"%PDF")


def test_codes_are_drawn_at_their_exact_physical_size(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rects: list[tuple[float, float, float, float]] = []
    original = canvas.Canvas.rect

    def record(self, x, y, width, height, *args, **kwargs):  # type: ignore[no-untyped-def]
        rects.append((x, y, width, height))
        return original(self, x, y, width, height, *args, **kwargs)

    monkeypatch.setattr(canvas.Canvas, "rect", record)
    tag_sheet(_labels(1), tmp_path / "one.pdf", _registered(_labels(1)), tag_mm=13.0)
    left = min(x for x, _, _, _ in rects)
    right = max(x + w for x, _, w, _ in rects)
    bottom = min(y for _, y, _, _ in rects)
    top = max(y + h for _, y, _, h in rects)
    # finder patterns sit in three corners, so the dark modules span the whole code
    assert (right - left) / mm == pytest.approx(13.0, abs=0.02)
    assert (top - bottom) / mm == pytest.approx(13.0, abs=0.02)


def test_carrier_sheet_prints_the_registration_and_pages(tmp_path: Path) -> None:
    labels = _labels(40)
    with pytest.raises(ValueError, match="aruco4x4 markers, not qr"):
        carrier_sheet(labels, tmp_path / "x.pdf", _registered(labels))
    registration = _registered(labels, "aruco4x4", key=2)
    with pytest.raises(ValueError, match="not registered"):
        unknown = [replace(labels[0], tag=TagId("db", "B99", 1))]
        carrier_sheet(unknown, tmp_path / "y.pdf", registration)
    assert carrier_sheet(labels[:2], tmp_path / "two.pdf", registration) == 1
    assert carrier_sheet(labels, tmp_path / "many.pdf", registration) > 1


def test_a_marker_carries_the_tables_key_block() -> None:
    label = _labels(1)[0]
    ours = tag_modules(label, LabelRegistration("aruco4x4", {3: label.tag}, 2))
    assert (ours == marker_modules("aruco4x4", 2 * 50 + 3)).all()
    assert not (ours == marker_modules("aruco4x4", 3)).all()
