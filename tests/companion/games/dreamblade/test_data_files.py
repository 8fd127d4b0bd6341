import pytest

from companion.errors import DataFileError
from companion.games.dreamblade import data_files


def test_read_yaml_mapping(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text("a: 1\nb: [x, y]\n", encoding="utf-8")
    assert data_files.read_yaml_mapping(path) == {"a": 1, "b": ["x", "y"]}


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"a: [1\n", "valid YAML"),
        (b"- 1\n- 2\n", "mapping at the top level"),
        (b"", "mapping at the top level"),
        (b"a: \xff\xfe\n", "UTF-8 text"),
        (b"a: !!python/object:os.system ls\n", "valid YAML"),
    ],
)
def test_read_yaml_mapping_errors(tmp_path, content, expected):
    path = tmp_path / "bad.yaml"
    path.write_bytes(content)
    with pytest.raises(DataFileError) as info:
        data_files.read_yaml_mapping(path)
    assert info.value.path == str(path)
    assert expected in info.value.expected


def test_check_header():
    data_files.check_header("f", {"format": "x", "version": 1}, "x", 1)
    with pytest.raises(DataFileError, match="'x'") as info:
        data_files.check_header("f", {"format": "y", "version": 1}, "x", 1)
    assert info.value.field == "format"
    with pytest.raises(DataFileError) as info:
        data_files.check_header("f", {"format": "x"}, "x", 1)
    assert info.value.field == "version"


def test_check_keys_names_missing_then_unexpected():
    data_files.check_keys("f", "m", {"a": 1, "b": 2}, required={"a"}, optional={"b"})
    with pytest.raises(DataFileError) as info:
        data_files.check_keys("f", "m", {"b": 2}, required={"a"}, optional={"b"})
    assert (info.value.field, info.value.expected) == ("m.a", "this field (it is required)")
    with pytest.raises(DataFileError) as info:
        data_files.check_keys("f", "", {"a": 1, "c": 3}, required={"a"}, optional={"b"})
    assert info.value.field == "c"
    assert "a, b" in info.value.expected


@pytest.mark.parametrize(("value", "result"), [(0, 0), (7, 7), (None, None), ("unknown", None)])
def test_int_or_unknown(value, result):
    assert data_files.int_or_unknown("f", "x", value) == result


@pytest.mark.parametrize("value", [-1, True, 2.0, "7", "?"])
def test_int_or_unknown_rejects(value):
    with pytest.raises(DataFileError, match="integer ≥ 0 or 'unknown'"):
        data_files.int_or_unknown("f", "x", value)


def test_text_field_strips_and_rejects_blank():
    assert data_files.text_field("f", "name", "  Sir  ") == "Sir"
    for bad in ("", "   ", None, 3):
        with pytest.raises(DataFileError, match="non-empty text"):
            data_files.text_field("f", "name", bad)
