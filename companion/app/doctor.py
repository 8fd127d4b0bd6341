"""``companion doctor``: checks what a table needs; says plainly what is wrong and how to fix it.

Three verdicts: ``ok``; a ``note`` for an optional device this machine does not have (a laptop:
no camera, no GPIO, simulated LEDs), which the table plays without; ``FAIL`` for what keeps the
table from doing its job or a device it has that does not work. Only a FAIL exits non-zero.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import warnings
from dataclasses import dataclass
from pathlib import Path

import click

from companion.app.devices import (
    PHONES_KEEP_THE_BOARD,
    buttons_missing,
    camera_missing,
    lights_missing,
    on_a_pi,
)
from companion.errors import DataFileError
from companion.games import configured_kit, settings_sections
from companion.lights.factory import MODEL_FILE
from companion.settings import Settings, load_settings

log = logging.getLogger(__name__)

MIN_FREE_MB = 200


@dataclass(frozen=True)
class Check:
    """One check's verdict: ``ok`` (a note is ok: the table plays without that device), what it
    found and, when there is one, the fix (for a note: how to add the device)."""

    name: str
    ok: bool
    message: str
    fix: str = ""
    note: bool = False

    def line(self) -> str:
        mark = "FAIL" if not self.ok else "note" if self.note else "ok  "
        text = f"[{mark}] {self.name}: {self.message}"
        if not self.fix:
            return text
        return f"{text}\n       {'to add' if self.note else 'fix'}: {self.fix}"


def _note(name: str, message: str, fix: str) -> Check:
    """An optional device this machine does not have: said, with how to add it, never a FAIL."""
    return Check(name, True, message, fix, note=True)


def check_config(path: Path | None) -> tuple[Check, Settings | None]:
    where = str(path) if path else "built-in defaults"
    try:
        settings = load_settings(path, game_sections=settings_sections())
    except DataFileError as error:
        return Check(
            "config", False, str(error), "correct that field (setup/table.example.yaml)"
        ), None
    game = configured_kit(settings).name
    return Check("config", True, f"{where} is valid (game: {game})"), settings


def check_disk(settings: Settings) -> Check:
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    free_mb = shutil.disk_usage(settings.data_dir).free // 2**20
    if free_mb < MIN_FREE_MB:
        return Check(
            "disk", False, f"only {free_mb} MB free in {settings.data_dir}", "free some space"
        )
    if not os.access(settings.data_dir, os.W_OK):
        return Check("disk", False, f"{settings.data_dir} is not writable", "fix its owner")
    return Check("disk", True, f"{free_mb} MB free in {settings.data_dir}")


def check_store(settings: Settings) -> Check:
    path = settings.store_path
    if not path.exists():
        return Check("game store", True, f"{path} will be created on first start")
    try:
        with sqlite3.connect(path) as db:
            result = db.execute("PRAGMA integrity_check").fetchone()[0]
    except sqlite3.Error as error:
        return Check("game store", False, f"{path}: {error}", "move the file aside and restart")
    if result != "ok":
        return Check("game store", False, f"{path}: {result}", "move the file aside and restart")
    return Check("game store", True, f"{path} is intact")


def check_lights(settings: Settings, model_file: Path = MODEL_FILE) -> Check:
    from companion.games import fixed_maps
    from companion.lights.factory import Fallback, detect_backend, open_lights
    from firmware_config.layout import load_layout

    try:
        layout = load_layout(settings.lights.layout, fixed_maps())
    except DataFileError as error:
        return Check("LEDs", False, str(error), "fix the layout or choose a shipped one")
    wanted: str = settings.lights.backend
    fallbacks: list[Fallback] = []
    lights = open_lights(wanted, layout, model_file=model_file, fallbacks=fallbacks)
    lights.close()
    simulated = f"simulated ({layout.led_count} LEDs, layout {layout.name})"
    note = lights_missing(wanted, lights.name, fallbacks, model_file)
    if note is not None and fallbacks:
        return Check("LEDs", False, note.said, note.fix)
    if note is not None:  # not a Pi: simulated lights are what this machine has
        return _note("LEDs", f"{note.found}: {simulated}", note.fix)
    if lights.name == "virtual":
        return Check("LEDs", True, simulated)
    name = detect_backend(model_file) if wanted == "auto" else lights.name
    return Check("LEDs", True, f"{name} opened ({layout.led_count} LEDs)")


def check_gpio(model_file: Path = MODEL_FILE) -> Check:
    from gpiozero.exc import BadPinFactory

    try:
        from gpiozero import Device

        with warnings.catch_warnings():  # gpiozero warns for each factory it falls back from
            warnings.simplefilter("ignore")
            if Device.pin_factory is None:
                Device.ensure_pin_factory()
        factory = type(Device.pin_factory).__name__
    except Exception as error:
        log.info("GPIO: gpiozero found no pin factory: %s", error)  # its words: the log only
        note = buttons_missing(error, model_file)
        if isinstance(error, BadPinFactory) and not on_a_pi(model_file):  # a laptop: no GPIO
            return _note("GPIO", f"buttons: {note.said}", note.fix)
        return Check("GPIO", False, f"buttons: {note.said}", note.fix)
    return Check("GPIO", True, f"pin factory {factory}")


def check_camera(settings: Settings) -> Check:
    from vision.camera import detect_camera

    spec = settings.camera.source
    if spec == "auto":
        spec = detect_camera() or ""
    if not spec:  # none configured, none found: the phones keep the board
        note = camera_missing()
        return _note("camera", note.said, note.fix)
    from vision.camera import source_from_spec

    source = source_from_spec(spec)
    try:
        source.open()
        frame = source.read()
    except Exception as error:
        log.info("camera %s did not open: %s", spec, error)  # its library's words: the log only
        return Check(
            "camera",
            False,
            f"{spec} did not open — {PHONES_KEEP_THE_BOARD}",
            "check the cable and permissions (companion doctor -v shows the camera's own message)",
        )
    finally:
        with contextlib.suppress(Exception):
            source.close()
    if frame is None:
        return Check("camera", False, f"{spec} gave no frame", "check the camera")
    return Check("camera", True, f"{spec} gives {frame.shape[1]}×{frame.shape[0]} frames")


def check_calibration(settings: Settings) -> Check:
    from vision.calibration import Calibration

    path = settings.data_dir / "calibration.json"
    if not path.exists():
        return Check(
            "calibration", True, "none saved yet: the table calibrates from the corner markers"
        )
    try:
        Calibration.load(path)
    except Exception as error:
        return Check("calibration", False, f"{path}: {error}", "delete it to calibrate anew")
    return Check("calibration", True, f"{path} loads")


def check_camera_setup(settings: Settings) -> Check:
    """The camera set-up check's verdict on one frame (``companion camera check`` says it all)."""
    from companion.camera.setup import grab, table_camera
    from vision.camera import detect_camera, source_from_spec
    from vision.map_grid import FIVE_BY_FIVE_MAP
    from vision.setup_check import SetupError

    name = "camera set-up"
    spec = settings.camera.source
    if spec == "auto":
        spec = detect_camera() or ""
    if not spec:
        return Check(name, True, "not checked: no camera (see the camera line)", note=True)
    table, _ = table_camera(settings.data_dir, FIVE_BY_FIVE_MAP)
    try:
        report = table.check(grab(source_from_spec(spec)))
    except SetupError as error:
        return Check(name, False, str(error), "companion camera check says more")
    except ValueError as error:  # a source spec that names no camera
        return Check(name, False, str(error), "fix camera.source")
    good = sum(cell.ok for cell in report.cells)
    if report.problems:
        return Check(
            name,
            False,
            f"{good} of {len(report.cells)} cells read well",
            "; ".join(p.describe() for p in report.problems),
        )
    return Check(name, True, f"all {len(report.cells)} cells read well")


def check_permissions(settings: Settings) -> Check:
    backend: str = settings.lights.backend
    if backend == "auto":
        from companion.lights.factory import detect_backend

        backend = detect_backend()
    if backend == "ws281x" and os.geteuid() != 0:
        return Check(
            "permissions",
            False,
            "rpi_ws281x on PWM needs root",
            "run the service as root (setup/companion.service) or wire the LEDs for SPI",
        )
    if backend == "pi5" and not os.access("/dev/pio0", os.R_OK | os.W_OK):
        return Check("permissions", False, "/dev/pio0 is not usable", "add the user to gpio")
    return Check("permissions", True, f"enough for the {backend} LEDs")


def check_players_labels(settings: Settings) -> Check:
    """The label registrations of the players a tournament hub seated here: each one the camera
    reads, or the players whose labels it leaves out (a kind this table does not read)."""
    from companion.camera.reading import tag_reading
    from companion.table.seated_labels import seated_from_data
    from companion.table.session import stored_labels, stored_seats

    name = "players' labels"
    seated = seated_from_data(stored_labels(settings.store_path))
    if not seated:
        return Check(name, True, "none: no tournament pairing with players' own labels")
    try:
        reading = tag_reading(settings.camera.decoder, settings.camera.markers, seated)
    except DataFileError as error:
        return Check(name, False, str(error), "fix camera.markers, or reprint the table's labels")
    if not reading.left_out:
        return Check(name, True, f"seat {' and '.join(sorted(seated))}'s read by the camera")
    seats = stored_seats(settings.store_path) or settings.seats
    names = {seat: s.name for seat, s in seats.items()}
    said = [left.describe(names.get(left.seat, f"seat {left.seat}")) for left in reading.left_out]
    return Check(
        name,
        False,
        "; ".join(said),
        "they enter their moves on a phone or play with the table's miniatures this match; for "
        "the next, they print labels of the kind this table reads (companion labels tags) and "
        "the organizer registers them",
    )


def run_checks(config: Path | None) -> list[Check]:
    config_check, settings = check_config(config)
    if settings is None:
        return [config_check]
    return [
        config_check,
        check_disk(settings),
        check_store(settings),
        check_lights(settings),
        check_permissions(settings),
        check_gpio(),
        check_camera(settings),
        check_camera_setup(settings),
        check_calibration(settings),
        check_players_labels(settings),
    ]


@click.command()
@click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")
@click.option("-v", "--verbose", is_flag=True, help="also show the device libraries' own messages")
def doctor(config: Path | None, verbose: bool) -> None:
    """Check the camera, LEDs, GPIO, config, calibration, store and disk; say how to fix each."""
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    checks = run_checks(config)
    for check in checks:
        click.echo(check.line())
    click.echo("\n" + verdict(checks))
    if any(not c.ok for c in checks):
        raise SystemExit(1)


def verdict(checks: list[Check]) -> str:
    """The closing line: the problems to fix, else that the table is ready (and without which
    optional devices)."""
    failed = [c.name for c in checks if not c.ok]
    if failed:
        return (
            f"{len(failed)} problem(s) to fix: {', '.join(failed)}. The table still starts; "
            "what does not work falls back (simulated LEDs, no camera, no buttons)."
        )
    missing = [c.name for c in checks if c.note and c.fix]
    if missing:
        return (
            "Everything the table needs is in place. Not on this machine (the table plays "
            f"without them; the notes say how to add them): {', '.join(missing)}."
        )
    return "Everything the table needs is in place."
