"""End to end, on a phone in Japanese: a player types in a miniature missing from the catalog from
what is printed on its base (a stat out of range is refused first, nothing saved), builds a warband
with it, starts the game and spawns it; the table's catalog is downloaded and uploaded to a table
with a fresh data dir, whose builder then finds the miniature as entered at the first table."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from companion.settings import Settings
from companion.table.store import Store
from companion.table.table import Table
from tests.web_panel.browser import new_phone, screenshot
from tests.web_panel.conftest import join_url
from tests.web_panel.map_values import type_map_values
from tests.web_panel.visible_text import assert_no_internal_ids
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]


def _open_table(data_dir: Path) -> tuple[Flask, PanelServer]:
    """A table with no judge PIN (its seated players set up games) serving its panel."""
    settings = Settings.model_validate({"data_dir": str(data_dir), "game": "test-counter"})
    table = Table.new_game(Store(settings.store_path), "test-counter", {"version": 1, "start": 0})
    app = create_app(table, settings, secret_key="test-secret", testing=True)
    return app, serve(app, "127.0.0.1", 0).start_in_thread()


@pytest.fixture
def two_tables(
    counter_game_registered: None, tmp_path: Path
) -> Iterator[list[tuple[Flask, PanelServer]]]:
    """The shop's table, and another with a fresh data dir."""
    tables = [_open_table(tmp_path / name) for name in ("shop", "home")]
    yield tables
    for _, server in tables:
        server.stop()


def _phone(browser: Browser, app: Flask, server: PanelServer) -> Page:
    phone = new_phone(
        browser,
        server.url,
        language="ja-JP",
        at=server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1],
    )
    expect(phone.locator("#viewer")).to_contain_text("A")
    return phone


def _type_in_the_hound(phone: Page, power: str) -> None:
    form = phone.locator(".mini-form")
    form.locator(".mf-name").fill("Glass Hound")
    form.locator(".mf-spawn_cost").fill("3")
    form.locator('.mf-aspect[data-aspect="F"]').fill("1")
    form.locator(".mf-power").fill(power)
    form.locator(".mf-defense").fill("3")
    form.locator(".mf-life").fill("5")
    form.locator(".mf-lineage").select_option("none")
    if form.locator(".mf-ability").count() == 0:
        form.locator(".mf-add-ability").click()
        form.locator(".mf-keyword").select_option("Crit")
        form.locator(".mf-activation").select_option("blade")
        form.locator(".mf-value").fill("2")
    form.locator(".mf-save").click()


def test_a_miniature_typed_in_on_a_phone_is_played_and_shared_with_another_table(
    browser: Browser, two_tables, tmp_path: Path
):
    (app, server), (fresh_app, fresh_server) = two_tables
    phone = _phone(browser, app, server)
    phone.goto(server.url + "/setup")
    phone.locator('.warband-pick[data-seat="A"]').select_option("build")
    builder = phone.locator('.builder[data-seat="A"]')
    builder.locator(".add-miniature").click()

    # a stat out of range: refused in Japanese, nothing saved
    _type_in_the_hound(phone, power="99")
    expect(phone.locator("#toast")).to_contain_text("パワー:0から40までの整数にしてください。")
    assert app.extensions["panel"].table_catalog.entries() == []
    screenshot(phone, "miniature-form-refused-ja")
    assert_no_internal_ids(phone)

    _type_in_the_hound(phone, power="2")
    expect(phone.locator("#toast")).to_contain_text(
        "「Glass Hound」をテーブルのカタログに保存しました。"
    )
    [entry] = app.extensions["panel"].table_catalog.entries("dreamblade", "miniature")
    assert (entry.id, entry.entered_by.seat, entry.data["abilities"]) == (
        "glass-hound", "A", ["blade: Crit 2"],
    )  # fmt: skip
    result = builder.locator('.result[data-id="glass-hound"]')
    expect(result).to_contain_text("このテーブルで入力")
    result.click()
    result.click()
    expect(builder.locator(".chosen li")).to_have_count(1)
    phone.locator('.warband-pick[data-seat="B"]').select_option("builtin:sample-valor")
    type_map_values(phone)
    phone.locator("#setup-start").click()
    expect(phone).to_have_url(server.url + "/")  # the judge's phone: its own page again

    # play it: rejoin seat A of the new game, roll initiative, spawn a hound at the portal
    table = app.extensions["panel"].table
    assert table.read(lambda game: game.reserve("A")) == ["A:glass-hound#1", "A:glass-hound#2"]
    phone.goto(server.url + "/join/" + join_url(app, "A").rsplit("/join/", 1)[1])
    phone.locator('.db-die-row[data-seat="A"] [data-die="6"]').click()
    phone.locator('.db-die-row[data-seat="B"] [data-die="2"]').click()
    phone.locator("#init-send").click()
    phone.locator('#pending [data-mini="A:glass-hound#1"]').click()
    phone.locator('.db-cell.target[data-cell="a1"]').click()
    expect(phone.locator('.db-cell[data-cell="a1"]')).to_contain_text("Glass Hound")
    assert table.read(lambda game: game.board().get("a1")) is not None
    screenshot(phone, "miniature-form-spawned-ja")
    assert_no_internal_ids(phone)

    # share it: download the table's catalog, upload it to a table with a fresh data dir
    phone.goto(server.url + "/setup")
    with phone.expect_download() as download:
        phone.locator(".catalog-download").click()
    shared = tmp_path / "shared.json"
    download.value.save_as(shared)
    assert [e["id"] for e in json.loads(shared.read_text())["entries"]] == ["glass-hound"]

    other = _phone(browser, fresh_app, fresh_server)
    other.goto(fresh_server.url + "/setup")
    expect(other.locator(".catalog-count")).to_contain_text("0件")
    other.locator(".catalog-upload").set_input_files(shared)
    expect(other.locator("#toast")).to_contain_text("新規 1件")
    expect(other.locator(".catalog-count")).to_contain_text("1件")
    [imported] = fresh_app.extensions["panel"].table_catalog.entries()
    assert (imported.id, imported.entered_by.seat) == ("glass-hound", "A")
    other.locator('.warband-pick[data-seat="A"]').select_option("build")
    other_builder = other.locator('.builder[data-seat="A"]')
    other_builder.locator(".catalog-search").fill("glass")
    expect(other_builder.locator('.result[data-id="glass-hound"]')).to_be_visible()
