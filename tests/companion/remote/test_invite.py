"""The invite code: what goes in comes out, however it is retyped; a typo is caught, never read
as another invite."""

from __future__ import annotations

import random
import re
import string
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.remote.access import BrokerAccess
from companion.remote.invite import (
    SYMBOLS,
    Invite,
    InviteError,
    _changes_by_move,
    _one_typo_away,
    decode,
    encode,
    link,
)

INVITE = Invite(
    BrokerAccess("203.0.113.7", 8883, "guest", "Yq2EBoyMZMvnrUWkCG", "ttc-6b259222", "1f" * 32),
    seat="B",
    nonce="9f2c4e1a7b3d5e60",
    game="dreamblade",
)
CODE = encode(INVITE)

WORD = string.ascii_letters + string.digits
names = st.text(alphabet=WORD + "_.@-", min_size=1, max_size=24)
texts = st.text(min_size=1, max_size=30)
accesses = st.builds(
    BrokerAccess,
    host=st.one_of(
        st.text(alphabet=string.ascii_lowercase + string.digits + ".-", min_size=1, max_size=30),
        st.ip_addresses().map(str),
    ),
    port=st.integers(1, 65535),
    username=names,
    password=st.text(min_size=1, max_size=40),
    room=st.lists(
        st.text(alphabet=WORD + "_-", min_size=1, max_size=12), min_size=1, max_size=4
    ).map("/".join),
    pin=st.one_of(st.none(), st.binary(min_size=32, max_size=32).map(bytes.hex)),
)
invites = st.builds(
    Invite,
    access=accesses,
    seat=st.text(alphabet=WORD + "_-", min_size=1, max_size=16),
    nonce=texts,
    game=texts,
)


@settings(max_examples=100)
@given(invites)
def test_what_goes_in_comes_out(invite: Invite) -> None:
    code = encode(invite)
    assert re.fullmatch(r"TTC1-[0-9A-Z]{1,5}(-[0-9A-Z]{1,5})*", code)
    assert not set(code) & set("ILOU")
    assert decode(code) == invite


def test_a_retyped_code_reads_the_same() -> None:
    """Lower case, spaces or no dashes, O for zero, I or L for one."""
    retyped = [
        CODE.lower(),
        CODE.replace("-", " "),
        CODE.replace("-", "")[:4] + "-" + CODE.replace("-", "")[4:],
        CODE.replace("-", "").replace("TTC1", "TTC1", 1),
        "  " + CODE.replace("0", "O").replace("1", "l") + "\n",
        CODE.replace("1", "I").replace("-", " - "),
    ]
    for text in retyped:
        assert decode(text) == INVITE, text


def _positions(code: str) -> list[int]:
    """Where the payload's characters are (after ``TTC1-``, not the dashes)."""
    return [i for i, c in enumerate(code) if i >= 5 and c != "-"]


def _same(a: str, b: str) -> bool:
    return a.upper().translate(str.maketrans("OIL", "011")) == b.upper().translate(
        str.maketrans("OIL", "011")
    )


@settings(max_examples=150)
@given(invites, st.data())
def test_any_single_wrong_character_is_caught(invite: Invite, data: st.DataObject) -> None:
    code = encode(invite)
    at = data.draw(st.sampled_from(_positions(code)))
    typed = data.draw(st.sampled_from(SYMBOLS + "U!").filter(lambda c: not _same(c, code[at])))
    with pytest.raises(InviteError) as caught:
        decode(code[:at] + typed + code[at + 1 :])
    assert caught.value.key == (
        "remote.invite.garbled" if typed in "U!" else "remote.invite.checksum"
    )


def test_a_changed_character_moves_the_checksum_as_the_typo_table_says() -> None:
    """The table of how one changed character moves the CRC holds for any text, any position and
    any change; and a code one change from whole is told apart from one two changes away."""
    rng = random.Random(0)
    for _ in range(300):
        text = bytes(rng.randrange(len(SYMBOLS)) for _ in range(rng.randint(1, 120)))
        at, change = rng.randrange(len(text)), rng.randrange(1, len(SYMBOLS))
        changed = text[:at] + bytes((text[at] ^ change,)) + text[at + 1 :]
        move = zlib.crc32(text) ^ zlib.crc32(changed)
        assert _changes_by_move(len(text) - 1 - at)[move] == change
    code = [SYMBOLS.index(c) for c in CODE.replace("-", "")[4:]]
    once, twice = list(code), list(code)
    once[3] ^= 5
    twice[3] ^= 5
    twice[9] ^= 1
    assert _one_typo_away(once) and not _one_typo_away(twice)


def test_every_single_wrong_character_of_one_code_is_caught() -> None:
    """Exhaustively, for one code: every position, every other symbol."""
    for at in _positions(CODE):
        for typed in SYMBOLS:
            if typed != CODE[at]:
                with pytest.raises(InviteError) as caught:
                    decode(CODE[:at] + typed + CODE[at + 1 :])
                assert caught.value.key == "remote.invite.checksum"


@settings(max_examples=100)
@given(invites, st.data())
def test_two_neighbours_swapped_are_caught(invite: Invite, data: st.DataObject) -> None:
    flat = encode(invite).replace("-", "")
    at = data.draw(st.integers(4, len(flat) - 2))
    if flat[at] == flat[at + 1]:
        return
    swapped = flat[:at] + flat[at + 1] + flat[at] + flat[at + 2 :]
    with pytest.raises(InviteError):
        decode(swapped[:4] + "-" + swapped[4:])


@pytest.mark.parametrize("cut", [1, 5, 12])
def test_a_dropped_or_extra_character_is_caught(cut: int) -> None:
    flat = CODE.replace("-", "")
    at = len(flat) - cut
    for changed in (flat[:at] + flat[at + 1 :], flat[:at] + "7" + flat[at:]):
        with pytest.raises(InviteError) as caught:
            decode(changed[:4] + "-" + changed[4:])
        assert caught.value.key in (
            "remote.invite.checksum",
            "remote.invite.garbled",
            "remote.invite.short",
        )


def test_every_cut_of_one_code_is_reported_as_cut_short() -> None:
    """Issue 36: a code copied or scanned in part says so, not "not an invite" nor "a typo"."""
    for end in range(len("TTC1-"), len(CODE)):
        with pytest.raises(InviteError) as caught:
            decode(CODE[:end])
        assert caught.value.key == "remote.invite.short", (end, CODE[:end])


@settings(max_examples=100)
@given(invites, st.data())
def test_any_code_cut_short_is_reported_as_cut_short(invite: Invite, data: st.DataObject) -> None:
    code = encode(invite)
    end = data.draw(st.integers(len("TTC1-"), len(code) - 1))
    with pytest.raises(InviteError) as caught:
        decode(code[:end])
    assert caught.value.key == "remote.invite.short"


def test_the_invite_link_reads_as_its_code() -> None:
    url = link(CODE, "http://127.0.0.1:8000/table")
    assert url == "http://127.0.0.1:8000/table#join=" + CODE
    assert decode(url) == INVITE
    with pytest.raises(InviteError) as caught:
        decode(url[:-9])  # the link cut short in a message
    assert caught.value.key == "remote.invite.short"


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "remote.invite.garbled"),
        ("hello", "remote.invite.garbled"),
        ("TTC1-", "remote.invite.short"),  # the start of a code only
        ("TTC1-ABCDE", "remote.invite.short"),
        ("TTC1-AB\u00e9CD-EFGHJ-KMNPQ", "remote.invite.garbled"),
        ("TTC2-ABCDE-FGHJK-MNPQR", "remote.invite.version"),
        ("ttc9 abcde", "remote.invite.version"),
        ("TTC1-" + "A" * 2000, "remote.invite.garbled"),
    ],
)
def test_bad_codes_name_what_is_wrong(text: str, key: str) -> None:
    with pytest.raises(InviteError) as caught:
        decode(text)
    assert caught.value.key == key


def test_a_code_with_a_good_checksum_over_nonsense_is_garbled() -> None:
    """A code some other program made (right checksum, wrong contents) is not an invite."""
    from companion.remote.invite import _Bits, _check

    body = [31] * 20
    check = _Bits()
    check.put(_check(body), 35)
    text = "".join(SYMBOLS[s] for s in body + check.symbols())
    with pytest.raises(InviteError) as caught:
        decode("TTC1-" + text)
    assert caught.value.key == "remote.invite.garbled"


def test_an_invite_can_not_carry_a_file_of_this_machine(tmp_path: object) -> None:
    from pathlib import Path

    access = BrokerAccess("b.example", 8883, "guest", "pw", "room", None, cafile=Path("ca.pem"))
    with pytest.raises(ValueError, match="pin"):
        Invite(access, "B", "nonce", "dreamblade")


def test_an_invite_without_a_pin_trusts_the_system_authorities() -> None:
    access = BrokerAccess("mqtt.example.net", 8883, "alice-guest", "s3cret", "alice/ttc", None)
    invite = Invite(access, "B", "n1", "dreamblade")
    assert decode(encode(invite)).access.pin is None
    assert len(encode(invite)) < len(CODE)


def test_tokens_and_host_names_pack_small_and_come_back() -> None:
    """A ``token_urlsafe`` nonce (``_``) and a dotted host pack 6 bits a character."""
    access = BrokerAccess("play.example.org", 8883, "guest", "pw", "ttc-1", None)
    packed = Invite(access, "B", "Ab_9-x_Y", "dreamblade")
    assert decode(encode(packed)) == packed
    spelled = Invite(access, "B", "Ab_9-x.Y", "dreamblade")  # both '_' and '.': as UTF-8
    assert decode(encode(spelled)) == spelled
    assert len(encode(packed)) < len(encode(spelled))
