"""The panel's per-app objects, shared by its blueprints: the table, its settings, the seat tokens,
the judge PIN guard, the round clock, the live feed and the camera's open prompts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from flask import current_app, request, session

from companion.errors import DataFileError
from companion.settings import SeatSettings, Settings
from companion.table.catalog import TableCatalog
from companion.table.table import Table
from web_panel import csrf
from web_panel.camera_prompts import PromptList
from web_panel.clock import MatchClock
from web_panel.judge import JudgeAccess
from web_panel.judge_calls import JudgeCalls
from web_panel.limits import StreamLimit
from web_panel.map_agreement import MapAgreement
from web_panel.seats import LOOPBACK_ADDRESSES, SeatTokens, Viewer, may_see_join_codes
from web_panel.stream import Feed
from web_panel.view import public_view, spectator_view

if TYPE_CHECKING:
    from companion.camera.reading import TableReading
    from companion.camera.snapshot import CameraView


class LedFrame(Protocol):
    def to_json(self) -> dict[str, Any]: ...


class TournamentLink(Protocol):
    """What the panel needs from the tournament hub's link (``companion.hub.table_link``)."""

    def result_view(self) -> dict[str, Any] | None: ...

    def confirm(self, seat: str) -> None: ...

    def event_map(self) -> Any: ...  # the event's map (a ``DreamMap``), or ``None``


class DemoScript(Protocol):
    """What the panel needs from a scripted demo (``companion.simulation.demo_run``)."""

    def scripted(self) -> bool: ...

    def view(self) -> dict[str, Any]: ...

    def take_over(self) -> None: ...


class LedSource(Protocol):
    """What the panel needs from the lights: the virtual backend's frame subscription."""

    def subscribe(
        self, callback: Callable[[Any], None], *, current: bool = False
    ) -> Callable[[], None]: ...


@dataclass
class Panel:
    table: Table
    settings: Settings
    tokens: SeatTokens
    judge: JudgeAccess
    clock: MatchClock
    # The seats' names and colours: the config's, or those given when a game was set up.
    seats: dict[str, SeatSettings] = field(default_factory=dict)
    # The camera view (frames, tags read, manual calibration); ``None`` without a camera.
    camera: CameraView | None = None
    feed: Feed = field(init=False)
    # The live streams each address holds open (limited).
    streams: StreamLimit = field(default_factory=StreamLimit)
    # What the camera noticed that only the players can settle (fed by the table's bus).
    camera_prompts: PromptList = field(init=False)
    # The labels the camera reads (the table's and a tournament's seated players'), shared with
    # the camera loop; made from the settings on the first tag scan when not handed one.
    labels: TableReading | None = None
    # The tournament hub's link when this table plays in an event (set by the runtime).
    tournament: TournamentLink | None = None
    # The scripted demo playing at this table, if any: the phones watch it or take it over.
    demo: DemoScript | None = None
    # The entries players typed in (every game), in the table's store.
    table_catalog: TableCatalog = field(init=False)
    # The seated players' calls for the judge (at most one a minute per seat).
    judge_calls: JudgeCalls = field(init=False)
    # The map values the seated players confirmed on their phones, until both agree.
    map_agreement: MapAgreement = field(default_factory=MapAgreement)

    def __post_init__(self) -> None:
        self.feed = Feed(self.table, self.build_view)
        self.camera_prompts = PromptList(self.table.bus, self.feed.panel_changed)
        self.table_catalog = TableCatalog(self.table.store.path)
        self.judge_calls = JudgeCalls(self.table.bus)
        self._stop_mirroring: Callable[[], None] = lambda: None

    def mirror_leds(self, source: LedSource) -> None:
        """Show the LED colours on the phones' boards (frames carry ``cells``: cell → #rrggbb),
        from the frame the lights show already: a still scene drawn before the panel started is
        mirrored at once, not at the next change."""

        def on_frame(frame: LedFrame) -> None:
            self.feed.leds_changed(frame.to_json()["cells"])

        self._stop_mirroring = source.subscribe(on_frame, current=True)

    def close(self) -> None:
        """Stop listening to the lights and end every open stream."""
        self._stop_mirroring()
        self.camera_prompts.close()
        self.feed.close()
        self.table_catalog.close()

    def build_view(self, notices: list[dict[str, Any]]) -> dict[str, Any]:
        seats = self.seats or self.settings.seats
        view = public_view(self.table, seats, self.clock, notices, self.camera_prompts)
        view["tournament"] = self.tournament.result_view() if self.tournament else None
        view["labels_left_out"] = self.labels_left_out()
        view["joins"] = self.tokens.claimed  # the join codes shown change when one is used
        view["demo"] = self.demo.view() if self.demo else None
        view["map_agreement"] = self.map_agreement_view()
        return view

    def map_agreement_view(self) -> dict[str, Any]:
        """What the seats confirmed of the map values the game waits for (``map_agreement``)."""
        pending = self.table.read(lambda game: game.pending())
        cells = list(pending.details.get("unknown_values", [])) if pending.details else []
        seats = self.table.read(lambda game: tuple(game.seats))
        return self.map_agreement.view(self.table.game_id, cells, seats)

    def labels_left_out(self) -> list[dict[str, Any]]:
        """The seated players' label registrations the camera leaves out (a kind this table does
        not read; ``companion.camera.reading.LeftOut``): the phones name the players."""
        if self.labels is None:
            return []  # no camera reads labels here
        try:
            return [left.to_json() for left in self.labels.current().left_out]
        except DataFileError:
            return []  # the table's own registration does not load: the camera says so

    def spectator_view(self) -> dict[str, Any]:
        """What the tournament hub shows of this table (``view.spectator_view``)."""
        return spectator_view(self.table, self.seats or self.settings.seats)

    def join_url(self, seat: str, base_url: str) -> str:
        """A new join link for ``seat`` of the game at the table, under ``base_url``."""
        return f"{base_url.rstrip('/')}/join/{self.tokens.issue(seat, self.table.game_id)}"

    def viewer(self) -> Viewer:
        """Who is behind the current request (from its signed session cookie)."""
        seat = session.get("seat")
        if session.get("game") != self.table.game_id:
            seat = self._carried_seat(seat, session.get("game"))
        return Viewer(
            seat=seat if isinstance(seat, str) else None,
            judge=self.judge.is_judge(session.get("judge")),
        )

    def _carried_seat(self, seat: object, game_id: object) -> str | None:
        """A phone seated in the game the current one replaced keeps its seat if the new game
        has it (a new game at the same table, same players); any older seat is no seat."""
        if not isinstance(seat, str) or not isinstance(game_id, int):
            return None
        if game_id != self.previous_game_id() or seat not in self.table.read(lambda g: g.seats):
            return None
        session["game"] = self.table.game_id
        return seat

    def previous_game_id(self) -> int | None:
        """The game played at this table before the current one, if any."""
        earlier = [g.id for g in self.table.store.games() if g.id < self.table.game_id]
        return max(earlier, default=None)


def may_set_first_pin(panel: Panel, remote_addr: str | None) -> bool:
    """Only the table's own screen sets the first judge PIN (a phone can't claim the table)."""
    return not panel.judge.enabled and remote_addr in LOOPBACK_ADDRESSES


def me(panel: Panel) -> dict[str, Any]:
    """What the phone behind this request is (``GET /api/me``, and the pages' boot data)."""
    viewer = panel.viewer()
    return {
        "seat": viewer.seat,
        "judge": viewer.judge,
        "judge_enabled": panel.judge.enabled,
        "set_pin": may_set_first_pin(panel, request.remote_addr),
        "csrf": csrf.session_token(session),
        "join_codes": may_see_join_codes(request.remote_addr, viewer),
    }


def current_panel() -> Panel:
    panel: Panel = current_app.extensions["panel"]
    return panel
