"""The shell scripts of setup/: they parse, and the installer keeps its promises."""

import subprocess
from pathlib import Path

import pytest

SETUP = Path(__file__).parents[2] / "setup"


@pytest.mark.parametrize("script", sorted(p.name for p in SETUP.glob("*.sh")))
def test_script_parses(script: str):
    result = subprocess.run(["bash", "-n", str(SETUP / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_installer_keeps_picamera2_reachable_from_the_venv():
    text = (SETUP / "install.sh").read_text()
    assert "--system-site-packages" in text
    assert "companion.table.pi_boot" in text


def test_service_restarts_on_failure():
    unit = (SETUP / "companion.service").read_text()
    assert "Restart=on-failure" in unit
    assert "ExecStart=/opt/companion/.venv/bin/companion run" in unit


def test_the_hub_install_runs_the_hubs_own_broker_as_a_service():
    text = (SETUP / "install.sh").read_text()
    assert "--hub) HUB=1" in text
    assert "PKGS+=(mosquitto)" in text
    assert "systemctl disable --now mosquitto" in text  # port 1883 is the hub's broker's
    assert '"$DEST/.venv/bin/companion" hub broker --tables' in text
    unit = (SETUP / "companion-hub.service").read_text()
    assert "ExecStart=/opt/companion/.venv/bin/companion hub run --tables 8" in unit
    assert "User=companion" in unit and "Restart=on-failure" in unit


def test_the_installer_refuses_an_unknown_option():
    result = subprocess.run(
        ["bash", str(SETUP / "install.sh"), "--hbu"], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert "unknown option --hbu" in result.stderr


def test_ci_runs_the_arm64_step_after_the_suite():
    ci = SETUP.parent / ".ci" / "run"
    assert subprocess.run(["bash", "-n", str(ci)], capture_output=True).returncode == 0
    lines = [line.strip() for line in ci.read_text().splitlines()]
    suite = lines.index("make test")
    assert "bash setup/ci_arm64.sh" in lines[suite + 1 :] and "set -euo pipefail" in lines[:suite]
