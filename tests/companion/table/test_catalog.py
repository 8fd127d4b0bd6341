import json
import sqlite3

import pytest

from companion.errors import DataFileError
from companion.games import find_entry_kind
from companion.table.catalog import FORMAT, EnteredBy, TableCatalog, read_document
from companion.table.store import Store
from tests.companion.entries import hound_entry

AIKO = EnteredBy("A", "Aiko")


@pytest.fixture
def catalog(tmp_path):
    table_catalog = TableCatalog(tmp_path / "table.sqlite3")
    yield table_catalog
    table_catalog.close()


def test_an_entry_is_checked_by_its_game_and_kept_with_who_entered_it(catalog):
    entry = catalog.add("dreamblade", "miniature", hound_entry(), AIKO)
    [kept] = catalog.entries("dreamblade", "miniature")
    assert kept == entry
    assert kept.entered_by == AIKO
    assert kept.data["power"] == 2
    assert kept.data["abilities"] == ["blade: Crit 2"]
    assert catalog.entries("arena") == []


def test_a_new_entry_with_the_same_id_replaces_the_old_and_changes_the_revision(catalog):
    catalog.add("dreamblade", "miniature", hound_entry(), AIKO)
    before = catalog.revision()
    catalog.add("dreamblade", "miniature", hound_entry(life=6), EnteredBy("B", "Ben"))
    [kept] = catalog.entries()
    assert (kept.data["life"], kept.entered_by.name) == (6, "Ben")
    assert catalog.revision() != before


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"power": 99}, "miniature.power", "range"),
        ({"life": -1}, "miniature.life", "range"),
        ({"aspects": "VX"}, "miniature.aspects", "aspects"),
        ({"name": " "}, "miniature.name", "text"),
        ({"kind": "wizard"}, "miniature.kind", "choice"),
    ],
)
def test_a_bad_entry_is_refused_like_a_bad_data_file_and_nothing_is_kept(
    catalog, change, field, code
):
    with pytest.raises(DataFileError) as refused:
        catalog.add("dreamblade", "miniature", hound_entry(**change), AIKO)
    assert (refused.value.field, refused.value.code) == (field, code)
    assert catalog.entries() == []


def test_a_range_error_names_its_bounds(catalog):
    with pytest.raises(DataFileError) as refused:
        catalog.add("dreamblade", "miniature", hound_entry(power=99), AIKO)
    assert refused.value.params == {"minimum": 0, "maximum": 40}


def test_an_unknown_game_or_kind_is_refused(catalog):
    with pytest.raises(KeyError, match="chess"):
        catalog.add("chess", "piece", hound_entry(), AIKO)
    with pytest.raises(KeyError, match="spell"):
        find_entry_kind("dreamblade", "spell")


def test_entries_share_the_store_file_and_survive_reopening(tmp_path):
    path = tmp_path / "table.sqlite3"
    store = Store(path)
    first = TableCatalog(path)
    first.add("dreamblade", "miniature", hound_entry(), AIKO)
    first.close()
    again = TableCatalog(path)
    assert [e.id for e in again.entries()] == ["glass-hound"]
    assert store.games() == []  # the store's own tables are untouched
    tables = {row[0] for row in sqlite3.connect(path).execute("SELECT name FROM sqlite_master")}
    assert {"games", "entries", "catalog_entries"} <= tables
    again.close()
    store.close()


def test_export_and_import_into_a_fresh_table(catalog, tmp_path):
    catalog.add("dreamblade", "miniature", hound_entry(), AIKO)
    document = json.loads(json.dumps(catalog.export("shop-table-2")))
    assert (document["format"], document["version"], document["table"]) == (
        FORMAT,
        1,
        "shop-table-2",
    )
    [exported] = document["entries"]
    assert exported["entered_by"] == {"seat": "A", "name": "Aiko"}
    fresh = TableCatalog(tmp_path / "fresh" / "table.sqlite3")
    report = fresh.import_document(document)
    assert (report.added, report.replaced, report.unchanged) == (1, 0, 0)
    [imported] = fresh.entries()
    [original] = catalog.entries()
    assert imported.data == original.data
    assert imported.entered_by == AIKO
    assert abs(imported.entered_at - original.entered_at) < 1
    again = fresh.import_document(document)
    assert (again.added, again.replaced, again.unchanged) == (0, 0, 1)
    fresh.close()


def test_an_import_with_one_bad_entry_imports_nothing(catalog):
    catalog.add("dreamblade", "miniature", hound_entry(), AIKO)
    document = catalog.export()
    good = dict(document["entries"][0])
    document["entries"] = [
        {**good, "id": "moss-hound", "data": hound_entry(id="moss-hound", name="Moss Hound")},
        {**good, "data": hound_entry(life=6)},
        {**good, "id": "bad-hound", "data": hound_entry(id="bad-hound", defense=400)},
    ]
    with pytest.raises(DataFileError) as refused:
        catalog.import_document(document)
    assert refused.value.field == "entries[2].data.miniature.defense"
    assert refused.value.code == "range"
    [kept] = catalog.entries()
    assert (kept.id, kept.data["life"]) == ("glass-hound", 5)


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ([], ""),
        ({"format": "dreamblade-catalog", "version": 1, "entries": []}, "format"),
        ({"format": FORMAT, "version": 2, "entries": []}, "version"),
        ({"format": FORMAT, "version": 1, "entries": {}}, "entries"),
    ],
)
def test_a_file_that_is_no_table_catalog_is_refused(document, field):
    with pytest.raises(DataFileError) as refused:
        read_document(document)
    assert refused.value.field == field


def test_an_entry_listed_twice_or_under_another_id_is_refused(catalog):
    catalog.add("dreamblade", "miniature", hound_entry(), AIKO)
    document = catalog.export()
    twice = {**document, "entries": document["entries"] * 2}
    with pytest.raises(DataFileError, match="not used before"):
        read_document(twice)
    renamed = {**document, "entries": [{**document["entries"][0], "id": "other"}]}
    with pytest.raises(DataFileError, match="the id of its data"):
        read_document(renamed)


def test_an_ability_line_the_engine_does_not_know_is_refused_with_its_field(catalog):
    with pytest.raises(DataFileError) as refused:
        catalog.add("dreamblade", "miniature", hound_entry(abilities=["Howl 2"]), AIKO)
    assert (refused.value.field, refused.value.code) == ("miniature.abilities[0]", "keyword")
    manual = hound_entry(abilities=["manual: Howl 2"])
    assert catalog.add("dreamblade", "miniature", manual, AIKO).data["abilities"] == [
        "manual: Howl 2"
    ]
