"""``companion camera``: calibrate the camera's lens from photos of the printed ChArUco board
(``companion labels charuco``; the lens is saved in the table's data folder, the table then maps
every image point through it and calibrates the map again with it at the next start), and check
the camera's set-up (``check``: what limits each cell and what to change, ``setup.py``)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click
import cv2

from companion.errors import DataFileError
from companion.games import settings_sections
from companion.settings import load_settings
from vision.lens import LensError, calibrate_lens, lens_path, save_lens
from vision.planner import CAMERAS


@click.group()
def camera() -> None:
    """The table camera: lens calibration and the set-up check."""


@camera.command("calibrate")
@click.argument(
    "photos", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False, path_type=Path)
)
@click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="where to save the lens (default: lens.json in the table's data folder)",
)
def calibrate_command(photos: tuple[Path, ...], config: Path | None, out: Path | None) -> None:
    """Calibrate the lens from PHOTOS of the printed ChArUco board (three or more, taken
    with the table camera at its table resolution, the board tilted and in different parts of the
    frame, corners included)."""
    grey = []
    for photo in photos:
        image = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE)
        if image is None:
            raise click.ClickException(f"{photo} is not a readable image")
        grey.append(image)
    try:
        lens = calibrate_lens(grey)
    except LensError as error:
        raise click.ClickException(str(error)) from error
    if out is None:
        try:
            out = lens_path(load_settings(config, game_sections=settings_sections()).data_dir)
        except DataFileError as error:
            raise click.ClickException(f"config: {error}") from None
    save_lens(lens, out)
    k, d = lens.camera_matrix, lens.dist_coeffs
    width, height = lens.image_size
    click.echo(
        f"lens at {width}×{height}: focal {k[0, 0]:.0f} × {k[1, 1]:.0f} px, centre "
        f"({k[0, 2]:.0f}, {k[1, 2]:.0f}), k1 {d[0]:+.3f}, k2 {d[1]:+.3f}; "
        f"reprojection error {lens.rms_px:.2f} px"
    )
    click.echo(f"{out}: saved; the table calibrates the map again with it at its next start")


@camera.command("check")
@click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")
@click.option(
    "--photo",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="check this photo from the table camera instead of the camera itself",
)
@click.option(
    "--model",
    type=click.Choice(sorted(CAMERAS)),
    help="the camera model (its modes and field of view make the advice precise)",
)
@click.option(
    "--save",
    type=click.Path(dir_okay=False, path_type=Path),
    help="also save the frame and the figures to this zip, for asking for help",
)
def check_command(
    config: Path | None, photo: Path | None, model: str | None, save: Path | None
) -> None:
    """Check the camera's set-up on one frame: per cell, whether the carriers read there and
    what limits them (scale, focus, glare, light), each problem with its fix; and the carrier
    test in the corner cells. Exits 1 when something must be fixed."""
    from companion.camera.setup import grab, save_report, table_camera
    from vision.camera import source_from_spec
    from vision.map_grid import FIVE_BY_FIVE_MAP
    from vision.setup_check import SetupError

    try:
        settings = load_settings(config, game_sections=settings_sections())
    except DataFileError as error:
        raise click.ClickException(f"config: {error}") from None
    table, notes = table_camera(settings.data_dir, FIVE_BY_FIVE_MAP)
    if model is not None:
        table = replace(table, model=CAMERAS[model])
    for note in notes:
        click.echo(f"note: {note}")
    try:
        if photo is not None:
            frame = cv2.imread(str(photo), cv2.IMREAD_COLOR)
            if frame is None:
                raise SetupError(f"{photo} is not a readable image")
        else:
            frame = grab(source_from_spec(_camera_source(settings.camera.source)))
        report = table.check(frame)
        if save is not None:
            save_report(report, frame, save)
    except SetupError as error:
        raise click.ClickException(f"{error} (nothing saved)" if save else str(error)) from None
    for line in report.lines():
        click.echo(line)
    if save is not None:
        click.echo(f"{save}: the frame and the figures, for asking for help")
    if not report.ok:
        raise SystemExit(1)


NO_CAMERA = (
    "No camera found on this machine (no Pi camera module, no USB webcam at /dev/video0): the "
    "table plays without one, the phones and the judge keep the board.\n"
    "Next: connect the camera (on a Pi, rpicam-hello --list-cameras should list it), then run "
    "companion camera check again; or check a photo taken from where the camera will hang: "
    "companion camera check --photo table.jpg"
)


def _camera_source(spec: str) -> str:
    """The camera to check: the config's, or with ``auto`` the one this machine has; none found
    is said with what to do next (exit 1: there is nothing to check)."""
    from vision.camera import detect_camera

    if spec != "auto":
        return spec
    found = detect_camera()
    if found is None:
        click.echo(NO_CAMERA, err=True)
        raise SystemExit(1)
    return found
