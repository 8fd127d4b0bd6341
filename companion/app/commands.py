"""``companion run`` (the table, with its hardware) and ``companion demo`` (the simulated table)."""

from __future__ import annotations

import logging
import tempfile
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import click

from companion.app.devices import camera_missing
from companion.errors import DataFileError
from companion.events import GAME_STARTED
from companion.games import find_kit, kits, settings_sections
from companion.settings import LightsSettings, Settings, load_settings

if TYPE_CHECKING:
    from companion.app.runtime import TableRuntime
    from companion.games.kit import Demo
    from companion.remote.state import RemoteSession
    from companion.simulation.demo_run import DemoRun
    from companion.table.table import Table

log = logging.getLogger(__name__)


def _settings(config: Path | None) -> Settings:
    try:
        return load_settings(config, game_sections=settings_sections())
    except DataFileError as error:
        raise click.ClickException(f"config: {error}") from None


def _logging(verbose: bool) -> None:
    """Warnings only, unless ``--verbose``: then the libraries' notes and a line per request too
    (Werkzeug logs each request at info on a level of its own unless it is given one)."""
    level = logging.INFO if verbose else logging.WARNING
    logging.basicConfig(level=level, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("werkzeug").setLevel(level)


# Where the phone panel listens: the same options, defaults and printed links for `run` and `demo`.
_host_option = click.option(
    "--host",
    help="the address the phone panel listens on  [default: the config's, or 0.0.0.0: every "
    "interface, so phones on the network can join]",
)
_port_option = click.option(
    "--port",
    type=click.IntRange(0, 65535),
    help="the phone panel's port (0: any free one)  [default: the config's, or 8000]",
)


@click.command()
@click.option("--config", type=click.Path(path_type=Path), help="table config (YAML)")
@_host_option
@_port_option
@click.option("-v", "--verbose", is_flag=True)
def run(config: Path | None, host: str | None, port: int | None, verbose: bool) -> None:
    """Run the table: camera, LEDs, buttons, the phone panel and the hub, as configured.

    Without a camera the phones and the judge keep the board; without LEDs the lights are
    simulated (and mirrored on the phones). The game is kept in the data folder, so a restart
    resumes it. For a scripted game that plays itself, see ``companion demo``.
    """
    _logging(verbose)
    settings = _settings(config)
    from companion.app.runtime import TableRuntime
    from companion.table.data_lock import DataFolderBusy, hold_data_folder
    from companion.table.setup import open_table

    try:  # held until the table stops
        data_lock = hold_data_folder(settings.data_dir, settings.table_name)
    except DataFolderBusy as busy:
        raise click.ClickException(str(busy)) from None

    camera = settings.camera.source
    if camera == "auto":
        from vision.camera import detect_camera

        camera = detect_camera() or ""
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
        runtime.devices.append(camera_missing())
    phones = runtime.start_panel(host, port)
    runtime.start_hub()  # after the panel: the hub's pairing names the panel's seats
    remote = runtime.start_remote()  # after the panel: its table screen invites and joins
    game_name = table.read(lambda game: game.name)
    click.echo(f"{'Resumed' if opened.resumed else 'Started'} game {table.game_id} ({game_name}).")
    click.echo(f"Data folder: {settings.data_dir}")
    _say_where(runtime, phones)
    _say_remote(remote.state.session())
    for note in runtime.devices:  # a missing device is no fault: said, not warned
        click.echo(note.line())
    for problem in runtime.problems:
        click.echo(f"warning: {problem}", err=True)
    if opened.recovery is not None:  # the judge sees it on every phone
        table.flag("store_recovered", source="store", **opened.recovery.about())
    _follow_join_links(runtime)
    _serve_until_interrupted(runtime)
    data_lock.release()


def _say_remote(session: RemoteSession | None) -> None:
    """The remote game this table plays, if any: its part, and a host's current invite code
    (this machine is the table; the code is for the friend)."""
    if session is None:
        return
    if session.role == "host":
        click.echo(f"Remote game: this table hosts; the guest table plays seat {session.seat}.")
        if session.code and session.bound is None:
            click.echo(f"Invite code (send it to your friend): {session.code}")
    else:
        click.echo(f"Remote game: this table plays seat {session.seat} of the host's game.")


def _say_where(runtime: TableRuntime, phones: str) -> None:
    """The table screen's address on this machine and the one phones open."""
    click.echo(f"Table screen (on this machine): http://127.0.0.1:{runtime.panel_port}/table")
    click.echo(f"Phones: {phones}")
    if runtime.other_panel_urls:  # several networks: the QR codes carry the most likely one
        click.echo(f"This machine also answers at: {', '.join(runtime.other_panel_urls)}")
    if phones.startswith("http://127."):
        click.echo("warning: phones on the network cannot reach this address", err=True)


def _follow_join_links(runtime: TableRuntime) -> None:
    """Print each seat's join link now and again whenever a new game starts."""
    _print_join_links(runtime)
    runtime.table.bus.subscribe(lambda _: _print_join_links(runtime), kinds={GAME_STARTED})


def _print_join_links(runtime: TableRuntime) -> None:
    """Each seat's join link, to type on a phone (the table screen shows them as QR codes too)."""
    panel, base = runtime.panel, runtime.panel_url
    if panel is None or base is None:
        return
    click.echo(f"Join links for game {panel.table.game_id}:")
    names = panel.seats or panel.settings.seats
    for seat in panel.table.read(lambda game: game.seats):
        name = names[seat].name if seat in names else seat
        click.echo(f"  {name}: {panel.join_url(seat, base)}")


@click.command()
@click.option("--headless", is_flag=True, help="play the scripted game to the end and print it")
@_host_option
@_port_option
@click.option("--pace", default=1.5, show_default=True, help="seconds between scripted actions")
@click.option(
    "--game",
    type=click.Choice([kit.name for kit in kits() if kit.demo is not None]),
    default=kits()[0].name,
    show_default=True,
    help="the game to demo",
)
@click.option("-v", "--verbose", is_flag=True)
def demo(
    headless: bool, host: str | None, port: int | None, pace: float, game: str, verbose: bool
) -> None:
    """The simulated table: the first game's scripted demo, played by hands on a synthetic map
    under a synthetic camera, with simulated LEDs and the phone panel, which phones on the
    network join like ``companion run``'s. With ``--game``, another game's scripted demo entered
    as the players' phones would."""
    _logging(verbose)
    with tempfile.TemporaryDirectory(prefix="companion-demo-") as data:
        settings = Settings(data_dir=Path(data), lights=LightsSettings(backend="virtual"))
        where = (host, port)
        demo = find_kit(game).demo
        assert demo is not None
        if not demo.through_camera:
            _other_game_demo(settings, game, headless, pace, where)
        elif headless:
            _headless_demo(settings, demo)
        else:
            _live_demo(settings, demo, pace, where)


def _demo_table(settings: Settings, demo: Demo) -> tuple[Table, Settings]:
    """The camera demo's table, and ``settings`` with its seats named as the demo's players."""
    from companion.simulation.other_games import named_seats
    from companion.table.store import Store
    from companion.table.table import Table

    game = demo.new_game()
    seats = named_seats(demo.players, game.seats)
    settings = settings.model_copy(update={"game": game.name, "seats": seats})
    return Table.start(Store(settings.store_path), game), settings


def _headless_demo(settings: Settings, demo: Demo) -> None:
    from companion.simulation.demo import DemoPlayer

    script = tuple(demo.script())
    table, settings = _demo_table(settings, demo)
    names = {seat: s.name for seat, s in settings.seats.items()}
    player = DemoPlayer(table, names=names)
    player.play(script, report=click.echo)
    wins = table.read(lambda game: dict(game.turn_wins()))
    winner = table.read(lambda game: game.winner())
    tally = ", ".join(f"{names[seat]} {n}" for seat, n in sorted(wins.items()))
    click.echo(
        f"{len(script)} actions, {len(player.results)} turns scored; "
        f"turn wins: {tally}; {names.get(winner or '', 'nobody')} wins the game"
    )


def _live_demo(
    settings: Settings, kit_demo: Demo, pace: float, where: tuple[str | None, int | None]
) -> None:
    from companion.app.runtime import TableRuntime
    from companion.simulation.demo import DemoPlayer

    actions = tuple(kit_demo.script())
    table, settings = _demo_table(settings, kit_demo)
    runtime = TableRuntime(settings, table)
    runtime.start_lights()
    player = DemoPlayer(
        table, pace=pace, names={s: seat.name for s, seat in settings.seats.items()}
    )
    runtime.camera = player.camera  # the panel's camera view shows the synthetic frames
    demo = _serve_demo_panel(runtime, where)

    def script(stop: threading.Event) -> None:
        player.play(actions, report=click.echo, stop=stop)

    # joined on Ctrl-C: the player's camera (its zxing-cpp reader) is released before exit
    runtime.start_thread("demo", lambda: demo.play(script))
    _serve_until_interrupted(runtime, demo)


def _other_game_demo(
    settings: Settings,
    name: str,
    headless: bool,
    pace: float,
    where: tuple[str | None, int | None],
) -> None:
    from companion.app.runtime import TableRuntime
    from companion.simulation.other_games import demo_game, demo_seats, play
    from companion.table.store import Store
    from companion.table.table import Table

    game, script_actions = demo_game(name)
    seats = demo_seats(game)
    settings = settings.model_copy(update={"game": name, "seats": seats})
    table = Table.start(Store(settings.store_path), game)
    if headless:
        play(table, script_actions, report=click.echo, seats=seats)
        return
    runtime = TableRuntime(settings, table)
    runtime.start_lights()
    demo = _serve_demo_panel(runtime, where)

    def script(stop: threading.Event) -> None:
        play(table, script_actions, report=click.echo, pace=pace, seats=seats, stop=stop)

    runtime.start_thread("demo", lambda: demo.play(script))
    _serve_until_interrupted(runtime, demo)


def _serve_demo_panel(runtime: TableRuntime, where: tuple[str | None, int | None]) -> DemoRun:
    """Serve a demo's panel where ``--host``/``--port`` say, and print its addresses and join
    links as ``companion run`` does. Its phones watch the script until one takes it over."""
    from companion.simulation.demo_run import DemoRun

    phones = runtime.start_panel(*where)
    demo = DemoRun(report=click.echo)
    if runtime.panel is not None:
        runtime.panel.demo = demo
        demo.on_change(runtime.panel.feed.panel_changed)
    _say_where(runtime, phones)
    _follow_join_links(runtime)
    click.echo('Ctrl-C stops the demo. A phone\'s "Play from here" takes the game over.')
    return demo


def _serve_until_interrupted(runtime: TableRuntime, demo: DemoRun | None = None) -> None:
    try:
        runtime.wait()
    except KeyboardInterrupt:
        click.echo("stopping")
    finally:
        if demo is not None:
            demo.stop.set()  # the script plays no further action
        runtime.stop()
