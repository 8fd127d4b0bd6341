"""Judge access: the PIN, what guessing it costs, and the judge's sessions.

The PIN is the table config's ``panel.judge_pin`` if set (changed by editing the config), else the
one set on the table's own screen the first time (kept hashed in the data folder, changed by the
judge). It has 6 to 12 digits. The tournament hub's organizer PIN is the same thing in another
file (``web_panel/hub``): each session there also knows who signed in.

Guessing is slowed per address, never globally, so a stranger cannot lock the judge out: after
``FREE_TRIES`` wrong PINs in a row from one address, each try must wait, the wait doubling with
every wrong PIN up to an hour. One address gets 24 tries in 12 hours, so a 6-digit PIN falls with
odds of 24 in 1,000,000 per address and tournament day (docs/hardware.md "Security at a store").

An IPv6 device can take any address of its /64 network, so each /64 also has a cap of its own:
after ``NETWORK_FREE_TRIES`` wrong PINs from all its addresses together, the network waits too,
doubling the same way — but only for its addresses that have guessed wrong themselves. An address
that has made no wrong try is never refused (the other phones on the store's IPv6 network sign
in as usual), and a guesser that hops to a fresh address gets one try there before the network's
wait holds it. At most ``ADDRESSES_PER_NETWORK`` addresses of one /64 are remembered (its oldest
forgotten first), so one network cannot push every other guesser out of the memory.

Judge sessions live in the server only: the phone's cookie holds a random session id, valid while
it is in this table's session list. Logging out ends one; a PIN change ends all; a restart of the
table ends all (the judge logs in again).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import logging
import re
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path

from web_panel.private_files import write_private

log = logging.getLogger(__name__)

PIN_FILE = "judge-pin.json"
MIN_PIN_DIGITS = 6
MAX_PIN_DIGITS = 12
PIN_PATTERN = re.compile(rf"[0-9]{{{MIN_PIN_DIGITS},{MAX_PIN_DIGITS}}}")
HASH_ITERATIONS = 100_000

FREE_TRIES = 3
NETWORK_FREE_TRIES = 24  # wrong PINs from one IPv6 /64, all its addresses together
ADDRESSES_PER_NETWORK = 64  # addresses of one /64 remembered with their wrong tries
FIRST_WAIT_SECONDS = 2.0
LONGEST_WAIT_SECONDS = 3600.0
SOURCES_KEPT = 4096  # the sources with wrong tries remembered (the oldest forgotten first)
SESSIONS_KEPT = 32  # open judge sessions (the oldest ends first)
JUDGE = "judge"  # who a session is when nobody gave a name


class JudgeAccessError(PermissionError):
    """A judge request refused: ``code`` says why (``judge_locked``, ``wrong_pin``...)."""

    def __init__(self, code: str, message: str, wait: float = 0.0) -> None:
        super().__init__(message)
        self.code = code
        self.wait = wait


def source_key(remote_addr: str | None) -> str:
    """The address whose guesses count together: an IPv4 address (also when mapped into IPv6)
    or a whole IPv6 address."""
    try:
        address = ipaddress.ip_address(remote_addr or "")
    except ValueError:
        return remote_addr or "unknown"
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(address)


def network_key(remote_addr: str | None) -> str | None:
    """The IPv6 /64 an address belongs to (``None`` for IPv4: one device, one address)."""
    try:
        address = ipaddress.ip_address(remote_addr or "")
    except ValueError:
        return None
    if not isinstance(address, ipaddress.IPv6Address) or address.ipv4_mapped is not None:
        return None
    return str(ipaddress.ip_network(f"{address}/64", strict=False))


def _wait_after(failures: int, free: int) -> float:
    if failures < free:
        return 0.0
    return min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - free))


class GuessBackoff:
    """Wrong PINs per address and per IPv6 /64, and how long an address must wait before its
    next try (see the module's text)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._sources: OrderedDict[str, tuple[int, float]] = OrderedDict()  # failures, next try
        self._networks: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._members: dict[str, OrderedDict[str, None]] = {}  # network → addresses remembered

    def wait(self, remote_addr: str | None) -> float:
        """Seconds ``remote_addr`` must still wait (0: it may try now)."""
        source, network = source_key(remote_addr), network_key(remote_addr)
        if source not in self._sources:
            return 0.0  # no wrong try of its own: never held, whatever its network did
        next_try = self._sources[source][1]
        if network is not None:
            next_try = max(next_try, self._networks.get(network, (0, 0.0))[1])
        return max(0.0, next_try - self._clock())

    def failed(self, remote_addr: str | None) -> None:
        source, network = source_key(remote_addr), network_key(remote_addr)
        failures = self._sources.pop(source, (0, 0.0))[0] + 1
        self._sources[source] = (failures, self._clock() + _wait_after(failures, FREE_TRIES))
        if network is not None:
            total = self._networks.pop(network, (0, 0.0))[0] + 1
            wait = _wait_after(total, NETWORK_FREE_TRIES)
            self._networks[network] = (total, self._clock() + wait)
            members = self._members.setdefault(network, OrderedDict())
            members[source] = None
            members.move_to_end(source)
            while len(members) > ADDRESSES_PER_NETWORK:
                self._sources.pop(members.popitem(last=False)[0], None)
        while len(self._sources) > SOURCES_KEPT:
            self._sources.popitem(last=False)
        while len(self._networks) > SOURCES_KEPT:
            self._members.pop(self._networks.popitem(last=False)[0], None)

    def succeeded(self, remote_addr: str | None) -> None:
        """A right PIN: the address starts over (its network's count stays, for its guessers)."""
        self._sources.pop(source_key(remote_addr), None)


def tries_within(seconds: float) -> int:
    """How many PINs one address can try in ``seconds`` (the figure the odds above come from)."""
    tries, elapsed = 0, 0.0
    while True:
        tries += 1
        wait = _wait_after(tries, FREE_TRIES)
        if elapsed + wait > seconds:
            return tries
        elapsed += wait


def _hash(pin: str, salt: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, HASH_ITERATIONS)


class JudgeAccess:
    """The judge PIN of one table (or the organizer PIN of the hub), the guessing backoff and
    the sessions, each with who opened it."""

    def __init__(
        self,
        configured_pin: str | None,
        data_dir: Path,
        clock: Callable[[], float] = time.monotonic,
        pin_file: str = PIN_FILE,
    ) -> None:
        self._configured = configured_pin
        self._path = data_dir / pin_file
        self._backoff = GuessBackoff(clock)
        self._sessions: OrderedDict[str, str] = OrderedDict()  # session id → who
        self._lock = threading.Lock()
        self._stored = None if configured_pin is not None else self._read_stored()

    # -- the PIN ---------------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """Whether there is a PIN (without one there is no judge, and only the table's own
        screen may start or replace a game)."""
        return self._configured is not None or self._stored is not None

    @property
    def configured(self) -> bool:
        """The PIN comes from the config: it is changed there, not on the panel."""
        return self._configured is not None

    def _read_stored(self) -> tuple[bytes, bytes] | None:
        try:
            data = json.loads(self._path.read_text(encoding="utf-8"))
            salt, digest = bytes.fromhex(data["salt"]), bytes.fromhex(data["hash"])
            if data.get("iterations") != HASH_ITERATIONS or len(digest) != 32:
                raise ValueError("not this version's hash")
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            log.warning("the judge PIN file %s is unreadable (%s): set it again", self._path, error)
            return None
        return salt, digest

    def _matches(self, attempt: str) -> bool:
        if self._configured is not None:
            return hmac.compare_digest(attempt.encode(), self._configured.encode())
        if self._stored is None:
            return False
        salt, digest = self._stored
        return hmac.compare_digest(_hash(attempt, salt), digest)

    def set_pin(self, pin: str, who: str = JUDGE) -> str:
        """Set (or change) the PIN kept in the data folder. Every judge session ends; the one
        returned is the setter's own new session (``who``'s)."""
        if self._configured is not None:
            raise JudgeAccessError("pin_configured", "the PIN is set in the table's config")
        if not PIN_PATTERN.fullmatch(pin):
            raise JudgeAccessError(
                "weak_pin", f"a PIN has {MIN_PIN_DIGITS} to {MAX_PIN_DIGITS} digits"
            )
        salt = secrets.token_bytes(16)
        digest = _hash(pin, salt)
        data = {"salt": salt.hex(), "hash": digest.hex(), "iterations": HASH_ITERATIONS}
        write_private(self._path, json.dumps(data))
        with self._lock:
            self._stored = (salt, digest)
            self._sessions.clear()
        return self._open_session(who)

    # -- logging in ------------------------------------------------------------------------------

    def login(self, remote_addr: str | None, attempt: str, who: str = JUDGE) -> str:
        """A new session of ``who`` for the right PIN; ``JudgeAccessError`` otherwise."""
        with self._lock:
            if not self.enabled:
                raise JudgeAccessError("judge_locked", "no judge PIN is set yet")
            wait = self._backoff.wait(remote_addr)
            if wait > 0:
                raise JudgeAccessError(
                    "judge_locked", f"too many wrong PINs from here: wait {wait:.0f} s", wait
                )
            if not self._matches(attempt):
                self._backoff.failed(remote_addr)
                raise JudgeAccessError("wrong_pin", "wrong PIN", self._backoff.wait(remote_addr))
            self._backoff.succeeded(remote_addr)
        return self._open_session(who)

    def _open_session(self, who: str) -> str:
        session_id = secrets.token_urlsafe(32)
        with self._lock:
            self._sessions[session_id] = who
            while len(self._sessions) > SESSIONS_KEPT:
                self._sessions.popitem(last=False)
        return session_id

    def is_judge(self, session_id: object) -> bool:
        return self.who(session_id) is not None

    def who(self, session_id: object) -> str | None:
        """Who opened the session ``session_id`` (``None``: no such open session)."""
        with self._lock:
            return self._sessions.get(session_id) if isinstance(session_id, str) else None

    def logout(self, session_id: object) -> None:
        with self._lock:
            if isinstance(session_id, str):
                self._sessions.pop(session_id, None)
