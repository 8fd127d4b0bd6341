"""The two homes of the remote game's end-to-end test (``test_remote_game.py``): this machine's
network and a network namespace joined to it by a veth pair.

Making the pair changes this machine's network, and Chromium, seeing any change, drops every
request it has open (``ERR_NETWORK_CHANGED``), as a phone does that changes Wi-Fi; a page whose
script was dropped as it loaded then never starts. So the homes are made once, by the run's first
process before any worker or browser starts (``tests/conftest.py``), handed to the workers in the
environment, and taken down after the last browser has closed.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
from dataclasses import asdict, dataclass

ENVIRONMENT = "COMPANION_TEST_HOMES"


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True)


def can_make() -> bool:
    """Homes need root and ``ip`` (CI runs as root)."""
    return os.geteuid() == 0 and shutil.which("ip") is not None


@dataclass(frozen=True)
class Homes:
    """The guest's home: a network namespace joined to this machine's by a veth pair. The broker
    listens on this machine's end of the pair; the public broker address is a local address in
    both homes, each home's own link listening on it."""

    namespace: str
    here: str  # this machine's end of the pair
    there: str  # the guest's end
    broker_address: str  # this machine's end: the broker
    guest_address: str  # the guest's end: its table's panel
    public: str  # the broker's public address, as players dial it

    @classmethod
    def make(cls) -> Homes:
        tag = secrets.token_hex(2)
        net = int(tag, 16) % 250 + 1
        homes = cls(
            namespace=f"rlink-guest-{tag}",
            here=f"rlink{tag}h",
            there=f"rlink{tag}g",
            broker_address=f"10.228.{net}.1",
            guest_address=f"10.228.{net}.2",
            public=f"10.229.{net}.1",
        )
        _ip("netns", "add", homes.namespace)
        try:
            _ip(
                *("link", "add", homes.here, "type", "veth"),
                *("peer", "name", homes.there, "netns", homes.namespace),
            )
            _ip("addr", "add", f"{homes.broker_address}/30", "dev", homes.here)
            _ip("addr", "add", f"{homes.public}/32", "dev", homes.here)
            _ip("link", "set", homes.here, "up")
            ns = ("-n", homes.namespace)
            _ip(*ns, "addr", "add", f"{homes.guest_address}/30", "dev", homes.there)
            _ip(*ns, "addr", "add", f"{homes.public}/32", "dev", "lo")
            _ip(*ns, "link", "set", homes.there, "up")
            _ip(*ns, "link", "set", "lo", "up")
        except Exception:
            homes.close()
            raise
        return homes

    def inside(self) -> tuple[str, ...]:
        return ("ip", "netns", "exec", self.namespace)

    def close(self) -> None:
        subprocess.run(["ip", "link", "del", self.here], capture_output=True)
        subprocess.run(["ip", "netns", "del", self.namespace], capture_output=True)

    def to_environment(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def of_this_run(cls) -> Homes:
        """The homes the run's first process made (``tests/conftest.py``)."""
        text = os.environ.get(ENVIRONMENT)
        if not text:
            raise RuntimeError(
                f"no homes in ${ENVIRONMENT}: tests/conftest.py makes them as the run starts"
            )
        fields = json.loads(text)
        if "error" in fields:
            raise RuntimeError(f"the homes could not be made: {fields['error']}")
        return cls(**fields)


def failed(error: subprocess.CalledProcessError) -> str:
    """What the workers find in the environment when the homes could not be made."""
    said = (error.stderr or b"").decode(errors="replace").strip()
    return json.dumps({"error": f"{' '.join(map(str, error.cmd))}: {said}"})
