"""Helpers for tests of remote play's TLS clients."""

from __future__ import annotations

import paho.mqtt.client as mqtt

from companion.remote.access import BrokerAccess
from companion.remote.broker import HOST_ACCOUNT, BrokerSecrets, RemoteBroker
from tests.companion.hub.mqtt import wait_for


def connect(client: mqtt.Client, access: BrokerAccess) -> list[mqtt.ReasonCode]:
    """Connect synchronously, start the loop; the CONNACK reason codes received (waited for)."""
    reasons: list[mqtt.ReasonCode] = []
    client.on_connect = lambda _c, _u, _f, reason, _p: reasons.append(reason)
    client.connect(access.host, access.port, keepalive=30)
    client.loop_start()
    assert wait_for(lambda: bool(reasons))
    return reasons


def access_for(plan: RemoteBroker, found: BrokerSecrets, role: str) -> BrokerAccess:
    """The broker access of ``role`` (host or guest), trusted by pin."""
    password = found.host_password if role == HOST_ACCOUNT else found.guest_password
    return BrokerAccess(plan.public_host, plan.port, role, password, found.room, found.pin)
