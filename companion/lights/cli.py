"""``companion leds``: check the wiring, show scenes, list layouts, print boot settings."""

from __future__ import annotations

import time
from pathlib import Path

import click

from companion.errors import DataFileError
from companion.games import fixed_maps
from companion.lights.base import Lights
from companion.lights.colours import Palette
from companion.lights.demo import PREVIEWS
from companion.lights.driver import FPS
from companion.lights.factory import BACKENDS, Fallback, open_lights
from companion.lights.frame import Frame
from companion.lights.legend import LEGEND
from companion.lights.virtual import VirtualLights
from firmware_config.layout import CompiledLayout, available_layouts, load_layout
from firmware_config.pins import BOOT_BACKENDS, boot_needs, load_pins

TEST_COLOUR = (255, 255, 255)

# Console lines, in our own words.
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "header": "{backend} backend, layout {layout}: {count} LEDs",
        "cell": "{number:2}/{total} {cell}  LEDs {leds}",
        "current": "{scene} on {backend} ({layout}): about {need:.0f} mA of {budget:.0f} mA",
        "limited": ", limited to {shown:.0f} mA",
        "png": "virtual LEDs: board image written to {path}",
    },
    "ja": {
        "header": "バックエンド {backend}、レイアウト {layout}:LED {count} 個",
        "cell": "{number:2}/{total} {cell}  LED {leds}",
        "current": "{scene}({backend}、{layout}):約 {need:.0f} mA(上限 {budget:.0f} mA)",
        "limited": "、{shown:.0f} mA に制限",
        "png": "仮想LED:盤面の画像を {path} に保存しました",
    },
}
lang_option = click.option(
    "--lang", type=click.Choice(sorted(TEXT)), default="en", show_default=True
)

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
        return load_layout(layout_name, fixed_maps())
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


def _save_png(lights: Lights, png: Path | None, default: str, text: dict[str, str]) -> None:
    if isinstance(lights, VirtualLights):
        path = lights.save_png(png or Path(default))
        click.echo(text["png"].format(path=path.resolve()))


@click.group()
def leds() -> None:
    """The LED grid under the map."""


def _open(backend: str, layout: CompiledLayout) -> Lights:
    """The backend, saying on stderr each one that did not open (why, and how to fix it)."""
    fallbacks: list[Fallback] = []
    lights = open_lights(backend, layout, fallbacks=fallbacks)
    for fallback in fallbacks:
        click.echo(f"warning: LEDs: {fallback.line()}", err=True)
    return lights


@leds.command("test")
@layout_option
@backend_option
@click.option("--delay", default=0.5, show_default=True, help="Seconds each cell stays lit.")
@click.option("--png", type=click.Path(path_type=Path), help="Virtual backend: last image here.")
@lang_option
def test_wiring(layout_name: str, backend: str, delay: float, png: Path | None, lang: str) -> None:
    """Light every wired cell in turn (a1, b1, …), naming each one, to check the wiring."""
    text = TEXT[lang]
    layout = _load(layout_name)
    lights = _open(backend, layout)
    click.echo(
        text["header"].format(backend=lights.name, layout=layout.name, count=layout.led_count)
    )
    try:
        total = len(layout.cells)
        for number, cell in enumerate(layout.cells, start=1):
            leds_of_cell = ", ".join(str(led) for led in layout.cell_leds[cell])
            line = text["cell"].format(number=number, total=total, cell=cell, leds=leds_of_cell)
            click.echo(line)
            lights.show_frame(Frame({cell: TEST_COLOUR}))
            time.sleep(delay)
        _save_png(lights, png, "leds-test.png", text)
    finally:
        lights.close()


@leds.command("show")
@click.argument("scene", type=click.Choice(sorted(PREVIEWS)))
@click.option(
    "--layout",
    "layout_name",
    default=None,
    help="A shipped layout name or a layout YAML file (default: one under the scene's map).",
)
@backend_option
@click.option("--at", "at_seconds", default=1.0, show_default=True, help="Animation time shown.")
@click.option("--seconds", default=0.0, show_default=True, help="Play the animation this long.")
@click.option("--png", type=click.Path(path_type=Path), help="Virtual backend: image file.")
@click.option("--seat-colour", "seat_colours", multiple=True, help="e.g. A=#56B4E9 (repeatable).")
@lang_option
def show(
    scene: str,
    layout_name: str | None,
    backend: str,
    at_seconds: float,
    seconds: float,
    png: Path | None,
    seat_colours: tuple[str, ...],
    lang: str,
) -> None:
    """Show SCENE of any game from a demonstration position (``companion leds scenes`` lists
    them); the scenes of the games on hexes and squares are drawn on the example layouts of their
    maps."""
    text = TEXT[lang]
    preview = PREVIEWS[scene]
    layout = _load(layout_name or preview.layout)
    palette = _palette(seat_colours)
    lights = _open(backend, layout)
    try:
        frames = max(1, round(seconds * FPS))
        for step in range(frames):
            rendered = lights.show_frame(preview.draw(at_seconds + step / FPS, palette))
            if frames > 1:
                time.sleep(1 / FPS)
        limit = rendered.limit
        line = text["current"].format(
            scene=scene,
            backend=lights.name,
            layout=layout.name,
            need=limit.requested_ma,
            budget=layout.power.budget_ma,
        )
        if limit.scale < 1:
            line += text["limited"].format(shown=limit.estimated_ma)
        click.echo(line)
        _save_png(lights, png, f"leds-{scene}.png", text)
    finally:
        lights.close()


@leds.command("scenes")
@lang_option
def scenes(lang: str) -> None:
    """List the scenes of every game and what each one means."""
    for name in sorted(PREVIEWS, key=lambda name: (PREVIEWS[name].game, name)):
        click.echo(f"{name:20} {LEGEND[lang][name]}")


@leds.command("layouts")
def layouts() -> None:
    """List the shipped layouts."""
    for name in available_layouts():
        layout = load_layout(name, fixed_maps())
        shape = layout.map
        click.echo(
            f"{name:20} {shape.kind} {shape.columns}×{shape.rows}  {layout.led_count:4} LEDs  "
            f"{layout.colour_order}  budget {layout.power.budget_ma:.0f} mA  {layout.description}"
        )


@leds.command("boot-config")
@click.option("--backend", type=click.Choice(BOOT_BACKENDS), default="ws281x", show_default=True)
@layout_option
def boot_config(backend: str, layout_name: str) -> None:
    """Print what the Pi's boot configuration needs for BACKEND on the configured data pin (the
    ws2812-pio overlay line carries the layout's LED count)."""
    pin = load_pins().leds.data_pin
    try:
        needs = boot_needs(pin, backend, _load(layout_name).led_count)
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
