"""``companion leds``: check the wiring, show scenes, list layouts, print boot settings."""

from __future__ import annotations

import time
from pathlib import Path

import click

from companion import grid
from companion.errors import DataFileError
from companion.lights.base import Lights
from companion.lights.colours import Palette
from companion.lights.demo import demo_view
from companion.lights.driver import FPS
from companion.lights.factory import BACKENDS, open_lights
from companion.lights.frame import Frame
from companion.lights.scenes import SCENES
from companion.lights.virtual import VirtualLights
from firmware_config.layout import CompiledLayout, available_layouts, load_layout
from firmware_config.pins import boot_needs, load_pins

TEST_COLOUR = (255, 255, 255)

layout_option = click.option(
    "--layout",
    "layout_name",
    default="matrix16x16",
    show_default=True,
    help="A shipped layout name or a layout YAML file.",
)
backend_option = click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default="auto",
    show_default=True,
    help="LED backend; the COMPANION_LIGHTS environment variable overrides it.",
)


def _load(layout_name: str) -> CompiledLayout:
    try:
        return load_layout(layout_name)
    except DataFileError as error:
        raise click.BadParameter(str(error), param_hint="--layout") from error


def _palette(seat_colours: tuple[str, ...]) -> Palette:
    colours = {}
    for item in seat_colours:
        seat, _, colour = item.partition("=")
        if not colour:
            raise click.BadParameter(f"{item!r} is not SEAT=#RRGGBB", param_hint="--seat-colour")
        colours[seat.strip()] = colour
    try:
        return Palette().with_seat_colours(colours)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--seat-colour") from error


def _save_png(lights: Lights, png: Path | None, default: str) -> None:
    if isinstance(lights, VirtualLights):
        path = lights.save_png(png or Path(default))
        click.echo(f"virtual LEDs: board image written to {path.resolve()}")


@click.group()
def leds() -> None:
    """The LED grid under the map."""


@leds.command("test")
@layout_option
@backend_option
@click.option("--delay", default=0.5, show_default=True, help="Seconds each cell stays lit.")
@click.option("--png", type=click.Path(path_type=Path), help="Virtual backend: last image here.")
def test_wiring(layout_name: str, backend: str, delay: float, png: Path | None) -> None:
    """Light every cell in turn, a1 to e5, naming each one, to check the wiring."""
    layout = _load(layout_name)
    lights = open_lights(backend, layout)
    click.echo(f"{lights.name} backend, layout {layout.name}: {layout.led_count} LEDs")
    try:
        for number, cell in enumerate(grid.CELLS, start=1):
            leds_of_cell = ", ".join(str(led) for led in layout.cell_leds[cell])
            click.echo(f"{number:2}/25 {cell}  LEDs {leds_of_cell}")
            lights.show_frame(Frame({cell: TEST_COLOUR}))
            time.sleep(delay)
        _save_png(lights, png, "leds-test.png")
    finally:
        lights.close()


@leds.command("show")
@click.argument("scene", type=click.Choice(sorted(SCENES)))
@layout_option
@backend_option
@click.option("--at", "at_seconds", default=1.0, show_default=True, help="Animation time shown.")
@click.option("--seconds", default=0.0, show_default=True, help="Play the animation this long.")
@click.option("--png", type=click.Path(path_type=Path), help="Virtual backend: image file.")
@click.option("--seat-colour", "seat_colours", multiple=True, help="e.g. A=#56B4E9 (repeatable).")
def show(
    scene: str,
    layout_name: str,
    backend: str,
    at_seconds: float,
    seconds: float,
    png: Path | None,
    seat_colours: tuple[str, ...],
) -> None:
    """Show SCENE from a demonstration position."""
    layout = _load(layout_name)
    palette = _palette(seat_colours)
    view = demo_view(scene)
    draw = SCENES[scene]
    lights = open_lights(backend, layout)
    try:
        frames = max(1, round(seconds * FPS))
        for step in range(frames):
            rendered = lights.show_frame(draw(view, at_seconds + step / FPS, palette))
            if frames > 1:
                time.sleep(1 / FPS)
        limit = rendered.limit
        limited = f", limited to {limit.estimated_ma:.0f} mA" if limit.scale < 1 else ""
        click.echo(
            f"{scene} on {lights.name} ({layout.name}): about {limit.requested_ma:.0f} mA"
            f" of {layout.power.budget_ma:.0f} mA{limited}"
        )
        _save_png(lights, png, f"leds-{scene}.png")
    finally:
        lights.close()


@leds.command("layouts")
def layouts() -> None:
    """List the shipped layouts."""
    for name in available_layouts():
        layout = load_layout(name)
        click.echo(
            f"{name:14} {layout.led_count:4} LEDs  {layout.colour_order}  "
            f"budget {layout.power.budget_ma:.0f} mA  {layout.description}"
        )


@leds.command("boot-config")
@click.option("--backend", type=click.Choice(["ws281x", "pi5"]), default="ws281x")
def boot_config(backend: str) -> None:
    """Print what the Pi's boot configuration needs for BACKEND on the configured data pin."""
    pin = load_pins().leds.data_pin
    try:
        needs = boot_needs(pin, backend)
    except ValueError as error:
        raise click.ClickException(str(error)) from error
    click.echo(f"# {needs.backend}, data on GPIO {pin}")
    click.echo("# config.txt:")
    for line in needs.config_txt:
        click.echo(f"#   {line.why}\n{line.line}")
    if needs.cmdline_txt:
        click.echo("# append to cmdline.txt: " + " ".join(item.line for item in needs.cmdline_txt))
    for note in needs.notes:
        click.echo(f"# note: {note}")
