"""Keeps the LEDs showing the game: rebuilds the board view when events arrive, animates it
against a clock, and falls back to the attract mode when no game is loaded. An event with a
flourish (``flourishes.FLOURISHES``: planeswalk, chaos, as the game's kit says) plays it for a
moment first.

The view source gives the 5×5 map's ``BoardView`` or, for a hex map or square grid, a
``MapView`` (``map_view.view_for_game``; ``None``: no game on the layout's map, the attract mode
shows). It is read on every event (an action, an undo or a new game is drawn at once, whether its
pixels change or not) and once every ``REFRESH_SECONDS`` (a game's pieces may
move with no engine event: the camera's squares are read then). Cells the camera prompts about
(each game kit's ``prompt_events``) flash until the next action at the table, at most
``PROMPT_SECONDS``.

At a remote table (the board view names ``absent`` seats) an action that moves an absent seat's
miniatures plays the move (``playback``) over the scene for ``PLAYBACK_SECONDS``; a later move
starts its own playback.

A computer seat's move waiting for the players to carry its miniature (``ACTION_EXPECTED``, solo
play) plays the same way, in the seat's colour from the cell it leaves (or its portal) to the cell
it goes to, again and again (every ``CARRY_CYCLE`` seconds) until the move is taken or dropped.

The seat colours come from a palette source read again when a new game starts, so the colours
picked on the panel's set-up reach the LEDs for every game. The table wires it as
``driver.attach(table.bus)`` plus ``driver.run(stop)`` in a thread
(``runtime.TableRuntime.start_lights``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import replace

from companion import events as ev
from companion.events import Event, EventBus
from companion.games import kits
from companion.lights.base import Lights
from companion.lights.board_view import BoardView
from companion.lights.colours import Palette
from companion.lights.flourishes import FLOURISHES, Flourish
from companion.lights.map_view import MapView, prompt_events
from companion.lights.playback import PLAYBACK_SECONDS, Move, moves_between, playback
from companion.lights.render import Rendered, render
from companion.lights.scenes import map_scene, rainbow, state_scene

FLAG_SECONDS = 3.0  # how long a flagged cell keeps flashing
PROMPT_SECONDS = 60.0  # longest a prompted cell flashes (a creature put back sends no event)
REFRESH_SECONDS = 1.0  # the view is read at least this often
FPS = 30
ENDS_PROMPTS = (ev.ACTION_APPLIED, ev.UNDONE, ev.GAME_STARTED)
CARRY_CYCLE = PLAYBACK_SECONDS + 0.5  # a computer's move to carry: its playback, then a pause

ViewSource = Callable[[], BoardView | MapView | None]
PaletteSource = Callable[[], Palette]


class LightsDriver:
    def __init__(
        self,
        lights: Lights,
        view_source: ViewSource,
        palette: Palette | None = None,
        clock: Callable[[], float] = time.monotonic,
        palette_source: PaletteSource | None = None,
    ) -> None:
        """``palette_source``, when given, is read now and whenever a new game starts (the seat
        colours picked at set-up) and takes the place of ``palette``."""
        self.lights = lights
        self._palette_source = palette_source
        self.palette = palette_source() if palette_source else palette or Palette()
        self._view_source = view_source
        self._clock = clock
        self._lock = threading.Lock()
        self._view = view_source()
        self._since = clock()
        self._read_at = clock()
        self._flags: dict[str, float] = {}  # cell → time its flash ends
        self._prompts: dict[str, float] = {}  # cell → time its flash ends at the latest
        self._turn_winner: str | None = None
        self._flourish: tuple[Flourish, float] | None = None  # playing, and since when
        self._moves: tuple[tuple[Move, ...], float] | None = None  # an absent seat's, since when
        self._carry: tuple[Move, float] | None = None  # a computer's move to carry, since when
        self._last_pixels: bytes | None = None
        self._wake = threading.Event()  # set by events: draw now, not at the next frame tick
        self._prompt_events = prompt_events()
        self._flourishes = {
            kind: FLOURISHES[name] for kit in kits() for kind, name in kit.flourishes.items()
        }

    def on_event(self, event: Event) -> None:
        now = self._clock()
        with self._lock:
            if event.kind == ev.FLAGGED:
                for cell in event.data.get("cells", ()):
                    self._flags[cell] = now + FLAG_SECONDS
                self.wake()
                return
            if event.kind in self._prompt_events:
                cell = event.data.get(self._prompt_events[event.kind])
                if cell:
                    self._prompts[cell] = now + PROMPT_SECONDS
                    self.wake()
                return
            if event.kind == ev.ACTION_EXPECTED:
                self._carry = _carry(event.data, now)
                self.wake()
                return
            if event.kind in ENDS_PROMPTS:
                self._prompts.clear()
                self._carry = None
                # the frame showing the game as of this action is drawn at once, whether or not
                # its pixels change (not at the next frame tick, up to 1/FPS later)
                self.wake()
            if event.kind == ev.GAME_STARTED and self._palette_source is not None:
                self.palette = self._palette_source()
                self.wake()
            flourish = self._flourishes.get(event.kind)
            if flourish is not None:
                self._flourish = (flourish, now)
                self.wake()
            view = self._view_source()
            self._read_at = now
            if event.kind == ev.TURN_WON:
                self._turn_winner = event.data.get("seat")
            else:
                self._turn_winner = None  # the wipe plays once, until the next action
            if view != self._view or event.kind == ev.TURN_WON:
                # a game's events or an undo move miniatures; a new game's do not play in
                moves = self._moves_to(view) if event.kind != ev.GAME_STARTED else ()
                if moves:
                    self._moves = (moves, now)
                self._view, self._since = view, now
                self.wake()

    def _moves_to(self, view: BoardView | MapView | None) -> tuple[Move, ...]:
        before = self._view
        if not isinstance(view, BoardView) or not isinstance(before, BoardView):
            return ()
        return moves_between(before, view)

    def _refresh(self, now: float) -> None:
        """Read the view again if it was not read for ``REFRESH_SECONDS``."""
        if now - self._read_at < REFRESH_SECONDS:
            return
        view = self._view_source()
        with self._lock:
            self._read_at = now
            if view != self._view:
                self._view, self._since = view, now

    def attach(self, bus: EventBus) -> Callable[[], None]:
        return bus.subscribe(self.on_event)

    def tick(self) -> Rendered:
        """Render the frame for now and push it if it differs from the last one pushed (a still
        scene costs the chain and the panel's stream nothing)."""
        now = self._clock()
        self._refresh(now)
        with self._lock:
            self._flags = {cell: end for cell, end in self._flags.items() if end > now}
            self._prompts = {cell: end for cell, end in self._prompts.items() if end > now}
            if self._flourish is not None and now - self._flourish[1] >= self._flourish[0].seconds:
                self._flourish = None
            flourish = self._flourish
            if self._moves is not None and now - self._moves[1] >= PLAYBACK_SECONDS:
                self._moves = None
            moves = self._moves
            carry = self._carry
            view, t = self._view, now - self._since
            flagged = frozenset(self._flags)
            if isinstance(view, BoardView):
                view = replace(
                    view,
                    flagged=view.flagged | flagged,
                    last_turn_winner=self._turn_winner or view.last_turn_winner,
                )
            elif view is not None:
                prompted = view.prompted | frozenset(self._prompts)
                view = replace(view, flagged=view.flagged | flagged, prompted=prompted)
        if flourish is not None:
            frame = flourish[0].scene(now - flourish[1], self.palette)
        elif view is None:
            frame = rainbow(self.lights.layout.cells, now)
        elif isinstance(view, BoardView):
            overlay = playback(moves[0], now - moves[1], self.palette) if moves else None
            if overlay is None and carry is not None:
                overlay = playback((carry[0],), (now - carry[1]) % CARRY_CYCLE, self.palette)
            frame = state_scene(view, t, self.palette, overlay)
        else:
            frame = map_scene(view, t, self.palette)
        rendered = render(frame, self.lights.layout)
        if rendered.pixels != self._last_pixels:
            self.lights.show(rendered.pixels)
            self._last_pixels = rendered.pixels
        return rendered

    def wake(self) -> None:
        """Draw the next frame now instead of at the next frame tick."""
        self._wake.set()

    def run(self, stop: threading.Event, fps: float = FPS) -> None:
        """Show frames until ``stop`` is set, then leave the LEDs dark."""
        try:
            while not stop.is_set():
                self.tick()
                self._wake.wait(1 / fps)
                self._wake.clear()
        finally:
            self.lights.close()


def _carry(data: dict[str, object], now: float) -> tuple[Move, float] | None:
    """The computer's move an ``ACTION_EXPECTED`` event asks the players to carry (``None``: the
    move was dropped): from the cell it leaves to its cell; one spawned on its own portal blinks
    there."""
    seat, start, cell = data.get("seat"), data.get("start"), data.get("cell")
    if not isinstance(seat, str) or not isinstance(cell, str):
        return None
    leaves = start if isinstance(start, str) and start != cell else None
    return Move(seat, leaves, cell), now
