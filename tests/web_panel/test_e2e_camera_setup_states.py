"""End to end, in Chromium (issue 36): the Camera set-up page where a newcomer meets it — a table
with no camera (the table screen's link to the page, which says the table plays without one and
how to add one), a camera that stopped sending pictures (its last one is never "Ready"), and a
table that reads QR stickers like the demo's camera (the page says it judges carriers); at a
laptop's 1280×800 and a phone's 390×844, in English and Japanese."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.camera.loop import STALE_SECONDS, CameraLoop
from companion.settings import Settings
from companion.table.table import Table
from tests.vision.test_setup_check import GRID, SCENE, VIEW
from tests.web_panel.browser import LOCALES, every_screen, new_phone, screenshot
from vision.board_change import TagId
from vision.camera import ResilientCamera, SynthSource
from vision.carrier import DEFAULT_CARRIER
from vision.pipeline import PipelineConfig
from vision.registration import LabelRegistration
from vision.synth import render
from vision.tags import MarkerReader, TagReader, make_reader
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]

SIZES = [("en-US", True), ("en-US", False), ("ja-JP", True), ("ja-JP", False)]
SAID = {
    "en-US": {
        "link": "Camera set-up",
        "chip": "No camera: the phones keep the board",
        "none": "This table has no camera. It plays without one: the players' phones and the "
        "judge keep the board.",
        "how": "To add one: connect a Raspberry Pi camera module",
        "ready": "Ready: every cell reads well and a carrier was read in each corner.",
        "stale": "The camera's latest picture is {seconds} s old: it has stopped sending "
        "pictures. Check that it is connected and on.",
        "judges": "This check judges carriers, the labels companion labels tags prints. This "
        "table reads QR stickers: the verdict below is for carriers, not for its stickers.",
        "for": "For carriers: ",
    },
    "ja-JP": {
        "link": "カメラの設置",
        "chip": "カメラなし：スマートフォンで盤面を管理します",
        "none": "このテーブルにはカメラがありません。カメラがなくても遊べます：プレイヤーの"
        "スマートフォンとジャッジが盤面を管理します。",
        "how": "カメラを付けるには：Raspberry Pi のカメラモジュール",
        "ready": "準備完了：すべてのマスが読み取れ、四隅のキャリアも読み取れました。",
        "stale": "カメラの最新の映像は{seconds}秒前のものです：映像が届かなくなっています。"
        "カメラがつながっていて電源が入っているか確かめてください。",
        "judges": "この確認は、companion labels tags で印刷するキャリアを基準に判定します。"
        "このテーブルはQRステッカーを読むので、下の判定はキャリアについてのもので、"
        "ステッカーについてではありません。",
        "for": "キャリアの場合：",
    },
}


def _size(laptop: bool) -> str:
    return "laptop" if laptop else "phone"


def _locale(screen: str) -> str:
    """The locale of an ``every_screen`` page's name."""
    return LOCALES[screen.split("-")[0]]


@pytest.mark.parametrize(("language", "laptop"), SIZES)
def test_without_a_camera_the_table_screen_links_the_page_which_says_how_to_add_one(
    browser: Browser, server: PanelServer, language: str, laptop: bool
) -> None:
    said = SAID[language]
    screen = new_phone(
        browser, server.url, language, laptop=laptop, at=server.url + "/table"
    )  # the table's own screen (this machine)
    chip = screen.locator("#camera-health")
    expect(chip).to_have_text(said["chip"])
    expect(chip).to_have_attribute("data-state", "none")
    link = screen.locator("#camera-health-row a")
    expect(link).to_have_text(said["link"])
    expect(link).to_be_in_viewport()  # seen without scrolling
    screenshot(screen, f"camera-none-table-{language[:2]}-{_size(laptop)}")
    link.click()
    expect(screen).to_have_url(server.url + "/camera-setup")
    verdict = screen.locator("#setup-verdict")
    expect(verdict).to_have_text(said["none"])
    expect(verdict).to_have_attribute("data-verdict", "none")
    expect(screen.locator("#setup-none-how")).to_contain_text(said["how"])
    expect(screen.locator("#setup-none-how")).to_contain_text("companion camera check")
    for gone in ("#setup-intro", "#carriers-card", "#lens-card", "#setup-legend", "#setup-frame"):
        expect(screen.locator(gone)).to_be_hidden()  # nothing to test or calibrate
    screenshot(screen, f"camera-none-setup-{language[:2]}-{_size(laptop)}")


class Clock:
    """The camera loop's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _loop(table: Table, tmp_path: Path, reader: TagReader, clock: Clock) -> CameraLoop:
    """The table's camera loop over a good set-up (synthetic frames of a map with carriers in
    its corners), fed by the test one frame at a time."""
    tags = {n: TagId("db", "B1", n) for n in range(1, 5)}
    frames = [render(SCENE, VIEW, seed=i) for i in range(3)]
    loop = CameraLoop(
        table,
        ResilientCamera(SynthSource(frames)),
        reader,
        {tag: f"p{n}" for n, tag in tags.items()},
        GRID,
        calibration_path=tmp_path / "calibration.json",
        config=PipelineConfig(carrier=DEFAULT_CARRIER),
        sync=lambda *_: None,
        clock=clock,
    )
    for _ in frames:
        loop.step()
    return loop


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def carriers_camera(
    table: Table, settings: Settings, tmp_path: Path, clock: Clock
) -> Iterator[PanelServer]:
    tags = {n: TagId("db", "B1", n) for n in range(1, 5)}
    reader = MarkerReader(LabelRegistration("aruco4x4", tags, key=0))
    app = create_app(
        table, settings, secret_key="test-secret", camera=_loop(table, tmp_path, reader, clock)
    )
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def test_a_picture_older_than_a_few_seconds_is_never_ready(
    browser: Browser, carriers_camera: PanelServer, clock: Clock
) -> None:
    url = carriers_camera.url
    screens = every_screen(browser, url, at=url + "/camera-setup")
    for screen, page in screens.items():
        expect(page.locator("#setup-verdict")).to_have_text(SAID[_locale(screen)]["ready"])
    clock.now += STALE_SECONDS + 7  # the camera sent nothing since: the same picture, 12 s on
    for screen, page in screens.items():
        verdict = page.locator("#setup-verdict")
        expect(verdict).to_have_text(SAID[_locale(screen)]["stale"].format(seconds=12))
        expect(verdict).to_have_attribute("data-verdict", "error")
        screenshot(page, f"camera-stale-{screen}")


@pytest.fixture
def qr_camera(
    table: Table, settings: Settings, tmp_path: Path, clock: Clock
) -> Iterator[PanelServer]:
    loop = _loop(table, tmp_path, make_reader("zxing"), clock)  # as the demo's camera reads
    app = create_app(table, settings, secret_key="test-secret", camera=loop)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def test_a_table_reading_qr_stickers_is_told_the_check_judges_carriers(
    browser: Browser, qr_camera: PanelServer
) -> None:
    for screen, page in every_screen(
        browser, qr_camera.url, at=qr_camera.url + "/camera-setup"
    ).items():
        said = SAID[_locale(screen)]
        expect(page.locator("#setup-judges")).to_have_text(said["judges"])
        expect(page.locator("#setup-verdict")).to_contain_text(said["for"])
        assert page.locator("#setup-verdict").inner_text().startswith(said["for"])
        screenshot(page, f"camera-judges-qr-{screen}")
