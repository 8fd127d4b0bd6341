from pathlib import Path

import pytest

from companion.camera.reading import LeftOut, TableReading, at_seat, tag_reading
from companion.errors import DataFileError
from companion.table.seated_labels import clear_seated, save_seated
from companion.table.session import Session
from companion.table.store import Store
from tests.vision.conftest import code_image
from vision.board_change import TagId
from vision.payload import TableSerial, encode_payload, encode_table_payload
from vision.registration import LabelRegistration
from vision.symbols import qr_modules
from vision.tags import MarkerReader, ZxingReader

B45 = TagId("db", "B45", 1)


def _read(path: Path | None, text: str) -> tuple[list[TagId], list[int | None]]:
    found = tag_reading("zxing", path).reader.read(code_image(qr_modules(text)))
    return [s.tag for s in found.sightings], [f.key for f in found.foreign]


def test_without_a_registration_older_stickers_name_their_miniature() -> None:
    reading = tag_reading("zxing", None)
    assert isinstance(reading.reader, ZxingReader) and reading.config.carrier is None
    assert _read(None, encode_payload(B45)) == ([B45], [])
    assert _read(None, encode_table_payload(TableSerial(4, 0))) == ([], [4])


def test_a_qr_registration_reads_its_key_and_flags_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "tags.markers.yaml"
    path.write_text(LabelRegistration("qr", {0: B45}, 4).to_yaml())
    assert tag_reading("zxing", path).min_codes == 1
    assert _read(path, encode_table_payload(TableSerial(4, 0))) == ([B45], [])
    assert _read(path, encode_table_payload(TableSerial(5, 0))) == ([], [5])
    assert _read(path, encode_payload(B45)) == ([], [None])


def test_a_carrier_registration_reads_carriers(tmp_path: Path) -> None:
    path = tmp_path / "carriers.markers.yaml"
    path.write_text(LabelRegistration("aruco4x4", {0: B45}, 4).to_yaml())
    reading = tag_reading("zxing", path)
    assert isinstance(reading.reader, MarkerReader)
    assert reading.config.carrier is not None and reading.min_codes == 2
    path.write_text("family: aruco4x4\nkey: 30\nserials: {}\n")
    with pytest.raises(DataFileError):
        tag_reading("zxing", path)


# -- a tournament table: its own carriers and the seated players' --------------------------------

ANN = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1), 1: TagId("db", "Z12", 2)}, 3)
BEN = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 101), 3: TagId("db", "C7", 1)}, 8)


def test_the_seated_players_tags_become_their_seats_serials() -> None:
    assert at_seat(ANN, "A").serials == ANN.serials
    # seat B's copy k is serial 100 + k, whichever seat the sheet was printed for
    assert at_seat(ANN, "B").serials == {0: TagId("db", "B45", 101), 1: TagId("db", "Z12", 102)}
    assert at_seat(BEN, "A").serials == {0: TagId("db", "B45", 1), 3: TagId("db", "C7", 1)}
    clash = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1), 1: TagId("db", "B45", 101)})
    with pytest.raises(ValueError):
        at_seat(clash, "A")  # copy 1 twice


def test_a_table_reads_its_own_and_the_seated_players_keys(tmp_path: Path) -> None:
    path = tmp_path / "carriers.markers.yaml"
    path.write_text(LabelRegistration("aruco4x4", {0: TagId("db", "D1", 1)}, 5).to_yaml())
    qr = LabelRegistration("qr", {0: TagId("db", "Q1", 1)}, 9)
    reading = tag_reading("zxing", path, {"A": ANN, "B": BEN})
    registration = reading.reader._registration  # type: ignore[attr-defined]
    assert registration.keys == {3, 5, 8} and reading.min_codes == 2
    assert registration.tag_for(TableSerial(8, 0)) == TagId("db", "B45", 101)
    assert registration.tag_for(TableSerial(5, 0)) == TagId("db", "D1", 1)
    # a QR sheet is left out: this table reads carriers
    mixed = tag_reading("zxing", path, {"A": ANN, "B": qr}).reader
    assert mixed._registration.keys == {3, 5}  # type: ignore[attr-defined]
    assert registration.tag_for(TableSerial(3, 1)) == TagId("db", "Z12", 2)
    # without a registration of its own, the players' family is read
    alone = tag_reading("zxing", None, {"B": BEN}).reader
    assert isinstance(alone, MarkerReader)


def test_the_table_reading_follows_the_seated_players(tmp_path: Path) -> None:
    session = Session(Store(tmp_path / "table.sqlite"))
    labels = TableReading("zxing", None, session)
    first = labels.current()
    assert isinstance(first.reader, ZxingReader) and labels.current() is first
    save_seated(session, 4, {"A": ANN, "B": BEN})
    paired = labels.current()
    assert paired is not first and isinstance(paired.reader, MarkerReader)
    save_seated(session, 4, {"A": ANN, "B": BEN})  # the same pairing again: nothing changes
    assert labels.current() is paired
    clear_seated(session)  # no pairing here any more: the players' keys are read no more
    assert isinstance(labels.current().reader, ZxingReader)


def test_a_left_out_registration_is_listed_with_its_seat_and_why(tmp_path: Path) -> None:
    path = tmp_path / "carriers.markers.yaml"
    path.write_text(LabelRegistration("aruco4x4", {0: TagId("db", "D1", 1)}, 5).to_yaml())
    qr = LabelRegistration("qr", {0: TagId("db", "Q1", 1)}, 9)
    assert tag_reading("zxing", path, {"A": ANN, "B": BEN}).left_out == ()
    mixed = tag_reading("zxing", path, {"A": ANN, "B": qr})
    assert mixed.left_out == (LeftOut("B", "family", "qr", "aruco4x4"),)
    # the reverse: carriers at a table that reads QR stickers
    qr_path = tmp_path / "tags.markers.yaml"
    qr_path.write_text(LabelRegistration("qr", {0: B45}, 4).to_yaml())
    reverse = tag_reading("zxing", qr_path, {"A": ANN, "B": qr})
    assert reverse.left_out == (LeftOut("A", "family", "aruco4x4", "qr"),)
    assert isinstance(reverse.reader, ZxingReader)  # seat B's QR stickers are still read
    # without a table registration, seat A's family is read and seat B's other one left out
    assert tag_reading("zxing", None, {"A": qr, "B": BEN}).left_out == (
        LeftOut("B", "family", "aruco4x4", "qr"),
    )
    clash = LabelRegistration("aruco4x4", {0: TagId("db", "B45", 1), 1: TagId("db", "B45", 101)})
    assert tag_reading("zxing", path, {"A": clash}).left_out == (LeftOut("A", "clash", "aruco4x4"),)


def test_a_left_out_registration_is_said_in_words_naming_the_player() -> None:
    said = LeftOut("B", "family", "qr", "aruco4x4").describe("Ben Sato")
    assert said == (
        "Ben Sato's labels (seat B) are QR stickers, but this table reads carriers: the camera "
        "does not read their miniatures"
    )
    assert "Ann" in LeftOut("A", "clash", "aruco4x4").describe("Ann")
    assert LeftOut("A", "clash", "aruco4x4").to_json() == {
        "seat": "A", "reason": "clash", "family": "aruco4x4", "reads": None
    }  # fmt: skip
