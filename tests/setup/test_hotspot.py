"""``setup/hotspot.sh`` (run by ``install.sh --hotspot``): the NetworkManager commands it runs,
against a stand-in ``nmcli`` that records them (the real one would change this machine's Wi-Fi)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).parents[2] / "setup" / "hotspot.sh"

FAKE_NMCLI = """#!/bin/sh
echo "$*" >>"$NMCLI_LOG"
case "$*" in
  "-t -f NAME connection show") [ -f "$NMCLI_HAS" ] && echo companion-hotspot; echo Wired ;;
  "-s -g 802-11-wireless-security.psk connection show companion-hotspot") echo kept-secret-1 ;;
  "connection add "*) touch "$NMCLI_HAS" ;;
esac
exit 0
"""


def _run(tmp_path: Path, **env: str) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    nmcli = bin_dir / "nmcli"
    nmcli.write_text(FAKE_NMCLI)
    nmcli.chmod(0o755)
    log = tmp_path / "nmcli.log"
    log.unlink(missing_ok=True)
    environment = {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "NMCLI_LOG": str(log),
        "NMCLI_HAS": str(tmp_path / "made"),
        **env,
    }
    done = subprocess.run(["bash", str(SCRIPT)], capture_output=True, text=True, env=environment)
    return done, log.read_text().splitlines() if log.exists() else []


@pytest.mark.skipif(os.geteuid() != 0, reason="the script runs as root, as the installer does")
def test_the_hotspot_is_made_once_then_updated_and_says_its_join_address(tmp_path: Path):
    done, calls = _run(tmp_path, HOTSPOT_SSID="Store table 3", HOTSPOT_PASSWORD="dreamblade1")
    assert done.returncode == 0, done.stderr
    assert (
        "connection add type wifi ifname wlan0 con-name companion-hotspot ssid Store table 3"
        in (calls)
    )
    modify = next(call for call in calls if call.startswith("connection modify"))
    for setting in (
        "802-11-wireless.mode ap",
        "ipv4.method shared",
        "ipv4.addresses 10.42.0.1/24",
        "wifi-sec.key-mgmt wpa-psk",
        "wifi-sec.psk dreamblade1",
        "connection.autoconnect yes",
    ):
        assert setting in modify
    assert calls[-1] == "connection up companion-hotspot"
    assert 'phones join the Wi-Fi "Store table 3" (password: dreamblade1)' in done.stdout
    assert "open http://10.42.0.1:8000" in done.stdout

    # again: the connection is kept (not added twice), and so is its password
    done, calls = _run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert not any(call.startswith("connection add") for call in calls)
    assert "wifi-sec.psk kept-secret-1" in next(
        c for c in calls if c.startswith("connection modify")
    )
    assert "(password: kept-secret-1)" in done.stdout


@pytest.mark.skipif(os.geteuid() != 0, reason="the script runs as root, as the installer does")
def test_a_password_wpa_refuses_is_refused_before_anything_changes(tmp_path: Path):
    done, calls = _run(tmp_path, HOTSPOT_PASSWORD="short")
    assert done.returncode == 2
    assert "8 to 63 characters" in done.stderr
    assert calls == []


def test_the_installer_runs_the_hotspot_script_when_asked():
    text = (SCRIPT.parent / "install.sh").read_text()
    assert "--hotspot) HOTSPOT=1" in text
    assert 'bash "$DEST/setup/hotspot.sh"' in text
    assert "PKGS+=(network-manager)" in text
