from __future__ import annotations

import pytest
from click.testing import CliRunner
from PIL import Image

from companion import grid
from companion.cli import main
from companion.lights.colours import OFF, TURN_ORDER_COLOURS, WHITE, Palette, scaled
from companion.lights.demo import PREVIEWS
from companion.lights.factory import ENV_VAR
from companion.lights.legend import LEGEND
from companion.lights.scenes import DIM, SCENES
from companion.lights.virtual import CELL_PX, MARGIN_PX


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
    overlay = run("boot-config", "--backend", "ws2812-pio", "--layout", "strips_2x2").output
    assert "\ndtoverlay=ws2812-pio,gpio=18,num_leds=103\n" in overlay  # 3 + 10 × 10 LEDs


def _near(shown: tuple[int, ...], wanted: tuple[int, ...], by: int = 4) -> bool:
    """The same colour but for the 8-bit rounding of gamma and brightness on the way (coarse
    for dim levels under a steep gamma and a low brightness)."""
    return all(abs(a - b) <= by for a, b in zip(shown, wanted, strict=True))


def _centre(image: Image.Image, column: int, row: int, rows: int, shift: float = 0):
    x = MARGIN_PX + column * CELL_PX + shift + CELL_PX // 2
    return image.getpixel((round(x), MARGIN_PX + (rows - 1 - row) * CELL_PX + CELL_PX // 2))


def test_show_draws_the_other_games_scenes_on_their_maps(run, tmp_path):
    shown = run("show", "dungeon_command", "--png", str(tmp_path / "dc.png"))
    assert "example_squares_6x4" in shown.output
    squares = Image.open(tmp_path / "dc.png").convert("RGB")
    first, second = TURN_ORDER_COLOURS[:2]
    assert _near(_centre(squares, 0, 0, 4), scaled(first, DIM))  # a1: p1's creature
    assert _near(_centre(squares, 5, 3, 4), scaled(second, DIM))  # f4: p2's creature
    assert _centre(squares, 3, 2, 4) == WHITE  # d3: the square a creature left, flashing
    assert _centre(squares, 1, 0, 4) == OFF
    run("show", "arena", "--png", str(tmp_path / "arena.png"), "--seat-colour", "p1=#00FF00")
    hexes = Image.open(tmp_path / "arena.png").convert("RGB")
    assert _centre(hexes, 1, 1, 3, shift=CELL_PX / 2) == (0, 255, 0)  # b2: p1 holds the glyph
    assert _near(_centre(hexes, 3, 0, 3), Palette().neutral)  # d1: nobody's glyph


def test_show_plays_planechase_flourishes(run, tmp_path):
    result = run("show", "planeswalk", "--at", "0.1", "--png", str(tmp_path / "p.png"))
    assert result.exit_code == 0
    image = Image.open(tmp_path / "p.png").convert("RGB")
    assert any(_centre(image, c, r, 5) != OFF for c in range(5) for r in range(5))


def test_the_spawn_preview_shows_the_portal_apart_from_the_other_cells(run, tmp_path):
    run("show", "spawn", "--png", str(tmp_path / "s.png"))
    image = Image.open(tmp_path / "s.png").convert("RGB")
    portal, other = _centre(image, 0, 0, 5), _centre(image, 1, 0, 5)  # a1 portal, b1 legal
    assert _near(other, scaled(Palette().seat("A"), DIM), by=8)  # at brightness 128, gamma 2.8
    assert sum(portal) > 2 * sum(other)
    assert min(portal) > 100  # pale: white mixed in, unlike any dim seat cell


def test_show_animates_for_the_given_time(run, tmp_path, monkeypatch):
    monkeypatch.setattr("companion.lights.cli.time.sleep", lambda _seconds: None)
    result = run("show", "attract", "--seconds", "0.2", "--png", str(tmp_path / "a.png"))
    assert result.exit_code == 0
    assert "mA" in result.output


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_scenes_are_explained_in_each_language(run, lang):
    result = run("scenes", "--lang", lang)
    assert result.exit_code == 0
    listed = [line.split()[0] for line in result.output.splitlines()]
    assert sorted(listed) == sorted(PREVIEWS)
    assert set(SCENES) < set(listed)  # Dreamblade's scenes and the other games'
    assert {"arena", "dungeon_command", "planeswalk", "chaos"} < set(listed)


def test_wiring_test_in_japanese(run, tmp_path):
    result = run("test", "--delay", "0", "--lang", "ja", "--png", str(tmp_path / "t.png"))
    assert result.exit_code == 0
    assert "レイアウト" in result.output and "保存しました" in result.output


def test_legend_covers_every_scene_in_both_languages():
    assert set(LEGEND) == {"en", "ja"}
    for texts in LEGEND.values():
        assert set(texts) == set(PREVIEWS)


def test_wiring_test_of_a_hex_layout_names_its_wired_hexes(run, tmp_path):
    png = str(tmp_path / "hexes.png")
    result = run("test", "--delay", "0", "--layout", "example_hexes_4x3", "--png", png)
    assert result.exit_code == 0, result.output
    named = [line.split()[1] for line in result.output.splitlines() if "/8 " in line]
    assert named == ["a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2"]  # map order, row 3 unwired
    assert "5/8 a2  LEDs 7" in result.output
    assert "hexes 4×3" in run("layouts").output


def test_a_backend_that_does_not_open_is_said_with_its_fix(monkeypatch, tmp_path):
    monkeypatch.setenv(ENV_VAR, "ws281x")
    monkeypatch.setitem(__import__("sys").modules, "rpi_ws281x", None)  # not installed
    result = CliRunner().invoke(main, ["leds", "show", "spawn", "--png", str(tmp_path / "s.png")])
    assert result.exit_code == 0
    assert (
        "warning: LEDs: ws281x did not open (its library is not installed here); virtual "
        "instead. To fix: install it on the Pi with: pip install rpi_ws281x" in result.output
    )
    assert "spawn on virtual" in result.output
