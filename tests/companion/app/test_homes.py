"""The remote game's homes as the workers find them (``homes.py``): made, or why not."""

from __future__ import annotations

import subprocess

import pytest

from tests.companion.app import homes


def test_the_workers_read_the_homes_the_first_process_made(monkeypatch: pytest.MonkeyPatch):
    made = homes.Homes("ns", "h", "g", "10.228.1.1", "10.228.1.2", "10.229.1.1")
    monkeypatch.setenv(homes.ENVIRONMENT, made.to_environment())
    assert homes.Homes.of_this_run() == made


def test_homes_that_could_not_be_made_say_why(monkeypatch: pytest.MonkeyPatch):
    error = subprocess.CalledProcessError(2, ["ip", "netns", "add", "x"], stderr=b"no permission")
    monkeypatch.setenv(homes.ENVIRONMENT, homes.failed(error))
    with pytest.raises(RuntimeError, match="ip netns add x: no permission"):
        homes.Homes.of_this_run()
    monkeypatch.delenv(homes.ENVIRONMENT)
    with pytest.raises(RuntimeError, match=r"tests/conftest\.py makes them"):
        homes.Homes.of_this_run()
