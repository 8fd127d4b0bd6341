"""Across the seams camera → table → panel (issue 35): the computer's miniature put in the wrong
cell is seen by the (simulated) camera and said on the phone, in the player's language, by the
rule it breaks; the table takes nothing until the miniature stands where the computer said, and
then takes the computer's move, as its seat, from what the camera sees."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np

from companion import events as ev
from companion.camera.loop import CameraLoop
from companion.games.dreamblade.ai import DreambladeAi
from companion.games.dreamblade.demo_game import demo_game
from companion.settings import Settings
from companion.table.computer_seat import ComputerSeat
from companion.table.proposers import CAMERA
from companion.table.start_request import StartRequest
from companion.table.table import Table
from tests.companion.table.test_computer_seat import _human_turn
from tests.web_panel.conftest import dreamblade_table, seated
from tests.web_panel.fake_camera import watched_by_camera
from web_panel import create_app
from web_panel.i18n import translate


def _engine_board(table: Table) -> dict[str, str]:
    return table.read(
        lambda game: {mini.id: cell for cell, minis in game.board().items() for mini in minis}
    )


def _look(loop: CameraLoop, frames: list[np.ndarray]) -> None:
    for frame in frames:
        loop.process(frame)


def _a_wrong_cell(table: Table) -> str:
    """A cell next to the one the computer said, where the miniature could have gone."""
    expected = table.expected()
    assert expected is not None
    cells = table.read(
        lambda game: [
            a.cell  # type: ignore[attr-defined]
            for a in game.decision_actions()
            if getattr(a, "mini", None) == expected.piece
            and getattr(a, "cell", None) not in (None, expected.cell)
        ]
    )
    assert cells, "the computer's miniature had only one cell to go to"
    return str(cells[0])


def test_the_computers_miniature_in_the_wrong_cell_is_said_and_nothing_is_taken(
    tmp_path: Path,
) -> None:
    table = dreamblade_table(tmp_path, 0)
    computer = ComputerSeat(
        table, "B", "normal", seed=4, dice=random.Random(4), carried=True, camera=True
    )
    phone_player, dice = DreambladeAi("easy", seed=11), random.Random(11)
    for _ in range(300):  # seat A plays on its phone until the computer's move has a choice
        _human_turn(table, phone_player, dice)
        computer.play_ready()
        expected = table.expected()
        if expected is not None:
            try:
                _a_wrong_cell(table)
                break
            except AssertionError:
                table.submit(CAMERA, expected.action)  # carried where it had to go
    expected = table.expected()
    assert expected is not None
    wrong = _a_wrong_cell(table)

    settings = Settings.model_validate({"data_dir": str(tmp_path / "data"), "game": "dreamblade"})
    loop, sim = watched_by_camera(table)
    app = create_app(table, settings, secret_key="test-secret", testing=True, camera=loop)
    try:
        phone = seated(app, "A")
        phone.client.get("/lang/ja")
        board = _engine_board(table)
        sim.arrange(board)  # the table as the phones played it so far
        _look(loop, list(sim.settled()))
        before = (table.version, len(table.log()))
        assert table.expected() == expected  # the camera agreed with the engine: nothing to do

        _look(loop, list(sim.put(expected.piece, wrong)))  # the player misreads the LEDs
        assert (table.version, len(table.log())) == before  # nothing taken
        assert table.expected() == expected  # the computer's move still waits
        said = [n for n in phone.state()["notices"] if n["kind"] == "flagged"]
        assert said and said[-1]["reason"] == "refused" and said[-1]["rule"] == "expect.other"
        assert wrong in said[-1]["cells"]
        for lang in ("en", "ja"):  # what the phone shows for that rule (panel.js flaggedText)
            assert "{" not in translate(lang, "rule.expect.other")
        assert "コンピューター" in translate("ja", "rule.expect.other")

        # with a camera a phone's "it is there" is refused (the camera says where it is), and
        # the phone says why in its language; so is seat B's move typed by A's phone
        view = phone.state()
        assert view["camera_confirms"] is True
        seen = {"game_id": view["game_id"], "version": view["version"]}
        refused = phone.post("/api/carried", seen)
        assert refused.status_code == 409
        assert refused.get_json()["message"] == translate("ja", "error.carried_by_camera")
        typed = phone.act(str(expected.action))
        assert typed.status_code == 422 and typed.get_json()["rule"] == "expect.camera"
        assert (table.version, len(table.log())) == before

        _look(loop, list(sim.put(expected.piece, expected.cell)))  # now where it said
        entry = table.log()[-1]
        assert entry["action"] == str(expected.action)
        assert entry["seat"] == "B" and entry["reason"]
        assert table.expected() is None
    finally:
        app.extensions["panel"].close()
        computer.detach()


def test_the_computers_miniature_put_right_while_the_last_games_are_cleared_off_flags_nothing(
    tmp_path: Path,
) -> None:
    """A new game at a table whose camera saw the last one: the player clears the last game's
    miniatures off the map and puts the computer's first spawn in its cell in the same go. The
    camera commits what that hand changed whole (a miniature lifted off is taken as gone one
    frame after one put down is read): the spawn is taken, and nothing is flagged — neither a
    miniature of the last game "seen" in the new one nor its cell's reads "falling off"."""
    table = dreamblade_table(tmp_path, 20)  # turn 1 played: miniatures of both seats out
    loop, sim = watched_by_camera(table)
    last_game = _engine_board(table)
    assert {piece[0] for piece in last_game} == {"A", "B"}
    sim.arrange(last_game)
    _look(loop, list(sim.settled()) * 2)  # the camera saw the last game as it stood

    table.start_game(StartRequest(demo_game()))  # the same warbands and map, anew
    computer = ComputerSeat(
        table, "B", "normal", seed=4, dice=random.Random(4), carried=True, camera=True
    )
    try:
        phone_player, dice = DreambladeAi("easy", seed=11), random.Random(11)
        for _ in range(20):  # to the computer's first spawn
            _human_turn(table, phone_player, dice)
            computer.play_ready()
            if table.expected() is not None:
                break
        expected = table.expected()
        assert expected is not None and str(expected.action).startswith("spawn ")
        flags: list[dict[str, object]] = []
        table.bus.subscribe(lambda event: flags.append(event.data), kinds={ev.FLAGGED})
        version = table.version
        sim.arrange(_engine_board(table))  # the last game's miniatures off the map…
        _look(loop, list(sim.put(expected.piece, expected.cell)))  # …and the spawn put down
        assert flags == []
        assert table.version == version + 1 and table.expected() != expected
        assert table.log()[-1]["action"] == str(expected.action)
    finally:
        computer.detach()
