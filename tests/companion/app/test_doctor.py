import sqlite3
from pathlib import Path

from click.testing import CliRunner

from companion.app.doctor import check_camera, check_config, check_store, doctor, run_checks
from companion.settings import CameraSettings, Settings


def test_a_broken_config_is_the_only_answer(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text("panel:\n  port: -3\n")
    checks = run_checks(config)
    assert [(c.name, c.ok) for c in checks] == [("config", False)]
    assert "panel.port" in checks[0].message


def test_a_good_config_is_accepted(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text(f"data_dir: {tmp_path}\n")
    check, settings = check_config(config)
    assert check.ok and settings is not None


def test_a_corrupt_store_is_reported_with_a_fix(tmp_path: Path):
    settings = Settings(data_dir=tmp_path)
    settings.store_path.write_bytes(b"this is not a database" * 100)
    check = check_store(settings)
    assert not check.ok
    assert "move the file aside" in check.fix


def test_an_intact_store_passes(tmp_path: Path):
    settings = Settings(data_dir=tmp_path)
    sqlite3.connect(settings.store_path).close()
    assert check_store(settings).ok


def test_a_camera_that_gives_frames_passes_and_a_missing_one_fails(tmp_path: Path):
    folder = tmp_path / "frames"
    folder.mkdir()
    import numpy as np
    from PIL import Image

    Image.fromarray(np.zeros((40, 60, 3), dtype=np.uint8)).save(folder / "a.png")
    good = check_camera(Settings(data_dir=tmp_path, camera=CameraSettings(source=f"file:{folder}")))
    assert good.ok and "60×40" in good.message
    bad = check_camera(
        Settings(data_dir=tmp_path, camera=CameraSettings(source=f"file:{tmp_path}/none"))
    )
    assert not bad.ok and bad.fix


def test_the_command_exits_non_zero_when_something_is_missing(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text(f"data_dir: {tmp_path}\ncamera:\n  source: file:{tmp_path}/nothing\n")
    result = CliRunner().invoke(doctor, ["--config", str(config)])
    assert result.exit_code == 1
    assert "[FAIL] camera" in result.output
    assert "[ok  ] config" in result.output
