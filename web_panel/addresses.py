"""Where phones reach the panel: the join QR code must carry an address a phone on the same
network can open, even when the table page itself was opened as ``localhost`` on the Pi."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

from companion.table.lan import interface_addresses

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1", "[::1]"})
EVERY_INTERFACE = frozenset({"0.0.0.0", "::", ""})
# TEST-NET-1 (RFC 5737): connecting a UDP socket there sends nothing but picks the outgoing
# interface, whose address is the one the phones on the local network can reach.
_PROBE = ("192.0.2.1", 9)


def _probed_address() -> str | None:
    """The address of the interface the default route leaves by, or ``None`` without a route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
        except OSError:
            return None
        address: str = probe.getsockname()[0]
    return None if address.startswith("127.") else address


def lan_addresses() -> list[str]:
    """This machine's addresses phones on its networks may open, the most likely first: the one
    the route probe picks, else (no default route: a Pi that is its own Wi-Fi hotspot) its
    interfaces' (``companion.table.lan``)."""
    probed = _probed_address()
    found = interface_addresses()
    return [probed, *(a for a in found if a != probed)] if probed else found


def lan_address() -> str | None:
    """This machine's most likely address on its local network, or ``None`` without one."""
    found = lan_addresses()
    return found[0] if found else None


def public_base_url(host_url: str, lan: str | None) -> str:
    """``host_url`` (``http://host:port/``) with a loopback host replaced by ``lan`` if known."""
    parts = urlsplit(host_url)
    if parts.hostname not in LOOPBACK_NAMES or lan is None:
        return host_url
    port = f":{parts.port}" if parts.port else ""
    return f"{parts.scheme}://{lan}{port}/"


def phone_base_url(host: str, port: int, lan: str | None) -> str:
    """Where phones open a panel listening on ``host:port``: on every interface, the LAN address
    (this machine's own loopback address if it has none)."""
    if host in EVERY_INTERFACE:
        host = lan or "127.0.0.1"
    return f"http://{host}:{port}"
