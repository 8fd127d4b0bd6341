from pathlib import Path

import cv2
import numpy as np
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
