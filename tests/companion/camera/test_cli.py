import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from click.testing import CliRunner

from companion.cli import main
from vision.lens import lens_path, load_lens
from vision.synth import View
from vision.synth import charuco_photos as board_photos


def test_camera_calibrate_saves_the_lens_in_the_data_folder(tmp_path: Path) -> None:
    view = View(800, 600, 1.0, k1=-0.3)
    paths = []
    for n, photo in enumerate(board_photos(view, count=4, seed=1)):
        paths.append(tmp_path / f"board{n}.png")
        cv2.imwrite(str(paths[-1]), photo)
    config = tmp_path / "table.yaml"
    config.write_text(f"data_dir: {tmp_path / 'data'}\n")
    result = CliRunner().invoke(
        main, ["camera", "calibrate", *map(str, paths), "--config", str(config)]
    )
    assert result.exit_code == 0, result.output
    lens = load_lens(lens_path(tmp_path / "data"))
    assert lens.image_size == (800, 600)
    assert abs(lens.dist_coeffs[0] + 0.3) < 0.03
    k1 = float(result.output.split("k1 ")[1].split(",")[0])
    assert k1 == lens.dist_coeffs[0].round(3)


def test_camera_calibrate_says_when_the_board_is_not_in_enough_photos(tmp_path: Path) -> None:
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((60, 80), 200, np.uint8))
    out = tmp_path / "lens.json"
    result = CliRunner().invoke(main, ["camera", "calibrate", str(blank), "--out", str(out)])
    assert result.exit_code != 0
    assert "found in 0 photo" in result.output
    assert not out.exists()


def _camera_check(home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """``companion camera check`` as its user runs it, on this machine."""
    environment = {**os.environ, "COMPANION_HOME": str(home), "PYTHONWARNINGS": ""}
    for name in ("COMPANION_CAMERA", "OPENCV_LOG_LEVEL"):
        environment.pop(name, None)
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-m", "companion", "camera", "check"],
        capture_output=True, text=True, env=environment, timeout=120,
    )  # fmt: skip


@pytest.mark.skipif(
    Path("/dev/video0").exists() or importlib.util.find_spec("picamera2") is not None,
    reason="this machine has a camera",
)
def test_check_with_no_camera_says_the_table_plays_without_one_and_what_to_do_next(
    tmp_path: Path,
) -> None:
    done = _camera_check(tmp_path)
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "WARN" not in said and "VIDEOIO" not in said, said  # OpenCV's own words
    assert "No camera found on this machine" in said
    assert "the table plays without one" in said
    assert "then run companion camera check again" in said
    assert "--photo" in said  # or check a photo taken from the camera's place


@pytest.mark.skipif(Path("/dev/video9").exists(), reason="this machine has a 10th camera")
def test_a_named_webcam_that_does_not_open_is_said_without_opencv_s_warnings(
    tmp_path: Path,
) -> None:
    done = _camera_check(tmp_path, COMPANION_CAMERA="opencv:9")
    said = done.stdout + done.stderr
    assert done.returncode == 1, said
    assert "WARN" not in said and "VIDEOIO" not in said, said
    assert "the camera did not open: check its cable and its source" in said
