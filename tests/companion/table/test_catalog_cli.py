import json
import os
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from companion.settings import Settings
from companion.table.catalog import EnteredBy, TableCatalog
from companion.table.catalog_cli import catalog
from tests.companion.entries import hound_entry


def _config(tmp_path, name):
    data_dir = tmp_path / name
    config = tmp_path / f"{name}.yaml"
    config.write_text(f"data_dir: {data_dir}\n", encoding="utf-8")
    return config, Settings(data_dir=data_dir).store_path


def test_export_then_import_into_a_fresh_data_dir(tmp_path):
    shop, shop_store = _config(tmp_path, "shop")
    home, home_store = _config(tmp_path, "home")
    entered = TableCatalog(shop_store)
    entered.add("dreamblade", "miniature", hound_entry(), EnteredBy("B", "Ben"))
    entered.close()
    exported = tmp_path / "shared.json"
    result = CliRunner().invoke(catalog, ["export", str(exported), "--config", str(shop)])
    assert result.exit_code == 0, result.output
    assert "exported 1 entries" in result.output
    assert json.loads(exported.read_text())["entries"][0]["id"] == "glass-hound"

    checked = CliRunner().invoke(
        catalog, ["import", str(exported), "--check", "--config", str(home)]
    )
    assert "1 entries, no problems" in checked.output
    assert not home_store.exists() or TableCatalog(home_store).entries() == []
    result = CliRunner().invoke(catalog, ["import", str(exported), "--config", str(home)])
    assert result.exit_code == 0, result.output
    assert "1 new, 0 replaced, 0 already there" in result.output
    [imported] = TableCatalog(home_store).entries()
    assert (imported.id, imported.entered_by.name) == ("glass-hound", "Ben")


def test_export_prints_the_document_without_a_file(tmp_path):
    shop, _ = _config(tmp_path, "shop")
    result = CliRunner().invoke(catalog, ["export", "--config", str(shop)])
    assert json.loads(result.output)["entries"] == []


def test_a_bad_file_imports_nothing_and_says_why(tmp_path):
    home, home_store = _config(tmp_path, "home")
    bad = tmp_path / "bad.json"
    entry = {"game": "dreamblade", "kind": "miniature", "entered_by": {"seat": "A", "name": "A"}}
    entry |= {"entered_at": "2026-11-23T16:00:00+00:00", "data": hound_entry(power=99)}
    bad.write_text(
        json.dumps({"format": "companion-table-catalog", "version": 1, "entries": [entry]})
    )
    result = CliRunner().invoke(catalog, ["import", str(bad), "--config", str(home)])
    assert result.exit_code == 1
    assert "entries[0].data.miniature.power" in result.output
    assert "nothing imported" in result.output
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = CliRunner().invoke(catalog, ["import", str(broken), "--config", str(home)])
    assert result.exit_code == 1 and "nothing imported" in result.output
    assert TableCatalog(home_store).entries() == []


def test_the_dreamblade_commands_stay_and_csv_goes_to_the_dreamcatcher_import(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    assert {"list", "search", "show", "warband", "export", "import"} <= set(catalog.commands)
    sheet = Path(__file__).parents[2] / "_files" / "dreamblade" / "dreamcatcher_fixture.csv"
    result = CliRunner().invoke(catalog, ["import", str(sheet), "--check"])
    assert result.exit_code == 0, result.output
    assert "miniatures, no problems" in result.output


def test_the_dreamblade_commands_see_the_miniatures_the_players_entered(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))
    band = tmp_path / "band.yaml"
    band.write_text(
        "format: dreamblade-warband\nversion: 1\nname: Hounds\n"
        "miniatures:\n  - {id: glass-hound, count: 2}\n  - {id: runetagged-brawler}\n",
        encoding="utf-8",
    )
    missing = CliRunner().invoke(catalog, ["warband", str(band)])
    assert missing.exit_code == 1 and "miniatures[0].id" in missing.output
    entered = TableCatalog(Settings().store_path)
    entered.add("dreamblade", "miniature", hound_entry(), EnteredBy("A", "Aiko"))
    incomplete = CliRunner().invoke(catalog, ["warband", str(band)])
    assert "Runetagged Brawler (runetagged-brawler): power unknown" in incomplete.output
    brawler = json.loads(
        CliRunner().invoke(catalog, ["show", "runetagged-brawler", "--json"]).output
    )
    entered.add("dreamblade", "miniature", {**brawler, "power": 4}, EnteredBy("B", "Ben"))
    entered.close()
    result = CliRunner().invoke(catalog, ["warband", str(band)])
    assert result.exit_code == 0, result.output
    assert "3 miniatures, valid" in result.output
    assert "Glass Hound" in CliRunner().invoke(catalog, ["search", "hound"]).output


def test_importing_a_spreadsheet_one_does_not_have_says_where_it_comes_from(tmp_path):
    """The README's ``companion catalog import dreamcatcher.csv``, run as written, without the
    file: it says what the file is and where players find it, not just "does not exist"."""
    env = {**os.environ, "COMPANION_HOME": str(tmp_path / "data"), "PYTHONWARNINGS": ""}
    done = subprocess.run(
        [sys.executable, "-m", "companion", "catalog", "import", "dreamcatcher.csv"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1
    said = " ".join(done.stderr.split())
    assert said.startswith("Error: dreamcatcher.csv: no such file.")
    assert 'the fan-made "Dreamcatcher Excel" spreadsheet' in said
    assert "BoardGameGeek" in said and "save its sheet as CSV" in said
    assert "name, lineage, aspect, spawn cost, aspect cost, power, defense, life" in said
    helped = subprocess.run(
        [sys.executable, "-m", "companion", "catalog", "import", "--help"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert '"Dreamcatcher Excel"' in helped.stdout and "BoardGameGeek" in helped.stdout
