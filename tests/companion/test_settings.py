from pathlib import Path

import pytest

from companion.errors import DataFileError
from companion.games import configured_kit, settings_sections
from companion.games.dreamblade.config_section import dreamblade_section
from companion.settings import Settings
from companion.settings import load_settings as load_with


def load_settings(path: Path | None, environ: dict[str, str]) -> Settings:
    """As the commands load a config: with the games' own sections its kits declare."""
    return load_with(path, environ, game_sections=settings_sections())


def test_defaults_need_no_file(tmp_path: Path):
    settings = load_settings(None, environ={"COMPANION_HOME": str(tmp_path)})
    assert settings.game is None and configured_kit(settings).name == "dreamblade"
    assert dreamblade_section(settings).map == "default"
    assert settings.seats["A"].colour == "#0072B2"
    assert settings.lights.backend == "auto"


def test_environment_overrides_the_devices(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text("lights:\n  backend: ws281x\ncamera:\n  source: opencv:0\n")
    settings = load_settings(
        config, environ={"COMPANION_LIGHTS": "virtual", "COMPANION_CAMERA": "synth:demo"}
    )
    assert settings.lights.backend == "virtual"
    assert settings.camera.source == "synth:demo"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("panel:\n  port: 99999\n", "panel.port"),
        ("lights:\n  backend: neon\n", "lights.backend"),
        ("camera:\n  source: webcam\n", "camera.source"),
        ("seats:\n  A: {name: Ann, colour: blue}\n", "seats.A.colour"),
        ("panel:\n  prot: 80\n", "panel.prot"),
        ("panel:\n  judge_pin: '12ab'\n", "panel.judge_pin"),
        ("panel:\n  judge_pin: '2468'\n", "panel.judge_pin"),  # too short: see web_panel/judge.py
        ("dreambalde:\n  map: default\n", "dreambalde"),  # no game's section
        ("dreamblade:\n  mapp: default\n", "dreamblade.mapp"),  # checked by the kit's model
        ("dreamblade:\n  tournament_rule_430: maybe\n", "dreamblade.tournament_rule_430"),
        ("dreamblade: [default]\n", "dreamblade"),
    ],
)
def test_a_bad_field_is_named(tmp_path: Path, text: str, field: str):
    config = tmp_path / "table.yaml"
    config.write_text(text)
    with pytest.raises(DataFileError) as err:
        load_settings(config, environ={})
    assert err.value.field == field
    assert str(config) in str(err.value)


def test_a_games_own_section_is_read_by_its_kits_model(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text(
        "game: dreamblade\ndreamblade:\n  map: tinymap\n  tournament_rule_430: true\n"
    )
    settings = load_settings(config, environ={})
    section = dreamblade_section(settings)
    assert (section.map, section.tournament_rule_430) == ("tinymap", True)
    assert configured_kit(settings).settings_section is type(section)
    # the sections come from the kits: a loader handed none knows no ``dreamblade:`` section
    with pytest.raises(DataFileError) as err:
        load_with(config, {}, game_sections={})
    assert (err.value.field, err.value.expected) == ("dreamblade", "Extra inputs are not permitted")


@pytest.mark.parametrize("text", ["lights: [1, 2\n", "- just\n- a list\n"])
def test_a_corrupt_file_is_refused(tmp_path: Path, text: str):
    config = tmp_path / "table.yaml"
    config.write_text(text)
    with pytest.raises(DataFileError, match=r"table\.yaml"):
        load_settings(config, environ={})


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe", "UTF-8 text"),
        (b"lights:\n  backend: [virtual\n", "valid YAML (line 3, column 1:"),
        (b"panel:\n\tport: 80\n", "valid YAML (line 2, column 1: found character '\\t'"),
        (b"- a\n- list\n", "a mapping at the top level"),
        (b"panel:\n  port: many\n", "panel.port: Input should be a valid integer"),
    ],
)
def test_a_config_error_is_one_clear_line(tmp_path: Path, content: bytes, expected: str):
    """Finding 11: a binary config file gave a traceback."""
    config = tmp_path / "table.yaml"
    config.write_bytes(content)
    with pytest.raises(DataFileError) as err:
        load_settings(config, environ={})
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"{config}: ")
    assert expected in message


def test_an_empty_config_warns(tmp_path: Path, caplog: pytest.LogCaptureFixture):
    config = tmp_path / "table.yaml"
    config.write_text("# nothing set yet\n")
    settings = load_settings(config, environ={"COMPANION_HOME": str(tmp_path)})
    assert configured_kit(settings).name == "dreamblade"
    assert f"{config} is empty" in caplog.text


def test_a_missing_file_is_refused(tmp_path: Path):
    with pytest.raises(DataFileError, match="a readable file"):
        load_settings(tmp_path / "nope.yaml", environ={})


def test_the_shipped_example_config_is_valid():
    example = Path(__file__).parents[2] / "setup" / "table.example.yaml"
    settings = load_settings(example, environ={})
    assert settings.lights.layout == "matrix16x16"
    assert settings.panel.host == "0.0.0.0"


def test_a_seat_may_be_named_in_each_language():
    from companion.settings import SeatSettings

    seat = SeatSettings.model_validate(
        {"name": "Ben Sato", "colour": "#E69F00", "names": {"ja": "佐藤ベン"}}
    )
    assert (seat.name, seat.names) == ("Ben Sato", {"ja": "佐藤ベン"})
    assert SeatSettings(name="Ben", colour="#E69F00").names == {}
    for bad in ({"fr": "Ben"}, {"ja": ""}, {"ja": "x" * 41}):
        with pytest.raises(ValueError):
            SeatSettings.model_validate({"name": "Ben", "colour": "#E69F00", "names": bad})


def test_the_default_seats_are_named_in_each_language_and_typed_names_as_typed():
    from companion.settings import SeatSettings, Settings

    seats = Settings().seats
    assert [seats[s].name_in("en") for s in "AB"] == ["Player A", "Player B"]
    assert [seats[s].name_in("ja") for s in "AB"] == ["プレイヤーA", "プレイヤーB"]
    typed = SeatSettings(name="Ben", colour="#E69F00")
    assert (typed.name_in("en"), typed.name_in("ja")) == ("Ben", "Ben")


REMOTE = (
    "remote:\n  broker_host: broker.example.org\n  room: ana/ttc\n  host_username: ana-host\n"
    "  host_password: pw1\n  guest_username: ana-guest\n  guest_password: pw2\n"
)


def test_a_remote_section_is_read_whole(tmp_path: Path):
    config = tmp_path / "table.yaml"
    config.write_text(REMOTE + "  pin: " + "ab" * 32 + "\n")
    remote = load_settings(config, environ={}).remote
    assert remote.configured
    assert (remote.broker_port, remote.seat, remote.pin) == (8883, "B", "ab" * 32)
    assert not load_settings(None, environ={}).remote.configured  # a table on its own


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("remote:\n  broker_host: broker.example.org\n", "together"),  # an account missing
        (REMOTE + "  pin: " + "ab" * 32 + "\n  cafile: /etc/ca.pem\n", "not both"),
        (REMOTE.replace("ana/ttc", "'a b'"), "remote.room"),
        (REMOTE + "  broker_port: 0\n", "broker_port"),
    ],
)
def test_a_remote_section_in_part_or_both_pin_and_cafile_is_refused(
    tmp_path: Path, text: str, problem: str
):
    config = tmp_path / "table.yaml"
    config.write_text(text)
    with pytest.raises(DataFileError, match=problem):
        load_settings(config, environ={})


def test_the_computer_seat_is_named_with_its_level(tmp_path: Path):
    config = tmp_path / "companion.yaml"
    config.write_text("computer:\n  seat: B\n  level: strong\n  think_seconds: 0.5\n")
    chosen = load_settings(config, environ={}).computer
    assert (chosen.seat, chosen.level, chosen.think_seconds) == ("B", "strong", 0.5)
    assert load_settings(None, environ={"COMPANION_HOME": str(tmp_path)}).computer.seat is None
    config.write_text("computer:\n  seat: B\n  level: grandmaster\n")
    with pytest.raises(DataFileError, match=r"computer\.level"):
        load_settings(config, environ={})
