"""The Camera set-up page's API: the check of the latest frame (or why there is none, as a message
key for the phone's language), the frame tinted cell by cell, the camera's health, and the lens
calibration from views of the board (the judge's)."""

from __future__ import annotations

from collections.abc import Iterator

import cv2
import numpy as np
import pytest
from flask import Flask

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.conftest import JUDGE_PIN, Phone
from tests.web_panel.fake_camera import FakeCamera, SetupCamera
from vision.synth import Look
from web_panel import create_app
from web_panel.camera_setup import LIMIT_COLOURS


@pytest.fixture(scope="module")
def camera() -> SetupCamera:
    return SetupCamera()


@pytest.fixture
def setup_app(table: Table, settings: Settings, camera: SetupCamera) -> Iterator[Flask]:
    camera.show()
    app = create_app(table, settings, secret_key="test-secret", testing=True, camera=camera)
    yield app
    app.extensions["panel"].close()


@pytest.fixture
def judge(setup_app: Flask) -> Phone:
    phone = Phone(setup_app.test_client())
    phone.post("/api/judge/login", {"pin": JUDGE_PIN})
    return phone


def test_without_a_camera_the_page_says_so(spectator: Phone) -> None:
    assert spectator.get("/api/camera/setup").get_json() == {"available": False}
    assert spectator.get("/api/camera/health").get_json() == {"available": False}
    page = spectator.get("/camera-setup")
    assert page.status_code == 200 and "camera_setup.js" in page.get_data(as_text=True)


def test_a_good_set_up_is_all_green(judge: Phone, camera: SetupCamera) -> None:
    data = judge.get("/api/camera/setup").get_json()
    report = data["report"]
    assert report["verdict"] == "go" and report["problems"] == []
    assert all(cell["limits"] == [] for cell in report["cells"])
    assert [c["read"] for c in report["carriers"]] == [True] * 4
    picture = judge.get("/api/camera/setup.jpg")
    image = cv2.imdecode(np.frombuffer(picture.data, np.uint8), cv2.IMREAD_COLOR)
    assert camera.frame is not None and image.shape == camera.frame.shape
    # the middle cell is tinted green: more green than the frame had there
    x, y = (
        int(v) for v in camera.setup_check().calibration.to_image(np.array([[135.0, 100.0]]))[0]
    )
    before, after = camera.frame[y - 5 : y + 5, x - 5 : x + 5], image[y - 5 : y + 5, x - 5 : x + 5]
    green = LIMIT_COLOURS["ok"][1]
    assert abs(after[..., 1].mean() - green) < abs(before[..., 1].mean() - green)


def test_glare_is_named_with_its_cells_and_the_lamp(judge: Phone, camera: SetupCamera) -> None:
    camera.show(Look(glare_spot=(0.62, 0.3, 0.08)))
    report = judge.get("/api/camera/setup").get_json()["report"]
    assert report["verdict"] == "no_go"
    (problem,) = report["problems"]
    assert problem["kind"] == "glare" and problem["key"] == "glare" and problem["side"]
    assert problem["cells"] and all(
        "glare" in c["limits"] for c in report["cells"] if c["cell"] in problem["cells"]
    )


def test_a_frame_without_corner_markers_says_why(table: Table, settings: Settings) -> None:
    app = create_app(table, settings, secret_key="s", testing=True, camera=FakeCamera())
    data = app.test_client().get("/api/camera/setup").get_json()
    assert data == {"available": True, "error": {"code": "no_markers"}, "lens_views": 0}
    assert app.test_client().get("/api/camera/setup.jpg").mimetype == "image/jpeg"
    app.extensions["panel"].close()


def test_health_while_playing(judge: Phone) -> None:
    assert judge.get("/api/camera/health").get_json() == {
        "available": True, "state": "reading", "cells": [], "moved": False,
    }  # fmt: skip


def test_the_lens_is_calibrated_from_views_of_the_board(
    judge: Phone, spectator: Phone, camera: SetupCamera
) -> None:
    assert judge.get("/api/camera/lens.jpg").status_code == 404  # no lens yet
    refused = judge.post("/api/camera/lens/view")  # the map, not the board
    assert refused.status_code == 422 and refused.get_json()["error"] == "lens_view"
    too_few = judge.post("/api/camera/lens")
    assert too_few.status_code == 422 and too_few.get_json()["error"] == "lens_views"
    for seed in range(4):
        camera.show_board(seed)
        assert judge.post("/api/camera/lens/view").get_json() == {"views": seed + 1}
        # the board held up is no map to check: the page's report says why, and how many views
        # it has so far (it said none, under the judge's eyes, between two views)
        report = judge.get("/api/camera/setup").get_json()
        assert report["error"]["code"] == "no_markers" and report["lens_views"] == seed + 1
    lens = judge.post("/api/camera/lens").get_json()
    assert lens["rms_px"] < 1.0 and lens["k1"] < -0.1  # the wide lens's barrel was found
    preview = judge.get("/api/camera/lens.jpg")
    image = cv2.imdecode(np.frombuffer(preview.data, np.uint8), cv2.IMREAD_COLOR)
    assert image.shape == (1700, 3600, 3)  # before and after, side by side


def test_only_the_judge_changes_the_lens(setup_app: Flask, settings: Settings) -> None:
    phone = Phone(setup_app.test_client())
    phone.client.environ_base["REMOTE_ADDR"] = "192.0.2.7"  # a phone on the table's network
    assert phone.post("/api/camera/lens/view").status_code == 403
    assert phone.post("/api/camera/lens").status_code == 403
