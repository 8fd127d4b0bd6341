"""``companion run`` (the table, with its hardware) and ``companion demo`` (the simulated table)."""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import click

from companion.errors import DataFileError
from companion.settings import LightsSettings, Settings, load_settings

if TYPE_CHECKING:
    from companion.app.runtime import TableRuntime
    from companion.table.table import Table

log = logging.getLogger(__name__)


def detect_camera() -> str | None:
    """The camera this machine has: a Pi camera module, else the first USB webcam, else none."""
    try:
        from picamera2 import Picamera2

        if Picamera2.global_camera_info():
            return "picamera2"
    except Exception:  # not a Pi, or libcamera missing: look for a webcam
        pass
    return "opencv:0" if Path("/dev/video0").exists() else None


def _settings(config: Path | None) -> Settings:
    try:
        return load_settings(config)
    except DataFileError as error:
        raise click.ClickException(f"config: {error}") from None


def _logging(verbose: bool) -> None:
    logging.basicConfig(
        level=logging.INFO if verbose else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )


@click.command()
@click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")
@click.option("-v", "--verbose", is_flag=True)
def run(config: Path | None, verbose: bool) -> None:
    """Run the table: camera, LEDs, buttons, the phone panel and the hub, as configured.

    With no camera and no LEDs attached, it runs the simulated table instead (see ``demo``).
    """
    _logging(verbose)
    settings = _settings(config)
    from companion.lights.factory import detect_backend

    camera = settings.camera.source
    if camera == "auto":
        camera = detect_camera() or ""
    lights: str = settings.lights.backend
    if lights == "auto":
        lights = detect_backend()
    if not camera and lights == "virtual":
        click.echo("No camera and no LEDs found: running the simulated table (companion demo).")
        _live_demo(settings, pace=1.5)
        return

    from companion.app.runtime import TableRuntime
    from companion.table.setup import open_table

    opened = open_table(settings)
    table = opened.table
    runtime = TableRuntime(settings, table)
    if opened.recovery is not None:
        runtime.problems.append(f"store: {opened.recovery.summary()}")
    runtime.start_lights()
    runtime.start_buttons()
    if camera:
        runtime.start_camera(camera, settings.data_dir / "calibration.json")
    else:
        runtime.problems.append("camera: none found; the phones and the judge keep the board")
    runtime.start_hub()
    url = runtime.start_panel()
    game_name = table.read(lambda game: game.name)
    click.echo(f"{'Resumed' if opened.resumed else 'Started'} game {table.game_id} ({game_name}).")
    click.echo(f"Phone panel: {url}")
    for problem in runtime.problems:
        click.echo(f"warning: {problem}", err=True)
    if opened.recovery is not None:  # the judge sees it on every phone
        table.flag(opened.recovery.summary(), source="store")
    _serve_until_interrupted(runtime)


@click.command()
@click.option("--headless", is_flag=True, help="play the scripted game to the end and print it")
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8000, show_default=True)
@click.option("--pace", default=1.5, show_default=True, help="seconds between scripted actions")
@click.option(
    "--game",
    type=click.Choice(["dreamblade", "planechase", "dungeon_command", "arena"]),
    default="dreamblade",
    show_default=True,
    help="the game to demo",
)
@click.option("-v", "--verbose", is_flag=True)
def demo(headless: bool, host: str, port: int, pace: float, game: str, verbose: bool) -> None:
    """The simulated table: a scripted Dreamblade game, played by hands on a synthetic map
    under a synthetic camera, with simulated LEDs and the phone panel. With ``--game``, another
    game's scripted demo entered as the players' phones would."""
    _logging(verbose)
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as data:
        settings = Settings(
            data_dir=Path(data),
            lights=LightsSettings(backend="virtual"),
            panel=Settings().panel.model_copy(update={"host": host, "port": port}),
        )
        if game != "dreamblade":
            _other_game_demo(settings, game, headless, pace)
        elif headless:
            _headless_demo(settings)
        else:
            _live_demo(settings, pace)


def _demo_table(settings: Settings) -> Table:
    from companion.games.dreamblade.demo_game import demo_game
    from companion.table.store import Store
    from companion.table.table import Table

    return Table.start(Store(settings.store_path), demo_game())


def _headless_demo(settings: Settings) -> None:
    from companion.games.dreamblade.demo_game import DEMO_ACTIONS
    from companion.simulation.demo import DemoPlayer

    table = _demo_table(settings)
    player = DemoPlayer(table)
    player.play(DEMO_ACTIONS, report=click.echo)
    wins = table.read(lambda game: dict(game.turn_wins()))
    click.echo(
        f"{len(DEMO_ACTIONS)} actions, {len(player.results)} turns scored; "
        f"turn wins: {', '.join(f'{s} {n}' for s, n in sorted(wins.items()))}"
    )


def _live_demo(settings: Settings, pace: float) -> None:
    from companion.app.runtime import TableRuntime
    from companion.games.dreamblade.demo_game import DEMO_ACTIONS
    from companion.simulation.demo import DemoPlayer

    demo_settings = settings.model_copy(
        update={"data_dir": Path(tempfile.mkdtemp(prefix="companion-demo-"))}
    )
    table = _demo_table(demo_settings)
    runtime = TableRuntime(demo_settings, table)
    runtime.start_lights()
    player = DemoPlayer(table, pace=pace)
    runtime.camera = player.camera  # the panel's camera view shows the synthetic frames
    url = runtime.start_panel()
    click.echo(f"Phone panel: {url}   (Ctrl-C to stop)")

    def play() -> None:
        try:
            player.play(DEMO_ACTIONS, report=click.echo)
            click.echo("The scripted game is over; the panel stays up.")
        except Exception:
            log.exception("the demo game stopped")

    threading.Thread(target=play, name="demo", daemon=True).start()
    _serve_until_interrupted(runtime)


def _other_game_demo(settings: Settings, name: str, headless: bool, pace: float) -> None:
    from companion.app.runtime import TableRuntime
    from companion.simulation.other_games import demo_game, demo_seats, play
    from companion.table.store import Store
    from companion.table.table import Table

    game, script = demo_game(name)
    settings = settings.model_copy(update={"game": name, "seats": demo_seats(game)})
    table = Table.start(Store(settings.store_path), game)
    if headless:
        play(table, script, report=click.echo)
        return
    runtime = TableRuntime(settings, table)
    runtime.start_lights()
    url = runtime.start_panel()
    click.echo(f"Phone panel: {url}   (Ctrl-C to stop)")

    def run_script() -> None:
        try:
            play(table, script, report=click.echo, pace=pace)
            click.echo("The scripted game is over; the panel stays up.")
        except Exception:
            log.exception("the demo game stopped")

    threading.Thread(target=run_script, name="demo", daemon=True).start()
    _serve_until_interrupted(runtime)


def _serve_until_interrupted(runtime: TableRuntime) -> None:
    try:
        runtime.wait()
    except KeyboardInterrupt:
        click.echo("stopping")
    finally:
        runtime.stop()
