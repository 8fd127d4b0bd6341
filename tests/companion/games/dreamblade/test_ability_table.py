"""docs/abilities.md is the table the code generates (issue 3: a coverage table generated from
the code), and the table tells implemented keywords, manual ones and their tests apart."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from companion.games.dreamblade.abilities.keywords import KEYWORDS
from companion.games.dreamblade.ability_table import (
    MANUAL,
    abilities,
    default_tests_dir,
    markdown_table,
    rows,
)

DOC = Path(__file__).resolve().parents[4] / "docs" / "abilities.md"


def test_the_committed_table_is_the_generated_one() -> None:
    assert DOC.read_text(encoding="utf-8") == markdown_table(default_tests_dir()), (
        "docs/abilities.md is stale: run `companion rules abilities --markdown > docs/abilities.md`"
    )


def test_every_registered_keyword_is_implemented_and_covered_by_a_test() -> None:
    table = {
        row.keyword.split(" [")[0].removesuffix(" N"): row for row in rows(default_tests_dir())
    }
    for keyword in {k.name for k in KEYWORDS.values()}:
        assert table[keyword].status == "implemented"
        assert table[keyword].tests, f"{keyword} has no test"
    for name in MANUAL:
        assert table[name].status.startswith("manual") and name.lower() not in KEYWORDS


def test_a_test_covers_a_keyword_through_its_fixtures(tmp_path: Path) -> None:
    (tmp_path / "test_x.py").write_text(
        'WOLF = make(abilities=["blade: Bomb 4"])\n'
        "def helper():\n    return WOLF\n"
        "def test_uses_a_helper():\n    helper()\n"
        'def test_names_nothing():\n    assert "Bomb" != "blade: Bomb"\n',
        encoding="utf-8",
    )
    bomb = next(row for row in rows(tmp_path) if row.keyword == "Bomb N")
    assert bomb.tests == ("test_x.py::test_uses_a_helper",)


def test_the_command_prints_the_table_as_json_or_markdown() -> None:
    runner = CliRunner()
    as_json = runner.invoke(abilities, [])
    assert as_json.exit_code == 0 and '"keyword": "Ambush N"' in as_json.output
    as_markdown = runner.invoke(abilities, ["--markdown"])
    assert as_markdown.output == markdown_table(default_tests_dir())
