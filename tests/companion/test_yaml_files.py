"""The one YAML reader: every data file the companion reads goes through it, and a corrupt one
gives the same clear message — the file, the field, what was expected."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.camera.label_sources import labels_from_list
from companion.errors import DataFileError
from companion.games import fixed_maps, settings_sections
from companion.games.arena.data_files import load_combat_die_faces, load_known_cards
from companion.games.dreamblade.catalog import load_catalog
from companion.games.dungeon_command.data_files import load_commanders
from companion.games.planechase.die import planar_die_faces
from companion.games.planechase.planes import load_planes
from companion.settings import load_settings
from companion.yaml_files import list_field, parse_yaml, read_yaml, read_yaml_mapping
from firmware_config.layout import load_layout
from firmware_config.pins import load_pins
from vision.calibration import Calibration
from vision.registration import load_registration

ROOT = Path(__file__).resolve().parents[2]

READERS: dict[str, Callable[[Path], Any]] = {
    "settings": lambda path: load_settings(path, game_sections=settings_sections()),
    "dreamblade catalog": load_catalog,
    "dungeon command commanders": load_commanders,
    "arena armies": load_known_cards,
    "arena combat die": load_combat_die_faces,
    "planechase planes": load_planes,
    "planechase die": planar_die_faces.__wrapped__,
    "LED layout": lambda path: load_layout(path, fixed_maps()),
    "GPIO pins": load_pins,
    "camera calibration": Calibration.load,
    "label list": lambda path: labels_from_list(read_yaml(path, top=list), path),
    "label registration": load_registration,
}


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_corrupt_file_names_itself_the_line_and_what_was_expected(reader, tmp_path: Path):
    path = tmp_path / "broken.yaml"
    path.write_text("name: one\nlist: [1, 2\nnext: 3\n", encoding="utf-8")
    with pytest.raises(DataFileError) as caught:
        reader(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: valid YAML (line ")
    assert caught.value.path == str(path)


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_missing_or_binary_file_says_so(reader, tmp_path: Path):
    with pytest.raises(DataFileError, match="a readable file"):
        reader(tmp_path / "nowhere.yaml")
    binary = tmp_path / "photo.yaml"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\xff\xfe")
    with pytest.raises(DataFileError, match="UTF-8 text"):
        reader(binary)


def test_the_top_level_and_a_list_field_are_named():
    with pytest.raises(DataFileError, match=r"^upload: a mapping at the top level$"):
        parse_yaml("- 1\n", "upload")
    with pytest.raises(DataFileError, match=r"^f.yaml: planes: a list of planes$"):
        list_field({"planes": {"a": 1}}, "planes", "f.yaml")
    assert parse_yaml("", "upload", empty={}) == {}
    with pytest.raises(DataFileError, match="valid YAML"):
        parse_yaml("a: !!python/object:os.system ls\n", "upload")  # a safe loader only


def test_the_helpers_read_what_they_promise(tmp_path: Path):
    path = tmp_path / "ok.yaml"
    path.write_text("- a\n- b\n", encoding="utf-8")
    assert read_yaml(path, top=list) == ["a", "b"]
    path.write_text("a: 1\n", encoding="utf-8")
    assert read_yaml_mapping(path) == {"a": 1}


def test_no_other_module_parses_yaml_itself():
    """``yaml.safe_load``/``yaml.load`` appear in ``companion/yaml_files.py`` only."""
    found = []
    for package in ("companion", "vision", "web_panel", "firmware_config"):
        for path in (ROOT / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "yaml"
                    and node.attr in ("load", "safe_load", "full_load", "unsafe_load")
                ):
                    found.append(str(path.relative_to(ROOT)))
    assert set(found) == {"companion/yaml_files.py"}
