"""``companion labels``: print tag sheets and corner markers, plan the camera, and check what a
photo from the table camera reads."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import click
import cv2

from companion.camera.label_sources import read_label_source, source_help
from companion.errors import DataFileError
from vision.calibration import CornerLayout, calibrate_from_markers
from vision.carrier import DEFAULT_CARRIER
from vision.labels import carrier_sheet, charuco_sheet, corner_sheet, tag_sheet
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.observe import place
from vision.planner import (
    CAMERAS,
    FAMILIES,
    MODULES,
    RELIABLE_PX_PER_MODULE,
    CameraSpec,
    plan,
    plan_modes,
    recommend,
    recommend_mode,
)
from vision.registration import (
    MARKER_FAMILIES,
    LabelRegistration,
    assign_serials,
    key_count,
    load_registration,
    new_key,
)
from vision.tags import make_reader


@click.group()
def labels() -> None:
    """Printable tags and corner markers, and the camera planner."""


def _pdf(_context: click.Context, _param: click.Parameter, out: Path) -> Path:
    """The sheets are PDFs (exact size, for printing at 100 %): any other name is refused."""
    if out.suffix.lower() != ".pdf":
        raise click.BadParameter(
            f"{out.name}: this sheet is written as a PDF, to print at exact size (a picture "
            f"would be scaled): name it {out.with_suffix('.pdf').name}"
        )
    return out


_pdf_out = click.option(
    "--out",
    "-o",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    callback=_pdf,
    help="the PDF to write",
)


@labels.command("tags", epilog="\b\n" + source_help())  # \b: printed as written
@click.argument("warband")
@_pdf_out
@click.option(
    "--design",
    type=click.Choice(["carrier", "sticker"]),
    default="carrier",
    show_default=True,
    help="carrier: a disc under the base ringed with markers (reads with a figure standing on "
    "it); sticker: one code on the base (hidden once a figure stands on it)",
)
@click.option("--tag-mm", default=13.0, show_default=True, help="sticker: printed code size")
@click.option("--base-mm", default=25.0, show_default=True, help="miniature base diameter")
@click.option(
    "--family", type=click.Choice(["qr", *MARKER_FAMILIES]), help="sticker: code family [qr]"
)
@click.option(
    "--micro", is_flag=True, help="Micro QR instead of QR (measured to read worse: tiny bases only)"
)
@click.option(
    "--registration",
    "table",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="the table's label registration from an earlier sheet: its key and serials are kept",
)
@click.option(
    "--key",
    type=int,
    help="the table's key (new tables: a random one; a registration already beside OUT keeps "
    "its own unless this changes it)",
)
@click.option(
    "--seat",
    type=click.Choice(["A", "B"]),
    default="A",
    show_default=True,
    help="the seat ring of a warband's or registration's labels",
)
def tags_command(
    warband: str,
    out: Path,
    design: str,
    tag_mm: float,
    base_mm: float,
    family: str | None,
    micro: bool,
    table: Path | None,
    key: int | None,
    seat: str,
) -> None:
    """Print the tags of a WARBAND (a warband file, a label registration or a label list) at
    exact size, to a PDF.

    Every tag carries only the table's key and a short serial (labels without a `serial` get the
    lowest free ones), so its code is as small whatever the miniature; the label registration
    (serial → tag) is written beside the PDF as OUT.markers.yaml — set `camera.markers` to it.
    Printed again to the same OUT, it keeps that registration's key and serials (`--key` changes
    the key, and says so). Another table's tags (another key) are flagged, never read as this
    table's."""
    try:
        carrier = replace(DEFAULT_CARRIER, base_mm=base_mm) if design == "carrier" else None
    except ValueError as error:
        raise click.ClickException(str(error)) from error
    if carrier is not None and family not in (None, carrier.family):
        raise click.UsageError(
            f"a carrier carries {carrier.family} markers (--family is for stickers)"
        )
    family = carrier.family if carrier is not None else family or "qr"
    if micro and family != "qr":
        raise click.UsageError("--micro goes with a QR sticker")
    registration_path = out.with_suffix(".markers.yaml")
    try:
        source = read_label_source(warband, seat)
        entries = source.labels
        before = _registration_beside(registration_path)
        if source.registration is not None and table is not None:
            raise click.UsageError(f"{warband} is a registration: --registration goes with a list")
        origin: object = table or (warband if source.registration else registration_path)
        earlier = load_registration(table) if table is not None else source.registration or before
        if earlier is not None and earlier.family != family:
            raise click.UsageError(f"{origin} registers {earlier.family} tags, not {family}")
        if table is not None and earlier is not None and key not in (None, earlier.key):
            raise click.UsageError(f"{table} is the table with key {earlier.key}")
        if key is not None and not 0 <= key < key_count(family):
            keys = key_count(family)
            raise click.UsageError(f"--key: {family} table keys go from 0 to {keys - 1}")
        if earlier is not None and key is None:  # an earlier sheet's key is kept
            key = earlier.key
        table_key = key if key is not None else new_key(family)
        fixed = {tag: serial for serial, tag in (earlier.serials if earlier else {}).items()}
        for e in entries:
            if e.serial is not None and fixed.setdefault(e.tag, e.serial) != e.serial:
                raise click.UsageError(f"{e.tag} is serial {fixed[e.tag]} at this table")
        registration = assign_serials(family, [e.tag for e in entries], fixed, table_key)
        if carrier is not None:
            pages = carrier_sheet(entries, out, registration, carrier)
        else:
            pages = tag_sheet(entries, out, registration, tag_mm, base_mm, micro)
    except ValueError as error:  # DataFileError, SourceError: the file and what it needs
        raise click.ClickException(str(error)) from error
    registration_path.write_text(registration.to_yaml(), encoding="utf-8")
    kept = before is not None and before.key == registration.key
    click.echo(
        f"{registration_path}: the table's label registration (key {registration.key}"
        f"{', kept' if kept else ''}, {len(registration.serials)} serials): set camera.markers "
        "to it"
    )
    if before is not None and before.key != registration.key:
        click.echo(
            f"warning: {registration_path} had key {before.key}, now {registration.key}: "
            f"tags printed with key {before.key} no longer read as these; give the new file to "
            "the organizer (Carriers… beside your name) or set camera.markers to it again",
            err=True,
        )
    if carrier is not None:
        click.echo(f"{out}: {carrier.describe()}")
    click.echo(f"{out}: {pages} page(s); print at 100 % (no 'fit to page')")


def _registration_beside(path: Path) -> LabelRegistration | None:
    """The registration an earlier sheet wrote at ``path`` (kept, never silently re-keyed), or
    ``None``; a file there that is none is refused rather than overwritten."""
    if not path.exists():
        return None
    try:
        return load_registration(path)
    except DataFileError as error:
        raise click.ClickException(
            f"{path} is there but is no label registration ({error}): move it aside, or choose "
            "another --out"
        ) from None


@labels.command("corners")
@_pdf_out
def corners_command(out: Path) -> None:
    """Print the four calibration corner markers to a PDF."""
    corner_sheet(out)
    click.echo(f"{out}: cut the four markers and lay each beside its map corner")


@labels.command("charuco")
@_pdf_out
def charuco_command(out: Path) -> None:
    """Print the ChArUco board that calibrates the camera's lens to a PDF."""
    charuco_sheet(out)
    click.echo(f"{out}: print at 100 %, then photograph it and run `companion camera calibrate`")


def _resolution(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError as error:
        raise click.BadParameter("expected WIDTHxHEIGHT, e.g. 4056x3040") from error
    return w, h


@labels.command("plan")
@click.option("--map-mm", default=450.0, show_default=True, help="map side")
@click.option("--tag-mm", default=13.0, show_default=True)
@click.option("--resolution", default="4056x3040", show_default=True, help="WIDTHxHEIGHT")
@click.option("--hfov", default=63.0, show_default=True, help="horizontal field of view, degrees")
@click.option("--height-mm", default=600.0, show_default=True, help="lens above the table")
def plan_command(
    map_mm: float, tag_mm: float, resolution: str, hfov: float, height_mm: float
) -> None:
    """Pixels per tag module for a camera, and whether reads will be reliable."""
    width, height = _resolution(resolution)
    try:
        camera = CameraSpec(width, height, hfov, height_mm)
        layout = CornerLayout()  # the camera must also see the corner markers
        seen_mm = map_mm + 2 * (layout.gap_mm + layout.size_mm)
        plans = [plan(seen_mm, tag_mm, camera, family) for family in FAMILIES]
    except ValueError as error:
        raise click.ClickException(str(error)) from error
    fw, fh = camera.footprint_mm
    click.echo(
        f"camera sees {fw:.0f} × {fh:.0f} mm at {height_mm:.0f} mm; {plans[0].px_per_mm:.2f} px/mm"
    )
    if not plans[0].map_fits:
        click.echo(
            f"the map with its corner markers ({seen_mm:.0f} mm) does NOT fit: raise the camera"
        )
    for p in plans:
        verdict = "reliable" if p.reliable else "NOT reliable"
        need = f"needs ≥ {p.threshold:g}"
        click.echo(f"  {p.family:14s} {p.px_per_module:5.2f} px/module ({need}): {verdict}")
    best = recommend(seen_mm, tag_mm, camera)
    click.echo(
        f"recommended tag family: {best}"
        if best
        else "no family reads reliably: move closer or use bigger tags"
    )


@labels.command("modes")
@click.option(
    "--camera",
    "cameras",
    type=click.Choice(sorted(CAMERAS)),
    multiple=True,
    help="camera to plan (repeat; default: all)",
)
@click.option("--map-mm", default=450.0, show_default=True, help="map side")
def modes_command(cameras: tuple[str, ...], map_mm: float) -> None:
    """Judge the printed carrier design in each camera's modes and recommend one per camera."""
    carrier = DEFAULT_CARRIER
    layout = CornerLayout()
    seen_mm = map_mm + 2 * (layout.gap_mm + layout.size_mm)
    modules = MODULES[carrier.family]
    click.echo(
        f"printed design: {carrier.describe()}, {modules} modules across a marker; the camera "
        f"mounted so {seen_mm:.0f} mm (map and corner markers) fill the image's short side"
    )
    for key in cameras or sorted(CAMERAS):
        model = CAMERAS[key]
        try:
            plans = plan_modes(model, seen_mm, carrier.module_mm)
        except ValueError as error:
            raise click.ClickException(str(error)) from error
        best = recommend_mode(model, seen_mm, carrier.module_mm)
        click.echo(f"{model.name} ({key})")
        for p in plans:
            verdict = "reliable" if p.reliable else "NOT reliable"
            mark = "  <- recommended" if best is not None and p.mode == best.mode else ""
            click.echo(
                f"  {p.mode!s:10s} {p.mode.fps:6.2f} fps  {p.px_per_mm:4.2f} px/mm  "
                f"{p.px_per_module:4.2f} px/module (needs ≥ {p.threshold:g}): {verdict}{mark}"
            )
        if best is None:
            click.echo("  no mode reads the carriers reliably: use another camera")


@labels.command("check")
@click.argument("photo", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--family", type=click.Choice(["qr", *MARKER_FAMILIES]), default="qr", show_default=True
)
@click.option(
    "--registration",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="the table's label registration (needed for carriers and marker stickers)",
)
@click.option("--tag-mm", default=13.0, show_default=True, help="printed code size")
def check_command(photo: Path, family: str, registration: Path | None, tag_mm: float) -> None:
    """Read a PHOTO from the table camera: calibration, pixels per module, tags per cell."""
    gray = cv2.imread(str(photo), cv2.IMREAD_GRAYSCALE)
    if gray is None:
        raise click.ClickException(f"{photo} is not a readable image")
    try:
        calibration = calibrate_from_markers(gray, FIVE_BY_FIVE_MAP)
        if family != "qr" and registration is None:
            raise click.UsageError(f"--family {family} needs --registration")
        table = load_registration(registration) if registration is not None else None
        if table is not None and table.family != family:
            raise click.UsageError(f"{registration} registers {table.family} tags: --family")
        reader = make_reader("zxing" if family == "qr" else family, table)
    except ValueError as error:
        raise click.ClickException(str(error)) from error
    centre = FIVE_BY_FIVE_MAP.width_mm / 2, FIVE_BY_FIVE_MAP.height_mm / 2
    px_per_mm = calibration.px_per_mm(*centre)
    px_per_module = px_per_mm * tag_mm / MODULES[family]
    verdict = "reliable" if px_per_module >= RELIABLE_PX_PER_MODULE[family] else "NOT reliable"
    click.echo(f"calibrated from the corner markers: {px_per_mm:.2f} px/mm at the map centre")
    click.echo(f"{family} {tag_mm:g} mm: {px_per_module:.2f} px/module ({verdict})")
    found = reader.read(gray)
    placed = place(found.sightings, calibration, FIVE_BY_FIVE_MAP, 25.0, foreign=found.foreign)
    placements, off_map = placed.placements, placed.off_map
    for other in placed.foreign:
        click.echo(f"  {other.problem()}")
    for cell in FIVE_BY_FIVE_MAP.cells:
        here = sorted((p for p in placements if p.cell == cell), key=lambda p: p.tag)
        if here:
            tags = ", ".join(f"{p.tag} ({p.confidence:.2f})" for p in here)
            click.echo(f"  {cell}: {tags}")
    click.echo(
        f"{len(placements)} tag(s) on the map, {off_map} off it, "
        f"{found.rejected} unreadable or unknown code(s)"
    )
