from pathlib import Path

import pytest

from companion.camera.reading import tag_reading
from companion.errors import DataFileError
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
