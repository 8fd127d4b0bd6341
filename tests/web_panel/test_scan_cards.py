"""A Dungeon Command warband or an Arena army registered by showing its tags to the camera: each
tag names its card in the table's catalog (typed in once before); the set-up form fills in."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect

from companion.settings import Settings
from companion.table.catalog import EnteredBy
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.conftest import JUDGE_PIN, Phone
from tests.web_panel.fake_camera import ShowingCamera
from vision.board_change import TagId
from vision.payload import encode_payload
from web_panel import create_app, serve
from web_panel.app import PanelServer

CUTTER, CUTTER_2 = TagId("dc", "goblin-cutter", 1), TagId("dc", "goblin-cutter-2", 1)
SOLDIERS = [TagId("ar", "storm-soldiers", n) for n in (1, 2, 3)]


@pytest.fixture
def camera() -> ShowingCamera:
    return ShowingCamera()


@pytest.fixture
def camera_app(table: Table, settings: Settings, camera: ShowingCamera) -> Iterator[Flask]:
    app = create_app(table, settings, secret_key="test-secret", testing=True, camera=camera)
    catalog = app.extensions["panel"].table_catalog
    typed = EnteredBy("p1", "Aiko")
    catalog.add("dungeon_command", "creature", {"name": "Goblin Cutter", "level": 1}, typed)
    card = {"name": "Storm Soldiers", "kind": "squad", "figures": 3, "life": 1, "power": 1,
            "toughness": 1, "cost": 60, "ppf": 20}  # fmt: skip
    catalog.add("arena", "army_card", card, typed)
    yield app
    app.extensions["panel"].close()


def test_each_tag_names_its_card_from_the_tables_catalog(camera_app: Flask, camera):
    judge = Phone(camera_app.test_client())
    assert judge.post("/api/judge/login", {"pin": JUDGE_PIN}).status_code == 200
    shown = [CUTTER, CUTTER_2, SOLDIERS[0]]
    camera.show([*(encode_payload(tag) for tag in shown), "1DCno-such-creature:1"])
    found = judge.get("/api/setup/scan?game=dungeon_command").get_json()
    assert [(t["tag"], t["name"]) for t in found["tags"]] == [
        ("dc:goblin-cutter#1", "Goblin Cutter"),
        ("dc:goblin-cutter-2#1", "Goblin Cutter"),  # a second copy's tag names the same card
    ]
    assert {(p["tag"], p["problem"]) for p in found["problems"]} == {
        ("ar:storm-soldiers#1", "wrong_game"),
        ("dc:no-such-creature#1", "unknown_card"),
    }
    arena = judge.get("/api/setup/scan?game=arena").get_json()
    assert [(t["id"], t["name"]) for t in arena["tags"]] == [("storm-soldiers", "Storm Soldiers")]


@pytest.fixture
def camera_server(camera_app: Flask) -> Iterator[PanelServer]:
    running = serve(camera_app, "127.0.0.1", 0).start_in_thread()
    yield running
    running.stop()


@pytest.mark.browser
def test_an_army_shown_to_the_camera_fills_the_form(
    browser: Browser, camera_server: PanelServer, camera: ShowingCamera
):
    phone = new_phone(browser, camera_server.url)
    phone.locator("#judge-pin").fill(JUDGE_PIN)
    phone.locator("#judge-login").click()
    expect(phone.locator("#viewer")).to_have_text("Judge")
    phone.goto(camera_server.url + "/setup")
    phone.locator("#setup-game").select_option("arena")
    army = phone.locator('fieldset.og-army[data-seat="p2"]')
    army.locator(".scan-toggle").click()
    camera.show([encode_payload(tag) for tag in SOLDIERS])  # the squad's three figures
    army = phone.locator('fieldset.og-army[data-seat="p2"]')
    expect(army.locator(".og-card-name").first).to_have_value("Storm Soldiers")
    expect(army.locator(".og-card-ppf").first).to_have_value("20")
    expect(army.locator(".og-card")).to_have_count(1)  # one card for its three tags
    phone.locator("#setup-game").select_option("dungeon_command")
    band = phone.locator('fieldset.og-band[data-seat="p1"]')
    band.locator(".scan-toggle").click()
    camera.show([encode_payload(CUTTER), encode_payload(CUTTER_2)])
    expect(band.locator(".og-creatures")).to_have_value("Goblin Cutter\nGoblin Cutter")
    screenshot(phone, "setup-scan-cards")
