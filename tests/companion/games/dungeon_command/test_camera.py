from pathlib import Path

from companion import events as ev
from companion.camera import game_sync
from companion.games.board_reading import Note
from companion.games.dungeon_command.camera import (
    CAMERA,
    DESTROY_PROMPTED,
    DestroyPrompt,
    reconcile,
    registry,
)
from companion.games.dungeon_command.game import DungeonCommand
from companion.table.proposers import CAMERA as CAMERA_SEAT
from companion.table.proposers import JUDGE
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.games.dungeon_command.conftest import ANN, BEN, make_setup, play
from vision.board_change import BoardChange, TagId

TAGS = registry(make_setup())


def sync_table(table: Table, tags, change: BoardChange) -> game_sync.Sync:
    """The camera's sync with this game's reading (``companion/camera/game_sync.py``)."""
    return game_sync.sync_table(table, tags, change, CAMERA)


def tag(label: str) -> TagId:
    return TagId("dc", label, 1)


def test_every_creature_of_both_warbands_has_its_tag():
    assert set(TAGS.values()) == set(ANN) | set(BEN)
    assert TAGS[tag("a02")] == "a02"


def test_the_deploying_players_creature_put_down_is_a_deploy(game: DungeonCommand):
    result = reconcile({tag("a02"): "c1", tag("a01"): "d1"}, TAGS, game)
    assert result.proposals == ("deploy a01", "deploy a02")
    assert result.prompts == result.notes == ()


def test_the_other_players_creature_comes_off_while_one_deploys(game: DungeonCommand):
    result = reconcile({tag("b00"): "c8"}, TAGS, game)
    assert result.proposals == ()
    assert result.notes == (Note("take_off", "b00", "c8"),)


def test_a_creature_beyond_the_leadership_left_is_illegal(game: DungeonCommand):
    play(game, "deploy a02", "deploy a01", "deploy a00")  # levels 3 + 2 + 1 of leadership 7
    result = reconcile(
        {tag(x): "a1" for x in ("a02", "a01", "a00")} | {tag("a05"): "b1"}, TAGS, game
    )
    assert ANN["a05"] == 3
    assert result.proposals == ()
    assert result.notes == (Note("illegal", "a05", "b1"),)


def test_a_creature_gone_from_the_battle_is_prompted_not_applied(battle: DungeonCommand):
    seen = {tag("a01"): "c2", tag("b03"): "f7", tag("b00"): "g7"}
    result = reconcile(seen, TAGS, battle, last_seen={tag("a02"): "d2"})
    assert result.proposals == ()
    assert result.prompts == (DestroyPrompt("a02", "ann", ANN["a02"], "d2"),)
    assert result.prompts[0].action == "destroyed a02"
    assert result.notes == ()
    assert battle.morale("ann") == 10


def test_a_creature_lifted_during_the_first_deploy_must_come_back(game: DungeonCommand):
    play(game, "deploy a02")
    result = reconcile({}, TAGS, game, last_seen={tag("a02"): "b1"})
    assert result.prompts == ()
    assert result.notes == (Note("put_back", "a02", None, "b1"),)


def test_a_destroyed_creature_back_on_the_map_must_come_off(battle: DungeonCommand):
    play(battle, "destroyed a02")
    seen = {tag("a01"): "c2", tag("a02"): "d2", tag("b03"): "f7", tag("b00"): "g7"}
    result = reconcile(seen, TAGS, battle)
    assert result.notes == (Note("take_off", "a02", "d2"),)


def test_unknown_tags_are_noted(game: DungeonCommand):
    result = reconcile({TagId("dc", "zz9", 1): "a1"}, TAGS, game)
    assert result.notes == (Note("unknown_tag", "dc:zz9#1", "a1"),)


def _table(tmp_path: Path) -> Table:
    return Table.start(Store(tmp_path / "t.sqlite3"), DungeonCommand(make_setup()))


def test_sync_deploys_as_the_camera_and_prompts_the_loss(tmp_path: Path):
    table = _table(tmp_path)
    heard: list[ev.Event] = []
    table.bus.subscribe(heard.append, kinds={DESTROY_PROMPTED, ev.FLAGGED, ev.ACTION_APPLIED})
    board = {tag("a02"): "c1", tag("a01"): "d1"}
    done = sync_table(table, TAGS, BoardChange(added=board, board=board))
    assert done.accepted == ("deploy a01", "deploy a02")
    assert table.store.log(table.game_id)[-1]["by"] == CAMERA_SEAT.value
    for text in ("next", "deploy b03", "deploy b00", "next", "next"):
        table.submit(JUDGE, text)
    board = {tag("a01"): "d1", tag("b03"): "f7", tag("b00"): "g7"}
    heard.clear()
    done = sync_table(table, TAGS, BoardChange(removed={tag("a02"): "c1"}, board=board))
    assert done.accepted == ()
    assert [p.label for p in done.prompts] == ["a02"]
    prompted = [e.data for e in heard if e.kind == DESTROY_PROMPTED]
    assert prompted == [
        {"action": "destroyed a02", "label": "a02", "seat": "ann", "loss": 3, "square": "c1"}
    ]
    flagged = [e.data for e in heard if e.kind == ev.FLAGGED]
    assert flagged == [
        {"reason": "destroy_prompted", "cells": ["c1"], "by": "camera", "subject": "a02",
         "seat": "ann", "cell": "c1"}
    ]  # fmt: skip
    assert table.read(lambda game: game.morale("ann")) == 10  # nothing lost until confirmed
    table.submit("ann", "destroyed a02")
    assert table.read(lambda game: game.morale("ann")) == 7


def test_frames_to_deploys_and_a_removal_to_a_prompt(tmp_path: Path):
    """The real pipeline on synthetic frames of a 1-inch battlefield: two creatures put down are
    deployed; one lifted off by hand prompts its morale loss."""
    from vision.calibration import calibrate_from_markers
    from vision.pipeline import Pipeline, PipelineConfig
    from vision.square_grid import square_grid
    from vision.synth import Scene, View, pieces_at, remove_sequence, render
    from vision.tags import ZxingReader
    from vision.tracking import TrackerConfig

    battlefield = square_grid(10, 8, 25.4)
    placed = {tag("a02"): "b1", tag("a01"): "e1", tag("b03"): "e8"}
    scene = Scene(battlefield, pieces_at(battlefield, placed), tag_mm=15.0, base_mm=24.0, seed=6)
    view = View(1600, 1400, px_per_mm=4.5, rotation_deg=-2.0, tilt=0.03)
    steps = remove_sequence(scene, tag("a02"), still=3, travel=2)
    frames = [render(step.scene, view, seed=n) for n, step in enumerate(steps)]
    calibration = calibrate_from_markers(frames[0][..., 1], battlefield)
    config = PipelineConfig(base_mm=24.0, tracker=TrackerConfig(stable_frames=2))
    pipeline = Pipeline(battlefield, calibration, ZxingReader(), config, warband=set(TAGS))
    table = _table(tmp_path)
    syncs = []
    for n, frame in enumerate(frames):
        change = pipeline.process(frame).change
        if change is not None:
            syncs.append(sync_table(table, TAGS, change))
        if n == 2:  # the starting creatures are down: the players play on to the battle
            for text in ("next", "deploy b03", "next", "next"):
                table.submit(JUDGE, text)
    assert syncs[0].accepted == ("deploy a01", "deploy a02")
    assert syncs[0].notes == (Note("take_off", "b03", "e8"),)  # not ben's turn to deploy yet
    assert [p.to_json() for s in syncs[1:] for p in s.prompts] == [
        {"action": "destroyed a02", "label": "a02", "seat": "ann", "loss": 3, "square": "b1"}
    ]
    assert sorted(table.read(lambda game: game.on_battlefield())) == ["a01", "a02", "b03"]
