"""The arm64 CI step's helpers (setup/ci_arm64/): which mirror the emulated root uses, and the check
that `companion leds test` lit, frame by frame, the cells it named on the fake ws281x device.
The step itself (setup/ci_arm64.sh) needs root and emulation; it is run by hand until it joins
.ci/run (docs/hardware.md)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from companion.cli import main

HELPERS = Path(__file__).parents[2] / "setup" / "ci_arm64"


def _helper(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, HELPERS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SOURCES = _helper("debian_sources")
CHECK = _helper("check_leds_log")

DEB822 = """Types: deb
# http://snapshot.debian.org/archive/debian/20250520T000000Z
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main contrib
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main

Types: deb
URIs: https://deb.nodesource.com/node_20.x
Suites: nodistro
Components: main
"""


def test_deb822_stanzas_give_one_entry_per_suite_and_skip_sources():
    assert SOURCES.deb822_entries(DEB822) == [
        ("http://deb.debian.org/debian", "bookworm", "main contrib"),
        ("http://deb.debian.org/debian", "bookworm-updates", "main contrib"),
        ("https://deb.nodesource.com/node_20.x", "nodistro", "main"),
    ]


def test_one_line_entries_drop_options_and_comments():
    text = (
        "deb [arch=amd64 signed-by=/k.gpg] http://mirror.example/debian bookworm main # near\n"
        "# deb http://old/debian buster main\n"
        "deb-src http://mirror.example/debian bookworm main\n"
    )
    assert SOURCES.one_line_entries(text) == [("http://mirror.example/debian", "bookworm", "main")]


def test_only_the_configured_debian_archive_for_the_suite_is_used(tmp_path, monkeypatch, capsys):
    (tmp_path / "sources.list.d").mkdir()
    (tmp_path / "sources.list.d" / "debian.sources").write_text(DEB822)
    (tmp_path / "sources.list").write_text(
        "deb https://packages.cloud.google.com/apt cloud-sdk-bookworm main\n"
        "deb http://security.example/debian-security bookworm-security main\n"
        "deb http://deb.debian.org/debian trixie main\n"
    )
    monkeypatch.setattr(SOURCES, "APT", tmp_path)
    SOURCES.main("bookworm")
    assert capsys.readouterr().out.splitlines() == [
        "deb http://security.example/debian-security bookworm-security main",
        "deb http://deb.debian.org/debian bookworm main contrib",
        "deb http://deb.debian.org/debian bookworm-updates main contrib",
    ]


@pytest.fixture(scope="module")
def leds_test_output(tmp_path_factory) -> str:
    png = tmp_path_factory.mktemp("leds") / "test.png"
    args = ["--layout", "matrix16x16", "--delay", "0", "--png", str(png)]
    result = CliRunner().invoke(main, ["leds", "test", "--backend", "virtual", *args])
    assert result.exit_code == 0, result.output
    return result.output.replace("virtual backend", "ws281x backend", 1)


def _frames(output: str) -> list[dict[str, int]]:
    """The frames a faithful device would record for the cells the output names."""
    frames = []
    for match in filter(None, map(CHECK.CELL_LINE.match, output.splitlines())):
        frames.append({led: 0x202020 for led in match.group(4).split(", ")})
    return frames


def test_the_frames_of_each_named_cell_pass(leds_test_output):
    frames = _frames(leds_test_output)
    assert len(frames) == 25  # matrix16x16 lights a 5x5 map
    assert CHECK.problems(leds_test_output, frames, "matrix16x16") == []


def test_a_frame_lighting_the_wrong_led_is_found(leds_test_output):
    frames = _frames(leds_test_output)
    frames[5] = {"0": 0x202020}
    found = CHECK.problems(leds_test_output, frames, "matrix16x16")
    assert len(found) == 1 and found[0].startswith("frame 6 (")


def test_a_missing_frame_and_a_fallback_are_found(leds_test_output):
    virtual = leds_test_output.replace("ws281x backend", "virtual backend", 1)
    found = CHECK.problems(virtual, _frames(leds_test_output)[:-1], "matrix16x16")
    assert "the test did not run on ws281x" in found[0]
    assert "24 frames shown for 25 cells" in found


def test_the_check_reads_the_fake_devices_log(tmp_path, leds_test_output, monkeypatch, capsys):
    log = tmp_path / "ws281x.jsonl"
    log.write_text("".join(json.dumps(f) + "\n" for f in _frames(leds_test_output)))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(leds_test_output))
    assert CHECK.main(log, "matrix16x16") == 0
    assert "25 frames on the fake ws281x device" in capsys.readouterr().out
