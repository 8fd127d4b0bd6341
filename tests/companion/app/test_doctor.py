import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
from click.testing import CliRunner

from companion.app.doctor import (
    check_camera,
    check_camera_setup,
    check_config,
    check_gpio,
    check_lights,
    check_players_labels,
    check_store,
    doctor,
    run_checks,
)
from companion.settings import CameraSettings, LightsSettings, SeatSettings, Settings
from companion.table.seated_labels import save_seated
from companion.table.session import Session
from companion.table.store import Store
from vision.board_change import TagId
from vision.registration import LabelRegistration


def _seat_labels(data_dir: Path, match: int, seats: dict[str, LabelRegistration]) -> None:
    """What the hub's link keeps for a pairing, in the table's store (its session)."""
    store = Store(Settings(data_dir=data_dir).store_path)
    save_seated(Session(store), match, seats)
    store.close()


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


def test_no_pin_factory_is_said_in_our_words_with_the_pi_fix(tmp_path: Path, monkeypatch):
    from gpiozero import Device

    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "nonexistent")  # gpiozero finds none
    monkeypatch.setattr(Device, "pin_factory", None)
    check = check_gpio(tmp_path / "no-model")
    assert check.ok and check.note  # a laptop has no GPIO: a note, not a problem
    assert check.line().startswith("[note] GPIO: ")
    assert check.message == (
        "buttons: none found (no GPIO on this machine) — "
        "the phones' done, undo and judge call do their job"
    )
    pi = tmp_path / "model"
    pi.write_text("Raspberry Pi 5 Model B Rev 1.0\x00")
    assert not check_gpio(pi).ok  # a Pi without its GPIO library: fix the installation
    assert "python3-lgpio" in check_gpio(pi).fix
    assert "pin factory" not in check_gpio(pi).line()


def test_leds_off_a_pi_are_simulated_and_a_missing_library_fails_with_its_fix(
    tmp_path: Path, monkeypatch
):
    monkeypatch.delenv("COMPANION_LIGHTS", raising=False)
    laptop = check_lights(Settings(data_dir=tmp_path), tmp_path / "no-model")
    assert (
        laptop.ok
        and laptop.note
        and laptop.message.startswith("none found (this machine is not a Raspberry Pi)")
    )
    monkeypatch.setitem(__import__("sys").modules, "rpi_ws281x", None)  # not installed
    wanted = Settings(data_dir=tmp_path, lights=LightsSettings(backend="ws281x"))
    missing = check_lights(wanted, tmp_path / "no-model")
    assert not missing.ok
    assert missing.message.startswith("ws281x did not open (its library is not installed here)")
    assert "pip install rpi_ws281x" in missing.fix
    assert "halted" not in missing.line()  # the import error's own words: the log only


def test_a_camera_that_does_not_open_is_said_without_its_librarys_words(tmp_path: Path):
    check = check_camera(
        Settings(data_dir=tmp_path, camera=CameraSettings(source=f"file:{tmp_path}/none"))
    )
    assert not check.ok
    assert check.message.endswith("did not open — the phones and the judge keep the board")


def test_the_command_exits_non_zero_when_something_is_missing(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text(f"data_dir: {tmp_path}\ncamera:\n  source: file:{tmp_path}/nothing\n")
    result = CliRunner().invoke(doctor, ["--config", str(config)])
    assert result.exit_code == 1
    assert "[FAIL] camera" in result.output
    assert "[ok  ] config" in result.output


CARRIERS = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1)}, 3)
QR_STICKERS = LabelRegistration("qr", {0: TagId("db", "Z12", 1)}, 9)


def test_players_labels_of_a_kind_the_table_does_not_read_are_named_with_their_player(
    tmp_path: Path,
):
    markers = tmp_path / "carriers.markers.yaml"
    markers.write_text(LabelRegistration("aruco4x4", {0: TagId("db", "D1", 1)}, 5).to_yaml())
    settings = Settings(
        data_dir=tmp_path,
        camera=CameraSettings(markers=markers),
        seats={
            "A": SeatSettings(name="Aiko Tanaka", colour="#0072B2"),
            "B": SeatSettings(name="Ben Sato", colour="#E69F00"),
        },
    )
    assert check_players_labels(settings).ok  # no pairing: nothing to check
    _seat_labels(tmp_path, 7, {"A": CARRIERS, "B": QR_STICKERS})
    check = check_players_labels(settings)
    assert not check.ok
    assert check.message == (
        "Ben Sato's labels (seat B) are QR stickers, but this table reads carriers: the camera "
        "does not read their miniatures"
    )
    assert "companion labels tags" in check.fix
    _seat_labels(tmp_path, 8, {"A": CARRIERS, "B": CARRIERS})
    assert check_players_labels(settings).ok


def test_the_players_are_named_as_the_hubs_pairing_seated_them(tmp_path: Path):
    settings = Settings(data_dir=tmp_path)  # no registration of its own: seat A's kind is read
    _seat_labels(tmp_path, 7, {"A": QR_STICKERS, "B": CARRIERS})
    assert check_players_labels(settings).message.startswith("Player B's labels (seat B) are")
    paired = {"A": "Aiko Tanaka", "B": "Ben Sato"}  # the names the pairing put on the seats
    seats = {s: SeatSettings(name=n, colour="#777777") for s, n in paired.items()}
    store = Store(settings.store_path)
    Session(store).set_seats(seats)
    store.close()
    assert check_players_labels(settings).message == (
        "Ben Sato's labels (seat B) are carriers, but this table reads QR stickers: the camera "
        "does not read their miniatures"
    )


def test_the_doctor_command_lists_the_left_out_labels(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text(f"data_dir: {tmp_path}\n")
    _seat_labels(tmp_path, 7, {"A": QR_STICKERS, "B": CARRIERS})
    result = CliRunner().invoke(doctor, ["--config", str(config)])
    assert "[FAIL] players' labels: Player B's labels (seat B) are carriers" in result.output
    assert result.exit_code == 1


def test_the_doctor_gives_the_camera_set_up_check_s_verdict(tmp_path: Path):
    from vision.carrier import DEFAULT_CARRIER
    from vision.map_grid import FIVE_BY_FIVE_MAP
    from vision.planner import CAMERAS, map_view_mm, plan_modes
    from vision.synth import Scene, View, render

    ppm = plan_modes(CAMERAS["camera-module-3"], map_view_mm(), DEFAULT_CARRIER.module_mm)[1]
    frame = render(Scene(FIVE_BY_FIVE_MAP, seed=4), View(2304, 1296, ppm.px_per_mm, 1.0, 0.01))
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "0.png"), frame)
    settings = Settings(data_dir=tmp_path, camera=CameraSettings(source=f"file:{folder}"))
    check = check_camera_setup(settings)
    assert not check.ok and check.message == "0 of 25 cells read well"
    assert check.fix.startswith("Use a camera with more pixels: the carriers' markers are 2.2 px")
    empty = tmp_path / "empty"
    empty.mkdir()
    cv2.imwrite(str(empty / "0.png"), np.full((600, 800, 3), 90, np.uint8))
    blank = check_camera_setup(
        Settings(data_dir=tmp_path, camera=CameraSettings(source=f"file:{empty}"))
    )
    assert not blank.ok and "no corner marker in view" in blank.message


def _doctor_process(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``companion doctor`` run as its user runs it, on this machine (no camera, no GPIO)."""
    env = {**os.environ, "COMPANION_HOME": str(home), "PYTHONWARNINGS": ""}
    for name in ("COMPANION_CAMERA", "COMPANION_LIGHTS", "GPIOZERO_PIN_FACTORY"):
        env.pop(name, None)
    return subprocess.run(
        [sys.executable, "-m", "companion", "doctor", *args],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip


def test_doctor_exits_0_on_a_laptop_that_only_lacks_the_optional_devices(tmp_path: Path):
    done = _doctor_process(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert not any(line.startswith("[FAIL]") for line in lines), done.stdout
    marks = {line[7:].split(":", 1)[0]: line[:6] for line in lines if line.startswith("[")}
    if not Path("/dev/video0").exists():  # this machine has no camera: said as a note
        assert marks["camera"] == "[note]"
    if not Path("/proc/device-tree/model").exists():  # not a Pi: no GPIO, simulated LEDs
        assert marks["GPIO"] == marks["LEDs"] == "[note]"
        assert "Not on this machine (the table plays without them" in done.stdout
    assert marks["config"] == marks["disk"] == marks["game store"] == "[ok  ]"
    assert done.stderr == ""


def test_doctor_exits_1_when_the_table_cannot_keep_its_games(tmp_path: Path):
    """The same machine as above, in this process (the command's own entry point is run above)."""
    Settings(data_dir=tmp_path).store_path.write_bytes(b"this is not a database" * 100)
    env = {"COMPANION_HOME": str(tmp_path), "COMPANION_CAMERA": None, "COMPANION_LIGHTS": None}
    done = CliRunner().invoke(doctor, [], env={**env, "GPIOZERO_PIN_FACTORY": None})
    assert done.exit_code == 1
    assert "[FAIL] game store" in done.output
    assert "1 problem(s) to fix: game store." in done.output
