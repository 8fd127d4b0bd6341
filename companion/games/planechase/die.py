"""A virtual planar die for tables without one: seedable, faces from ``data/planar_die.yaml``.

The engine never rolls: a virtual roll gives a ``Roll`` action that is pushed like a physical one.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from companion.errors import DataFileError
from companion.games.planechase.actions import Face, Roll
from companion.yaml_files import read_yaml_mapping

DIE_FILE = Path(__file__).with_name("data") / "planar_die.yaml"


@cache
def planar_die_faces(path: Path = DIE_FILE) -> tuple[Face, ...]:
    """The six faces of the planar die, as listed in the data file."""
    faces = read_yaml_mapping(path).get("faces")
    names = {face.value for face in Face}
    if not isinstance(faces, list) or len(faces) != 6 or not set(faces) <= names:
        raise DataFileError(path, "faces", f"six faces, each one of {', '.join(sorted(names))}")
    return tuple(Face(face) for face in faces)


class PlanarDie:
    """Rolls the planar die with its own RNG (give a seed for a repeatable sequence)."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)
        self.faces = planar_die_faces()

    def roll(self) -> Roll:
        return Roll(self._rng.choice(self.faces))

    def odds(self, face: Face) -> float:
        """The chance of ``face`` on one roll."""
        return self.faces.count(face) / len(self.faces)
