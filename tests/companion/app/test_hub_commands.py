"""``companion hub broker``: the broker's files for the named tables, and each table's section;
``companion hub run``: its broker never outlives it."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from companion.app.hub_commands import hub
from companion.settings import HubSettings
from tests.companion.hub.mqtt import alive, free_port, wait_for


def test_broker_writes_a_section_each_table_can_load(tmp_path: Path):
    args = ["broker", "--tables", "3", "--folder", str(tmp_path), "--public-host", "hub.lan"]
    result = CliRunner().invoke(hub, args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mosquitto.conf").exists()
    section = yaml.safe_load((tmp_path / "tables" / "table-3.yaml").read_text())["hub"]
    settings = HubSettings.model_validate(section)  # what the table's config will hold
    assert (settings.mqtt_host, settings.username) == ("hub.lan", "table-3")
    assert "table-2" in result.output
    args = ["broker", "--tables", "1", "--folder", str(tmp_path / "mdns")]
    assert CliRunner().invoke(hub, args).exit_code == 0
    section = yaml.safe_load((tmp_path / "mdns" / "tables" / "table-1.yaml").read_text())["hub"]
    assert "mqtt_host" not in section  # the table finds the hub by mDNS, else as hub.local
    assert HubSettings.model_validate(section).mqtt_port == 1883


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


def _broker_child(pid: int) -> int | None:
    """The Mosquitto that process ``pid`` runs as its child (``mosquitto -c …``), if any."""
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                command = Path(f"/proc/{child}/cmdline").read_text().split("\0")
            except FileNotFoundError:
                continue
            if command[0].endswith("/mosquitto") and "-c" in command:
                return int(child)
    return None


def _port_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
        return True


@pytest.mark.process
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_hub_run_advertises_its_broker_which_dies_with_a_hub_killed_by_sigkill(tmp_path: Path):
    from companion.hub.discovery import find_hubs

    mqtt_port, page_port = free_port(), free_port()
    args = ["hub", "run", "--tables", "2", "--data", str(tmp_path), "--host", "127.0.0.1"]
    args += ["--port", str(page_port), "--mqtt-port", str(mqtt_port)]
    with (tmp_path / "hub.log").open("wb") as log:
        hub_process = subprocess.Popen(
            [sys.executable, "-m", "companion", *args], stdout=log, stderr=log
        )
    try:
        log = tmp_path / "hub.log"
        assert wait_for(lambda: _broker_child(hub_process.pid) is not None, 30), log.read_text()
        broker_pid = _broker_child(hub_process.pid)
        assert broker_pid is not None
        assert wait_for(lambda: not _port_free(mqtt_port), 30)
        # another process (this one) finds it by mDNS, on the port its tables' sections name
        hubs, failure = find_hubs(10, enough=lambda found: any(h.port == mqtt_port for h in found))
        assert failure is None and [h.prefix for h in hubs if h.port == mqtt_port] == ["companion"]
        hub_process.send_signal(signal.SIGKILL)
        hub_process.wait(timeout=10)
        assert wait_for(lambda: not alive(broker_pid), 10), "mosquitto outlived its hub"
        assert wait_for(lambda: _port_free(mqtt_port), 10)
    finally:
        if hub_process.poll() is None:
            hub_process.kill()
            hub_process.wait()


def _get_json(url: str) -> dict:
    import json
    import urllib.request

    with urllib.request.urlopen(url, timeout=5) as answer:
        return dict(json.loads(answer.read()))


@pytest.mark.process
def test_hub_run_with_tls_advertises_it_and_a_table_found_by_mdns_verifies_the_ca(
    tmp_path: Path,
):
    import ssl

    import paho.mqtt.client as mqtt

    from companion.hub import discovery
    from companion.hub.discovery import resolve_hub
    from companion.hub.publisher import TablePublisher
    from tests.companion.hub.mqtt import self_signed_tls

    # the certificate names the LAN addresses mDNS gives the tables (not loopback, where the
    # hub's own station connects)
    lan = tuple(discovery.interface_addresses())
    if not lan:
        pytest.skip("no LAN address to advertise")
    tls = self_signed_tls(tmp_path / "certs", lan)
    stranger_ca = self_signed_tls(tmp_path / "other-ca").cafile
    mqtt_port, page_port = free_port(), free_port()
    args = ["hub", "run", "--tables", "2", "--data", str(tmp_path / "hub"), "--host", "127.0.0.1"]
    args += ["--port", str(page_port), "--mqtt-port", str(mqtt_port)]
    args += ["--tls-cert", str(tls.certfile), "--tls-key", str(tls.keyfile)]
    args += ["--tls-ca", str(tls.cafile)]
    log = tmp_path / "hub.log"
    with log.open("wb") as out:
        hub_process = subprocess.Popen(
            [sys.executable, "-m", "companion", *args], stdout=out, stderr=out
        )
    table: TablePublisher | None = None
    try:
        assert wait_for(lambda: "Organizer page" in log.read_text(), 30), log.read_text()
        assert "(TLS only)" in log.read_text()

        def this_hub(seconds: float, enough: object) -> tuple[list, str | None]:
            """Real mDNS, keeping only the hub this test started (others may be advertised)."""
            hubs, failure = discovery.find_hubs(
                seconds, enough=lambda found: any(h.port == mqtt_port for h in found)
            )
            return [h for h in hubs if h.port == mqtt_port], failure

        accounts = yaml.safe_load(
            (tmp_path / "hub" / "broker" / "tables" / "table-1.yaml").read_text()
        )
        section = HubSettings.model_validate(accounts["hub"])
        assert section.tls_ca == tls.cafile.resolve() and section.mqtt_host is None
        hubs, _ = this_hub(10, None)
        assert [h.tls for h in hubs] == [True]  # the advert's TXT record says TLS

        # a table without the CA refuses to connect, and says why
        bare = section.model_copy(update={"tls_ca": None})
        refused = resolve_hub(bare, seconds=10, find=this_hub)
        assert refused.how == "refused"
        assert "TLS only" in refused.note and "hub.tls_ca" in refused.note

        # with the CA: found by mDNS, connected over TLS, seen online by the hub's own station
        resolved = resolve_hub(section, seconds=10, find=this_hub)
        assert resolved.how == "mdns", resolved.note
        assert resolved.settings.mqtt_host in discovery.interface_addresses()
        table = TablePublisher(resolved.settings, "table-1")
        assert wait_for(lambda: table is not None and table.connected, 15)
        url = f"http://127.0.0.1:{page_port}/api/tables/table-1"
        assert wait_for(lambda: _get_json(url)["online"] is True, 15), _get_json(url)

        # a client trusting another CA is stopped by the certificate check
        stranger = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="stranger")
        stranger.tls_set(ca_certs=str(stranger_ca))
        with pytest.raises(ssl.SSLCertVerificationError):
            stranger.connect(resolved.settings.mqtt_host, mqtt_port)
    finally:
        if table is not None:
            table.close()
        hub_process.terminate()
        hub_process.wait(timeout=10)


def test_hub_run_takes_only_the_ca_for_the_stores_broker(tmp_path: Path):
    cert = tmp_path / "broker.crt"
    cert.write_text("x")
    args = ["run", "--data", str(tmp_path), "--broker", "store.lan", "--tls-cert", str(cert)]
    result = CliRunner().invoke(hub, args)
    assert result.exit_code == 2
    assert "with --broker, give only --tls-ca" in result.output


@pytest.mark.parametrize(
    ("host", "public_host", "lan", "hostname", "network"),
    [
        # a laptop (not named hub): the store's phones open its LAN address, not hub.local
        ("0.0.0.0", None, "192.0.2.2", "laptop", "http://192.0.2.2:8080/"),
        ("0.0.0.0", None, "192.0.2.2", "hub", "http://hub.local:8080/"),  # install.sh --hub
        ("0.0.0.0", "10.0.0.5", "192.0.2.2", "hub", "http://10.0.0.5:8080/"),
        ("192.0.2.7", None, "192.0.2.2", "laptop", "http://192.0.2.7:8080/"),
        ("0.0.0.0", None, None, "laptop", None),  # no network yet
        ("127.0.0.1", None, "192.0.2.2", "hub", None),  # this machine only
    ],
)
def test_hub_run_says_where_its_pages_open(
    host: str, public_host: str | None, lan: str | None, hostname: str, network: str | None
):
    from companion.app.hub_commands import page_addresses

    here, there = page_addresses(host, 8080, public_host, lan, hostname)
    assert here == ("http://192.0.2.7:8080/" if host == "192.0.2.7" else "http://127.0.0.1:8080/")
    assert there == network
