import pytest
import segno
from hypothesis import given
from hypothesis import strategies as st

from vision.board_change import TagId
from vision.payload import PayloadError, encode_payload, parse_payload

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
        "2DBB45:3",
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
