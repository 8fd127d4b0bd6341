"""End to end, in Chromium: the Camera set-up page at a laptop's size in English and a phone's in
Japanese, live from a synthetic camera with a problem made on purpose (each named with its cells
and its fix; a good set-up all green with the carrier test passed), the lens calibrated from views
of the board; and, mid-game, the table screen's camera chip and the judge's notice when the
camera is bumped or glare moves over a carrier (the real camera loop in its own thread)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from playwright.sync_api import Browser, expect

from companion.camera.loop import CameraLoop
from companion.settings import Settings
from companion.table.table import Table
from tests.vision.test_setup_check import GRID, SCENE, VIEW
from tests.web_panel.browser import close_pages, new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN
from tests.web_panel.fake_camera import FakeCamera, SetupCamera
from vision.board_change import TagId
from vision.camera import ResilientCamera
from vision.carrier import DEFAULT_CARRIER
from vision.pipeline import PipelineConfig
from vision.registration import LabelRegistration
from vision.synth import Look, render, view_homography
from vision.tags import MarkerReader
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]


def glare_between_b3_and_c3() -> Look:
    ((x, y),) = cv2.perspectiveTransform(
        np.array([[[180.0, 225.0]]]), view_homography(SCENE, VIEW)
    )[0]
    return Look(glare_spot=(x / VIEW.width, y / VIEW.height, 30 * VIEW.px_per_mm / VIEW.width))


@pytest.fixture
def camera() -> SetupCamera:
    return SetupCamera()


@pytest.fixture
def setup_server(table: Table, settings: Settings, camera: SetupCamera) -> Iterator[PanelServer]:
    app = create_app(table, settings, secret_key="test-secret", camera=camera)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def test_the_set_up_page_on_a_laptop_in_english(
    browser: Browser, setup_server: PanelServer, camera: SetupCamera
) -> None:
    page = new_phone(browser, setup_server.url, laptop=True)
    page.locator("#judge-pin").fill(JUDGE_PIN)  # the judge: the lens calibration is theirs
    page.locator("#judge-login").click()
    expect(page.locator("#viewer")).to_have_text("Judge")
    page.goto(setup_server.url + "/camera-setup")
    verdict = page.locator("#setup-verdict")
    expect(verdict).to_have_text(
        "Ready: every cell reads well and a carrier was read in each corner."
    )
    expect(page.locator(".setup-carrier.read")).to_have_count(4)
    expect(page.locator('.setup-carrier[data-cell="a1"]')).to_contain_text("a1: read · ")
    expect(page.locator("#setup-frame")).not_to_have_js_property("naturalWidth", 0)
    expect(page.locator("#setup-figures")).to_have_text(
        "9 of 9 cells read well · carriers need 4.2 px a module"
    )
    screenshot(page, "camera-setup-good-en")
    camera.show(glare_between_b3_and_c3())
    expect(page.locator(".setup-problem")).to_have_text(
        ["Turn the lamp right of seat B away: it reflects on b3, c3."]
    )
    expect(verdict).to_have_text("Not ready yet: 1 thing to fix.")
    expect(page.locator(".setup-problem")).to_have_attribute("data-kind", "glare")
    screenshot(page, "camera-setup-glare-en")
    # the lens: views of the board held up to the camera, then computed
    camera.show_board(0)
    expect(verdict).to_contain_text("No corner marker in view")
    for seed in range(3):
        camera.show_board(seed)
        page.locator("#lens-add").click()
        expect(page.locator("#lens-views")).to_have_text(
            f"{seed + 1} good {'view' if seed == 0 else 'views'} of the board (at least 3 needed)"
        )
    page.locator("#lens-compute").click()
    expect(page.locator("#lens-done")).to_contain_text("Lens calibrated (reprojection error")
    expect(page.locator("#lens-preview")).not_to_have_js_property("naturalWidth", 0)
    screenshot(page, "camera-setup-lens-en")


def test_the_set_up_page_on_a_phone_in_japanese(
    browser: Browser, setup_server: PanelServer, camera: SetupCamera
) -> None:
    camera.show(Look(defocus_px=3.0))
    phone = new_phone(browser, setup_server.url, "ja-JP", at=setup_server.url + "/camera-setup")
    expect(phone.locator("h2").first).to_have_text("カメラの設置")
    expect(phone.locator("#setup-verdict")).to_have_text(
        "まだ準備できていません：直すところが1件あります。"
    )
    expect(phone.locator(".setup-problem")).to_have_count(1)
    expect(phone.locator(".setup-problem")).to_contain_text(
        "ピントを合わせ直してください：マップの線がぼやけています"
    )
    expect(phone.locator("#setup-frame")).not_to_have_js_property("naturalWidth", 0)
    screenshot(phone, "camera-setup-defocus-ja")
    # the lens calibration is the judge's: a phone that is not is told so, in Japanese
    camera.show_board(0)
    phone.locator("#lens-add").click()
    expect(phone.locator("#toast")).to_have_text("ジャッジだけができる操作です。")
    assert camera.lens_views() == 0
    camera.show(carriers=False)
    expect(phone.locator("#setup-verdict")).to_have_text(
        "すべてのマスが読み取れます。次は下のキャリアのテストです。"
    )
    expect(phone.locator(".setup-carrier.waiting")).to_have_count(4)
    screenshot(phone, "camera-setup-waiting-ja")


def test_a_picture_without_corner_markers_says_what_to_do(
    browser: Browser, table: Table, settings: Settings
) -> None:
    app = create_app(table, settings, secret_key="test-secret", camera=FakeCamera())
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        phone = new_phone(browser, running.url, "ja-JP", at=running.url + "/camera-setup")
        expect(phone.locator("#setup-verdict")).to_have_text(
            "四隅のマーカーが見えません：印刷した4つのマーカーをマップの角の横に置き、カメラを"
            "マップに向けてください。"
        )
        expect(phone.locator("#setup-verdict")).to_have_attribute("data-verdict", "error")
    finally:
        close_pages()  # before the server stops: the page's timers keep asking it
        running.stop()


class LiveCamera:
    """A camera over the table that keeps sending frames of its current ``phase`` (as set up,
    glare over a1's carrier, or bumped aside) until it is closed."""

    def __init__(self) -> None:
        ((x, y),) = cv2.perspectiveTransform(
            np.array([[[45.0, 45.0]]]), view_homography(SCENE, VIEW)
        )[0]
        glare = Look(glare_spot=(x / VIEW.width, y / VIEW.height, 0.1))
        bumped = replace(VIEW, offset_px=(30.0, 20.0), rotation_deg=2.5)
        self.frames = {
            "good": [render(SCENE, VIEW, seed=i) for i in range(3)],
            "glare": [render(SCENE, VIEW, glare, seed=i) for i in range(3)],
            "bumped": [render(SCENE, bumped, seed=i) for i in range(3)],
        }
        self.phase = "good"
        self.name = "live-synth"
        self._count = 0

    def open(self) -> None:
        pass

    def read(self) -> np.ndarray | None:
        time.sleep(0.02)
        self._count += 1
        frames = self.frames[self.phase]
        return frames[self._count % len(frames)]

    def close(self) -> None:
        pass


@pytest.fixture
def live_table(
    table: Table, settings: Settings, tmp_path: Path
) -> Iterator[tuple[PanelServer, LiveCamera]]:
    source = LiveCamera()
    tags = {n: TagId("db", "B1", n) for n in range(1, 5)}
    loop = CameraLoop(
        table,
        ResilientCamera(source),
        MarkerReader(LabelRegistration("aruco4x4", tags, key=0)),
        {tag: f"p{n}" for n, tag in tags.items()},
        GRID,
        calibration_path=tmp_path / "calibration.json",
        config=PipelineConfig(carrier=DEFAULT_CARRIER),
        sync=lambda *_: None,
    )
    stop = threading.Event()
    thread = threading.Thread(target=loop.run, args=(stop,), daemon=True)
    thread.start()
    app = create_app(table, settings, secret_key="test-secret", camera=loop)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running, source
    running.stop()
    stop.set()
    thread.join(10)


def test_mid_game_the_chip_and_the_judge_notice_follow_the_camera(
    browser: Browser, live_table: tuple[PanelServer, LiveCamera]
) -> None:
    server, source = live_table
    screen = new_phone(browser, server.url, laptop=True, at=server.url + "/table")
    chip = screen.locator("#camera-health")
    expect(chip).to_have_text("Camera: reading well", timeout=20_000)
    judge = new_phone(browser, server.url)
    judge.locator("#judge-pin").fill(JUDGE_PIN)
    judge.locator("#judge-login").click()
    expect(judge.locator("#viewer")).to_have_text("Judge")
    source.phase = "glare"  # a lamp turned: its reflection over a1's carrier
    expect(chip).to_have_text("Camera: reads falling off on a1", timeout=20_000)
    expect(chip).to_have_attribute("data-state", "degraded")
    notice = "The camera no longer reads a1 well (a lamp's glare, or was the camera bumped?)"
    expect(judge.locator("#notices")).to_contain_text(notice, timeout=10_000)
    expect(screen.locator("#notices")).to_contain_text(notice)
    screenshot(screen, "camera-chip-glare-table")
    source.phase = "bumped"  # someone knocks the camera's arm
    expect(chip).to_have_text("Camera: the map moved", timeout=30_000)
    expect(judge.locator("#notices")).to_contain_text(
        "The map moved since the camera was calibrated", timeout=10_000
    )
    screenshot(judge, "camera-notice-bumped-judge")
