"""The simulated table's map as the table's camera reads it: a base put beside another in a cell
(in its corner slot, 4 mm from the cell's line) reads in its cell's window at the pipeline's crop
scale. Such a sticker read only in a full-frame picture, and the solo game's table waited for a
computer's move that stood where it should (CI, issue 35)."""

from __future__ import annotations

import cv2
import pytest

from companion.camera.reconciler import default_registry
from companion.simulation.simulated_table import SimulatedTable
from tests.web_panel.conftest import dreamblade_table
from vision.calibration import calibrate_from_markers
from vision.crops import cell_window, read_windows
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.pipeline import PipelineConfig
from vision.tags import ZxingReader


@pytest.fixture(scope="module")
def registry(tmp_path_factory: pytest.TempPathFactory):
    table = dreamblade_table(tmp_path_factory.mktemp("simulated"), 0)
    return default_registry(table.read(lambda game: list(game.setup.pieces)))


@pytest.mark.parametrize("cell", ["a1", "a2", "a4", "a5", "d1", "c3"])
def test_a_base_put_beside_another_reads_in_its_cells_window(registry, cell: str) -> None:
    pieces = sorted(registry.values())
    config = PipelineConfig()
    unread = []
    for standing in pieces[:2]:
        for put in pieces:
            if put == standing:
                continue
            table = SimulatedTable(registry)
            table.arrange({standing: cell})  # the centre slot
            table.arrange({standing: cell, put: cell})  # the next: its corner slot
            picture = cv2.cvtColor(next(table.settled()), cv2.COLOR_BGR2GRAY)
            calibration = calibrate_from_markers(picture, FIVE_BY_FIVE_MAP)
            window = cell_window(FIVE_BY_FIVE_MAP, cell, config.reach_mm)
            found = read_windows(ZxingReader(), picture, calibration, [window], config.scale)
            if {s.tag for s in found.sightings} != {
                tag for tag, piece in registry.items() if piece in (standing, put)
            }:
                unread.append(put)
    assert unread == []
