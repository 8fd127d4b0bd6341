"""One way to open an MQTT client for the hub settings: account, TLS and a client id that is the
account's name (the hub's generated broker enforces that) or, anonymously, a random one.

With TLS the broker's certificate is always verified against the configured CA, and its name
against the address connected to — except on this machine's loopback, where the hub reaches its
own broker: the certificate names the address the tables use, and nothing else can answer there."""

from __future__ import annotations

import ipaddress
import secrets

import paho.mqtt.client as mqtt

from companion.settings import HubSettings


def client_id(settings: HubSettings, role: str) -> str:
    """The account name when there is one; otherwise ``role`` with a random suffix, so two
    clients never share an id by accident."""
    if settings.username is not None:
        return settings.username
    return f"{role}-{secrets.token_hex(4)}"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def mqtt_client(
    settings: HubSettings, role: str, protocol: mqtt.MQTTProtocolVersion = mqtt.MQTTv311
) -> mqtt.Client:
    """A paho 2.x client for ``settings`` (not yet connected): account and TLS applied."""
    if settings.mqtt_host is None:
        raise ValueError("hub.mqtt_host is not set")
    client = mqtt.Client(
        mqtt.CallbackAPIVersion.VERSION2, client_id=client_id(settings, role), protocol=protocol
    )
    if settings.username is not None:
        client.username_pw_set(settings.username, settings.password)
    if settings.tls_ca is not None:
        client.tls_set(ca_certs=str(settings.tls_ca))
        if is_loopback(settings.mqtt_host):  # still signed by the CA; see the module's text
            client.tls_insecure_set(True)
    client.reconnect_delay_set(min_delay=1, max_delay=30)
    return client


def connect(client: mqtt.Client, settings: HubSettings) -> None:
    """Connect in the background (paho reconnects by itself) and start the network loop."""
    assert settings.mqtt_host is not None
    client.connect_async(settings.mqtt_host, settings.mqtt_port, keepalive=30)
    client.loop_start()
