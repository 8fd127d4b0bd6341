import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from companion.games.dreamblade.catalog_cli import catalog

FILES = Path(__file__).parents[3] / "_files" / "dreamblade"


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    return tmp_path


RULEBOOK_WARBAND = Path(__file__).parents[3] / "_files" / "dreamblade" / "rulebook-warband.yaml"


def _run(*args: str):
    return CliRunner().invoke(catalog, list(args))


def test_list_shows_builtin_entries(home):
    result = _run("list")
    assert result.exit_code == 0, result.output
    assert "Screambent Lunatic" in result.output
    assert "9MMM" in result.output


def test_list_by_set_as_json(home):
    data = json.loads(_run("list", "--set", "a", "--json").output)
    assert {entry["id"] for entry in data} == {"A3", "A24"}


def test_show_and_unknown_id(home):
    shown = json.loads(_run("show", "inspired-samurai", "--json").output)
    assert shown["power"] == "unknown"
    assert shown["abilities"] == ["Bodyguard"]
    missing = _run("show", "ogre")
    assert missing.exit_code == 1
    assert "dreadmorph-ogre" in missing.output


def test_search(home):
    result = _run("search", "dragon")
    assert "noble-dragon" in result.output
    assert "1 miniatures" in result.output


def test_import_stores_the_user_catalog_merged_with_builtin(home):
    result = _run("import", str(FILES / "dreamcatcher_fixture.csv"))
    assert result.exit_code == 0, result.output
    assert (home / "catalog.yaml").exists()
    ids = {entry["id"] for entry in json.loads(_run("list", "--json").output)}
    assert {"B1", "BW2", "noble-dragon"} <= ids
    assert "Invented flavour" not in (home / "catalog.yaml").read_text(encoding="utf-8")


def test_import_check_stores_nothing(home):
    result = _run("import", "--check", str(FILES / "dreamcatcher_fixture.csv"))
    assert result.exit_code == 0
    assert "5 miniatures" in result.output
    assert not (home / "catalog.yaml").exists()


def test_bad_import_reports_rows_and_keeps_the_old_catalog(home):
    assert _run("import", str(FILES / "dreamcatcher_fixture.csv")).exit_code == 0
    before = (home / "catalog.yaml").read_bytes()
    result = _run("import", str(FILES / "dreamcatcher_fixture_bad.csv"))
    assert result.exit_code == 1
    assert "row 3, column G (defense)" in result.output
    assert "nothing imported" in result.output
    assert (home / "catalog.yaml").read_bytes() == before


def test_broken_user_catalog_is_a_clear_error(home):
    (home / "catalog.yaml").write_text("format: nonsense\n", encoding="utf-8")
    result = _run("list")
    assert result.exit_code == 1
    assert "catalog.yaml: format" in result.output


def test_warband_check_lists_per_copy_ids(home):
    path = Path(__file__).parents[4] / "companion/games/dreamblade/data/warbands/sample-valor.yaml"
    result = _run("warband", str(path), "--seat", "B")
    assert result.exit_code == 0, result.output
    assert "5 miniatures, valid" in result.output
    assert "B:sir-glorious#2" in result.output


def test_warband_check_reports_incomplete_miniatures(home):
    result = _run("warband", str(RULEBOOK_WARBAND))
    assert result.exit_code == 1
    assert "valid" not in result.output
    assert "not playable: 10 miniatures have unknown values" in result.output
    assert "Runetagged Brawler (runetagged-brawler): power unknown" in result.output


def test_warband_check_reports_the_field(home, tmp_path):
    path = tmp_path / "w.yaml"
    path.write_text(
        "format: dreamblade-warband\nversion: 1\nname: Bad\nminiatures:\n  - {id: B45, count: 4}\n",
        encoding="utf-8",
    )
    result = _run("warband", str(path))
    assert result.exit_code == 1
    assert "miniatures[0].count" in result.output


def test_warband_tournament_check_passes_the_sample(home):
    path = (
        Path(__file__).parents[4] / "companion/games/dreamblade/data/warbands/sample-madness.yaml"
    )
    result = _run("warband", str(path), "--tournament")
    assert result.exit_code == 0, result.output
    assert "5 miniatures, valid" in result.output


def test_warband_tournament_check_rejects_a_banned_miniature(home, tmp_path):
    (home / "catalog.yaml").write_text(
        yaml.safe_dump(
            {
                "format": "dreamblade-catalog",
                "version": 1,
                "source": "test fixture",
                "miniatures": [
                    {"id": "fixture-kitsune", "name": "Kitsune", "kind": "creature",
                     "spawn_cost": 3, "aspects": "M", "power": 1, "defense": 2, "life": 3,
                     "lineage": "unknown", "abilities": ["unknown"], "set": "unknown",
                     "number": "unknown", "rarity": "unknown", "source": "test fixture"}
                ],
            }
        ),
        encoding="utf-8",
    )  # fmt: skip
    band = tmp_path / "fox.yaml"
    band.write_text(
        "format: dreamblade-warband\nversion: 1\nname: Fox\n"
        "miniatures:\n  - {id: fixture-kitsune}\n",
        encoding="utf-8",
    )
    assert _run("warband", str(band)).exit_code == 0
    result = _run("warband", str(band), "--tournament")
    assert result.exit_code == 1
    assert "Kitsune is banned" in result.output
