"""Settings for the whole suite, and its fast tier.

Hypothesis times each example against a deadline by default; a test here checks behaviour, never
speed (speed is for ``bench/``), and on a loaded 2-core machine running two workers a slow example
is no failure. So no deadline.

``make check`` is the fast tier: lint, types and every test that starts no browser and no server.
A test that drives Chromium is marked ``browser`` (any test asking for the ``browser`` fixture is
marked so here); one that starts a server — a panel listening on a port, a Mosquitto, a
``companion run``/``hub``/``demo``/``remote`` process — is marked ``process``. So that no such test
slips into the fast tier unmarked, the tier runs with ``COMPANION_FAST_TIER=1``, under which a test
that starts a server anyway fails at once, saying which mark it lacks.
"""

from __future__ import annotations

import os
import socket
import subprocess
from typing import Any

import pytest
from hypothesis import settings

from tests.companion.app import homes

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

FAST_TIER = os.environ.get("COMPANION_FAST_TIER") == "1"
HOMES = pytest.StashKey[homes.Homes]()
# programs and sub-commands that are servers: started by a test, they make it a ``process`` test
SERVER_PROGRAMS = ("mosquitto",)
SERVER_COMMANDS = ("run", "hub", "demo", "remote", "serve")


class ServerInFastTier(RuntimeError):
    pass


def _refuse(what: str) -> None:
    raise ServerInFastTier(
        f"this test starts {what}: mark it @pytest.mark.process (or browser), so that "
        "`make check` leaves it to `make test`"
    )


def _is_server(argv: Any) -> bool:
    words = [os.path.basename(str(w)) for w in (argv if isinstance(argv, list | tuple) else [argv])]
    if any(w in SERVER_PROGRAMS for w in words):
        return True
    companion = any(w == "companion" for w in words) or "companion" in words[1:3]
    return companion and any(w in SERVER_COMMANDS for w in words)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
    # the slow tests first (each file's order kept): a minutes-long game started last would
    # leave one worker playing it alone at the end of the run
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_configure(config: pytest.Config) -> None:
    """In the fast tier, starting a server anywhere (a test or any of its fixtures) fails."""
    if not FAST_TIER:
        return

    def listen(self: socket.socket, *args: Any) -> None:
        _refuse("a server listening on a port")

    execute = subprocess.Popen._execute_child  # type: ignore[attr-defined]

    def execute_child(self: subprocess.Popen[Any], args: Any, *rest: Any, **kw: Any) -> Any:
        if _is_server(args):
            _refuse(f"a server process ({args!r:.80})")
        return execute(self, args, *rest, **kw)

    socket.socket.listen = listen  # type: ignore[method-assign]
    subprocess.Popen._execute_child = execute_child  # type: ignore[attr-defined]


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    """The remote game's two homes (``tests/companion/app/homes.py``), made by the run's first
    process before its workers (xdist starts them in its own, later, ``pytest_sessionstart``)
    and any browser start: making them changes this machine's network, on which Chromium drops
    every request it has open. The workers find them in the environment they inherit."""
    if FAST_TIER or hasattr(session.config, "workerinput") or not homes.can_make():
        return
    try:
        made = homes.Homes.make()
    except subprocess.CalledProcessError as exc:  # the remote game's test fails, saying why
        os.environ[homes.ENVIRONMENT] = homes.failed(exc)
        return
    session.config.stash[HOMES] = made
    os.environ[homes.ENVIRONMENT] = made.to_environment()


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """The homes taken down after the last worker, and so the last browser, has stopped."""
    made = session.config.stash.get(HOMES, None)
    if made is not None:
        made.close()
        os.environ.pop(homes.ENVIRONMENT, None)
