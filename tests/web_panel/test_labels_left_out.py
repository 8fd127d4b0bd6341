"""A tournament table whose camera leaves out a seated player's labels (a kind it does not read:
QR stickers at a carriers table, or the reverse) says so on its panel, naming the player, as long
as the pairing lasts: in the view, and on the phones and the table screen at a phone's size and a
laptop's, in English and Japanese."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.camera.reading import TableReading
from companion.games.dreamblade.demo_game import demo_game
from companion.settings import CameraSettings, SeatSettings, Settings
from companion.table.seated_labels import clear_seated, save_seated
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.visible_text import assert_no_internal_ids
from vision.board_change import TagId
from vision.registration import LabelRegistration
from web_panel import create_app, serve
from web_panel.app import PanelServer

CARRIERS = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1)}, 3)
QR_STICKERS = LabelRegistration("qr", {0: TagId("db", "Z12", 1)}, 9)
SEATS = {
    "A": SeatSettings(name="Aiko Tanaka", colour="#0072B2"),
    "B": SeatSettings(name="Ben Sato", colour="#E69F00", names={"ja": "佐藤ベン"}),
}
TEXT = {
    "en-US": ("Ben Sato registered QR stickers, but this table reads carriers", "Ben Sato's"),
    "ja-JP": ("佐藤ベンさんが登録したのはQR シールですが", "キャリア"),
}


def carriers_table(folder: Path) -> tuple[Table, Settings, TableReading]:
    markers = folder / "carriers.markers.yaml"
    markers.write_text(LabelRegistration("aruco4x4", {0: TagId("db", "D1", 1)}, 5).to_yaml())
    settings = Settings(data_dir=folder, camera=CameraSettings(markers=markers), seats=SEATS)
    table = Table.start(Store(settings.store_path), demo_game())
    return table, settings, TableReading("zxing", markers, table.session)


def test_the_view_lists_the_left_out_labels_while_the_pairing_lasts(tmp_path: Path):
    table, settings, labels = carriers_table(tmp_path)
    app = create_app(table, settings, secret_key="k", testing=True, labels=labels)
    panel = app.extensions["panel"]
    try:
        client = app.test_client()
        assert client.get("/api/state").get_json()["labels_left_out"] == []
        save_seated(table.session, 7, {"A": CARRIERS, "B": QR_STICKERS})
        panel.feed.panel_changed()  # as the hub's link does once it kept the labels
        assert client.get("/api/state").get_json()["labels_left_out"] == [
            {"seat": "B", "reason": "family", "family": "qr", "reads": "aruco4x4"}
        ]
        clear_seated(table.session)  # the pairing is over
        panel.feed.panel_changed()
        assert client.get("/api/state").get_json()["labels_left_out"] == []
    finally:
        panel.close()


def test_without_a_camera_reading_labels_nothing_is_said(tmp_path: Path):
    table, settings, _labels = carriers_table(tmp_path)
    save_seated(table.session, 7, {"B": QR_STICKERS})
    app = create_app(table, settings, secret_key="k", testing=True)
    try:
        assert app.test_client().get("/api/state").get_json()["labels_left_out"] == []
    finally:
        app.extensions["panel"].close()


@pytest.fixture
def running(tmp_path: Path) -> Iterator[PanelServer]:
    table, settings, labels = carriers_table(tmp_path)
    save_seated(table.session, 7, {"A": CARRIERS, "B": QR_STICKERS})
    app = create_app(table, settings, secret_key="k", testing=True, labels=labels)
    server = serve(app, "127.0.0.1", 0).start_in_thread()
    yield server
    server.stop()
    app.extensions["panel"].close()


@pytest.mark.browser
@pytest.mark.parametrize("laptop", [False, True], ids=["phone", "laptop"])
@pytest.mark.parametrize("language", TEXT)
@pytest.mark.parametrize("path", ["/", "/table"])
def test_the_panel_names_the_player_whose_labels_the_camera_leaves_out(
    browser: Browser, running: PanelServer, tmp_path: Path, path: str, language: str, laptop: bool
):
    page = new_phone(browser, running.url, language, laptop=laptop)
    if path != "/":
        page.goto(running.url + path)
    notice = page.locator('#notices .notice[data-kind="labels_left_out"]')
    expect(notice).to_have_count(1)
    expect(notice).to_have_attribute("data-seat", "B")
    for words in TEXT[language]:
        expect(notice).to_contain_text(words)
    other = "Ben Sato" if language == "ja-JP" else "佐藤ベン"
    expect(notice).not_to_contain_text(other)  # the player as the page's language names them
    assert_no_internal_ids(page)
    size = "laptop" if laptop else "phone"
    screenshot(page, f"labels-left-out{path.replace('/', '-')}-{size}-{language}")
    # the next pairing's labels are all read: the notice goes
    save_seated(running.app.extensions["panel"].table.session, 8, {"A": CARRIERS, "B": CARRIERS})
    running.app.extensions["panel"].feed.panel_changed()
    expect(notice).to_have_count(0)
