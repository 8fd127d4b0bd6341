"""``companion run`` on a network with no default route (a Pi that is its own Wi-Fi hotspot):
the join link in the table screen's QR code carries the machine's LAN address, read from its
interfaces, and a phone on that network opens it. Both ends run in network namespaces this test
makes (a veth pair, no default route; it needs root, as CI runs)."""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import zxingcpp

from tests.companion.app.test_commands import _start

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or shutil.which("ip") is None, reason="network namespaces need root and ip"
)


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


@pytest.fixture
def network() -> Iterator[dict[str, str]]:
    """Two namespaces joined by a veth pair on 10.231.N.0/24, with no default route anywhere.
    Their names and the pair's carry 32 random bits: test runs side by side never share one."""
    tag = secrets.token_hex(4)  # "why<tag>t" is 12 characters: an interface name holds 15
    net = int(tag, 16) % 250 + 1
    table, phone = f"why-table-{tag}", f"why-phone-{tag}"
    _ip("netns", "add", table)
    _ip("netns", "add", phone)
    try:
        # made inside the namespaces: this machine's own network never changes, so a browser
        # another test drives keeps its requests (Chromium drops them on any change it sees)
        _ip(
            *("-n", table, "link", "add", f"why{tag}t", "type", "veth"),
            *("peer", "name", f"why{tag}p", "netns", phone),
        )
        for ns, end, host in ((table, "t", 1), (phone, "p", 2)):
            _ip("-n", ns, "addr", "add", f"10.231.{net}.{host}/24", "dev", f"why{tag}{end}")
            _ip("-n", ns, "link", "set", f"why{tag}{end}", "up")
            _ip("-n", ns, "link", "set", "lo", "up")
        yield {"table": table, "phone": phone, "address": f"10.231.{net}.1"}
    finally:
        _ip("netns", "del", table)  # takes its end of the pair, and so the pair, with it
        _ip("netns", "del", phone)


def _in(namespace: str, code: str, *args: str) -> object:
    """Run Python ``code`` inside ``namespace``; what it prints, read as JSON."""
    done = subprocess.run(
        ["ip", "netns", "exec", namespace, sys.executable, "-c", code, *args],
        check=True,
        capture_output=True,
        text=True,
        timeout=30,
    )
    return json.loads(done.stdout)


GET_JSON = """
import json, sys, urllib.request
print(json.dumps(json.load(urllib.request.urlopen(sys.argv[1], timeout=10))))
"""

JOIN = """
import http.cookiejar, json, sys, urllib.request
opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
page = opener.open(sys.argv[1], timeout=10)
me = json.load(opener.open(sys.argv[1].split("/join/")[0] + "/api/me", timeout=10))
print(json.dumps({"status": page.status, "seat": me["seat"]}))
"""


def decode_qr_svg(svg: str) -> str:
    """The text of a segno SVG QR code: its path drawn module by module, then read by zxing."""
    size = int(re.search(r'width="(\d+)"', svg).group(1))  # type: ignore[union-attr]
    scale = int(re.search(r"scale\((\d+)\)", svg).group(1))  # type: ignore[union-attr]
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg).group(1)  # type: ignore[union-attr]
    modules = size // scale
    dark = np.zeros((modules, modules), dtype=bool)
    x = y = 0.0
    for command, numbers in re.findall(r"([MmHhVvZz])([^MmHhVvZz]*)", path):
        values = [float(n) for n in numbers.replace("-", " -").split()]
        if command == "M":
            x, y = values
        elif command == "m":
            x, y = x + values[0], y + values[1]
        elif command == "h":
            dark[int(y), int(x) : int(x + values[0])] = True
            x += values[0]
    image = np.where(dark, 0, 255).astype(np.uint8).repeat(scale, 0).repeat(scale, 1)
    found = zxingcpp.read_barcodes(image)
    assert found, "no QR code read"
    return str(found[0].text)


@pytest.mark.process
def test_a_phone_opens_the_qr_join_link_of_a_table_with_no_default_route(
    tmp_path: Path, network: dict[str, str]
):
    wrap = ("ip", "netns", "exec", network["table"])
    process, lines = _start(["run", "--port", "0"], tmp_path, "Player B:", wrap=wrap)
    try:
        table_url = next(line.split(": ", 1)[1] for line in lines if line.startswith("Table"))
        port = int(table_url.removesuffix("/table").rsplit(":", 1)[1])
        phones = next(line.split(": ", 1)[1] for line in lines if line.startswith("Phones"))
        assert phones == f"http://{network['address']}:{port}"
        assert not any(line.startswith("warning") for line in lines), lines
        # the table screen (on the table's own machine) shows seat A's QR code
        join = _in(network["table"], GET_JSON, f"http://127.0.0.1:{port}/api/join/A")
        assert isinstance(join, dict) and join["reachable"] is True
        link = decode_qr_svg(join["svg"])
        assert link == join["url"]
        assert link.startswith(f"http://{network['address']}:{port}/join/")
        # a phone on the hotspot's network scans it
        assert _in(network["phone"], JOIN, link) == {"status": 200, "seat": "A"}
    finally:
        process.terminate()
        process.wait(timeout=10)
