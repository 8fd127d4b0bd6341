"""The panel's per-app objects, shared by its blueprints: the table (and its session: seats, the
phones holding them, the round clock), its settings, the judge PIN guard, the live feed and the
camera's open prompts. The panel keeps no session state of its own: a phone is known by the random
id in its signed cookie, and the table's session says which seat that phone holds."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from flask import current_app, request, session

from companion import events as ev
from companion.errors import DataFileError, IllegalActionError
from companion.events import Event
from companion.games import find_kit
from companion.games.ai_seat import LEVELS
from companion.settings import SeatSettings, Settings
from companion.table.catalog import TableCatalog
from companion.table.clock import MatchClock
from companion.table.computer_seat import ComputerSeat
from companion.table.dice_roll import Roller, remote_roller
from companion.table.printed_maps import PrintedMaps
from companion.table.session import Lineup
from companion.table.table import StaleError, Table
from web_panel import csrf
from web_panel.camera_prompts import PromptList
from web_panel.judge import JudgeAccess
from web_panel.judge_calls import JudgeCalls
from web_panel.limits import StreamLimit
from web_panel.map_agreement import MapAgreement, Outcome
from web_panel.replay.export import game_export
from web_panel.seats import LOOPBACK_ADDRESSES, Viewer, may_see_join_codes
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

    def match_id(self) -> int | None: ...  # the hub's match now paired at this table

    def confirm(self, seat: str) -> None: ...

    def event_map(self) -> Any: ...  # the event's map (a ``DreamMap``), or ``None``

    def event_view(self) -> dict[str, Any]: ...  # this table's name, round, match, players

    # where the player who held ``seat`` of game ``game_id`` plays now, after a new pairing
    def moved(self, game_id: int, seat: str) -> dict[str, Any] | None: ...


class RemoteControl(Protocol):
    """What the panel needs of the table's remote session (``companion.remote.control``).
    ``invite`` and ``join`` raise ``ValueError`` with a ``key`` (a catalog message) when the
    table can't."""

    def invite(self) -> str: ...

    def current_invite(self) -> str | None: ...

    def invite_link(self, code: str, table_screen: str) -> str: ...

    def join(self, code: str) -> None: ...

    def leave(self) -> None: ...


class DemoScript(Protocol):
    """What the panel needs from a scripted demo (``companion.simulation.demo_run``)."""

    def scripted(self) -> bool: ...

    def view(self) -> dict[str, Any]: ...

    def take_over(self) -> None: ...


class LedSource(Protocol):
    """What the panel needs from the lights: every backend's frame subscription
    (``companion.lights.base.Lights.subscribe``)."""

    def subscribe(
        self, callback: Callable[[Any], None], *, current: bool = False
    ) -> Callable[[], None]: ...


@dataclass
class Panel:
    table: Table
    settings: Settings
    judge: JudgeAccess
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
    # The table's remote session (``companion.remote``; set by the runtime): invites and joins.
    remote: RemoteControl | None = None
    # The scripted demo playing at this table, if any: the phones watch it or take it over.
    demo: DemoScript | None = None
    # The entries players typed in (every game), in the table's store.
    table_catalog: TableCatalog = field(init=False)
    # The values the players read off their printed maps, offered at the next set-up.
    printed_maps: PrintedMaps = field(init=False)
    # The seated players' calls for the judge (at most one a minute per seat).
    judge_calls: JudgeCalls = field(init=False)
    # The table's round clock (kept in its session).
    clock: MatchClock = field(init=False)
    # The map values the seated players confirmed on their phones, until both agree.
    map_agreement: MapAgreement = field(default_factory=MapAgreement)
    # Who rolls the shared virtual dice (``POST /api/roll``): this table's kit, or at a remote
    # guest table the host's, through the remote session's link.
    roller: Roller = field(init=False)
    # What else ends with the panel (the table's own broadcast, ``web_panel.table_broadcast``).
    closing: list[Callable[[], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.clock = self.table.session.clock(self.settings.clock)
        # seats the table plays itself (issue 35): the config's, a solo start's, or those a
        # demo's "Play from here" found empty; a phone that joins one takes it back
        self.computer_seats: dict[str, ComputerSeat] = {}
        # the game at the table when the panel starts is played by the seats it names
        self.table.session.adopt(
            self.table.game_id, self.lineup(self.table.read(lambda g: g.seats))
        )
        self.feed = Feed(self.table, self.build_view)
        self.camera_prompts = PromptList(self.table.bus, self.feed.panel_changed)
        self.table_catalog = TableCatalog(self.table.store.path)
        self.printed_maps = PrintedMaps(self.table.store)
        self.judge_calls = JudgeCalls(self.table.bus)
        self._stop_mirroring: Callable[[], None] = lambda: None
        self.roller = remote_roller(lambda: getattr(self.remote, "link", None))
        self.computer_from_config()

    # -- the seats the table plays itself (issue 35) ----------------------------------------------

    def computer_from_config(self) -> None:
        """Give the config's computer seat (``computer:``) to the table, when the game at the
        table has that seat and its kit a computer player; every other computer seat is let go."""
        chosen = self.settings.computer
        self.release_computers()
        if chosen.seat is not None and self.offers_computer(chosen.seat):
            self.give_to_computer(chosen.seat, chosen.level)

    def offers_computer(self, seat: str) -> bool:
        """Whether the game at the table has ``seat`` and its kit a computer player."""
        name, seats = self.table.read(lambda game: (game.name, tuple(game.seats)))
        return find_kit(name).ai is not None and seat in seats

    def give_to_computer(self, seat: str, level: str, *, carried: bool | None = None) -> None:
        """The table plays ``seat`` of the game at the table at ``level`` from now (another
        level there is replaced); its spawns and moves carried (``carried``, ``None``: as the
        config's ``computer:`` says; with a camera, the camera confirms them) and its dice rolled
        as the config says."""
        self.release_computer(seat)
        chosen = self.settings.computer
        computer = ComputerSeat(
            self.table,
            seat,
            level,
            budget=chosen.think_seconds,
            carried=chosen.carried if carried is None else carried,
            typed_dice=chosen.dice == "typed",
            camera=self.camera is not None,
        )
        self.computer_seats[seat] = computer
        computer.attach()

    def release_computer(self, seat: str) -> bool:
        """The table stops playing ``seat`` (a phone joined it, or a new game starts); its move
        waiting to be carried is dropped. Whether it played it."""
        computer = self.computer_seats.pop(seat, None)
        if computer is None:
            return False
        computer.detach()
        self.table.drop_expected(seat)
        return True

    def release_computers(self) -> None:
        for seat in list(self.computer_seats):
            self.release_computer(seat)

    def solo_offer(self) -> dict[str, Any] | None:
        """What the solo card offers (``solo_api``): the computer's levels, when the game at the
        table has a computer player and the table plays no one else's game (a remote game, a
        tournament's pairing); else ``None``."""
        if self.tournament is not None or self.table.state()["remote"] is not None:
            return None
        seats = self.table.read(lambda game: tuple(game.seats))
        if not seats or not self.offers_computer(seats[0]):
            return None
        return {"levels": list(LEVELS)}

    def computer_view(self) -> dict[str, str]:
        """The seats the table plays, and at which level."""
        return {seat: computer.level for seat, computer in sorted(self.computer_seats.items())}

    def mirror_leds(self, source: LedSource) -> None:
        """Show the LED colours on the phones' boards (frames carry ``cells``: cell → #rrggbb),
        from the frame the lights show already: a still scene drawn before the panel started is
        mirrored at once, not at the next change."""

        def on_frame(frame: LedFrame) -> None:
            self.feed.leds_changed(frame.to_json()["cells"])

        self._stop_mirroring = source.subscribe(on_frame, current=True)

    def view_demo(self) -> dict[str, Any] | None:
        """What the phones show of a demo: the script's state (the seats the table took are the
        view's ``computer``)."""
        return self.demo.view() if self.demo else None

    def close(self) -> None:
        """Stop listening to the lights and end every open stream."""
        for computer in self.computer_seats.values():
            computer.detach()
        self.computer_seats.clear()
        self._stop_mirroring()
        self.camera_prompts.close()
        self.feed.close()
        self.table_catalog.close()
        for close in self.closing:
            close()

    @property
    def seats(self) -> dict[str, SeatSettings]:
        """The seats' names and colours: those given at the last set-up or pairing (kept in the
        table's session), else the config's."""
        return self.table.session.seats() or dict(self.settings.seats)

    def lineup(self, seats: Iterable[str]) -> Lineup:
        """The players named on ``seats`` (a game's) now, by their names."""
        named = self.seats
        return Lineup.of({seat: named[seat].name for seat in seats if seat in named})

    def build_view(self, notices: list[dict[str, Any]]) -> dict[str, Any]:
        seats = self.seats
        view = public_view(self.table, seats, self.clock, notices, self.camera_prompts)
        view["tournament"] = self.tournament.result_view() if self.tournament else None
        view["event"] = self.tournament.event_view() if self.tournament else None
        view["labels_left_out"] = self.labels_left_out()
        view["joins"] = self.table.session.claimed  # the join codes shown change when one is used
        view["held"] = sorted(self.table.session.phones(self.table.game_id))  # seats with a phone
        view["demo"] = self.view_demo()
        view["computer"] = self.computer_view()
        view["camera_confirms"] = self.camera is not None  # a computer's carried move, not a tap
        view["solo"] = self.solo_offer()
        view["map_agreement"] = self.map_agreement_view()
        return view

    def map_agreement_view(self) -> dict[str, Any]:
        """What the seats confirmed of the map values the game waits for (``map_agreement``)."""
        pending = self.table.read(lambda game: game.pending())
        cells = list(pending.details.get("unknown_values", [])) if pending.details else []
        return self.map_agreement.view(self.table.game_id, cells, self._map_readers())

    def _map_readers(self) -> tuple[str, ...]:
        """The seats whose players read the printed map's values: every seat the table does not
        play itself (its computer sees no map; its player says the value alone)."""
        seats = self.table.read(lambda game: tuple(game.seats))
        return tuple(seat for seat in seats if seat not in self.computer_seats) or seats

    def say_map_value(
        self, seat: str, cell: str, value: int, game_id: int | None = None
    ) -> Outcome:
        """``seat`` read ``value`` off its printed map for ``cell`` (``map_agreement``): the same
        number from every seat is pushed as the game's ``value`` (it stands for the judge's word),
        two different ones call the judge. At a remote guest table the seats' numbers meet at the
        host's panel (``GuestLink.agree``: the guest's seat says it there); this table keeps its
        seat's number to show it. Raises ``StaleError`` or ``IllegalActionError`` (nothing kept)
        if the value can't be pushed. The outcome: waiting, agreed or disagreed."""
        table = self.table
        if game_id is not None and game_id != table.game_id:
            raise StaleError(f"a new game started (you saw game {game_id})")
        game_id = table.game_id
        seats = self._map_readers()
        link = getattr(self.remote, "link", None)
        if (table.state().get("remote") or {}).get("role") == "guest" and isinstance(
            link, HostAgreement
        ):
            outcome = link.agree(seat, cell, value, game_id)
            if table.game_id == game_id and outcome != "agreed":
                self.map_agreement.say(game_id, cell, seat, value, seats)  # shown here too
            self.feed.panel_changed()
            return outcome
        said = self.map_agreement.say(game_id, cell, seat, value, seats)
        if said.outcome == "agreed":
            try:
                table.submit(seat, f"value {cell} {value}", game_id=game_id, agreed=True)
            except (IllegalActionError, StaleError):
                self.map_agreement.withdraw(game_id, cell, seat)
                raise
        elif said.outcome == "disagreed" and said.before != "disagreed":
            table.bus.publish(Event(ev.JUDGE_CALLED, {"by": seat, "cell": cell}))
        self.feed.panel_changed()
        return said.outcome

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
        return spectator_view(self.table, self.seats)

    def game_export(self, game_id: int) -> dict[str, Any]:
        """A game of the table's store as a game export (``replay.export``), for the hub."""
        return game_export(self.table, game_id, self.seats)

    def join_url(self, seat: str, base_url: str) -> str:
        """A new join link for ``seat`` of the game at the table, under ``base_url``."""
        code = self.table.session.issue_code(seat, self.table.game_id)
        return f"{base_url.rstrip('/')}/join/{code}"

    def viewer(self) -> Viewer:
        """Who is behind the current request: the seat the table's session says its phone (the
        id in its signed cookie) holds in the game at the table, and whether it is the judge."""
        return Viewer(
            seat=self.table.session.seat_of(session.get("phone"), self.table.game_id),
            judge=self.judge.is_judge(session.get("judge")),
        )


@runtime_checkable
class HostAgreement(Protocol):
    """A remote guest table's link to its host, where the seats' map values meet
    (``companion.remote.link.GuestLink.agree``): the outcome there, once this table shows it."""

    def agree(self, seat: str, cell: str, value: int, game_id: int | None) -> Outcome: ...


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
        "moved": moved_view(panel, viewer),
    }


def moved_view(panel: Panel, viewer: Viewer) -> dict[str, Any] | None:
    """A phone that lost its seat to the tournament hub's new pairing: where its player plays
    now (``TournamentLink.moved``) and the player's own page on the hub when the phone came from
    it (``page``); ``None`` for any other phone."""
    held = session.get("seated")
    if viewer.seat is not None or panel.tournament is None or not isinstance(held, dict):
        return None
    game, seat = held.get("game"), held.get("seat")
    if not isinstance(game, int) or not isinstance(seat, str) or game == panel.table.game_id:
        return None
    where = panel.tournament.moved(game, seat)
    if where is None:
        return None
    return {**where, "page": session.get("player_page")}


def current_panel() -> Panel:
    panel: Panel = current_app.extensions["panel"]
    return panel
