"""``companion hub broker``: the broker's files for the named tables, and each table's section."""

from __future__ import annotations

from pathlib import Path

import yaml
from click.testing import CliRunner

from companion.app.hub_commands import hub
from companion.settings import HubSettings


def test_broker_writes_a_section_each_table_can_load(tmp_path: Path):
    args = ["broker", "--tables", "3", "--folder", str(tmp_path), "--public-host", "hub.lan"]
    result = CliRunner().invoke(hub, args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mosquitto.conf").exists()
    section = yaml.safe_load((tmp_path / "tables" / "table-3.yaml").read_text())["hub"]
    settings = HubSettings.model_validate(section)  # what the table's config will hold
    assert (settings.mqtt_host, settings.username) == ("hub.lan", "table-3")
    assert "table-2" in result.output


def test_broker_refuses_a_bad_table_name_and_half_a_tls_setup(tmp_path: Path):
    result = CliRunner().invoke(hub, ["broker", "--table", "hub", "--folder", str(tmp_path)])
    assert result.exit_code == 1
    assert "may not be named 'hub'" in result.output
    assert not (tmp_path / "mosquitto.conf").exists()
    cert = tmp_path / "broker.crt"
    cert.write_text("x")
    result = CliRunner().invoke(hub, ["broker", "--folder", str(tmp_path), "--tls-cert", str(cert)])
    assert result.exit_code == 2
    assert "--tls-key" in result.output
