"""The table catalog on the panel: download, upload (all or nothing, errors in the phone's
language) and its entries merged into the set-up's catalog."""

from __future__ import annotations

import pytest
from flask import Flask

from companion.table.catalog import EnteredBy
from tests.companion.entries import hound_entry
from tests.web_panel.conftest import Phone


def _exported(app: Flask) -> dict:
    catalog = app.extensions["panel"].table_catalog
    catalog.add("dreamblade", "miniature", hound_entry(), EnteredBy("A", "Aiko"))
    document = catalog.export("elsewhere")
    catalog.remove("dreamblade", "miniature", "glass-hound")
    return document


def test_the_catalog_downloads_as_one_json_file(app: Flask, spectator: Phone):
    app.extensions["panel"].table_catalog.add(
        "dreamblade", "miniature", hound_entry(), EnteredBy("B", "Ben")
    )
    response = spectator.get("/api/catalog/export")
    assert response.status_code == 200
    assert "attachment" in response.headers["Content-Disposition"]
    document = response.get_json()
    assert [e["id"] for e in document["entries"]] == ["glass-hound"]
    entries = spectator.get("/api/catalog/entries?game=dreamblade").get_json()["entries"]
    assert entries[0]["entered_by"] == {"seat": "B", "name": "Ben"}
    assert spectator.get("/api/catalog/entries?game=arena").get_json()["entries"] == []


def test_an_upload_merges_and_its_miniatures_reach_the_setup_catalog(app: Flask, judge: Phone):
    document = _exported(app)
    assert judge.get("/api/setup/catalog?q=hound").get_json()["results"] == []
    response = judge.post("/api/catalog/import", document)
    assert response.status_code == 200, response.get_json()
    assert response.get_json() == {"added": 1, "replaced": 0, "unchanged": 0}
    [found] = judge.get("/api/setup/catalog?q=hound").get_json()["results"]
    assert (found["id"], found["cost"]) == ("glass-hound", 3)


def test_only_who_may_set_up_uploads(app: Flask, spectator: Phone):
    response = spectator.post("/api/catalog/import", _exported(app))
    assert response.status_code == 403
    assert app.extensions["panel"].table_catalog.entries() == []


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "Power: a whole number from 0 to 40."),
        ("ja", "パワー:0から40までの整数にしてください。"),
    ],
)
def test_a_bad_upload_says_why_in_the_phones_language_and_changes_nothing(
    app: Flask, judge: Phone, language: str, says: str
):
    document = _exported(app)
    document["entries"][0]["data"]["power"] = 99
    judge.client.set_cookie("lang", language)
    response = judge.post("/api/catalog/import", document)
    assert response.status_code == 400
    error = response.get_json()
    assert error["error"] == "catalog_entry"
    assert error["detail"] == says
    assert error["field"] == "entries[0].data.miniature.power"
    assert app.extensions["panel"].table_catalog.entries() == []
