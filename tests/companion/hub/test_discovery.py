"""Finding the hub by mDNS: real python-zeroconf on this machine's network (the hub advertised by
another process, found from this one), and every failure falling back to the config's address
or ``hub.local`` without an exception."""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import pytest

from companion.hub import discovery
from companion.hub.discovery import FoundHub, advertise, find_hubs, resolve_hub
from companion.settings import HubSettings
from tests.companion.hub.mqtt import advertised_elsewhere


def unique_prefix() -> str:
    """A topic prefix of this test's own: other hubs advertised on the network are not ours."""
    return f"test-{secrets.token_hex(4)}"


def test_a_hub_advertised_by_another_process_is_found_with_its_port_and_tls():
    prefix = unique_prefix()
    with advertised_elsewhere(28831, prefix, tls=True):
        hubs, failure = find_hubs(10, enough=lambda found: any(h.prefix == prefix for h in found))
    assert failure is None
    (hub,) = [h for h in hubs if h.prefix == prefix]
    assert hub.port == 28831 and hub.tls is True
    assert hub.host in discovery.interface_addresses()
    assert hub.name.endswith(discovery.SERVICE_TYPE)


def test_a_table_without_an_address_connects_where_mdns_says(tmp_path: Path):
    prefix = unique_prefix()
    settings = HubSettings(username="table-2", password="pw", topic_prefix=prefix)
    with advertised_elsewhere(28832, prefix):
        resolved = resolve_hub(settings, seconds=10)
    found = resolved.settings
    assert resolved.how == "mdns" and found.mqtt_port == 28832
    assert found.mqtt_host in discovery.interface_addresses()
    assert (found.username, found.password) == ("table-2", "pw")


def test_the_configured_address_is_used_without_browsing():
    settings = HubSettings(mqtt_host="10.0.0.9", mqtt_port=1884)

    def browse(seconds: float, enough: object) -> tuple[list[FoundHub], str | None]:
        raise AssertionError("a configured address needs no browsing")

    resolved = resolve_hub(settings, find=browse)
    assert resolved.settings == settings and resolved.how == "config"


def test_no_hub_on_mdns_falls_back_to_hub_local_and_says_so():
    settings = HubSettings(username="table-1", password="pw", topic_prefix=unique_prefix())
    resolved = resolve_hub(settings, seconds=0.5)
    assert (resolved.settings.mqtt_host, resolved.settings.mqtt_port) == ("hub.local", 1883)
    assert resolved.how == "fallback"
    assert resolved.note == "no hub answered on mDNS; trying hub.local:1883"


def test_a_hub_of_another_event_is_not_taken():
    settings = HubSettings(username="table-1", password="pw", topic_prefix="ours")
    theirs = FoundHub("x", "192.0.2.50", 1883, False, "theirs")
    resolved = resolve_hub(settings, find=lambda seconds, enough: ([theirs], None))
    assert resolved.settings.mqtt_host == "hub.local" and resolved.how == "fallback"


class Broken:
    """What python-zeroconf raises on a machine without multicast (tested by injection: this
    machine has multicast, so the real failure can't be produced here)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise OSError(19, "No such device")


def test_a_failing_mdns_never_raises(monkeypatch: pytest.MonkeyPatch):
    import zeroconf

    monkeypatch.setattr(zeroconf, "Zeroconf", Broken)
    hubs, failure = find_hubs(0.5)
    assert hubs == [] and failure is not None and "No such device" in failure
    ad, note = advertise(1883, tls=False, prefix="companion")
    assert ad is None and "not advertised by mDNS" in note
    settings = HubSettings(username="table-1", password="pw")
    resolved = resolve_hub(settings, seconds=0.5)
    assert resolved.settings.mqtt_host == "hub.local"
    assert resolved.note.startswith("mDNS failed: ") and "trying hub.local" in resolved.note


def test_without_zeroconf_installed_nothing_breaks(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # import zeroconf raises ImportError
    hubs, failure = find_hubs(0.5)
    assert hubs == [] and failure is not None
    ad, note = advertise(1883, tls=False, prefix="companion")
    assert ad is None and "not advertised" in note


def test_a_tls_hub_is_refused_without_a_ca_and_taken_with_one(tmp_path: Path):
    tls_hub = FoundHub("x", "192.0.2.7", 8883, True, "companion")
    bare = HubSettings(username="table-1", password="pw")
    refused = resolve_hub(bare, find=lambda seconds, enough: ([tls_hub], None))
    assert refused.how == "refused"
    assert "TLS only" in refused.note and "hub.tls_ca" in refused.note
    with_ca = bare.model_copy(update={"tls_ca": tmp_path / "ca.crt"})
    taken = resolve_hub(with_ca, find=lambda seconds, enough: ([tls_hub], None))
    assert taken.how == "mdns" and taken.settings.tls_ca == tmp_path / "ca.crt"
    assert (taken.settings.mqtt_host, taken.settings.mqtt_port) == ("192.0.2.7", 8883)
    # a plain advert can't talk a table with a CA out of TLS: its CA stays in its settings
    plain_hub = FoundHub("y", "192.0.2.8", 1883, False, "companion")
    kept = resolve_hub(with_ca, find=lambda seconds, enough: ([plain_hub], None))
    assert kept.settings.tls_ca == tmp_path / "ca.crt"
