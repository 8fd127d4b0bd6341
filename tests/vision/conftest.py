"""Small synthetic tables shared by the vision tests (big tags so small frames read well)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.board_change import TagId
from vision.calibration import Calibration, calibrate_from_markers
from vision.map_grid import FIVE_BY_FIVE_MAP
from vision.synth import Piece, Scene, View, render, view_homography

TAG_MM = 40.0
BASE_MM = 50.0
VIEW = View(1200, 1200, px_per_mm=2.0, rotation_deg=4.0, tilt=0.04)


def code_image(modules: np.ndarray, quiet: int = 4, px: int = 6) -> np.ndarray:
    """A printed code as a clean grey image: ``px`` pixels a module, ``quiet`` white modules
    around it."""
    image = np.pad((1 - modules) * 255, quiet, constant_values=255).astype(np.uint8)
    return np.kron(image, np.ones((px, px), np.uint8))


def small_scene(pieces: tuple[Piece, ...]) -> Scene:
    return Scene(FIVE_BY_FIVE_MAP, pieces, tag_mm=TAG_MM, base_mm=BASE_MM, seed=3)


def tag(n: int) -> TagId:
    return TagId("db", f"B{n}", 1)


@pytest.fixture(scope="session")
def table_scene() -> Scene:
    pieces = (
        Piece(tag(1), 45.0, 45.0, "A", 10.0),  # a1 centre
        Piece(tag(2), 225.0, 140.0, "A", 200.0),  # c2
        Piece(tag(3), 405.0, 405.0, "B", 75.0),  # e5
        Piece(tag(4), 170.0, 330.0, "B", 300.0),  # b4, 10 mm left of the b/c line
    )
    return small_scene(pieces)


@pytest.fixture(scope="session")
def table_frame(table_scene: Scene) -> np.ndarray:
    return render(table_scene, VIEW, seed=1)


@pytest.fixture(scope="session")
def table_grey(table_frame: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(table_frame, cv2.COLOR_BGR2GRAY)


@pytest.fixture(scope="session")
def true_homography(table_scene: Scene) -> np.ndarray:
    return view_homography(table_scene, VIEW)


@pytest.fixture(scope="session")
def calibration(table_grey: np.ndarray) -> Calibration:
    return calibrate_from_markers(table_grey, FIVE_BY_FIVE_MAP)
