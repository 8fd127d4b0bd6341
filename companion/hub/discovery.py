"""Finding the hub on the store's network by mDNS (DNS-SD), with python-zeroconf.

The hub advertises its broker as a ``_companion-hub._tcp`` service: the SRV record carries the
broker's port, the A records the hub's LAN addresses, and the TXT record ``tls`` (``1`` when the
broker takes TLS only) and ``prefix`` (the event's topic prefix). A table whose ``hub:`` section
names an account but no ``mqtt_host`` browses for it; found, it connects there, else it falls
back to ``hub.local`` and says so. Nothing here ever raises: without zeroconf, without multicast
or without a network, advertising is skipped and browsing finds nothing, both with a reason.
Zeroconf always runs its own loop thread (``use_asyncio=False``): a caller's thread that happens
to hold an asyncio loop (a test's browser driver) must not capture it.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.settings import HubSettings
from companion.table.lan import interface_addresses

log = logging.getLogger(__name__)

SERVICE_TYPE = "_companion-hub._tcp.local."
FALLBACK_HOST = "hub.local"
BROWSE_SECONDS = 3.0


@dataclass(frozen=True)
class FoundHub:
    """A hub seen on the network: where its broker listens and how."""

    name: str
    host: str
    port: int
    tls: bool
    prefix: str


class Advertisement:
    """The hub's service, registered until ``close()``."""

    def __init__(self, zeroconf: Any, info: Any) -> None:
        self._zeroconf = zeroconf
        self.info = info

    @property
    def name(self) -> str:
        return str(self.info.name)

    def close(self) -> None:
        try:
            self._zeroconf.unregister_service(self.info)
        finally:
            self._zeroconf.close()


def advertise(
    port: int, *, tls: bool, prefix: str, name: str | None = None
) -> tuple[Advertisement | None, str]:
    """Advertise the hub's broker on ``port``. Returns the advertisement (``None`` if it could
    not be made) and what happened, in words for the organizer's console."""
    instance = name or f"Companion hub on {socket.gethostname()}"
    try:
        from zeroconf import ServiceInfo, Zeroconf

        addresses = interface_addresses()
        if not addresses:
            return None, "no network address to advertise: tables need the hub's address"
        info = ServiceInfo(
            SERVICE_TYPE,
            f"{instance}.{SERVICE_TYPE}",
            port=port,
            parsed_addresses=addresses,
            properties={"tls": "1" if tls else "0", "prefix": prefix},
        )
        zeroconf = Zeroconf(use_asyncio=False)
        try:
            zeroconf.register_service(info, allow_name_change=True)
        except BaseException:
            zeroconf.close()
            raise
    except Exception as error:  # no zeroconf, no multicast, a name clash: the hub runs on
        log.warning("mDNS advertising failed: %s", error)
        return None, f"not advertised by mDNS ({error}): tables need the hub's address"
    return Advertisement(zeroconf, info), f"advertised by mDNS as {info.name!r} ({addresses})"


def _found(info: Any) -> FoundHub | None:
    addresses = [a for a in info.parsed_addresses() if ":" not in a] or info.parsed_addresses()
    if not addresses or not info.port:
        return None
    properties = {
        (k.decode() if isinstance(k, bytes) else str(k)): (
            v.decode() if isinstance(v, bytes) else ("" if v is None else str(v))
        )
        for k, v in (info.properties or {}).items()
    }
    return FoundHub(
        name=str(info.name),
        host=addresses[0],
        port=int(info.port),
        tls=properties.get("tls") == "1",
        prefix=properties.get("prefix", ""),
    )


def find_hubs(
    seconds: float = BROWSE_SECONDS,
    *,
    enough: Callable[[list[FoundHub]], bool] = bool,
) -> tuple[list[FoundHub], str | None]:
    """Browse for hubs until ``enough`` of them are found (by default: one) or ``seconds``
    pass. Returns the hubs resolved and, when browsing itself failed, why."""
    hubs: list[FoundHub] = []
    names: list[str] = []
    changed = threading.Event()

    def seen(**change: Any) -> None:  # python-zeroconf calls handlers with keyword arguments
        if change["state_change"].name == "Added":
            names.append(change["name"])
            changed.set()

    try:
        from zeroconf import ServiceBrowser, Zeroconf

        zeroconf = Zeroconf(use_asyncio=False)
    except Exception as error:
        log.warning("mDNS browsing failed: %s", error)
        return [], str(error)
    try:
        browser = ServiceBrowser(zeroconf, SERVICE_TYPE, handlers=[seen])
        deadline = time.monotonic() + seconds
        resolved = 0
        while not enough(hubs) and time.monotonic() < deadline:
            changed.wait(max(0.0, min(0.2, deadline - time.monotonic())))
            changed.clear()
            while resolved < len(names):
                name = names[resolved]
                resolved += 1
                left = max(0.1, deadline - time.monotonic())
                info = zeroconf.get_service_info(SERVICE_TYPE, name, timeout=int(left * 1000))
                hub = _found(info) if info is not None else None
                if hub is not None:
                    hubs.append(hub)
        browser.cancel()
    except Exception as error:
        log.warning("mDNS browsing failed: %s", error)
        return hubs, str(error)
    finally:
        zeroconf.close()
    return hubs, None


Browse = Callable[..., tuple[list[FoundHub], str | None]]  # find_hubs's signature


@dataclass(frozen=True)
class Resolved:
    """Where a table connects: ``settings`` with the address, ``how`` it was chosen (``config``,
    ``mdns`` or ``fallback``; ``refused``: the hub found takes TLS only and the table has no CA,
    so it must not connect) and ``note``, the same in words for the table's log."""

    settings: HubSettings
    how: str
    note: str


def resolve_hub(
    settings: HubSettings, seconds: float | None = None, find: Browse = find_hubs
) -> Resolved:
    """The hub settings a table connects with: as configured when they name an address; else
    the first hub of its event (same topic prefix) found by mDNS within ``seconds`` (its
    address and port); else ``hub.local``. A table with ``tls_ca`` always connects with TLS
    verifying that CA, whatever the advertisement says (a plain advert can't downgrade it)."""
    if settings.mqtt_host is not None:
        note = f"hub at {settings.mqtt_host}:{settings.mqtt_port} (from the config)"
        return Resolved(settings, "config", note)

    def ours(hubs: list[FoundHub]) -> list[FoundHub]:
        return [h for h in hubs if h.prefix == settings.topic_prefix]

    wait = BROWSE_SECONDS if seconds is None else seconds
    hubs, failure = find(wait, enough=lambda found: bool(ours(found)))
    if not ours(hubs):
        why = f"mDNS failed: {failure}" if failure else "no hub answered on mDNS"
        fallback = settings.model_copy(update={"mqtt_host": FALLBACK_HOST})
        return Resolved(fallback, "fallback", f"{why}; trying {FALLBACK_HOST}:{settings.mqtt_port}")
    hub = ours(hubs)[0]
    found = settings.model_copy(update={"mqtt_host": hub.host, "mqtt_port": hub.port})
    note = f"hub found by mDNS at {hub.host}:{hub.port} ({hub.name})"
    if hub.tls and settings.tls_ca is None:
        note += (
            "; it takes TLS only and this table has no CA to verify it with: not connecting "
            "(put the event's CA certificate in hub.tls_ca, from `companion hub broker --tls-ca`)"
        )
        return Resolved(found, "refused", note)
    if settings.tls_ca is not None:
        note += f", over TLS verified with {settings.tls_ca}"
    return Resolved(found, "mdns", note)
