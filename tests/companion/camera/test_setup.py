"""The set-up check at a table: ``companion camera check`` on a photo or the configured camera,
its zip for asking for help, and what happens with bad input (nothing is saved)."""

from __future__ import annotations

import json
import zipfile
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
from vision.map_grid import DREAMBLADE_MAP
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
    return render(Scene(DREAMBLADE_MAP, family="aruco4x4", design="carrier", seed=4), HALF)


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
    calibration = calibrate_from_markers(grey, DREAMBLADE_MAP)
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
    table, notes = table_camera(tmp_path, DREAMBLADE_MAP)
    assert notes == [] and table.lens is None and table.expected_size is None
    report = table.check(half_frame)
    save_report(report, half_frame, tmp_path / "r.zip")
    assert zipfile.is_zipfile(tmp_path / "r.zip")
    assert [p.name for p in tmp_path.iterdir()] == ["r.zip"]
