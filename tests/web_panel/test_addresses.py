from __future__ import annotations

import pytest

from web_panel.addresses import lan_address, phone_base_url, public_base_url


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


@pytest.mark.parametrize(
    ("host", "lan", "expected"),
    [
        ("0.0.0.0", "192.168.1.5", "http://192.168.1.5:8000"),
        ("0.0.0.0", None, "http://127.0.0.1:8000"),
        ("127.0.0.1", "192.168.1.5", "http://127.0.0.1:8000"),
        ("10.0.0.7", "192.168.1.5", "http://10.0.0.7:8000"),
    ],
)
def test_phones_open_the_lan_address_of_a_panel_on_every_interface(host, lan, expected):
    assert phone_base_url(host, 8000, lan) == expected
