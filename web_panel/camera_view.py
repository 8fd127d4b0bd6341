"""The camera view: the latest frame with what the camera read drawn over it (the map's grid and
each tag where it was seen), and the manual four-corner calibration by tapping the image.

The panel talks to the camera through ``companion.camera.snapshot.CameraView``: the table's
camera loop (or a simulated one) gives the latest frame, the placements read from it and the
calibration in use, and accepts a calibration from four tapped corners. Without a camera the view
says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask import Blueprint, Response, jsonify, request
from flask.typing import ResponseReturnValue

from companion.camera.snapshot import CameraSnapshot, CameraView
from web_panel.api import Refused, body
from web_panel.panel import current_panel
from web_panel.seats import LOOPBACK_ADDRESSES

if TYPE_CHECKING:  # OpenCV and the vision package load only once a camera picture is asked for
    import numpy as np

    from vision.calibration import Calibration

camera_api = Blueprint("camera", __name__, url_prefix="/api/camera")

JPEG_QUALITY = 80
GRID_COLOUR = (0, 200, 255)  # BGR
TAG_COLOUR = (60, 220, 60)


def overlay(snapshot: CameraSnapshot) -> np.ndarray:
    """The frame with the calibrated grid and the tags read drawn over it."""
    import cv2
    import numpy as np

    frame = snapshot.frame
    image = cv2.cvtColor(frame, cv2.COLOR_GRAY2BGR) if frame.ndim == 2 else frame.copy()
    calibration = snapshot.calibration
    if calibration is None:
        return image
    grid = snapshot.grid
    for cell in grid.cells:  # squares or hexes
        corners = grid.cell_outline_mm(cell)
        for start, end in zip(corners, corners[1:] + corners[:1], strict=True):
            _line(image, calibration, start, end)
    for placement in snapshot.placements:
        ((x, y),) = calibration.to_image(np.array([[placement.x_mm, placement.y_mm]]))
        centre = (round(x), round(y))
        cv2.circle(image, centre, 8, TAG_COLOUR, 2)
        label = f"{placement.tag.catalog_id}#{placement.tag.serial} {placement.cell}"
        cv2.putText(
            image, label, (centre[0] + 10, centre[1] - 10), cv2.FONT_HERSHEY_SIMPLEX, 0.5,
            TAG_COLOUR, 1, cv2.LINE_AA,
        )  # fmt: skip
    return image


def _line(
    image: np.ndarray,
    calibration: Calibration,
    start: tuple[float, float],
    end: tuple[float, float],
) -> None:
    import cv2
    import numpy as np

    (x0, y0), (x1, y1) = calibration.to_image(np.array([start, end]))
    cv2.line(image, (round(x0), round(y0)), (round(x1), round(y1)), GRID_COLOUR, 2, cv2.LINE_AA)


def _camera() -> CameraView:
    camera = current_panel().camera
    if camera is None:
        raise Refused(404, "no_camera")
    return camera


@camera_api.get("")
def status() -> ResponseReturnValue:
    camera = current_panel().camera
    snapshot = camera.snapshot() if camera is not None else None
    if snapshot is None:
        return jsonify(available=camera is not None, status="no_frame" if camera else "none")
    height, width = snapshot.frame.shape[:2]
    return jsonify(
        available=True,
        status=snapshot.status,
        width=width,
        height=height,
        calibrated=snapshot.calibration is not None,
        tags=[
            {"tag": str(p.tag), "cell": p.cell, "confidence": p.confidence}
            for p in snapshot.placements
        ],
    )


@camera_api.get("/frame.jpg")
def frame() -> ResponseReturnValue:
    import cv2

    snapshot = _camera().snapshot()
    if snapshot is None:
        raise Refused(404, "no_camera")
    ok, jpeg = cv2.imencode(".jpg", overlay(snapshot), [cv2.IMWRITE_JPEG_QUALITY, JPEG_QUALITY])
    if not ok:
        raise Refused(500, "no_camera", "the frame could not be encoded")
    return Response(jpeg.tobytes(), mimetype="image/jpeg", headers={"Cache-Control": "no-store"})


@camera_api.post("/calibrate")
def calibrate() -> ResponseReturnValue:
    panel = current_panel()
    viewer = panel.viewer()
    table_side = viewer.seat is not None or request.remote_addr in LOOPBACK_ADDRESSES
    if not (viewer.judge or (table_side and not panel.judge.enabled)):
        raise Refused(403, "judge_only")
    corners = body().get("corners")
    if (
        not isinstance(corners, list)
        or len(corners) != 4
        or not all(
            isinstance(c, list)
            and len(c) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in c)
            for c in corners
        )
    ):
        raise Refused(400, "calibration", "'corners' must be four [x, y] points")
    from vision.calibration import CalibrationError

    try:
        _camera().calibrate([(float(x), float(y)) for x, y in corners])
    except CalibrationError as exc:
        raise Refused(422, "calibration", str(exc)) from None
    return jsonify(calibrated=True)
