from pathlib import Path

import pytest

from companion.errors import DataFileError
from companion.games.dreamblade import dreamcatcher
from companion.games.dreamblade.miniature import Aspect, Kind

FILES = Path(__file__).parents[3] / "_files" / "dreamblade"
HEADER = ",".join(dreamcatcher.COLUMNS)


@pytest.fixture(scope="module")
def imported():
    return {m.name: m for m in dreamcatcher.import_csv(FILES / "dreamcatcher_fixture.csv")}


def _csv(tmp_path: Path, *rows: str, encoding: str = "utf-8") -> Path:
    path = tmp_path / "dc.csv"
    path.write_bytes("\r\n".join([HEADER, *rows]).encode(encoding))
    return path


def test_every_fixture_row_is_imported(imported):
    assert sorted(imported) == [
        "Fixture Drone", "Fixture Horror", "Fixture Knight", "Fixture Stray", "Fixture Tower",
    ]  # fmt: skip


def test_ids_come_from_set_and_collector_number(imported):
    assert imported["Fixture Knight"].id == "B1"
    assert imported["Fixture Horror"].id == "BW2"  # "2/96"
    assert imported["Fixture Tower"].id == "CP3"  # set written as its name
    assert imported["Fixture Stray"].id == "fixture-stray"  # no set, no number


def test_columns_map_to_fields(imported):
    knight = imported["Fixture Knight"]
    assert (knight.spawn_cost, knight.aspects) == (4, (Aspect.VALOR,))
    assert (knight.power, knight.defense, knight.life) == (3, 5, 6)
    assert knight.lineage == "Janus"
    assert (knight.set, knight.number, knight.rarity) == ("B", 1, "common")
    assert "row 2" in knight.source


def test_flavor_text_is_not_stored(imported):
    for mini in imported.values():
        assert "flavour" not in repr(mini).lower()


def test_aspect_cost_as_symbols_or_count(imported):
    assert imported["Fixture Horror"].aspects == (Aspect.FEAR, Aspect.FEAR)
    assert imported["Fixture Drone"].aspects == ()
    assert "aspects" not in imported["Fixture Drone"].unknown
    stray = imported["Fixture Stray"]
    assert stray.aspects == () and "aspects" in stray.unknown_fields


def test_variable_power_is_unknown(imported):
    assert imported["Fixture Horror"].power is None
    assert imported["Fixture Horror"].unknown_fields == ("power",)


def test_abilities_split_on_lines_and_semicolons_outside_parentheses(imported):
    # lines that are not keyword lines the engine knows are the card's words, left to players
    assert imported["Fixture Knight"].abilities == ("manual: <: Crit 1", "Bodyguard")
    assert imported["Fixture Horror"].abilities == (
        "manual: ≪: Expel",
        "manual: Scare (moves an unengaged enemy; one cell)",
    )


def test_blank_stats_make_a_location(imported):
    tower = imported["Fixture Tower"]
    assert tower.kind is Kind.LOCATION
    assert tower.unknown_fields == ()


def test_bad_file_lists_every_problem_and_imports_nothing():
    with pytest.raises(dreamcatcher.CsvImportError) as info:
        dreamcatcher.import_csv(FILES / "dreamcatcher_fixture_bad.csv")
    where = [(p.row, p.column) for p in info.value.problems]
    assert where == [
        (2, "aspect"),
        (2, "spawn cost"),
        (3, "aspect cost"),
        (3, "defense"),
        (3, "set"),
        (5, "collector number"),
        (6, "name"),
    ]
    assert info.value.field == "row 2, column C (aspect)"
    assert "7 problems" in str(info.value)


def test_windows_1252_text_is_read(tmp_path):
    path = _csv(tmp_path, "Fixture Café,,Valor,3,1,1,2,3,,,,B,U", encoding="cp1252")
    (mini,) = dreamcatcher.import_csv(path)
    assert mini.name == "Fixture Café"


def test_utf8_bom_is_skipped(tmp_path):
    path = tmp_path / "bom.csv"
    path.write_bytes(("\ufeff" + HEADER + "\nFixture A,,V,3,1,1,2,3,,,9,B,R\n").encode())
    assert [m.id for m in dreamcatcher.import_csv(path)] == ["B9"]


def test_header_only_or_empty_file(tmp_path):
    with pytest.raises(DataFileError, match="at least one miniature row"):
        dreamcatcher.import_csv(_csv(tmp_path))
    empty = tmp_path / "empty.csv"
    empty.write_text("", encoding="utf-8")
    with pytest.raises(DataFileError, match="header row"):
        dreamcatcher.import_csv(empty)


def test_extra_filled_column_is_a_problem(tmp_path):
    path = _csv(tmp_path, "Fixture A,,V,3,1,1,2,3,,,9,B,R,surprise")
    with pytest.raises(dreamcatcher.CsvImportError) as info:
        dreamcatcher.import_csv(path)
    assert "13 columns" in info.value.problems[0].expected


def test_catalog_id_slug():
    assert dreamcatcher.catalog_id("B", 45, "Screambent Lunatic") == "B45"
    assert dreamcatcher.catalog_id(None, 45, "Baxar the Soul-Stitcher") == "baxar-the-soul-stitcher"
    assert len(dreamcatcher.catalog_id(None, None, "A Very Long Name " * 4)) <= 24


def test_missing_header_row_is_reported_not_skipped_silently(tmp_path):
    path = tmp_path / "no_header.csv"
    path.write_text(
        "Fixture A,,V,3,1,1,2,3,,,1,B,R\nFixture B,,V,4,1,1,2,3,,,2,B,R\n", encoding="utf-8"
    )
    with pytest.raises(dreamcatcher.CsvImportError) as info:
        dreamcatcher.import_csv(path)
    assert [(p.row, p.column) for p in info.value.problems] == [(1, "spawn cost")]
    assert "header row" in info.value.problems[0].expected
