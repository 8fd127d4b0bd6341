from __future__ import annotations

import pytest
from pydantic import ValidationError

from companion.hub.connection import client_id, mqtt_client
from companion.settings import HubSettings


def test_an_account_is_its_own_client_id():
    settings = HubSettings(mqtt_host="hub.local", username="table-7", password="s3cret")
    assert client_id(settings, "companion-table-7") == "table-7"


def test_anonymous_clients_never_share_an_id_by_accident():
    settings = HubSettings(mqtt_host="hub.local")
    ids = {client_id(settings, "companion-table-7") for _ in range(50)}
    assert len(ids) == 50
    assert all(i.startswith("companion-table-7-") for i in ids)


def test_a_username_needs_its_password_and_the_reverse():
    with pytest.raises(ValidationError, match="go together"):
        HubSettings(mqtt_host="hub.local", username="table-7")
    with pytest.raises(ValidationError, match="go together"):
        HubSettings(mqtt_host="hub.local", password="s3cret")


def test_a_client_needs_the_brokers_address():
    with pytest.raises(ValueError, match="mqtt_host"):
        mqtt_client(HubSettings(), "companion-table-7")
