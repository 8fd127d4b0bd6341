"""Players' own carriers at an event, end to end over a real Mosquitto: two players check in at
the hub with the label registrations of the carriers they printed at home (their own keys), the
hub pairs them at a table, and that table's camera — its real reading path, fed synthetic frames
of figures standing on those carriers — identifies both players' miniatures as their seats'
pieces, while a carrier of a third key is flagged, never placed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion import events as ev
from companion.camera.loop import CameraLoop
from companion.camera.profiles import camera_profile
from companion.camera.reading import TableReading
from companion.hub.journal import Journal
from companion.hub.station import HubStation
from companion.hub.table_link import TableLink
from companion.hub.tournament import Tournament
from companion.settings import CameraSettings, Settings
from companion.table.setup import starting_game
from companion.table.store import Store
from companion.table.table import Table
from tests.companion.camera.test_loop import FlakySource
from tests.companion.hub.mqtt import account, generated_broker, wait_for
from vision.board_change import TagId
from vision.calibration import Calibration
from vision.camera import ResilientCamera
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.registration import LabelRegistration, assign_serials
from vision.synth import Figure, Piece, Scene, View, render, view_homography

VALOR = {"name": "Valor", "miniatures": [{"id": "runetagged-brawler", "count": 2}]}
MADNESS = {"name": "Madness", "miniatures": [{"id": "dreadmorph-ogre"}, {"id": "B45"}]}
BRAWLER, OGRE = TagId("db", "runetagged-brawler", 1), TagId("db", "dreadmorph-ogre", 1)
VIEW = View(1800, 1800, 4.0, rotation_deg=2.0)


def carrier(sheet: LabelRegistration, tag: TagId, x: float, y: float, angle: float) -> Piece:
    serial = sheet.serial_of(tag)
    assert serial is not None
    return Piece(tag, x, y, angle_deg=angle, marker_id=sheet.marker_id(serial), figure=Figure(0.6))


@pytest.mark.process
def test_a_paired_table_reads_both_players_carriers_and_flags_a_third_key(tmp_path: Path):
    # the players printed their sheets at home, each for seat A (copy k is serial k), own keys
    ann_sheet = assign_serials("aruco4x4", [BRAWLER, TagId("db", "runetagged-brawler", 2)], key=3)
    ben_sheet = assign_serials("aruco4x4", [OGRE, TagId("db", "B45", 1)], key=8)
    stranger = assign_serials("aruco4x4", [OGRE], key=11)  # someone else's carrier
    # the table's own carriers (key 5) stay readable too
    own = tmp_path / "table.markers.yaml"
    own.write_text(LabelRegistration("aruco4x4", {0: TagId("db", "B45", 101)}, 5).to_yaml())

    with generated_broker(tmp_path / "broker", ("table-1",)) as (plan, accounts):
        event = Tournament(Journal(tmp_path / "hub.sqlite3"))
        event.set_tables(["table-1"])
        event.check_in("Ann", VALOR, ann_sheet.to_yaml())
        event.check_in("Ben", MADNESS, ben_sheet.to_yaml())
        settings = Settings(
            table_name="table-1", data_dir=tmp_path / "table",
            hub=account(plan, accounts, "table-1"), camera=CameraSettings(markers=own),
        )  # fmt: skip
        table = Table.start(Store(settings.store_path), starting_game(settings))
        flags: list[dict[str, Any]] = []
        table.bus.subscribe(lambda e: flags.append(e.data) if e.kind == ev.FLAGGED else None)

        link = TableLink(settings, table)
        labels = TableReading("zxing", own, table.session)
        profile = camera_profile(settings, table)
        first = labels.current()
        scene = Scene(FIVE_BY_FIVE_MAP, (), family="aruco4x4", design="carrier", seed=6)
        loop = CameraLoop(
            table, ResilientCamera(FlakySource()), first.reader,
            profile.registry_for(table) or {}, profile.grid,
            calibration=Calibration(view_homography(scene, VIEW), (1800, 1800), "manual"),
            config=first.config, registry_for=profile.registry_for, reading_of=labels.current,
        )  # fmt: skip
        hub = HubStation(account(plan, accounts, "hub"), event)
        try:
            game_before = table.game_id
            event.start_round()
            match = event.state.round_matches(1)[0]
            players = event.state.players
            assert match.b is not None
            seat_of = {players[match.a].name: "A", players[match.b].name: "B"}
            assert wait_for(lambda: table.game_id != game_before and bool(table.session.labels()))
            pieces = table.read(lambda game: sorted(game.setup.pieces))
            assert f"{seat_of['Ann']}:runetagged-brawler#1" in pieces

            scene = Scene(
                FIVE_BY_FIVE_MAP,
                (
                    carrier(ann_sheet, BRAWLER, 135.0, 135.0, 20.0),  # b2
                    carrier(ben_sheet, OGRE, 315.0, 315.0, -35.0),  # d4
                    carrier(stranger, OGRE, 225.0, 225.0, 60.0),  # c3: key 11
                ),
                family="aruco4x4", design="carrier", seed=6,
            )  # fmt: skip
            for seed in range(4):
                loop.process(render(scene, VIEW, seed=seed))
            snapshot = loop.snapshot()
            assert snapshot is not None
            seen = {loop.registry[p.tag]: p.cell for p in snapshot.placements}  # type: ignore[index]
            assert seen == {
                f"{seat_of['Ann']}:runetagged-brawler#1": "b2",
                f"{seat_of['Ben']}:dreadmorph-ogre#1": "d4",
            }
            assert {"reason": "other_table", "cells": ["c3"], "by": "camera"} in flags
        finally:
            link.close()
            hub.close()
            event.journal.close()
