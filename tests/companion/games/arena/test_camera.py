from pathlib import Path

import pytest

from companion import events as ev
from companion.camera import game_sync
from companion.games.arena.camera import (
    CAMERA,
    CAMERA_PROMPTED,
    Battlefield,
    Prompt,
    reconcile,
    registry,
)
from companion.games.arena.game import Arena
from companion.games.arena.setup import Setup
from companion.games.board_reading import Note
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.arena.conftest import army, duel_setup, new_arena, play
from vision.board_change import BoardChange, TagId
from vision.hex_grid import HexGrid

HEXES = HexGrid(8, 6, 60.0)
FIELD = Battlefield(HEXES, {"g1": "d3", "g2": "e4"}, frozenset({"a1"}))
TAGS = registry(duel_setup())


def sync_table(table: Table, tags, change: BoardChange, field: Battlefield) -> game_sync.Sync:
    """The camera's sync with this game's reading (``companion/camera/game_sync.py``)."""
    return game_sync.sync_table(table, tags, change, CAMERA, field)


def tag(card: str, n: int = 1) -> TagId:
    return TagId("ar", card, n)


def test_each_figure_wears_its_card_and_copy():
    assert TAGS[tag("sq-a", 2)] == "sq-a-2"
    assert TAGS[tag("pw-b")] == "pw-b"
    assert len(TAGS) == 2 * (1 + 3 + 1)


def test_the_battlefield_names_the_place_of_each_hex():
    assert [FIELD.place_of(h) for h in ("d3", "a1", "b2")] == ["g1", "scoring", "field"]
    with pytest.raises(ValueError):
        Battlefield(HEXES, {"g1": "z9"})
    with pytest.raises(ValueError):
        Battlefield(HEXES, {"g1": "a1"}, frozenset({"a1"}))


def test_planeswalkers_first_seen_are_taken_where_they_stand(duel: Arena):
    result = reconcile({tag("pw-a"): "b1", tag("pw-b"): "g6"}, TAGS, duel, FIELD)
    assert result == type(result)((), (), ())


def test_a_reserve_figure_put_down_while_summoning_is_summoned(duel: Arena):
    play(duel, "choose pw-a")
    seen = {tag("pw-a"): "b1", tag("pw-b"): "g6", tag("sq-a", 1): "c1", tag("sq-b", 1): "f6"}
    result = reconcile(seen, TAGS, duel, FIELD)
    assert result.proposals == ("summon sq-a-1 c1",)
    assert result.notes == (Note("take_off", "sq-b-1", "f6"),)


def test_a_chosen_figure_seen_on_a_new_hex_moves_to_that_place(duel: Arena):
    play(duel, "choose pw-a", "summon he-a c1")
    seen = {tag("pw-a"): "d3", tag("pw-b"): "g6", tag("he-a"): "c1"}
    result = reconcile(seen, TAGS, duel, FIELD, moved={tag("pw-a"): ("b1", "d3")})
    assert result.proposals == ("move pw-a g1 d3",)
    assert result.notes == ()


def test_moving_away_from_an_adjacent_enemy_prompts_the_roll(duel: Arena):
    play(duel, "choose pw-a")
    near = HEXES.neighbours("c3")[0]
    seen = {tag("pw-a"): "f3", tag("pw-b"): near}
    result = reconcile(seen, TAGS, duel, FIELD, moved={tag("pw-a"): ("c3", "f3")})
    assert result.proposals == ("move pw-a field f3",)
    assert result.prompts == (Prompt("disengage", "pw-a", "f3", enemy="pw-b"),)


def test_other_figures_moved_must_go_back(duel: Arena):
    play(duel, "choose pw-a", "summon he-a c1", "move pw-a field b2")
    seen = {tag("pw-a"): "b3", tag("pw-b"): "g6", tag("he-a"): "c2"}
    result = reconcile(seen, TAGS, duel, FIELD)
    assert result.proposals == ()
    assert result.notes == (
        Note("illegal", "he-a", "c2", "c1"),
        Note("illegal", "pw-a", "b3", "b2"),
    )


def test_a_figure_missing_from_the_map_is_noted(duel: Arena):
    play(duel, "choose pw-a", "summon he-a c1")
    result = reconcile({tag("pw-a"): "b1", tag("pw-b"): "g6"}, TAGS, duel, FIELD)
    assert result.notes == (Note("put_back", "he-a", None, "c1"),)


def test_a_face_down_glyph_is_prompted_not_guessed():
    armies = (army("a", "red"), army("b", "blue"), army("c", "red"), army("d", "blue"))
    game = new_arena(Setup("skirmish", armies, {"g1": None, "g2": None}))
    tags = registry(game.setup)
    play(game, "choose pw-a")
    seen = {TagId("ar", "pw-a", 1): "d3"}
    result = reconcile(seen, tags, game, FIELD, moved={TagId("ar", "pw-a", 1): ("a2", "d3")})
    assert result.proposals == ()
    assert result.prompts == (Prompt("reveal_glyph", "pw-a", "d3", spot="g1"),)


def test_sync_summons_and_moves_as_the_camera_and_prompts_the_rest(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite3"), new_arena(duel_setup()))
    table.submit("a", "choose pw-a")
    heard = []
    table.bus.subscribe(heard.append, kinds={CAMERA_PROMPTED, ev.FLAGGED})
    board = {tag("pw-a"): "f3", tag("pw-b"): "c2", tag("sq-a", 1): "e1", tag("sq-a", 2): "f1"}
    change = BoardChange(moved={tag("pw-a"): ("c3", "f3")}, board=board)
    done = sync_table(table, TAGS, change, FIELD)
    assert done.accepted == ("summon sq-a-1 e1", "summon sq-a-2 f1", "move pw-a field f3")
    assert [e.data for e in heard if e.kind == CAMERA_PROMPTED] == [
        {"kind": "disengage", "figure": "pw-a", "hex": "f3", "enemy": "pw-b", "spot": None}
    ]
    assert [e.data for e in heard if e.kind == ev.FLAGGED] == [
        {"reason": "disengage", "cells": ["f3"], "by": "camera", "subject": "pw-a", "cell": "f3",
         "enemy": "pw-b"}
    ]  # fmt: skip
    assert table.read(lambda game: game.figure("pw-a").hex) == "f3"


def test_frames_to_a_summon_and_a_move_on_hexes(tmp_path: Path):
    """The real pipeline on synthetic frames of a hex map: a squad figure put down is summoned,
    the planeswalker carried to a glyph spot moves there."""
    from vision.calibration import calibrate_from_markers
    from vision.pipeline import Pipeline, PipelineConfig
    from vision.synth import Scene, View, move_sequence, pieces_at, render
    from vision.tags import ZxingReader
    from vision.tracking import TrackerConfig

    placed = {tag("pw-a"): "b2", tag("pw-b"): "g5", tag("sq-a", 1): "c1"}
    scene = Scene(HEXES, pieces_at(HEXES, placed), tag_mm=30.0, base_mm=45.0, seed=8)
    steps = move_sequence(scene, tag("pw-a"), HEXES.cell_centre_mm("d3"), still=3, travel=2)
    view = View(1400, 1000, px_per_mm=2.0, rotation_deg=3.0, tilt=0.04)
    frames = [render(step.scene, view, seed=n) for n, step in enumerate(steps)]
    calibration = calibrate_from_markers(frames[0][..., 1], HEXES)
    config = PipelineConfig(base_mm=45.0, tracker=TrackerConfig(stable_frames=2))
    pipeline = Pipeline(HEXES, calibration, ZxingReader(), config, warband=set(TAGS))
    table = Table.start(Store(tmp_path / "t.sqlite3"), new_arena(duel_setup()))
    table.submit("a", "choose pw-a")
    accepted = []
    for frame in frames:
        change = pipeline.process(frame).change
        if change is not None:
            accepted += sync_table(table, TAGS, change, FIELD).accepted
    assert accepted == ["summon sq-a-1 c1", "move pw-a g1 d3"]
    assert table.read(lambda game: game.figure("pw-a").place) == "g1"


def test_a_figure_moved_where_it_may_not_go_is_flagged_with_both_hexes(tmp_path: Path):
    table = Table.start(Store(tmp_path / "t.sqlite3"), new_arena(duel_setup()))
    table.submit("a", "choose pw-a")
    table.submit("a", "move pw-a field c3")
    table.submit("a", "next")
    flags: list[dict] = []
    table.bus.subscribe(lambda e: flags.append(e.data), kinds={ev.FLAGGED})
    board = {tag("pw-a"): "d4", tag("pw-b"): "c2"}
    sync_table(table, TAGS, BoardChange(moved={tag("pw-a"): ("c3", "d4")}, board=board), FIELD)
    assert flags == [
        {"reason": "put_back", "cells": ["d4", "c3"], "by": "camera", "subject": "pw-a",
         "cell": "d4", "expected": "c3"}
    ]  # fmt: skip
