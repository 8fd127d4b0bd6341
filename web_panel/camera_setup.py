"""The Camera set-up page (the table's own screen, the judge's phone): the live frame with the map
drawn over it and each cell coloured by what limits it there, the problems with their fixes, the
carrier test in the corner cells and the lens calibration from views of the ChArUco board; and the
camera's health for the table screen's chip.

The camera does the work (``CameraView.setup_check``: ``vision/setup_check.py`` on its latest
frame); this page only shows it. The report's problems carry a message key and its fields, so the
page words them in the phone's language (``setup.fix.*``, ``setup.error.*``). Anyone at the table
may look; the lens calibration changes the table, so it is the judge's (or the table side's when no
judge PIN is set), as the tapped calibration is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Blueprint, Response, jsonify, render_template, request
from flask.typing import ResponseReturnValue

from companion.camera.snapshot import CameraView
from web_panel.api import Refused
from web_panel.camera_view import JPEG_QUALITY
from web_panel.pages import _page_context
from web_panel.panel import current_panel
from web_panel.seats import LOOPBACK_ADDRESSES

if TYPE_CHECKING:  # OpenCV and the vision package load only once a camera picture is asked for
    import numpy as np

    from vision.map_grid import CellGrid
    from vision.setup_check import SetupReport

camera_setup = Blueprint("camera_setup", __name__)

# BGR tint of a cell by what limits it there (the page's legend uses the same colours)
LIMIT_COLOURS = {
    "ok": (80, 200, 60),
    "scale": (60, 60, 230),
    "glare": (40, 200, 250),
    "focus": (220, 80, 200),
    "light": (200, 120, 40),
}
TINT = {"ok": 0.25, "problem": 0.5}  # a problem cell stands out over the map's own colours


def _camera() -> CameraView:
    camera = current_panel().camera
    if camera is None:
        raise Refused(404, "no_camera")
    return camera


def _may_change_the_camera() -> None:
    panel = current_panel()
    viewer = panel.viewer()
    table_side = viewer.seat is not None or request.remote_addr in LOOPBACK_ADDRESSES
    if not (viewer.judge or (table_side and not panel.judge.enabled)):
        raise Refused(403, "judge_only")


def coloured(frame: np.ndarray, report: SetupReport, grid: CellGrid) -> np.ndarray:
    """The frame with each cell tinted by what limits it (green: reads well) and outlined (its
    sides followed through the lens, so a bent lens shows)."""
    import cv2
    import numpy as np

    image = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR) if frame.ndim == 2 else frame.copy()
    tint = image.copy()
    alpha = np.zeros(image.shape[:2], np.float32)
    outlines = []
    for cell in report.cells:
        corners = list(grid.cell_outline_mm(cell.cell))
        sides = zip(corners, corners[1:] + corners[:1], strict=True)
        outline = [
            (x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8)
            for (x0, y0), (x1, y1) in sides
            for k in range(8)
        ]
        points = np.round(report.calibration.to_image(np.array(outline))).astype(np.int32)
        cv2.fillPoly(tint, [points], LIMIT_COLOURS[cell.limits[0] if cell.limits else "ok"])
        cv2.fillPoly(alpha, [points], TINT["problem" if cell.limits else "ok"])
        outlines.append(points)
    share = alpha[..., None]
    image = (image * (1 - share) + tint * share).astype(np.uint8)
    thickness = max(2, round(image.shape[1] / 600))
    cv2.polylines(image, outlines, True, (255, 255, 255), thickness, cv2.LINE_AA)
    return image


def _jpeg(image: np.ndarray) -> Response:
    import cv2

    ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise Refused(500, "no_camera", "the picture could not be encoded")
    return Response(jpeg.tobytes(), mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@camera_setup.get("/camera-setup")
def page() -> ResponseReturnValue:
    return render_template("camera_setup.html", **_page_context(current_panel(), "camera_setup"))


@camera_setup.get("/api/camera/setup")
def report() -> ResponseReturnValue:
    """The set-up check of the latest frame, or why it cannot be made (``error``: a message key
    under ``setup.error.`` and its fields)."""
    from vision.setup_check import SetupError

    camera = current_panel().camera
    if camera is None:
        return jsonify(available=False)
    views = camera.lens_views()  # counted while the board is held up, which is no map to check
    try:
        checked = camera.setup_check()
    except SetupError as error:
        return jsonify(available=True, error={"code": error.code, **error.params}, lens_views=views)
    return jsonify(available=True, report=checked.to_json(), lens_views=views)


@camera_setup.get("/api/camera/setup.jpg")
def picture() -> ResponseReturnValue:
    from vision.setup_check import SetupError

    camera = _camera()
    snapshot = camera.snapshot()
    if snapshot is None:
        raise Refused(404, "no_camera")
    try:
        checked = camera.setup_check()
    except SetupError:
        return _jpeg(snapshot.frame)  # the frame as it is: the page says why it is not checked
    return _jpeg(coloured(snapshot.frame, checked, snapshot.grid))


@camera_setup.get("/api/camera/health")
def health() -> ResponseReturnValue:
    camera = current_panel().camera
    if camera is None:
        return jsonify(available=False)
    return jsonify(available=True, **camera.health().to_json())


@camera_setup.post("/api/camera/lens/view")
def lens_view() -> ResponseReturnValue:
    from vision.lens import LensError

    _may_change_the_camera()
    camera = _camera()
    try:
        views = camera.add_lens_view()
    except LensError:
        raise Refused(422, "lens_view") from None
    return jsonify(views=views)


@camera_setup.post("/api/camera/lens")
def lens() -> ResponseReturnValue:
    from vision.lens import MIN_PHOTOS, LensError

    _may_change_the_camera()
    camera = _camera()
    views = camera.lens_views()
    try:
        calibrated = camera.calibrate_lens()
    except LensError:
        raise Refused(422, "lens_views", params={"views": views, "needed": MIN_PHOTOS}) from None
    return jsonify(
        rms_px=round(calibrated.rms_px, 2), k1=round(float(calibrated.dist_coeffs[0]), 3)
    )


@camera_setup.get("/api/camera/lens.jpg")
def lens_picture() -> ResponseReturnValue:
    preview = _camera().lens_preview()
    if preview is None:
        raise Refused(404, "no_lens")
    return _jpeg(preview)
