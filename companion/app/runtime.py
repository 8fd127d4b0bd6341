"""One table running with its devices: LEDs, buttons, camera, phone panel and the hub.

Every device is optional and falls back without stopping the table: LEDs to the virtual backend,
a missing camera to phone-only play, missing GPIO to no buttons, an unreachable broker to a
publisher that catches up later. A missing device is a ``DeviceNote`` in ``devices`` (our words:
what still works, how to fix it on a Pi; the library's message in the log only); anything else
that fell back is said in ``problems``.
"""

from __future__ import annotations

import logging
import threading
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion import events as ev
from companion.app.devices import DeviceNote, buttons_missing, lights_missing
from companion.errors import DataFileError, IllegalActionError
from companion.events import Event
from companion.games import find_kit, fixed_maps
from companion.lights.board_view import BoardView
from companion.lights.colours import Palette
from companion.lights.driver import LightsDriver
from companion.lights.factory import Fallback, open_lights
from companion.lights.map_view import MapView, game_map, view_for_game
from companion.settings import Settings
from companion.table.dice_roll import roll_for
from companion.table.seats_here import absent_at
from companion.table.table import JUDGE, Table
from firmware_config.layout import load_layout

if TYPE_CHECKING:
    from companion.camera.reading import TableReading
    from companion.camera.snapshot import CameraView
    from companion.remote.control import RemoteControl
    from vision.board_change import TagId
    from web_panel.panel import Panel

log = logging.getLogger(__name__)


class TableRuntime:
    def __init__(self, settings: Settings, table: Table) -> None:
        self.settings = settings
        self.table = table
        self.stop_event = threading.Event()
        self.problems: list[str] = []
        self.devices: list[DeviceNote] = []  # the devices missing, in our words
        self.lights: LightsDriver | None = None
        self.panel_url: str | None = None  # where phones open the panel
        self.other_panel_urls: list[str] = []  # this machine's other addresses phones may open
        self.panel_port: int | None = None
        self.panel: Panel | None = None
        self.camera: CameraView | None = None  # what the panel's camera view shows
        self._threads: list[threading.Thread] = []
        self._closers: list[Callable[[], None]] = []
        self._labels: TableReading | None = None

    @property
    def labels(self) -> TableReading:
        """The labels this table reads (its own, and a tournament's seated players'): the camera
        loop and the panel's tag scan share it."""
        if self._labels is None:
            from companion.camera.reading import TableReading

            camera = self.settings.camera
            self._labels = TableReading(camera.decoder, camera.markers, self.table.session)
        return self._labels

    # -- devices -------------------------------------------------------------------------------

    def start_lights(self) -> LightsDriver:
        layout = load_layout(self.settings.lights.layout, fixed_maps())
        configured = self.settings.lights.backend
        fallbacks: list[Fallback] = []
        lights = open_lights(configured, layout, fallbacks=fallbacks)
        note = lights_missing(configured, lights.name, fallbacks)
        if note is not None:
            self.devices.append(note)
        battlefield = self.settings.camera.battlefield
        game_name = self.table.read(lambda game: game.name)
        on_a_map = find_kit(game_name).map_kind is not None
        if on_a_map and game_map(game_name, battlefield) != layout.map:
            self.problems.append(
                f"LEDs: layout {layout.name} lies under a {layout.map.kind} map of "
                f"{layout.map.columns}×{layout.map.rows}, not {game_name}'s map "
                "(camera.battlefield): the lights idle"
            )

        def view() -> BoardView | MapView | None:
            seen = self._camera_cells()
            absent = absent_at(self.table)  # remote play: the other table's seat
            return self.table.read(
                lambda game: view_for_game(game, layout.map, battlefield, seen, absent)
            )

        driver = LightsDriver(lights, view, palette_source=self.seat_palette)
        self._closers.append(driver.attach(self.table.bus))
        self.start_thread("lights", lambda: driver.run(self.stop_event))
        self.lights = driver
        return driver

    def seat_palette(self) -> Palette:
        """The seat colours of the config, replaced by those picked at the panel's last set-up
        (for every game: seats A and B, or the players of a game seating each by an id)."""
        seats = {**self.settings.seats, **self.table.session.seats()}
        return Palette().with_seat_colours({seat: s.colour for seat, s in seats.items()})

    def _camera_cells(self) -> dict[TagId, str]:
        """Tag → cell of what the camera read last (nothing without a camera)."""
        snapshot = self.camera.snapshot() if self.camera is not None else None
        return {p.tag: p.cell for p in snapshot.placements} if snapshot is not None else {}

    def start_buttons(self) -> None:
        try:
            from companion.table.controls import Buttons

            with warnings.catch_warnings():  # gpiozero warns of each pin library it tries
                warnings.simplefilter("ignore")
                buttons = Buttons(self.confirm, self.undo_last, self.call_judge)
        except Exception as error:  # no GPIO here: the phones do the same job
            log.info("buttons: gpiozero did not set them up: %s", error)  # its words: log only
            self.devices.append(buttons_missing(error))
            return
        self._closers.append(buttons.close)

    def start_panel(self, host: str | None = None, port: int | None = None) -> str:
        """Serve the phone panel; returns the address phones open (the LAN one if listening on
        every interface)."""
        from web_panel.addresses import EVERY_INTERFACE, lan_addresses, phone_base_url
        from web_panel.app import create_app, serve

        lights = self.lights.lights if self.lights is not None else None
        # the phones mirror the LEDs (any backend); the camera (started first) feeds the camera view
        # with a camera, the labels it reads: the tag scan reads the same (none: no scan)
        app = create_app(
            self.table, self.settings, lights=lights, camera=self.camera, labels=self._labels
        )
        host = host if host is not None else self.settings.panel.host
        server = serve(app, host, port if port is not None else self.settings.panel.port)
        server.start_in_thread()
        self._closers.append(server.stop)
        self.panel = app.extensions["panel"]
        self.panel_port = server.server.port
        found = lan_addresses()
        port = server.server.port
        self.panel_url = phone_base_url(host, port, found[0] if found else None)
        if host in EVERY_INTERFACE:
            self.other_panel_urls = [phone_base_url(host, port, lan) for lan in found[1:]]
        return self.panel_url

    def start_hub(self) -> None:
        """Join the tournament hub of the config's ``hub:`` section — at its address, or without
        one (an account only) the hub found by mDNS, else ``hub.local`` (said in ``problems``):
        publish the table, take its pairings (the game and the names on the seats) and its round
        clock (start the panel first)."""
        hub = self.settings.hub
        if hub.mqtt_host is None and hub.username is None:
            return  # no hub section: a table on its own
        from companion.hub.discovery import resolve_hub
        from companion.hub.table_link import TableLink

        resolved = resolve_hub(hub)  # no address in the config: the hub found by mDNS
        log.info("%s", resolved.note)
        if resolved.how in ("fallback", "refused"):
            self.problems.append(f"hub: {resolved.note}")
        if resolved.how == "refused":
            return  # a TLS hub and no CA to check it with: no connection at all
        settings = self.settings.model_copy(update={"hub": resolved.settings})
        panel = self.panel
        link = TableLink(
            settings, self.table, self._follow_clock,
            watch=panel.spectator_view if panel is not None else None,
            join_base=(lambda: self.panel_url) if panel is not None else None,
        )  # fmt: skip
        if panel is not None:  # the phones show the hub's recorded result, for confirmation
            panel.tournament = link
            link.on_change = panel.feed.panel_changed
        self._closers.append(link.close)

    def start_remote(self) -> RemoteControl:
        """The table's remote session (start the panel first: it makes invites and joins with
        it): the link the store names is started at once, so a restarted table reconnects by
        itself; without a session the table plays on its own until an invite or a join."""
        from companion.remote.control import RemoteControl, tls_connector

        settings = self.settings
        control = RemoteControl(
            self.table,
            settings.remote,
            tls_connector(settings.data_dir),
            roller=roll_for,  # a guest's "roll for me", rolled by this (host) table's dice
            seats=settings.seats,
            # the guest's map values meet the host's seat's at this (host) table's panel
            agreer=None if self.panel is None else self.panel.say_map_value,
        )
        if self.panel is not None:
            self.panel.remote = control
        control.start()
        if control.problem is not None:  # paused, tried again until it starts: said, not fatal
            self.problems.append(f"remote: {control.problem} (the table waits, paused)")
        self._closers.append(control.close)
        return control

    def _follow_clock(
        self, length: float | None, remaining: float | None, running: bool, at_time: str
    ) -> None:
        panel = self.panel
        if panel is not None:
            panel.clock.follow(length, remaining, running, at_time)
            panel.feed.panel_changed()

    def start_camera(self, spec: str, calibration_path: Path | None = None) -> bool:
        """Start reading the table with the camera ``spec``; ``False`` if this game can't."""
        from companion.camera.loop import CameraLoop
        from companion.camera.profiles import CameraProfileError, camera_profile
        from vision.camera import ResilientCamera, source_from_spec
        from vision.lens import Lens, lens_path, load_lens

        try:
            profile = camera_profile(self.settings, self.table)  # the game's map and reconciler
        except CameraProfileError as error:
            self.problems.append(f"camera: {error}")
            return False
        try:
            reading = self.labels.current()
        except DataFileError as error:
            self.problems.append(f"camera: {error}")
            return False
        if reading.left_out:  # a seated player's labels of a kind this table does not read
            seats = self.table.session.seats() or self.settings.seats
            names = {seat: s.name for seat, s in seats.items()}
            for left in reading.left_out:
                said = left.describe(names.get(left.seat, f"seat {left.seat}"))
                self.problems.append(f"camera: {said}")
        lens: Lens | None = None
        lens_file = lens_path(self.settings.data_dir)
        if lens_file.exists():
            try:
                lens = load_lens(lens_file)
            except DataFileError as error:
                self.problems.append(f"camera: lens ignored ({error})")
        camera = ResilientCamera(source_from_spec(spec))
        loop = CameraLoop(
            self.table,
            camera,
            reading.reader,
            profile.registry_for(self.table) or {},
            profile.grid,
            calibration_path=calibration_path,
            registry_for=profile.registry_for,
            sync=profile.sync,
            lens=lens,
            config=reading.config,
            reading_of=self.labels.current,
        )
        self.camera = loop
        self.start_thread("camera", lambda: loop.run(self.stop_event))
        return True

    # -- button actions --------------------------------------------------------------------------

    def confirm(self) -> None:
        """The confirm button: end the step the game waits on (``done`` or ``confirm``)."""
        legal = self.table.read(lambda game: {str(a) for a in game.legal_actions()})
        for word in ("confirm", "done"):
            if word in legal:
                seat = self.table.read(lambda game: game.pending().seat)
                self.table.submit(seat or JUDGE, word)
                return
        self.table.flag("nothing_to_confirm", source="buttons")

    def undo_last(self) -> None:
        """The undo button: take back the last action as whoever proposed it, in one step of
        the table's (nothing happens when there is nothing to undo)."""
        try:
            self.table.undo_last()
        except IllegalActionError as error:
            if error.rule != "undo.empty":
                raise

    def call_judge(self) -> None:
        self.table.bus.publish(Event(ev.JUDGE_CALLED, {"by": "buttons"}))

    # -- life cycle ------------------------------------------------------------------------------

    def start_thread(self, name: str, target: Callable[[], Any]) -> None:
        """Run ``target`` beside the table until it returns; ``stop`` sets ``stop_event`` and
        joins it, so what it holds is released before the interpreter exits (a daemon thread
        still running then keeps its objects for good: zxing-cpp's say so as "leaked")."""
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self._threads.append(thread)

    def wait(self) -> None:
        """Block until ``stop`` (Ctrl-C from the command line)."""
        while not self.stop_event.wait(0.5):
            pass

    def stop(self) -> None:
        self.stop_event.set()
        for close in reversed(self._closers):
            try:
                close()
            except Exception:
                log.exception("closing a device failed")
        for thread in self._threads:
            thread.join(timeout=3)
