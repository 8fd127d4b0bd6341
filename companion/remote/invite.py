"""The invite: one line the host's table shows and the guest's table takes, carrying the guest's
broker access, the seat it plays, the single-use nonce and the game.

``TTC1-`` then the payload in groups of five characters of Crockford's base 32 (digits and
capital letters without I, L, O and U: nothing two of them look alike). Reading forgives what a
person retyping from a phone does: any case, spaces or dashes anywhere, ``O`` for zero and
``I``/``L`` for one. The last seven characters are a CRC-32 of the others' values, so any single
wrong character, or two neighbours swapped, is caught rather than read as another invite.

The payload is packed by bits: a flag (pin present), the port (16 bits), the pin (256 bits), then
each text as a 2-bit mode and an 8-bit length, then 6 bits a character (digits, letters, ``-``
and either ``.`` or ``_``) or else UTF-8 bytes.

A code whose checksum fails is a typo when changing one character, or swapping two neighbours,
makes it whole; else it was cut short when its fields, read in order, need more characters than it
has (a code copied or scanned in part). The invite's link (``link``) is a table screen's address
with the code after ``#join=``; ``decode`` takes the link as well as the code.
"""

from __future__ import annotations

import functools
import re
import zlib
from dataclasses import dataclass

from companion.remote.access import BrokerAccess

VERSION = 1
PREFIX = "TTC"
SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LOOK_ALIKES = {"O": "0", "I": "1", "L": "1"}
VALUE = {symbol: value for value, symbol in enumerate(SYMBOLS)} | {
    k: SYMBOLS.index(v) for k, v in LOOK_ALIKES.items()
}
CHECK_SYMBOLS = 7  # 35 bits: the CRC-32 and three zero bits
GROUP = 5
MAX_CODE = 1000  # characters; longer is not an invite
JOIN = "#join="  # in an invite's link, what comes before the code
# A text is packed 6 bits a character when one of these 64-character sets holds it (host names;
# tokens such as ``secrets.token_urlsafe``), else as UTF-8 bytes (mode 0).
_WORD = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-"
TEXT_SETS = {1: _WORD + ".", 2: _WORD + "_"}
TEXT_VALUES = {mode: {c: i for i, c in enumerate(chars)} for mode, chars in TEXT_SETS.items()}
SEAT = re.compile(r"^[A-Za-z0-9_-]{1,16}$")  # as the settings' remote.seat


class InviteError(ValueError):
    """A code that is not a usable invite; ``key`` names the catalog message:
    ``remote.invite.garbled``, ``remote.invite.checksum`` (a typo), ``remote.invite.short`` (cut
    short) or ``remote.invite.version``."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Invite:
    access: BrokerAccess  # the guest's account on the broker
    seat: str  # the seat the guest plays
    nonce: str  # single use: the host binds it to the first guest that says hello with it
    game: str

    def __post_init__(self) -> None:
        if not SEAT.match(self.seat):
            raise ValueError(f"seat {self.seat!r}")
        for name in ("nonce", "game"):
            value = getattr(self, name)
            if not value or len(value.encode()) > 255:
                raise ValueError(f"{name}: 1 to 255 bytes")
        if self.access.cafile is not None:
            raise ValueError("a CA file on this machine can't travel in an invite: use a pin")


# -- bits -------------------------------------------------------------------------------------


class _Bits:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def put(self, value: int, width: int) -> None:
        self.bits.extend((value >> shift) & 1 for shift in range(width - 1, -1, -1))

    def put_text(self, text: str) -> None:
        mode = next((m for m, values in TEXT_VALUES.items() if set(text) <= values.keys()), 0)
        data = text.encode("utf-8")
        size = len(text) if mode else len(data)
        if size > 255:
            raise ValueError(f"too long for an invite: {text[:20]!r}…")
        self.put(mode, 2)
        self.put(size, 8)
        if mode:
            for char in text:
                self.put(TEXT_VALUES[mode][char], 6)
        else:
            for byte in data:
                self.put(byte, 8)

    def symbols(self) -> list[int]:
        bits = self.bits + [0] * (-len(self.bits) % 5)
        return [int("".join(map(str, bits[i : i + 5])), 2) for i in range(0, len(bits), 5)]


class _RanOut(Exception):
    """The fields need more bits than the code has."""


class _Reader:
    def __init__(self, symbols: list[int]) -> None:
        self.bits = [(s >> shift) & 1 for s in symbols for shift in range(4, -1, -1)]
        self.at = 0

    def take(self, width: int) -> int:
        if self.at + width > len(self.bits):
            raise _RanOut
        value = 0
        for bit in self.bits[self.at : self.at + width]:
            value = value << 1 | bit
        self.at += width
        return value

    def take_text(self) -> str:
        mode, size = self.take(2), self.take(8)
        if mode in TEXT_SETS:
            return "".join(TEXT_SETS[mode][self.take(6)] for _ in range(size))
        if mode != 0:
            raise InviteError("remote.invite.garbled")
        try:
            return bytes(self.take(8) for _ in range(size)).decode("utf-8")
        except UnicodeDecodeError:
            raise InviteError("remote.invite.garbled") from None

    def finish(self) -> None:
        rest = self.bits[self.at :]
        if len(rest) >= 5 or any(rest):
            raise InviteError("remote.invite.garbled")


def _check(symbols: list[int]) -> int:
    return zlib.crc32(bytes(symbols))


def _whole(symbols: list[int]) -> bool:
    """Whether the last ``CHECK_SYMBOLS`` are the checksum of the others."""
    body, tail = symbols[:-CHECK_SYMBOLS], symbols[-CHECK_SYMBOLS:]
    return _value(tail) == _check(body)


def _value(tail: list[int]) -> int:
    return sum(symbol << 5 * (len(tail) - 1 - at) for at, symbol in enumerate(tail))


def _one_typo_away(symbols: list[int]) -> bool:
    """Whether one character changed, or two neighbours swapped, make the code whole."""
    body, tail = bytes(symbols[:-CHECK_SYMBOLS]), symbols[-CHECK_SYMBOLS:]
    target = zlib.crc32(body) ^ _value(tail)
    last = len(body) - 1
    for at, value in enumerate(body):
        change = _changes_by_move(last - at).get(target)
        if change is not None and value ^ change < len(SYMBOLS):
            return True
    if any(target & ~(31 << 5 * at) == 0 for at in range(CHECK_SYMBOLS)):
        return True  # one wrong character of the checksum itself
    return any(
        symbols[at] != symbols[at + 1]
        and _whole([*symbols[:at], symbols[at + 1], symbols[at], *symbols[at + 2 :]])
        for at in range(len(symbols) - 1)
    )


@functools.lru_cache(maxsize=MAX_CODE)
def _changes_by_move(after: int) -> dict[int, int]:
    """How changing one character that ``after`` others follow moves the CRC of a text: move →
    change (the XOR of the old and new value). A CRC is affine: for texts of one length, ``crc(a
    ^ b) == crc(a) ^ crc(b) ^ crc(zeros)``, so a change moves it by ``crc(change alone) ^
    crc(zeros)``, whatever the text; and zeros before the change leave that move as it is. CRC-32
    catches every change within 32 bits, so no two changes make the same move."""
    zeros = zlib.crc32(bytes(after + 1))
    return {
        zlib.crc32(bytes((change,)) + bytes(after)) ^ zeros: change
        for change in range(1, len(SYMBOLS))
    }


def _cut_short(symbols: list[int]) -> bool:
    """Whether the fields, read from the start, need more characters than there are."""
    reader = _Reader(symbols)
    try:
        _fields(reader)
    except _RanOut:
        return True
    except InviteError:
        return False
    body = -(-reader.at // 5)  # the characters the fields fill, the last one padded
    return len(symbols) < body + CHECK_SYMBOLS


def _fields(reader: _Reader) -> tuple[int, int, str | None, list[str]]:
    """The pin flag, the port, the pin and the seven texts, in the order ``encode`` packs them."""
    has_pin, port = reader.take(1), reader.take(16)
    pin = f"{reader.take(256):064x}" if has_pin else None
    return has_pin, port, pin, [reader.take_text() for _ in range(7)]


def link(code: str, table_screen: str) -> str:
    """The invite's link: ``table_screen`` (a table screen's address) opened with the code."""
    return f"{table_screen}{JOIN}{code}"


def code_of(text: str) -> str:
    """The code in ``text``: the text itself, or the end of an invite's link."""
    return text.strip().rpartition(JOIN)[2]


# -- the code -----------------------------------------------------------------------------------


def encode(invite: Invite) -> str:
    """The invite's one-line code: ``TTC1-XXXXX-XXXXX-…``."""
    access = invite.access
    bits = _Bits()
    bits.put(1 if access.pin else 0, 1)
    bits.put(access.port, 16)
    if access.pin:
        bits.put(int(access.pin, 16), 256)
    for text in (access.host, access.username, access.password, access.room):
        bits.put_text(text)
    for text in (invite.seat, invite.nonce, invite.game):
        bits.put_text(text)
    body = bits.symbols()
    check = _Bits()
    check.put(_check(body), CHECK_SYMBOLS * 5)
    text = "".join(SYMBOLS[s] for s in body + check.symbols())
    groups = [text[i : i + GROUP] for i in range(0, len(text), GROUP)]
    return f"{PREFIX}{VERSION}-" + "-".join(groups)


def decode(code: str) -> Invite:
    """The invite in ``code``; ``InviteError`` names what is wrong with it."""
    if len(code) > MAX_CODE:
        raise InviteError("remote.invite.garbled")
    code = code_of(code)
    match = re.match(r"^TTC([0-9OIL])-?(.*)$", re.sub(r"\s+", "", code).upper())
    if match is None:
        raise InviteError("remote.invite.garbled")
    version, text = match.group(1), re.sub(r"[-_]+", "", match.group(2))
    for wrong, right in LOOK_ALIKES.items():
        version = version.replace(wrong, right)
    if int(version) != VERSION:
        raise InviteError("remote.invite.version")
    try:
        symbols = [VALUE[c] for c in text]
    except KeyError:
        raise InviteError("remote.invite.garbled") from None
    if len(symbols) <= CHECK_SYMBOLS or not _whole(symbols):
        if len(symbols) > CHECK_SYMBOLS and _one_typo_away(symbols):
            raise InviteError("remote.invite.checksum")
        if _cut_short(symbols):
            raise InviteError("remote.invite.short")
        raise InviteError(
            "remote.invite.checksum" if len(symbols) > CHECK_SYMBOLS else "remote.invite.garbled"
        )
    reader = _Reader(symbols[:-CHECK_SYMBOLS])
    try:
        _, port, pin, texts = _fields(reader)
    except _RanOut:
        raise InviteError("remote.invite.garbled") from None
    reader.finish()
    host, username, password, room, seat, nonce, game = texts
    try:
        access = BrokerAccess(host, port, username, password, room, pin)
        return Invite(access, seat, nonce, game)
    except ValueError:  # AccessError is one
        raise InviteError("remote.invite.garbled") from None
