"""A replay's versions are the views the phones had: the game is played at a panel and, at every
version, what a phone read from ``GET /api/state`` is kept; the replay of the game's export gives
the same pending decision, winner, game view and log at each one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.dreamblade.demo_game import DEMO_GAME
from companion.lights.still import still_colours
from tests.web_panel.replay.conftest import PlayedGame, play, played_game
from web_panel.replay.export import game_export
from web_panel.replay.versions import Replaying, replay_of

SHOWN = ("pending", "winner", "extra", "version")


def view_at(replay: dict[str, Any], version: int) -> dict[str, Any]:
    """What replay_draw.js's viewAt assembles (kept here to compare with the live log)."""
    frame = replay["frames"][version]
    first = max(0, version - replay["log_length"])
    log = [
        {**entry, "undone": entry["seq"] in frame["undone"]} if entry["kind"] == "push" else entry
        for entry in replay["entries"][first:version]
    ]
    return {**{key: frame[key] for key in SHOWN}, "log": log, "seats": replay["seats"]}


def test_every_version_is_the_view_the_phones_had(tmp_path: Path):
    seen: dict[int, dict[str, Any]] = {}
    game = played_game(tmp_path, ())  # seated and signed in, nothing played yet
    phone = game.phones["A"]

    def keep(version: int) -> None:
        seen[version] = phone.state()

    keep(0)
    play(game, DEMO_GAME, after=keep)
    replay = replay_of(
        game_export(game.table, game.table.game_id, game.app.extensions["panel"].seats)
    )
    assert len(replay["frames"]) == len(seen) == game.table.version + 1
    for version, live in seen.items():
        shown = view_at(replay, version)
        for key in SHOWN:
            assert shown[key] == live[key], f"{key} at version {version}"
        assert shown["log"] == live["log"], f"the log at version {version}"
        assert shown["seats"] == live["seats"]
    undone = [v for v in seen if any(e.get("undone") for e in seen[v]["log"])]
    assert undone and min(undone) == 14  # the undo at version 14 marks its push taken back
    assert any(e["notices"] for e in replay["entries"] if e["kind"] == "push")
    assert replay["frames"][-1]["winner"] == "A"
    game.app.extensions["panel"].close()


def test_each_version_has_the_leds_scene_of_its_game(whole_game: PlayedGame):
    panel = whole_game.app.extensions["panel"]
    replay = replay_of(game_export(whole_game.table, whole_game.table.game_id, panel.seats))
    colours = {seat["seat"]: seat["colour"] for seat in replay["seats"]}
    game = whole_game.table.snapshot()
    assert replay["frames"][-1]["leds"] == still_colours(game, colours)
    spawning = next(
        frame for frame in replay["frames"] if frame["pending"]["kind"] == "spawn"
    )  # the spawning seat's portal is lit, the other's is not marked
    seat = spawning["pending"]["seat"]
    portals = spawning["extra"]["portals"]
    assert portals[seat] in spawning["leds"]
    assert spawning["leds"] != replay["frames"][-1]["leds"]


def test_a_replay_followed_as_the_game_is_played_is_the_replay_of_the_whole_game(tmp_path: Path):
    game = played_game(tmp_path, DEMO_GAME[:10])
    replays = game.app.extensions["replays"]
    assert replays.settle(30)
    earlier = replays.served(game.table.game_id).replay
    frame = earlier["frames"][5]
    play(game, DEMO_GAME[10:60])  # the undo at version 14 among them
    assert replays.settle(30)
    followed = replays.served(game.table.game_id)
    seats = game.app.extensions["panel"].seats
    whole = replay_of(game_export(game.table, game.table.game_id, seats))
    assert followed.replay == whole
    assert json.loads(followed.body) == json.loads(json.dumps(whole))
    assert len(whole["frames"]) == game.table.version + 1 > len(earlier["frames"])
    assert followed.replay["frames"][5] is frame  # built once, as the game was played
    game.app.extensions["panel"].close()


def test_a_log_that_does_not_go_on_from_the_replay_is_built_again(tmp_path: Path):
    game = played_game(tmp_path, DEMO_GAME[:12])
    seats = game.app.extensions["panel"].seats
    export = game_export(game.table, game.table.game_id, seats)
    replaying = Replaying(export)
    replaying.follow(export["log"][:8])
    assert replaying.begins(export["log"]) and not replaying.begins(export["log"][:7])
    other = [{**entry, "seq": entry["seq"] + 100} for entry in export["log"]]
    assert not replaying.begins(other)  # a log set aside and rebuilt: built from its start
    game.app.extensions["panel"].close()
