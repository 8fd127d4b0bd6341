"""The unit files of setup/ pass `systemd-analyze verify` (this machine's systemd), read as
installed: in a root where they sit in /etc/systemd/system beside the system's own units and the
venv's `companion` (a stand-in executable) exists. verify exits 0 on some findings (an unknown or
misplaced key), so any output at all is a finding. The arm64 CI step verifies them again with the
Pi's Debian systemd (setup/ci_arm64.sh)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

SETUP = Path(__file__).parents[2] / "setup"
UNITS = ("companion.service", "companion-hub.service")
SYSTEM_UNITS = next(
    (p for p in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")) if p.is_dir()), None
)

pytestmark = pytest.mark.skipif(
    shutil.which("systemd-analyze") is None or SYSTEM_UNITS is None,
    reason="systemd-analyze (Debian's systemd) is not on this machine: the unit files are not "
    "verified here (the arm64 CI step verifies them in the Pi's root)",
)


def _verify(tmp_path: Path, units: dict[str, str]) -> str:
    assert SYSTEM_UNITS is not None
    root = tmp_path / "root"
    shutil.copytree(SYSTEM_UNITS, root / "usr/lib/systemd/system", symlinks=True)
    companion = root / "opt/companion/.venv/bin/companion"
    companion.parent.mkdir(parents=True)
    companion.write_text("#!/bin/sh\n")
    companion.chmod(0o755)
    (root / "etc/systemd/system").mkdir(parents=True)
    for name, text in units.items():
        (root / "etc/systemd/system" / name).write_text(text)
    paths = [f"/etc/systemd/system/{name}" for name in units]
    result = subprocess.run(
        ["systemd-analyze", "verify", f"--root={root}", *paths], capture_output=True, text=True
    )
    return f"exit {result.returncode}\n{result.stdout}{result.stderr}"


def test_the_unit_files_pass_systemd_analyze_verify(tmp_path):
    units = {name: (SETUP / name).read_text() for name in UNITS}
    assert _verify(tmp_path, units) == "exit 0\n"


def test_a_misplaced_key_is_a_finding(tmp_path):
    unit = (SETUP / "companion.service").read_text()
    unit = unit.replace("StartLimitIntervalSec=0\n", "").replace(
        "RestartSec=3\n", "RestartSec=3\nStartLimitIntervalSec=0\n"
    )
    found = _verify(tmp_path, {"companion.service": unit})
    assert "Unknown key 'StartLimitIntervalSec' in section [Service]" in found


def test_a_missing_program_is_a_finding(tmp_path):
    unit = (SETUP / "companion.service").read_text().replace("/.venv/bin/companion", "/bin/nowhere")
    found = _verify(tmp_path, {"companion.service": unit})
    assert "Command /opt/companion/bin/nowhere is not executable" in found
