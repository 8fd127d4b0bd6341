"""The addresses phones most likely reach this machine at come first."""

from __future__ import annotations

from companion.table.lan import interface_addresses, likelihood


def test_a_private_address_beats_a_public_then_a_link_local_one_and_bridges_come_last():
    candidates = [
        ("docker0", "172.17.0.1"),
        ("eth0", "169.254.3.4"),
        ("eth1", "93.184.216.34"),
        ("wlan0", "10.42.0.1"),  # NetworkManager's own hotspot
    ]
    ranked = sorted(candidates, key=lambda c: likelihood(*c))
    assert [name for name, _ in ranked] == ["wlan0", "eth1", "eth0", "docker0"]


def test_the_interfaces_give_no_loopback_address():
    assert all(not address.startswith("127.") for address in interface_addresses())
