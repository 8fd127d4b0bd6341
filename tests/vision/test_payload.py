import pytest
import segno
from hypothesis import given, settings
from hypothesis import strategies as st

from vision.board_change import TagId
from vision.payload import (
    MAX_SERIAL,
    TABLE_KEYS,
    PayloadError,
    TableSerial,
    encode_payload,
    encode_table_payload,
    parse_payload,
)

catalog_ids = st.from_regex(r"[A-Za-z0-9._-]{1,24}", fullmatch=True)


@given(st.sampled_from(["db", "dc", "ar"]), catalog_ids, st.integers(1, 999))
def test_payload_round_trips(game: str, catalog_id: str, serial: int) -> None:
    tag = TagId(game, catalog_id, serial)
    assert parse_payload(encode_payload(tag)) == tag


def test_payload_form_is_version_game_catalog_serial() -> None:
    assert encode_payload(TagId("db", "B45", 3)) == "1DBB45:3"


@pytest.mark.parametrize("catalog_id", ["B45", "NF-12", "ABCDEFGHIJKL"])
def test_short_upper_case_ids_fit_qr_version_1_m_and_micro_qr(catalog_id: str) -> None:
    payload = encode_payload(TagId("db", catalog_id, 12))
    assert segno.make_qr(payload, error="m", boost_error=False).version == 1
    assert segno.make_micro(payload).is_micro


@pytest.mark.parametrize(
    "text",
    [
        "",
        "hello",
        "3DBB45:3",
        "1XXB45:3",
        "1DBB45",
        "1DBB45:0",
        "1DBB45:1000",
        "1DBB 45:3",
        "1DB:3",
    ],
)
def test_foreign_or_garbled_text_is_rejected(text: str) -> None:
    with pytest.raises(PayloadError):
        parse_payload(text)


@pytest.mark.parametrize(
    "tag",
    [TagId("xx", "B1", 1), TagId("db", "has space", 1), TagId("db", "B1", 0), TagId("db", "", 1)],
)
def test_encoding_a_bad_tag_is_refused(tag: TagId) -> None:
    with pytest.raises(ValueError):
        encode_payload(tag)


# -- version 2: the table's key and a serial ----------------------------------------------------


@settings(deadline=None)
@given(st.integers(0, TABLE_KEYS - 1), st.integers(0, MAX_SERIAL))
def test_table_payload_round_trips_and_fits_qr_version_1_at_every_error_level(
    key: int, serial: int
) -> None:
    code = TableSerial(key, serial)
    text = encode_table_payload(code)
    assert parse_payload(text) == code
    for error in "lmqh":
        assert segno.make_qr(text, error=error, boost_error=False).version == 1
    assert segno.make_micro(text).is_micro


def test_table_payload_form_is_version_key_serial() -> None:
    assert encode_table_payload(TableSerial(7, 13)) == "2T07-13"


@pytest.mark.parametrize("text", ["2T7-13", "2T20-1", "2T07-", "2T07-013", "2T07-1000", "2t07-1"])
def test_garbled_table_payloads_are_rejected(text: str) -> None:
    with pytest.raises(PayloadError):
        parse_payload(text)


@pytest.mark.parametrize("code", [TableSerial(20, 1), TableSerial(-1, 1), TableSerial(0, 1000)])
def test_encoding_a_bad_table_serial_is_refused(code: TableSerial) -> None:
    with pytest.raises(ValueError):
        encode_table_payload(code)
