from pathlib import Path

import pytest
import yaml

from companion.errors import DataFileError
from companion.games.dreamblade import catalog as catalog_module
from companion.games.dreamblade import warband
from companion.games.dreamblade.catalog import Catalog, miniature_from_data

RULEBOOK_WARBAND = Path(__file__).parents[3] / "_files" / "dreamblade" / "rulebook-warband.yaml"


@pytest.fixture(scope="module")
def builtin() -> Catalog:
    return catalog_module.load_catalog(catalog_module.builtin_catalog_path())


def _file(tmp_path: Path, miniatures: object, **extra: object) -> Path:
    path = tmp_path / "warband.yaml"
    data = {"format": "dreamblade-warband", "version": 1, "name": "Fixture band", **extra}
    path.write_text(yaml.safe_dump({**data, "miniatures": miniatures}), encoding="utf-8")
    return path


def test_every_shipped_warband_is_playable(builtin):
    names = warband.builtin_warband_names()
    assert set(names) == {"sample-valor", "sample-madness"}
    for name in names:
        band = warband.builtin_warband(name, builtin)
        assert warband.incomplete_miniatures(band, builtin) == {}, name
    for name, letter in (("sample-valor", "V"), ("sample-madness", "M")):
        band = warband.builtin_warband(name, builtin)
        assert {a.value for cid, _ in band.entries for a in builtin[cid].aspects} == {letter}


def test_the_rulebooks_warband_is_not_playable_and_says_which_values_are_missing(builtin):
    band = warband.load_warband(RULEBOOK_WARBAND, builtin)
    incomplete = warband.incomplete_miniatures(band, builtin)
    assert len(incomplete) == 10  # 13 of its 16 miniatures: 10 entries, three of them twice
    assert incomplete["runetagged-brawler"] == ("power",)
    assert "spellbound-scissors" not in incomplete


def test_builtin_names_and_unknown_name(builtin):
    assert set(warband.builtin_warband_names()) >= {"sample-valor", "sample-madness"}
    with pytest.raises(ValueError, match="no built-in warband"):
        warband.builtin_warband("nope", builtin)


def test_mini_ids_number_each_copy_from_one(builtin):
    band = warband.builtin_warband("sample-valor", builtin)
    ids = band.mini_ids("B")
    assert len(ids) == band.size == len(set(ids))
    assert ids[:3] == ("B:pearlthorn-castle#1", "B:sir-glorious#1", "B:sir-glorious#2")
    with pytest.raises(ValueError, match="seat"):
        band.mini_ids("C")


def test_load_with_colour_and_default_count(tmp_path, builtin):
    path = _file(tmp_path, [{"id": "B45"}, {"id": "medusa", "count": 3}], seat_colour="#E69F00")
    band = warband.load_warband(path, builtin)
    assert band.entries == (("B45", 1), ("medusa", 3))
    assert band.seat_colour == "#E69F00"


@pytest.mark.parametrize(
    ("miniatures", "extra", "field", "words"),
    [
        ([{"id": "medusa", "count": 4}], {}, "miniatures[0].count", "at most 3 copies"),
        ([{"id": "B45", "count": 0}], {}, "miniatures[0].count", "≥ 1"),
        ([{"id": "B45", "count": "2"}], {}, "miniatures[0].count", "≥ 1"),
        ([{"id": "Z99"}], {}, "miniatures[0].id", "known to the catalog"),
        ([{"id": "lunatic"}], {}, "miniatures[0].id", "did you mean"),
        ([{"id": "B45"}, {"id": "B45"}], {}, "miniatures[1].id", "listed once"),
        ([{"id": "B45", "copies": 2}], {}, "miniatures[0].copies", "one of the fields"),
        (["B45"], {}, "miniatures[0]", "mapping"),
        ([], {}, "miniatures", "non-empty list"),
        ([{"id": "B45"}], {"seat_colour": "blue"}, "seat_colour", "colour"),
        ([{"id": "B45"}], {"name": " "}, "name", "non-empty"),
    ],
)
def test_invalid_warband_names_file_and_field(tmp_path, builtin, miniatures, extra, field, words):
    path = _file(tmp_path, miniatures, **extra)
    with pytest.raises(DataFileError) as info:
        warband.load_warband(path, builtin)
    assert (info.value.path, info.value.field) == (str(path), field)
    assert words in info.value.expected


def test_more_than_sixteen_miniatures(tmp_path, builtin):
    ids = [m for m in builtin if builtin[m].is_creature][:6]
    path = _file(tmp_path, [{"id": i, "count": 3} for i in ids])
    with pytest.raises(DataFileError) as info:
        warband.load_warband(path, builtin)
    assert info.value.field == "miniatures"
    assert "at most 16 miniatures (this has 18)" in info.value.expected


def test_copies_are_counted_by_name_across_catalog_entries(builtin):
    data = catalog_module.miniature_to_data(builtin["medusa"])
    imported = Catalog([miniature_from_data("fixture", "entry", {**data, "id": "CP99"})])
    merged = builtin.merged(imported)
    band = {"name": "Two Medusa ids", "miniatures": [{"id": "medusa", "count": 2}, {"id": "CP99"}]}
    assert warband.warband_from_data(band, merged).size == 3
    band["miniatures"][1]["count"] = 2
    with pytest.raises(DataFileError, match="at most 3 copies of Medusa"):
        warband.warband_from_data(band, merged)


def test_from_data_rejects_non_mapping(builtin):
    with pytest.raises(DataFileError) as info:
        warband.warband_from_data(["B45"], builtin)  # type: ignore[arg-type]
    assert info.value.path == "<warband>"


def test_copies_pair_each_mini_id_with_its_catalog_id(builtin):
    band = warband.builtin_warband("sample-madness", builtin)
    assert band.copies("A")[0] == ("A:spellbound-scissors#1", "spellbound-scissors")
    assert [mini_id for mini_id, _ in band.copies("A")] == list(band.mini_ids("A"))


def _with_kitsune(builtin: Catalog) -> Catalog:
    data = catalog_module.miniature_to_data(builtin["seraph"])
    fixture = {**data, "id": "fixture-kitsune", "name": "Kitsune", "source": "test fixture"}
    return builtin.merged(Catalog([miniature_from_data("fixture", "entry", fixture)]))


def test_builtin_banned_list_has_its_source():
    banned = warband.builtin_banned()
    assert "kitsune" in banned
    assert "pojo.com" in banned["kitsune"] and "likely" in banned["kitsune"]


def test_tournament_problems_name_banned_miniatures(builtin):
    merged = _with_kitsune(builtin)
    band = warband.warband_from_data(
        {"name": "Fox", "miniatures": [{"id": "fixture-kitsune"}, {"id": "B45"}]}, merged
    )
    problems = warband.tournament_problems(band, merged)
    assert len(problems) == 1 and problems[0].startswith("Kitsune is banned")
    assert warband.tournament_problems(band, merged, banned={}) == []
    sample = warband.load_warband(RULEBOOK_WARBAND, builtin)
    assert warband.tournament_problems(sample, builtin) == []


def test_malformed_banned_file(tmp_path):
    path = tmp_path / "banned.yaml"
    path.write_text(
        "format: dreamblade-banned\nversion: 1\nbanned:\n  - {name: Kitsune}\n", encoding="utf-8"
    )
    with pytest.raises(DataFileError) as info:
        warband.load_banned(path)
    assert info.value.field == "banned[0].source"
