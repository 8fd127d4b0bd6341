from __future__ import annotations

import pytest
from click.testing import CliRunner
from PIL import Image

from companion import grid
from companion.cli import main
from companion.lights.factory import ENV_VAR
from companion.lights.legend import LEGEND
from companion.lights.scenes import SCENES


@pytest.fixture
def run(monkeypatch):
    monkeypatch.setenv(ENV_VAR, "virtual")
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, ["leds", *args], catch_exceptions=False)

    return invoke


def test_wiring_test_names_every_cell_in_order(run, tmp_path):
    result = run("test", "--delay", "0", "--layout", "frame_25", "--png", str(tmp_path / "t.png"))
    assert result.exit_code == 0
    named = [line.split()[1] for line in result.output.splitlines() if "/25 " in line]
    assert named == list(grid.CELLS)
    assert "4/25 d1  LEDs 3" in result.output
    assert (tmp_path / "t.png").is_file()


def test_show_writes_the_png_and_reports_current(run, tmp_path):
    png = tmp_path / "spawn.png"
    result = run("show", "spawn", "--png", str(png), "--layout", "strips_2x2")
    assert result.exit_code == 0
    assert f"written to {png.resolve()}" in result.output
    assert "mA of 1800 mA" in result.output
    assert Image.open(png).size[0] > 100


def test_show_with_custom_seat_colour(run, tmp_path):
    result = run(
        "show", "calibration", "--seat-colour", "A=#00FF00", "--png", str(tmp_path / "c.png")
    )
    assert result.exit_code == 0
    image = Image.open(tmp_path / "c.png").convert("RGB")
    red, green, blue = image.getpixel((64, 384))  # centre of cell a1 (bottom left)
    assert green > 0 and red == 0 and blue == 0


def test_show_refuses_a_bad_colour_and_an_unknown_scene(run):
    assert run("show", "spawn", "--seat-colour", "A=green").exit_code == 2
    assert run("show", "fireworks").exit_code == 2


def test_bad_layout_is_a_usage_error(run):
    result = run("show", "spawn", "--layout", "no_such_layout")
    assert result.exit_code == 2
    assert "matrix16x16" in result.output


def test_layouts_and_boot_config(run):
    listing = run("layouts").output
    assert "matrix16x16" in listing and "256 LEDs" in listing
    boot = run("boot-config").output
    assert "dtparam=audio=off" in boot


def test_show_animates_for_the_given_time(run, tmp_path, monkeypatch):
    monkeypatch.setattr("companion.lights.cli.time.sleep", lambda _seconds: None)
    result = run("show", "attract", "--seconds", "0.2", "--png", str(tmp_path / "a.png"))
    assert result.exit_code == 0
    assert "mA" in result.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_scenes_are_explained_in_each_language(run, lang):
    result = run("scenes", "--lang", lang)
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines] == sorted(SCENES)


def test_wiring_test_in_japanese(run, tmp_path):
    result = run("test", "--delay", "0", "--lang", "ja", "--png", str(tmp_path / "t.png"))
    assert result.exit_code == 0
    assert "レイアウト" in result.output and "保存しました" in result.output


def test_legend_covers_every_scene_in_both_languages():
    assert set(LEGEND) == {"en", "ja"}
    for texts in LEGEND.values():
        assert set(texts) == set(SCENES)


def test_wiring_test_of_a_hex_layout_names_its_wired_hexes(run, tmp_path):
    png = str(tmp_path / "hexes.png")
    result = run("test", "--delay", "0", "--layout", "example_hexes_4x3", "--png", png)
    assert result.exit_code == 0, result.output
    named = [line.split()[1] for line in result.output.splitlines() if "/8 " in line]
    assert named == ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]  # map order, row 3 unwired
    assert "5/8 a2  LEDs 7" in result.output
    assert "hexes 4×3" in run("layouts").output
