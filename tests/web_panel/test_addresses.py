from __future__ import annotations

import pytest

from web_panel.addresses import lan_address, public_base_url


@pytest.mark.parametrize(
    ("host_url", "lan", "expected"),
    [
        ("http://127.0.0.1:8000/", "192.168.1.5", "http://192.168.1.5:8000/"),
        ("http://localhost:8000/", "10.0.0.2", "http://10.0.0.2:8000/"),
        ("http://localhost/", "10.0.0.2", "http://10.0.0.2/"),
        ("http://192.168.1.5:8000/", "10.0.0.2", "http://192.168.1.5:8000/"),
        ("http://companion.local:8000/", "10.0.0.2", "http://companion.local:8000/"),
        ("http://127.0.0.1:8000/", None, "http://127.0.0.1:8000/"),
    ],
)
def test_a_loopback_table_page_gives_phones_the_lan_address(host_url, lan, expected):
    assert public_base_url(host_url, lan) == expected


def test_the_lan_address_is_not_a_loopback_one():
    address = lan_address()
    assert address is None or not address.startswith("127.")
