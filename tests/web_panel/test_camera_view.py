"""The camera view: status, the overlaid frame, and the calibration by four tapped corners."""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import pytest
from flask import Flask

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone
from tests.web_panel.fake_camera import HEIGHT, MAP_CORNERS, WIDTH, FakeCamera
from vision.map_grid import FIVE_BY_FIVE_MAP
from web_panel import create_app
from web_panel.camera_view import GRID_COLOUR, TAG_COLOUR, overlay


@pytest.fixture
def camera() -> FakeCamera:
    return FakeCamera()


@pytest.fixture
def camera_app(table: Table, settings: Settings, camera: FakeCamera) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True, camera=camera)
    yield app
    app.extensions["panel"].close()


@pytest.fixture
def judge(camera_app: Flask) -> Phone:
    phone = Phone(camera_app.test_client())
    phone.post("/api/judge/login", {"pin": JUDGE_PIN})
    return phone


def test_without_a_camera_the_view_says_so(spectator: Phone):
    assert spectator.get("/api/camera").get_json() == {"available": False, "status": "none"}
    response = spectator.get("/api/camera/frame.jpg")
    assert response.status_code == 404
    assert response.get_json()["error"] == "no_camera"


def test_before_the_first_frame(table: Table, settings: Settings):
    app = create_app(table, settings, secret_key="s", camera=FakeCamera(has_frame=False))
    info = app.test_client().get("/api/camera").get_json()
    assert info == {"available": True, "status": "no_frame"}
    app.extensions["panel"].close()


def test_the_frame_is_served_as_jpeg_at_its_size(judge: Phone):
    info = judge.get("/api/camera").get_json()
    assert (info["width"], info["height"], info["calibrated"]) == (WIDTH, HEIGHT, False)
    response = judge.get("/api/camera/frame.jpg")
    assert response.mimetype == "image/jpeg"
    image = cv2.imdecode(np.frombuffer(response.data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (HEIGHT, WIDTH, 3)


def test_a_tapped_calibration_is_used_and_the_tags_are_drawn(judge: Phone, camera: FakeCamera):
    response = judge.post("/api/camera/calibrate", {"corners": [list(c) for c in MAP_CORNERS]})
    assert response.status_code == 200
    assert camera.calibration is not None
    info = judge.get("/api/camera").get_json()
    assert info["calibrated"] is True
    assert info["tags"] == [{"tag": "db:lockjaw#1", "cell": "c3", "confidence": 0.9}]
    snapshot = camera.snapshot()
    assert snapshot is not None
    drawn = overlay(snapshot)
    # the grid's corner lands where the corner was tapped; the tag's ring around c3's centre
    x, y = (round(v) for v in MAP_CORNERS[0])
    assert tuple(drawn[y - 1 : y + 2, x - 1 : x + 2].reshape(-1, 3).max(axis=0)) != (255, 255, 255)
    ((cx, cy),) = camera.calibration.to_image(np.array([FIVE_BY_FIVE_MAP.cell_centre_mm("c3")]))
    ring = drawn[round(cy), round(cx) - 9 : round(cx) - 6]
    assert any(tuple(pixel) == TAG_COLOUR for pixel in ring)
    assert (drawn != snapshot.frame).any()
    assert GRID_COLOUR in {tuple(p) for p in drawn.reshape(-1, 3)[::7]}


@pytest.mark.parametrize(
    ("corners", "status"),
    [
        ([[0, 0], [10, 0], [0, 10], [10, 10]], 422),  # crossed edges
        ([[0, 0], [10, 0]], 400),
        ([[0, 0], [10, 0], [10, 10], ["x", 0]], 400),
        ("corners", 400),
    ],
)
def test_a_bad_calibration_is_refused_and_the_old_one_kept(
    judge: Phone, camera: FakeCamera, corners, status: int
):
    response = judge.post("/api/camera/calibrate", {"corners": corners})
    assert response.status_code == status
    assert response.get_json()["error"] == "calibration"
    assert camera.calibration is None


def test_only_the_judge_calibrates_when_a_pin_is_set(camera_app: Flask, camera: FakeCamera):
    phone = Phone(camera_app.test_client())
    response = phone.post("/api/camera/calibrate", {"corners": [list(c) for c in MAP_CORNERS]})
    assert response.status_code == 403
    assert camera.calibration is None
