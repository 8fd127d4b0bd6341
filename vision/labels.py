"""Printable PDFs at exact physical size: carrier discs for a warband (the tag design that
survives a figure standing on it, ``vision/carrier.py``), the older code stickers (code, short name,
seat colour ring), the four corner markers used by calibration and the lens calibration board."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from vision.board_change import TagId
from vision.calibration import CORNER_IDS, CornerLayout
from vision.carrier import DEFAULT_CARRIER, Carrier
from vision.lens import BOARD_MODULES_PER_SQUARE, BOARD_SQUARE_MM, BOARD_SQUARES, board_modules
from vision.payload import TableSerial, encode_table_payload
from vision.registration import LabelRegistration
from vision.symbols import corner_modules, marker_modules, qr_modules

SEAT_COLOURS_RGB = {"A": (0.80, 0.15, 0.15), "B": (0.12, 0.35, 0.80)}
CORNER_NAMES = {
    0: "seat A, left corner",
    1: "seat A, right corner",
    2: "seat B, right corner",
    3: "seat B, left corner",
}
PAGE_MARGIN_MM = 12.0
GAP_MM = 4.0


@dataclass(frozen=True)
class Label:
    tag: TagId
    name: str  # short name printed under the code
    seat: str  # "A" or "B"
    serial: int | None = None  # its serial on the table (the registration gives it when unset)


def _serial(label: Label, registration: LabelRegistration) -> int:
    serial = registration.serial_of(label.tag)
    if serial is None or label.serial not in (None, serial):
        raise ValueError(f"{label.tag}: not registered with this serial")
    return serial


def tag_modules(label: Label, registration: LabelRegistration, micro: bool = False) -> np.ndarray:
    """The code printed on a sticker: the table's key and the label's serial, as a QR version-2
    payload (version 1 symbol whatever the catalog id) or a marker of the registration's family."""
    serial = _serial(label, registration)
    if registration.family == "qr":
        return qr_modules(encode_table_payload(TableSerial(registration.key, serial)), micro=micro)
    return marker_modules(registration.family, registration.marker_id(serial))


def _check(labels: list[Label]) -> None:
    if not labels:
        raise ValueError("no labels to print")
    for label in labels:
        if label.seat not in SEAT_COLOURS_RGB:
            raise ValueError(f"{label.tag}: seat must be A or B")


def _draw_modules(
    pdf: canvas.Canvas, modules: np.ndarray, x_mm: float, y_mm: float, size_mm: float
) -> None:
    """Dark modules as squares; (x_mm, y_mm) is the top-left corner on the page, ``size_mm`` the
    width of the grid."""
    rows, cols = modules.shape
    step = size_mm / cols
    pdf.setFillColorRGB(0, 0, 0)
    page_h = A4[1] / mm
    for r in range(rows):
        for c in range(cols):
            if modules[r, c]:
                pdf.rect(
                    (x_mm + c * step) * mm,
                    (page_h - y_mm - (r + 1) * step) * mm,
                    step * mm + 0.01,
                    step * mm + 0.01,
                    stroke=0,
                    fill=1,
                )


def _grid(size_mm: float) -> tuple[float, int, int]:
    """(pitch, labels per row, labels per page) for round labels ``size_mm`` across."""
    page_w, page_h = A4[0] / mm, A4[1] / mm
    pitch = size_mm + GAP_MM
    per_row = int((page_w - 2 * PAGE_MARGIN_MM) // pitch)
    return pitch, per_row, per_row * int((page_h - 2 * PAGE_MARGIN_MM) // pitch)


def _slots(pdf: canvas.Canvas, count: int, size_mm: float) -> Iterator[tuple[float, float]]:
    """Centres (mm from the page's top-left corner) of ``count`` round labels ``size_mm`` across,
    in rows, a new page whenever one is full."""
    pitch, per_row, per_page = _grid(size_mm)
    for i in range(count):
        slot = i % per_page
        if i and slot == 0:
            pdf.showPage()
        x = PAGE_MARGIN_MM + (slot % per_row) * pitch + size_mm / 2
        y = PAGE_MARGIN_MM + (slot // per_row) * pitch + size_mm / 2
        yield x, y


def _pages(count: int, size_mm: float) -> int:
    return -(-count // _grid(size_mm)[2])


def tag_sheet(
    labels: list[Label],
    path: Path,
    registration: LabelRegistration,
    tag_mm: float = 13.0,
    base_mm: float = 25.0,
    micro: bool = False,
) -> int:
    """Write the labels to ``path``: each one code carrying the table's key and the label's
    serial in ``registration`` (a QR version-2 payload, Micro QR with ``micro``, or a marker of
    the registration's family); returns the number of pages."""
    _check(labels)
    if tag_mm >= base_mm:
        raise ValueError("the tag must be smaller than the base")
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle("Tabletop Companion tags")
    page_h = A4[1] / mm
    for label, (cx, cy) in zip(labels, _slots(pdf, len(labels), base_mm), strict=True):
        pdf.setStrokeColorRGB(*SEAT_COLOURS_RGB[label.seat])
        pdf.setLineWidth(1.2 * mm)
        pdf.circle(cx * mm, (page_h - cy) * mm, (base_mm / 2 - 0.6) * mm, stroke=1, fill=0)
        modules = tag_modules(label, registration, micro)
        _draw_modules(pdf, modules, cx - tag_mm / 2, cy - tag_mm / 2 - 1.2, tag_mm)
        pdf.setFillColorRGB(0, 0, 0)
        pdf.setFont("Helvetica", 4.5)
        pdf.drawCentredString(cx * mm, (page_h - cy - tag_mm / 2 - 2.4) * mm, label.name[:14])
    pdf.save()
    return _pages(len(labels), base_mm)


def carrier_sheet(
    labels: list[Label],
    path: Path,
    registration: LabelRegistration,
    carrier: Carrier = DEFAULT_CARRIER,
) -> int:
    """Carrier discs (``vision/carrier.py``) for the labels, at exact size: cut each out along
    its circle and glue the miniature's base in the dashed circle. Every marker carries the
    label's serial on the table ``registration`` keys; returns the number of pages."""
    _check(labels)
    if registration.family != carrier.family:
        raise ValueError(f"a carrier carries {carrier.family} markers, not {registration.family}")
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle("Tabletop Companion carriers")
    page_h = A4[1] / mm
    side = carrier.marker_mm
    for label, (cx, top) in zip(labels, _slots(pdf, len(labels), carrier.disc_mm), strict=True):
        cy = page_h - top
        pdf.setLineWidth(0.2)
        pdf.setStrokeColorRGB(0.6, 0.6, 0.6)
        pdf.circle(cx * mm, cy * mm, carrier.disc_mm / 2 * mm, stroke=1, fill=0)
        pdf.setDash(1, 2)
        pdf.setStrokeColorRGB(*SEAT_COLOURS_RGB[label.seat])
        pdf.circle(cx * mm, cy * mm, carrier.base_mm / 2 * mm, stroke=1, fill=0)
        pdf.setDash()
        serial = _serial(label, registration)
        modules = marker_modules(carrier.family, registration.marker_id(serial))
        step = side / modules.shape[0]
        pdf.setFillColorRGB(0, 0, 0)
        for dx, dy, outward in carrier.marker_poses():
            # the page is the map frame seen from above (x right, y up): turn the marker so its
            # top edge points away from the base centre
            pdf.saveState()
            pdf.translate((cx + dx) * mm, (cy + dy) * mm)
            pdf.rotate(outward - 90.0)
            for r, c in zip(*np.nonzero(modules), strict=True):
                x = -side / 2 + c * step
                y = side / 2 - (r + 1) * step
                pdf.rect(x * mm, y * mm, step * mm + 0.01, step * mm + 0.01, stroke=0, fill=1)
            pdf.restoreState()
        pdf.setFont("Helvetica", 4.5)
        pdf.drawCentredString(cx * mm, (cy + 1.5) * mm, label.name[:14])
        code = f"{label.seat} T{registration.key:02d}-{serial}"
        pdf.drawCentredString(cx * mm, (cy - 3.5) * mm, code)
    pdf.save()
    return _pages(len(labels), carrier.disc_mm)


def charuco_sheet(path: Path) -> None:
    """The ChArUco board the lens calibration looks for (``vision/lens.py``), at exact size."""
    modules = board_modules()
    rows, cols = modules.shape
    module_mm = BOARD_SQUARE_MM / BOARD_MODULES_PER_SQUARE
    width, height = cols * module_mm, rows * module_mm
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle("Tabletop Companion lens calibration board")
    page_w = A4[0] / mm
    x = (page_w - width) / 2
    y = 30.0
    _draw_modules(pdf, modules, x, y, width)
    pdf.setFont("Helvetica", 9)
    page_h = A4[1] / mm
    pdf.drawCentredString(
        page_w / 2 * mm,
        (page_h - y - height - 10) * mm,
        f"lens calibration board: {BOARD_SQUARES[0]} x {BOARD_SQUARES[1]} squares of "
        f"{BOARD_SQUARE_MM:g} mm. Print at 100 %, glue flat, check one square with a ruler.",
    )
    pdf.drawCentredString(
        page_w / 2 * mm,
        (page_h - y - height - 16) * mm,
        "Photograph it with the table camera 3+ times, tilted, in different parts of the frame, "
        "then: companion camera calibrate PHOTOS",
    )
    pdf.save()


def corner_sheet(path: Path, layout: CornerLayout | None = None) -> None:
    """The four corner markers (ArUco 5×5_50, ids 0–3), one per quarter page, each with where
    it goes."""
    layout = layout or CornerLayout()
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle("Tabletop Companion corner markers")
    page_w, page_h = A4[0] / mm, A4[1] / mm
    for marker_id in CORNER_IDS:
        qx = (marker_id % 2) * page_w / 2
        qy = (marker_id // 2) * page_h / 2
        x = qx + (page_w / 2 - layout.size_mm) / 2
        y = qy + (page_h / 2 - layout.size_mm) / 2
        _draw_modules(pdf, corner_modules(marker_id), x, y, layout.size_mm)
        pdf.setFont("Helvetica", 9)
        pdf.drawCentredString(
            (qx + page_w / 4) * mm,
            (page_h - y - layout.size_mm - 8) * mm,
            f"{marker_id}: {CORNER_NAMES[marker_id]}, {layout.gap_mm:g} mm off the map corner",
        )
    pdf.save()
