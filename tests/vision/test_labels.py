from pathlib import Path

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from vision.board_change import TagId
from vision.labels import Label, corner_sheet, tag_sheet


def _labels(n: int) -> list[Label]:
    return [Label(TagId("db", f"B{i}", 1), f"Mini {i}", "AB"[i % 2]) for i in range(1, n + 1)]


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


def test_micro_qr_and_marker_sheets(tmp_path: Path) -> None:
    assert tag_sheet(_labels(3), tmp_path / "micro.pdf", micro=True) == 1
    marked = [Label(TagId("db", "B1", 1), "x", "A", marker_id=4)]
    assert tag_sheet(marked, tmp_path / "markers.pdf", family="aruco4x4") == 1


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
    tag_sheet(_labels(1), tmp_path / "one.pdf", tag_mm=13.0)
    left = min(x for x, _, _, _ in rects)
    right = max(x + w for x, _, w, _ in rects)
    bottom = min(y for _, y, _, _ in rects)
    top = max(y + h for _, y, _, h in rects)
    # finder patterns sit in three corners, so the dark modules span the whole code
    assert (right - left) / mm == pytest.approx(13.0, abs=0.02)
    assert (top - bottom) / mm == pytest.approx(13.0, abs=0.02)


def test_carrier_sheet_needs_serials_and_prints_pages(tmp_path: Path) -> None:
    from dataclasses import replace

    from vision.labels import carrier_sheet

    with pytest.raises(ValueError, match="marker id"):
        carrier_sheet(_labels(1), tmp_path / "x.pdf")
    labels = [replace(label, marker_id=n) for n, label in enumerate(_labels(40))]
    assert carrier_sheet(labels[:2], tmp_path / "two.pdf") == 1
    assert carrier_sheet(labels, tmp_path / "many.pdf") > 1
