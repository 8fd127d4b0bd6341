"""End to end: the judge registers seat A's warband by showing each miniature's tag to the camera
in turn, on a phone; a tag shown twice is added once, an unknown one is reported, and the game
starts with the camera knowing exactly the tags shown."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from companion.camera.tag_registry import table_registry
from companion.settings import CameraSettings, Settings
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN
from tests.web_panel.fake_camera import ShowingCamera
from tests.web_panel.map_values import type_map_values
from vision.board_change import TagId
from vision.payload import encode_payload
from vision.registration import LabelRegistration
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]

GLORIOUS = TagId("db", "sir-glorious", 3)
SCISSORS = TagId("db", "spellbound-scissors", 5)


@pytest.fixture
def camera() -> ShowingCamera:
    return ShowingCamera()


@pytest.fixture
def camera_server(table: Table, settings: Settings, camera: ShowingCamera) -> Iterator[PanelServer]:
    app = create_app(table, settings, secret_key="test-secret", camera=camera)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def test_scanning_tags_adds_each_miniature_once(
    browser: Browser, camera_server: PanelServer, camera: ShowingCamera, table: Table, settings
):
    phone = new_phone(browser, camera_server.url)
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    expect(phone.locator("#viewer")).to_have_text("Judge")
    phone.locator("#setup-link").click()
    phone.locator('.warband-pick[data-seat="A"]').select_option("build")
    builder = phone.locator('.builder[data-seat="A"]')
    chosen = builder.locator(".chosen li")

    builder.locator(".scan-toggle").click()
    expect(builder.locator(".scan-said")).to_have_text(phone.evaluate("Panel.t('setup.scanning')"))
    camera.show([encode_payload(GLORIOUS)])
    expect(chosen).to_have_count(1)
    expect(chosen.first).to_contain_text("Sir Glorious ×1")
    expect(builder.locator(".scan-said")).to_contain_text(
        "Added Sir Glorious (tag db:sir-glorious#3)"
    )
    # still shown, and shown again beside a new one and an unknown one: each added once
    camera.show([encode_payload(GLORIOUS), encode_payload(SCISSORS), "1DBno-such-mini:1"])
    expect(builder.locator(".chosen li.added")).to_contain_text("Spellbound Scissors ×1")
    expect(builder.locator(".scan-problem")).to_contain_text("db:no-such-mini#1")
    expect(chosen).to_have_count(2)
    expect(chosen.first).to_contain_text("Sir Glorious ×1")
    screenshot(phone, "setup-scan-tags")

    builder.locator(".scan-toggle").click()
    expect(builder.locator(".scan-problem")).to_have_count(0)
    phone.locator('.warband-pick[data-seat="B"]').select_option("builtin:sample-madness")
    type_map_values(phone)
    phone.locator("#setup-start").click()
    expect(phone).to_have_url(camera_server.url + "/")  # the judge's phone: its own page again
    assert table.read(lambda game: sorted(game.setup.pieces))[:2] == [
        "A:sir-glorious#1",
        "A:spellbound-scissors#1",
    ]
    registry = table_registry(table)
    assert registry is not None
    assert registry[GLORIOUS] == "A:sir-glorious#1"
    assert registry[SCISSORS] == "A:spellbound-scissors#1"


@pytest.fixture
def carrier_server(
    table: Table, settings: Settings, camera: ShowingCamera
) -> Iterator[PanelServer]:
    """A table reading carriers: its label registration (key 5) has Sir Glorious as serial 0 and
    Spellbound Scissors as serial 1."""
    path = settings.data_dir / "carriers.markers.yaml"
    path.write_text(LabelRegistration("aruco4x4", {0: GLORIOUS, 1: SCISSORS}, key=5).to_yaml())
    settings = settings.model_copy(update={"camera": CameraSettings(markers=path)})
    app = create_app(table, settings, secret_key="test-secret", camera=camera)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


def test_scanning_carriers_adds_miniatures_and_names_another_tables_carrier(
    browser: Browser, carrier_server: PanelServer, camera: ShowingCamera
):
    """A judge's phone in English and a judge's laptop in Japanese scan at once: the camera
    shows each set of carriers to both."""
    phones = {
        language: new_phone(browser, carrier_server.url, language, laptop=laptop)
        for language, laptop in (("en-US", False), ("ja-JP", True))
    }
    for phone in phones.values():
        phone.locator("#judge-pin").fill(JUDGE_PIN)
        phone.locator("#judge-login").click()
    for phone in phones.values():
        expect(phone.locator("#viewer")).to_have_text(phone.evaluate("Panel.t('viewer.judge')"))
        phone.locator("#setup-link").click()
    builders = {
        language: phone.locator('.builder[data-seat="A"]') for language, phone in phones.items()
    }
    for language, phone in phones.items():
        phone.locator('.warband-pick[data-seat="A"]').select_option("build")
        builders[language].locator(".scan-toggle").click()
    # Sir Glorious's carrier, with its figure on it, beside a carrier of the table with key 9
    # that has the same serial
    camera.show_carriers([5 * 50 + 0, 9 * 50 + 0])
    for language, phone in phones.items():
        builder = builders[language]
        expect(builder.locator(".chosen li")).to_have_count(1)
        name = phone.evaluate("Panel.t('setup.scan_other_table', {tag: 'T09-0'})")
        expect(builder.locator(".scan-problem")).to_have_text(name)
    camera.show_carriers([5 * 50 + 0, 5 * 50 + 1])
    for language, phone in phones.items():
        builder = builders[language]
        expect(builder.locator(".chosen li")).to_have_count(2)
        expect(builder.locator(".chosen li.added")).to_contain_text("Spellbound Scissors")
        expect(builder.locator(".scan-problem")).to_have_count(0)
        screenshot(phone, f"setup-scan-carriers-{language}")
        builder.locator(".scan-toggle").click()
