"""End to end: the judge opens the camera view on a phone and calibrates by tapping the map's four
corners in the picture; the grid and the tag read then appear over it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from companion.settings import Settings
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN
from tests.web_panel.fake_camera import HEIGHT, MAP_CORNERS, WIDTH, FakeCamera
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]


@pytest.fixture
def camera() -> FakeCamera:
    return FakeCamera()


@pytest.fixture
def camera_server(table: Table, settings: Settings, camera: FakeCamera) -> Iterator[PanelServer]:
    app = create_app(table, settings, secret_key="test-secret", camera=camera)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def test_calibrating_by_tapping_the_corners(
    browser: Browser, camera_server: PanelServer, camera: FakeCamera
):
    phone = new_phone(browser, camera_server.url)
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    expect(phone.locator("#viewer")).to_have_text("Judge")
    phone.locator("#camera-card summary").click()
    expect(phone.locator("#camera-status")).to_contain_text("Not calibrated")
    image = phone.locator("#camera-frame")
    expect(image).not_to_have_js_property("naturalWidth", 0)
    phone.locator("#camera-calibrate").click()
    box = image.bounding_box()
    assert box is not None
    for number, (x, y) in enumerate(MAP_CORNERS):
        expect(phone.locator("#camera-prompt")).to_have_text(
            phone.evaluate(f"Panel.t('camera.corner.{number}')")
        )
        image.click(position={"x": x * box["width"] / WIDTH, "y": y * box["height"] / HEIGHT})
    expect(phone.locator("#toast")).to_contain_text("Calibrated")
    assert camera.calibration is not None
    tapped = camera.calibration.to_image([[0, 0]])[0]
    assert abs(tapped[0] - MAP_CORNERS[0][0]) < 3 and abs(tapped[1] - MAP_CORNERS[0][1]) < 3
    expect(phone.locator("#camera-status")).to_contain_text("1 tag read")
    screenshot(phone, "camera-calibrated")
