import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from companion.games.dreamblade import dice
from companion.games.dreamblade.dice_cli import odds, roll


@pytest.fixture(autouse=True)
def _no_user_dice_file(tmp_path, monkeypatch):
    """The user's own dice file (if a developer has one) must not change these tests."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path))


def _run(*args: str):
    return CliRunner().invoke(odds, list(args))


def test_json_output_matches_the_service():
    result = _run("--dice", "3", "--defense", "3", "--life", "4", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = dice.attack_odds(3)
    assert {row["damage"]: Fraction(row["equal"]["exact"]) for row in data["damage"]} == (
        expected.damage
    )
    target = data["target"]
    assert Fraction(target["disrupt_or_better"]["exact"]) == expected.at_least(3)
    assert data["faces_status"] == "unconfirmed"


def test_table_output_lists_every_damage_total_and_target_chances():
    result = _run("--dice", "2", "--defense", "2", "--life", "5")
    assert result.exit_code == 0, result.output
    assert "damage   exactly  at least" in result.output
    assert "unconfirmed" in result.output
    lines = result.output.splitlines()
    start = lines.index("damage   exactly  at least") + 1
    end = next(i for i, line in enumerate(lines) if line.startswith("average damage"))
    assert [int(line.split()[0]) for line in lines[start:end]] == list(range(7))
    assert "disrupt or better" in result.output


def test_crit_and_custom_faces():
    result = _run("--dice", "1", "--crit", "4", "--faces", "blade,miss", "--json")
    data = json.loads(result.output)
    assert {row["damage"] for row in data["damage"]} == {0, 4}
    assert data["crit"]["max_uses"] == 1
    multi = json.loads(_run("--dice", "2", "--crit", "1", "--crit-multi", "--json").output)
    assert multi["crit"]["max_uses"] is None


def test_bad_input_is_a_usage_error():
    assert _run("--dice", "-1").exit_code == 2
    assert _run("--dice", "2", "--defense", "3").exit_code == 2
    bad_faces = _run("--dice", "2", "--faces", "1,9000")
    assert bad_faces.exit_code == 2
    assert "not an attack-die face" in bad_faces.output


def test_roll_is_repeatable_with_a_seed():
    first = CliRunner().invoke(roll, ["--dice", "8", "--initiative", "--seed", "7", "--json"])
    second = CliRunner().invoke(roll, ["--dice", "8", "--initiative", "--seed", "7", "--json"])
    assert first.exit_code == 0, first.output
    assert first.output == second.output
    data = json.loads(first.output)
    assert len(data["attack"]) == 8
    assert all(dice.parse_attack_face(face) for face in data["attack"])
    assert all(1 <= value <= 6 for value in data["initiative"])


def test_roll_text_and_usage():
    result = CliRunner().invoke(roll, ["--dice", "3", "--faces", "blade,blade"])
    assert result.output == "attack: blade blade blade\n"
    assert CliRunner().invoke(roll, []).exit_code == 2


def test_japanese_table_has_the_same_numbers():
    english = _run("--dice", "2", "--defense", "2", "--life", "5")
    japanese = _run("--dice", "2", "--defense", "2", "--life", "5", "--lang", "ja")
    assert japanese.exit_code == 0, japanese.output
    assert "未確認" in japanese.output and "分散以上" in japanese.output

    def numbers(output: str) -> list[str]:
        return [word for word in output.split() if word.endswith("%")]

    assert numbers(english.output) == numbers(japanese.output)


def test_every_language_has_every_text():
    from companion.games.dreamblade.dice_cli import TEXT

    assert {lang: set(words) for lang, words in TEXT.items()} == {
        lang: set(TEXT["en"]) for lang in TEXT
    }


def test_odds_and_roll_are_companion_rules_commands():
    from companion.cli import main

    result = CliRunner().invoke(main, ["rules", "odds", "--dice", "1", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["expected_damage"]["exact"] == "1"
    rolled = CliRunner().invoke(main, ["rules", "roll", "--initiative", "--seed", "5"])
    assert rolled.output.startswith("initiative: ")


def test_odds_use_the_user_dice_file_and_report_a_broken_one(tmp_path):
    (tmp_path / "dice.yaml").write_text("format: dreamblade-dice\nversion: 7\n", encoding="utf-8")
    broken = _run("--dice", "1")
    assert broken.exit_code == 1
    assert "dice.yaml: version" in broken.output
