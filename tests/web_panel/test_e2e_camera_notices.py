"""End to end at a phone's size and a laptop's, in English and Japanese: what the camera notices
but cannot apply (a piece that is not in play, one moved where it may not go, a spawn the rules
refuse, a creature gone from the map) reaches the phones as notices that name the pieces as the
game's view does, with their owner's name (both seats may field the same miniature), and the
cells as the map shows them, never the engine's ids or the tags' labels. A real reconciler sync
produces them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from companion.camera.game_sync import sync_table
from companion.camera.loop import CameraLoop
from companion.camera.reconciler import default_registry
from companion.camera.reconciler import sync_table as sync_dreamblade
from companion.games.arena import camera as arena_camera
from companion.games.arena.demo import demo_setup as arena_demo
from companion.games.arena.game import Arena
from companion.games.dreamblade.catalog import builtin_catalog_path, load_catalog
from companion.games.dreamblade.demo_game import demo_game
from companion.games.dreamblade.dice import builtin_dice
from companion.games.dreamblade.game import DreambladeGame
from companion.games.dreamblade.maps import builtin_map
from companion.games.dungeon_command import camera as dc_camera
from companion.games.dungeon_command.demo import demo_setup as dc_demo
from companion.games.dungeon_command.game import DungeonCommand
from companion.games.protocol import Game
from companion.settings import SeatSettings, Settings
from companion.table.proposers import JUDGE
from companion.table.store import Recovery, Store
from companion.table.table import Table
from tests.web_panel.browser import every_screen, new_phone, screenshot, wait_for_version
from tests.web_panel.visible_text import assert_no_internal_ids
from vision.board_change import BoardChange, TagId
from vision.camera import ResilientCamera
from vision.hex_grid import HexGrid
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.tags import make_reader
from web_panel import create_app, serve
from web_panel.app import PanelServer

pytestmark = [
    pytest.mark.browser,
]

ARENA_FIELD = arena_camera.Battlefield(HexGrid(8, 6, 60.0), {"g1": "d3", "g2": "e4"})


def _dreamblade_notices(table: Table) -> None:
    """Seat B's Spellbound Scissors put down in A's spawn phase, then A's Sir Glorious spawned
    outside A's spawn row (the engine refuses it)."""
    tags = default_registry(table.read(lambda game: list(game.setup.pieces)))
    scissors = TagId("db", "spellbound-scissors", 101)
    table.submit(JUDGE, "init 6 5")
    sync_dreamblade(table, tags, {scissors: "e5"})
    sync_dreamblade(table, tags, {scissors: "e5", TagId("db", "sir-glorious", 1): "c3"})


def _shared_miniature_game() -> Game:
    """Both seats field a Spellbound Scissors (one copy each): only the owner tells them apart."""
    catalog = load_catalog(builtin_catalog_path())
    warbands = {
        "A": [catalog["sir-glorious"], catalog["spellbound-scissors"]],
        "B": [catalog["spellbound-scissors"], catalog["B45"]],
    }
    faces = [face.name for face in builtin_dice().attack.faces]
    return DreambladeGame(builtin_map("default"), warbands, faces)


def _shared_miniature_notices(table: Table) -> None:
    """Ben's Scissors put down in Ann's spawn phase, then Ann's spawned outside her spawn row."""
    tags = default_registry(table.read(lambda game: list(game.setup.pieces)))
    bens = TagId("db", "spellbound-scissors", 101)
    table.submit(JUDGE, "init 6 5")
    sync_dreamblade(table, tags, {bens: "e5"})
    sync_dreamblade(table, tags, {bens: "e5", TagId("db", "spellbound-scissors", 1): "c3"})


def _dungeon_command_notices(table: Table) -> None:
    """Ben's Goblin 1 put down while Ann deploys her first creatures, then a tag of no warband
    beside it (the camera notes unknown tags first)."""
    tags = dc_camera.registry(table.read(lambda game: game.setup))
    goblin = TagId("dc", "ben-01", 1)
    sync_table(table, tags, BoardChange(board={goblin: "c3"}), dc_camera.CAMERA)
    stranger = TagId("dc", "nobody", 1)
    sync_table(table, tags, BoardChange(board={goblin: "c3", stranger: "f6"}), dc_camera.CAMERA)


def _dungeon_command_losses(table: Table) -> None:
    """Ann's Dwarf Cleric, deployed as the camera saw it, and Ben's Goblin 1 (deployed by the
    judge) both gone from the map in Ann's activation: each owner is asked about a loss."""
    tags = dc_camera.registry(table.read(lambda game: game.setup))
    cleric = TagId("dc", "dwarf-cleric", 1)
    sync_table(
        table, tags, BoardChange(added={cleric: "c1"}, board={cleric: "c1"}), dc_camera.CAMERA
    )
    for text in ("next", "deploy ben-01", "next", "next"):
        table.submit(JUDGE, text)
    sync_table(table, tags, BoardChange(removed={cleric: "c1"}, board={}), dc_camera.CAMERA)


def _arena_notices(table: Table) -> None:
    """Ann's Blue Walker, done moving, seen on another hex; Ben's Knight, still in reserve, put
    down on the battlefield."""
    table.submit("ann", "d20 ann 17")  # seed 003: the d20 for the first player
    table.submit("ben", "d20 ben 9")
    table.submit("ann", "first ann")  # ann won the roll and goes first
    for text in ("choose walker-a", "move walker-a field c3", "next"):
        table.submit("ann", text)
    tags = arena_camera.registry(table.read(lambda game: game.setup))
    walker, knight = TagId("ar", "walker-a", 1), TagId("ar", "knight-b", 1)
    board = {walker: "d4", knight: "e5", TagId("ar", "walker-b", 1): "g5"}
    change = BoardChange(moved={walker: ("c3", "d4")}, board=board)
    sync_table(table, tags, change, arena_camera.CAMERA, ARENA_FIELD)


CASES: dict[str, tuple[Callable[[], Game], Callable[[Table], None], dict[str, list[str]]]] = {
    "dreamblade": (
        demo_game,
        _dreamblade_notices,
        {
            "en": [
                "Ben's Spellbound Scissors #1 is on e5 but is not in play now: take it off the "
                "map.",
                "The camera saw Ann's Sir Glorious put on c3, but the game refused it. Creatures "
                "spawn into your portal",
            ],
            "ja": [
                "BenのSpellbound Scissors #1がe5にありますが、今はプレイ中ではありません。",
                "カメラはAnnのSir Gloriousがc3に置かれたのを見ましたが、ゲームが受け付けません"
                "でした。",
            ],
        },
    ),
    "dreamblade_shared": (
        _shared_miniature_game,
        _shared_miniature_notices,
        {
            "en": [
                "Ben's Spellbound Scissors is on e5 but is not in play now: take it off the map.",
                "The camera saw Ann's Spellbound Scissors put on c3, but the game refused it.",
            ],
            "ja": [
                "BenのSpellbound Scissorsがe5にありますが、今はプレイ中ではありません。",
                "カメラはAnnのSpellbound Scissorsがc3に置かれたのを見ましたが、ゲームが受け付け"
                "ませんでした。",
            ],
        },
    ),
    "dungeon_command": (
        lambda: DungeonCommand(dc_demo()),
        _dungeon_command_notices,
        {
            "en": [
                "The camera reads a tag this game does not know on f6",
                "Ben's Goblin 1 is on c3 but is not in play now: take it off the map.",
            ],
            "ja": [
                "このゲームにないタグがf6に見えます。",
                "BenのGoblin 1がc3にありますが、今はプレイ中ではありません。",
            ],
        },
    ),
    "dungeon_command_losses": (
        lambda: DungeonCommand(dc_demo()),
        _dungeon_command_losses,
        {
            "en": [
                "Ben's Goblin 1 left the map: was it destroyed?",
                "Ann's Dwarf Cleric left the map",
            ],
            "ja": [
                "BenのGoblin 1がマップから離れました。",
                "AnnのDwarf Clericがマップから離れました",
            ],
        },
    ),
    "arena": (
        lambda: Arena(arena_demo()),
        _arena_notices,
        {
            "en": [
                "Ben's Knight is on e5 but is not in play now: take it off the map.",
                "Ann's Blue Walker was moved to d4, but it stands on c3: put it back.",
            ],
            "ja": [
                "BenのKnightがe5にありますが、今はプレイ中ではありません。",
                "AnnのBlue Walkerがd4に動かされましたが、本来はc3にいます。元に戻してください。",
            ],
        },
    ),
}
LABELS = (
    "ben-01",
    "dwarf-cleric",
    "nobody",
    "walker-a",
    "knight-b",
    "sir-glorious",
    "spellbound-scissors",
)


@pytest.fixture(params=sorted(CASES))
def game_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)


# The players' names on the seats: Dreamblade's A and B, the other games' own seat ids.
ANN = SeatSettings(name="Ann", colour="#0072B2")
BEN = SeatSettings(name="Ben", colour="#E69F00")
PLAYERS = {"A": ANN, "B": BEN, "ann": ANN, "ben": BEN}


@pytest.fixture
def served(tmp_path: Path, settings: Settings, game_name: str) -> Iterator[tuple[str, Table]]:
    make_game = CASES[game_name][0]
    table = Table.start(Store(tmp_path / "notices.sqlite3"), make_game())
    named = settings.model_copy(update={"seats": PLAYERS})
    app = create_app(table, named, secret_key="test-secret", testing=True)
    running = serve(app, "127.0.0.1", 0).start_in_thread()
    try:
        yield running.url, table
    finally:
        running.stop()
        app.extensions["panel"].close()


def test_camera_notices_name_the_pieces_in_the_phones_language(
    browser: Browser, served: tuple[str, Table], game_name: str
):
    url, table = served
    screens = every_screen(browser, url)
    for phone in screens.values():
        wait_for_version(phone, table.version)
    CASES[game_name][1](table)
    for screen, phone in screens.items():
        notices = phone.locator("#notices .notice:not(.rule-notice)")  # the rules' are apart
        expected = CASES[game_name][2][screen.split("-")[0]]
        expect(notices).to_have_count(len(expected))
        for notice, text in zip(notices.all(), expected, strict=True):
            expect(notice).to_contain_text(text)
        _assert_player_words(phone)
        screenshot(phone, f"camera-notices-{game_name}-{screen}")


def _assert_player_words(phone: Page) -> None:
    assert_no_internal_ids(phone)
    shown = phone.locator("#notices").inner_text()
    assert not [label for label in LABELS if label in shown], shown
    assert "{" not in shown and "notice." not in shown


class Unplugged:
    """A camera whose cable came loose: it cannot be opened or read."""

    name = "unplugged:"

    def open(self) -> None:
        raise OSError("no such device")

    def read(self) -> None:
        raise OSError("no such device")

    def close(self) -> None:
        pass


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["could not be read whole", "t.sqlite3.damaged-1", "2 games were", "1 part could"]),
        ("ja", ["完全には読めませんでした", "t.sqlite3.damaged-1", "2ゲーム", "1件"]),
    ],
)
def test_the_tables_own_notices_in_the_phones_language(
    browser: Browser, server: PanelServer, table: Table, language: str, words: list[str]
):
    """A store rebuilt at start (``companion run`` flags its ``Recovery``), then a press of the
    confirm button with nothing to confirm and a camera that cannot be read: worded like every
    other notice, without the English details (they stay in the log)."""
    phone = new_phone(browser, server.url, "ja-JP" if language == "ja" else "en-US")
    wait_for_version(phone, table.version)
    lost = ("game 3: 2 of 4 entries",)
    recovery = Recovery(Path("/data/t.sqlite3.damaged-1"), "disk image is malformed", 2, lost)
    table.flag("store_recovered", source="store", **recovery.about())
    notices = phone.locator("#notices .notice:not(.rule-notice)")  # the rules' own are said apart
    expect(notices).to_have_count(1)
    for word in words:
        expect(notices.first).to_contain_text(word)
    assert "game 3" not in notices.first.inner_text()
    _assert_player_words(phone)
    table.flag("nothing_to_confirm", source="buttons")
    camera = ResilientCamera(Unplugged(), retry_seconds=60.0)
    CameraLoop(table, camera, make_reader("zxing"), {}, FIVE_BY_FIVE_MAP).step()
    expect(notices).to_have_count(2)
    said = {
        "en": ("nothing to confirm", "cannot be read"),
        "ja": ("確定するもの", "読み取れません"),
    }
    expect(notices.first).to_contain_text(said[language][0])
    expect(notices.last).to_contain_text(said[language][1])
    assert "no such device" not in notices.last.inner_text()
    _assert_player_words(phone)
