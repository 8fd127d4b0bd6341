"""The arm64 CI step's helpers (setup/ci_arm64/): which mirror the emulated root uses, the check
that `companion leds test` lit, frame by frame, the cells it named on the fake ws281x device, and
the root's cache. The step itself (setup/ci_arm64.sh) needs root and emulation: .ci/run runs it
after `make test` (docs/hardware.md)."""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import subprocess
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
    """The frames a faithful device would record for the cells the output names, then the
    closing frame with every LED off."""
    frames = []
    for match in filter(None, map(CHECK.CELL_LINE.match, output.splitlines())):
        frames.append({led: 0x202020 for led in match.group(4).split(", ")})
    return [*frames, {}]


def test_the_frames_of_each_named_cell_pass(leds_test_output):
    frames = _frames(leds_test_output)
    assert len(frames) == 26  # matrix16x16 lights a 5x5 map, then turns off
    assert CHECK.problems(leds_test_output, frames, "matrix16x16") == []


def test_a_frame_lighting_the_wrong_led_is_found(leds_test_output):
    frames = _frames(leds_test_output)
    frames[5] = {"0": 0x202020}
    found = CHECK.problems(leds_test_output, frames, "matrix16x16")
    assert len(found) == 1 and found[0].startswith("frame 6 (")


def test_a_missing_frame_and_a_fallback_are_found(leds_test_output):
    virtual = leds_test_output.replace("ws281x backend", "virtual backend", 1)
    found = CHECK.problems(virtual, _frames(leds_test_output)[1:], "matrix16x16")
    assert "the test did not run on ws281x" in found[0]
    assert "25 frames shown for 25 cells and the closing one" in found


def test_leds_left_lit_at_the_end_are_found(leds_test_output):
    frames = _frames(leds_test_output)
    frames[-1] = {"7": 0x202020}
    found = CHECK.problems(leds_test_output, frames, "matrix16x16")
    assert found == ["the last frame left LEDs lit: ['7']"]


def test_the_check_reads_the_fake_devices_log(tmp_path, leds_test_output, monkeypatch, capsys):
    log = tmp_path / "ws281x.jsonl"
    log.write_text("".join(json.dumps(f) + "\n" for f in _frames(leds_test_output)))
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(leds_test_output))
    assert CHECK.main(log, "matrix16x16") == 0
    assert "26 frames on the fake ws281x device" in capsys.readouterr().out


# The root's cache (setup/ci_arm64/root_cache.sh): a builder that writes a small tarball stands in
# for mmdebstrap, and counts its builds.
BUILD = """
build() {
  echo "build $KEY" >>"$BUILDS"
  if [ "$KEY" = broken ]; then echo 'not a tarball' >"$1"; return 0; fi
  [ "$KEY" != fails ] || return 1
  mkdir -p "$BUILDS.d" && echo "root of $KEY" >"$BUILDS.d/etc-os-release"
  tar -C "$BUILDS.d" -cf "$1" .
}
cached_root "$CACHE" debian-bookworm-arm64 "$KEY" build
"""


def _cached_root(cache: Path, key: str) -> tuple[int, str, str]:
    script = f"source {HELPERS / 'root_cache.sh'}\n{BUILD}"
    builds = str(cache.parent / "builds")
    env = {"CACHE": str(cache), "KEY": key, "BUILDS": builds, "PATH": "/usr/bin:/bin"}
    result = subprocess.run(["bash", "-c", script], env=env, capture_output=True, text=True)
    return result.returncode, result.stdout.strip(), result.stderr


def _builds(cache: Path) -> list[str]:
    builds = cache.parent / "builds"
    return builds.read_text().splitlines() if builds.exists() else []


def test_the_root_is_built_once_then_reused(tmp_path):
    cache = tmp_path / "cache"
    first = _cached_root(cache, "k1")
    second = _cached_root(cache, "k1")
    tarball = str(cache / "debian-bookworm-arm64-k1.tar")
    assert first[:2] == (0, tarball) and second[:2] == (0, tarball)
    assert _builds(cache) == ["build k1"]
    assert "cached:" in second[2] and "(checksum verified)" in second[2]
    assert sorted(p.name for p in cache.iterdir()) == [
        "debian-bookworm-arm64-k1.tar",
        "debian-bookworm-arm64-k1.tar.sha256",
    ]


@pytest.mark.parametrize("damage", ["flip a byte", "lose the checksum"])
def test_a_corrupt_root_is_built_again(tmp_path, damage):
    cache = tmp_path / "cache"
    _cached_root(cache, "k1")
    tarball = cache / "debian-bookworm-arm64-k1.tar"
    if damage == "flip a byte":
        data = bytearray(tarball.read_bytes())
        data[600] ^= 0xFF
        tarball.write_bytes(bytes(data))
    else:
        tarball.with_name(tarball.name + ".sha256").unlink()
    code, out, err = _cached_root(cache, "k1")
    assert (code, out) == (0, str(tarball))
    assert "is corrupt" in err and _builds(cache) == ["build k1", "build k1"]
    assert _cached_root(cache, "k1")[0] == 0 and len(_builds(cache)) == 2  # sound again


def test_a_root_of_an_older_recipe_is_deleted_once_the_new_one_is_built(tmp_path):
    cache = tmp_path / "cache"
    _cached_root(cache, "old")
    code, _, err = _cached_root(cache, "new")
    assert code == 0 and "deleting a root of an older recipe" in err
    assert sorted(p.name for p in cache.iterdir()) == [
        "debian-bookworm-arm64-new.tar",
        "debian-bookworm-arm64-new.tar.sha256",
    ]


@pytest.mark.parametrize("key", ["fails", "broken"])
def test_a_failed_build_leaves_nothing_in_the_cache(tmp_path, key):
    cache = tmp_path / "cache"
    code, out, err = _cached_root(cache, key)
    assert (code, out) == (1, "") and "building the root failed: nothing cached" in err
    assert list(cache.iterdir()) == []


STEP = HELPERS.parent / "ci_arm64.sh"


@pytest.mark.skipif(
    os.geteuid() != 0 or platform.machine() == "aarch64",
    reason="the step's emulation check runs as root on a machine that is not aarch64",
)
@pytest.mark.parametrize(
    ("missing", "reason"),
    [
        ("binfmt_misc", "this machine has no binfmt_misc"),
        ("qemu", "and apt-get could not install qemu-user-static: it cannot run arm64 programs."),
    ],
)
def test_a_machine_that_cannot_run_arm64_programs_skips_the_step_loudly(tmp_path, missing, reason):
    stubs = tmp_path / "bin"
    stubs.mkdir()
    scripts = {
        "apt-get": "echo 'E: no network' >&2; exit 100",
        "update-binfmts": "exit 0",
        "qemu-aarch64-static": "exit 0",
    }
    for name, body in scripts.items():
        (stubs / name).write_text(f"#!/bin/sh\n{body}\n")
        (stubs / name).chmod(0o755)
    qemu = tmp_path / "none" if missing == "qemu" else stubs / "qemu-aarch64-static"
    env = {
        **os.environ,
        "PATH": f"{stubs}{os.pathsep}{os.environ['PATH']}",
        "CACHE": str(tmp_path / "cache"),
        "CI_ARM64_QEMU": str(qemu),
        "CI_ARM64_BINFMT": str(
            tmp_path / "no-binfmt_misc" if missing == "binfmt_misc" else "/proc/sys/fs/binfmt_misc"
        ),
    }
    result = subprocess.run(
        ["bash", str(STEP)], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert "!!! SKIPPED: the arm64 step (the Pi's operating system) did NOT run." in result.stderr
    assert reason in result.stderr
    assert "Nothing about the Pi was proven by this CI run." in result.stderr
    assert "== arm64: the root" not in result.stdout
    assert not (tmp_path / "cache").exists()
