"""A real Mosquitto started from the folder ``companion remote broker`` writes, on a free
loopback port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.remote.broker import (
    BrokerSecrets,
    RemoteBroker,
    start_broker,
    stop_broker,
    write_broker,
)
from tests.companion.hub.mqtt import free_port


@pytest.fixture
def remote_broker(tmp_path: Path) -> Iterator[tuple[RemoteBroker, BrokerSecrets]]:
    plan = RemoteBroker(tmp_path / "broker", "127.0.0.1", port=free_port(), listen="127.0.0.1")
    found = write_broker(plan)
    process = start_broker(plan)
    try:
        yield plan, found
    finally:
        stop_broker(process)
