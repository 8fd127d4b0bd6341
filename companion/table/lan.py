"""This machine's addresses on its local networks, read from its interfaces with ``ifaddr``.

The panel (its join links) and the hub (its mDNS advertisement) both ask here. The most likely
address for phones and tables comes first: a private address (a home or store network, a Pi's own
hotspot at 10.42.0.1) before any other, and a link-local one (169.254.x.x: no network handed out
an address) or a container's or VPN's bridge last.
"""

from __future__ import annotations

import ipaddress
import logging

log = logging.getLogger(__name__)

# Interfaces a phone on the table's network never reaches this machine through.
VIRTUAL_PREFIXES = ("docker", "br-", "virbr", "veth", "lxc", "lxd", "cni", "flannel", "tun", "tap")


def likelihood(name: str, address: str) -> tuple[int, int]:
    """How likely phones reach this machine at ``address`` on interface ``name`` (lower: more)."""
    ip = ipaddress.IPv4Address(address)
    virtual = name.startswith(VIRTUAL_PREFIXES)
    kind = 2 if ip.is_link_local else 0 if ip.is_private else 1
    return (1 if virtual else 0, kind)


def interface_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, the most likely first (see
    ``likelihood``; equally likely ones in the interfaces' order)."""
    try:
        import ifaddr

        adapters = ifaddr.get_adapters()
    except Exception as error:  # no ifaddr, or the system refuses to list interfaces
        log.info("the network interfaces could not be listed: %s", error)
        return []
    found: list[tuple[tuple[int, int], int, str]] = []
    for adapter in adapters:
        for ip in adapter.ips:
            if isinstance(ip.ip, str) and not ip.ip.startswith("127."):
                rank = likelihood(str(adapter.name), ip.ip)
                found.append((rank, len(found), ip.ip))
    return [address for _, _, address in sorted(found)]
