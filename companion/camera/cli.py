"""``companion camera``: calibrate the camera's lens from photos of the printed ChArUco board
(``companion labels charuco``). The lens is saved in the table's data folder; the table then maps
every image point through it and calibrates the map again with it at the next start."""

from __future__ import annotations

from pathlib import Path

import click
import cv2

from companion.errors import DataFileError
from companion.settings import load_settings
from vision.lens import LensError, calibrate_lens, lens_path, save_lens


@click.group()
def camera() -> None:
    """The table camera: lens calibration."""


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
            out = lens_path(load_settings(config).data_dir)
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
