"""The set-up check at a table: ``companion camera check`` on a photo or the configured camera,
its zip for asking for help, and what happens with bad input (nothing is saved)."""

from __future__ import annotations

import json
import zipfile
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from companion.camera.setup import grab, save_report, table_camera
from companion.cli import main
from vision.calibration import calibrate_from_markers
from vision.camera import CameraError, SynthSource
from vision.carrier import DEFAULT_CARRIER
from vision.lens import lens_path, save_lens
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.planner import CAMERAS, map_view_mm, plan_modes
from vision.setup_check import SetupError
from vision.synth import Scene, View, render

# the whole Dreamblade map in Camera Module 3's 2304×1296 mode: too few pixels for the carriers
HALF = View(
    2304,
    1296,
    plan_modes(CAMERAS["camera-module-3"], map_view_mm(), DEFAULT_CARRIER.module_mm)[1].px_per_mm,
    1.0,
    0.01,
)


@pytest.fixture(scope="module")
def half_frame() -> np.ndarray:
    return render(Scene(FIVE_BY_FIVE_MAP, family="aruco4x4", design="carrier", seed=4), HALF)


def _config(tmp_path: Path, source: str = "synth:") -> Path:
    config = tmp_path / "table.yaml"
    config.write_text(f"data_dir: {tmp_path / 'data'}\ncamera:\n  source: '{source}'\n")
    return config


def test_check_prints_the_problem_and_its_fix_and_saves_the_zip(
    tmp_path: Path, half_frame: np.ndarray
) -> None:
    photo = tmp_path / "frame.png"
    cv2.imwrite(str(photo), half_frame)
    out = tmp_path / "report.zip"
    args = ["camera", "check", "--config", str(_config(tmp_path)), "--photo", str(photo)]
    result = CliRunner().invoke(main, [*args, "--model", "camera-module-3", "--save", str(out)])
    assert result.exit_code == 1, result.output
    assert "NO GO: 1 thing(s) to fix" in result.output
    assert "Use the 4608x2592 mode: the carriers' markers are 2.2 px a module on a1, b1" in (
        result.output
    )
    with zipfile.ZipFile(out) as archive:
        assert sorted(archive.namelist()) == ["frame.png", "report.json", "report.txt"]
        figures = json.loads(archive.read("report.json"))
        frame = cv2.imdecode(np.frombuffer(archive.read("frame.png"), np.uint8), cv2.IMREAD_COLOR)
        text = archive.read("report.txt").decode()
    assert figures["verdict"] == "no_go" and figures["problems"][0]["mode"] == "4608x2592"
    assert frame.shape == half_frame.shape and np.array_equal(frame, half_frame)
    assert "Use the 4608x2592 mode" in text


def test_check_reads_the_configured_camera(tmp_path: Path, half_frame: np.ndarray) -> None:
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "0.png"), half_frame)
    config = _config(tmp_path, f"file:{folder}")
    result = CliRunner().invoke(main, ["camera", "check", "--config", str(config)])
    assert result.exit_code == 1, result.output
    assert "Lower the camera" not in result.output  # lowering would cut off the map
    assert "Use a camera with more pixels" in result.output  # no model: no mode to offer


def test_no_markers_in_view_is_said_and_nothing_is_saved(tmp_path: Path) -> None:
    photo = tmp_path / "wall.png"
    cv2.imwrite(str(photo), np.full((600, 800, 3), 120, np.uint8))
    out = tmp_path / "report.zip"
    args = ["camera", "check", "--config", str(_config(tmp_path)), "--photo", str(photo)]
    result = CliRunner().invoke(main, [*args, "--save", str(out)])
    assert result.exit_code == 1
    assert "no corner marker in view" in result.output and "(nothing saved)" in result.output
    assert not out.exists() and not list(tmp_path.glob("*.part"))


def test_a_frame_of_another_size_than_the_calibration_is_refused(
    tmp_path: Path, half_frame: np.ndarray
) -> None:
    data = tmp_path / "data"
    data.mkdir()
    grey = cv2.cvtColor(half_frame, cv2.COLOR_BGR2GRAY)
    calibration = calibrate_from_markers(grey, FIVE_BY_FIVE_MAP)
    calibration = type(calibration)(
        calibration.homography, (4608, 2592), calibration.method, calibration.marker_centres_px
    )
    calibration.save(data / "calibration.json")
    photo = tmp_path / "frame.png"
    cv2.imwrite(str(photo), half_frame)
    out = tmp_path / "report.zip"
    args = ["camera", "check", "--config", str(_config(tmp_path)), "--photo", str(photo)]
    result = CliRunner().invoke(main, [*args, "--save", str(out)])
    assert result.exit_code == 1
    assert "the frame is 2304×1296 but the table's camera works at 4608×2592" in result.output
    assert not out.exists()


class DyingCamera(SynthSource):
    """Gives one frame, then fails as an unplugged camera does."""

    def read(self) -> np.ndarray | None:
        frame = super().read()
        if self.given:
            raise CameraError("capture failed: device gone")
        self.given = True
        return frame

    given = False


def test_a_camera_that_dies_mid_check_is_said_and_never_judged_on_a_stale_frame(
    half_frame: np.ndarray,
) -> None:
    with pytest.raises(SetupError, match="stopped giving pictures during the check"):
        grab(DyingCamera([half_frame] * 3))
    with pytest.raises(SetupError, match="gave no picture"):
        grab(SynthSource([]))


def test_the_report_zip_is_written_whole(tmp_path: Path, half_frame: np.ndarray) -> None:
    table, notes = table_camera(tmp_path, FIVE_BY_FIVE_MAP)
    assert notes == [] and table.lens is None and table.expected_size is None
    report = table.check(half_frame)
    save_report(report, half_frame, tmp_path / "r.zip")
    assert zipfile.is_zipfile(tmp_path / "r.zip")
    assert [p.name for p in tmp_path.iterdir()] == ["r.zip"]


# -- each problem made on purpose, through the command line, on the whole map at the full mode --

FULL = View(
    4608,
    2592,
    plan_modes(CAMERAS["camera-module-3"], map_view_mm(), DEFAULT_CARRIER.module_mm)[0].px_per_mm,
    1.0,
    0.01,
)


def full_scene(print_scale: float = 1.0) -> Scene:
    from vision.board_change import TagId
    from vision.synth import Figure, Piece

    corners = ((45.0, 45.0), (405.0, 45.0), (405.0, 405.0), (45.0, 405.0))
    pieces = tuple(
        Piece(
            TagId("db", "B1", n + 1), x, y, marker_id=n + 1, angle_deg=30.0 * n,
            figure=Figure(0.6, 0.0, 40.0 * n, n),
        )
        for n, (x, y) in enumerate(corners)
    )  # fmt: skip
    return Scene(
        FIVE_BY_FIVE_MAP, pieces, family="aruco4x4", design="carrier", seed=4,
        print_scale=print_scale,
    )  # fmt: skip


def _spot_on(x_mm: float, y_mm: float, radius_mm: float) -> tuple[float, float, float]:
    from vision.synth import view_homography

    h = view_homography(full_scene(), FULL)
    ((x, y),) = cv2.perspectiveTransform(np.array([[[x_mm, y_mm]]]), h)[0]
    return x / FULL.width, y / FULL.height, radius_mm * FULL.px_per_mm / FULL.width


def _frame(case: str) -> np.ndarray:
    from vision.synth import Look

    if case == "too high":
        return render(full_scene(), replace(FULL, px_per_mm=4.2))
    if case == "printed at 90 %":
        return render(full_scene(0.9), FULL)
    looks = {
        "good": Look(),
        "defocus": Look(defocus_px=3.0),
        "glare": Look(glare_spot=_spot_on(270.0, 315.0, 30.0)),  # between c4 and d4
        "dark side": Look(light_gradient=0.75, light_direction_deg=90.0),
    }
    return render(full_scene(), FULL, looks[case])


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("good", "GO: every cell reads well and the carrier test passed"),
        ("too high", "  - Lower the camera "),
        ("defocus", "  - Refocus: the map's lines are soft"),
        ("glare", "  - Turn the lamp behind seat B away: it reflects on c4, d4"),
        ("dark side", "  - Add light behind seat A or turn the lamp to it: a1, b1, c1, d1, e1"),
        (
            "printed at 90 %",
            "are printed at 89 %: print the sheet again at 100 % (no 'fit to page')",
        ),
    ],
)
def test_check_names_each_problem_its_cells_and_its_fix(
    tmp_path: Path, case: str, said: str
) -> None:
    photo = tmp_path / "frame.jpg"
    cv2.imwrite(str(photo), _frame(case), [cv2.IMWRITE_JPEG_QUALITY, 95])
    lens = lens_path(tmp_path / "data")
    save_lens(FULL.lens(), lens)  # the lens calibrated: its focal length gives the height
    args = ["camera", "check", "--config", str(_config(tmp_path)), "--photo", str(photo)]
    result = CliRunner().invoke(main, args)
    assert said in result.output, result.output
    assert result.exit_code == (0 if case == "good" else 1)
    if case == "too high":
        assert "cm: the carriers' markers are 3.9 px a module on a1, b1" in result.output
