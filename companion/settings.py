"""The table's configuration: one validated model, loaded from YAML, overridable by environment.

A corrupt or mistyped config fails with one line naming the file, the field (or the line) and what
was expected, before anything starts; an empty config file is warned about (defaults are used).
Environment variables override the device choices: ``COMPANION_LIGHTS``, ``COMPANION_CAMERA``.

A game may have a section of its own, named after it (``<game>:``): its kit declares the
section's model (``GameKit.settings_section``) and whoever loads a config hands those models to
:func:`load_settings` (``companion.games.settings_sections``), which checks the sections with them
and refuses any other unknown section; the game reads its section with
:meth:`Settings.game_section`. ``game`` unset is the first game the house lists
(``companion.games.configured_kit``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    model_validator,
)

from companion.errors import DataFileError
from companion.yaml_files import read_yaml

log = logging.getLogger(__name__)

HEX_COLOUR = r"^#[0-9A-Fa-f]{6}$"
# What a table does when the round clock runs out (see companion/table/clock.py).
AtTime = Literal["notify_only", "leader_wins", "finish_turn"]


def default_data_dir() -> Path:
    """Where the store, the imported catalog and the calibration live."""
    if "COMPANION_HOME" in os.environ:
        return Path(os.environ["COMPANION_HOME"])
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "companion"


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# The languages the phones are written in; a seat may be named differently in each.
Language = Literal["en", "ja"]
SeatName = Annotated[str, Field(min_length=1, max_length=40)]


class SeatSettings(_Section):
    name: SeatName
    colour: str = Field(pattern=HEX_COLOUR)
    # The player's name as a phone in another language shows it (``{"ja": "佐藤ベン"}``); a
    # language not given shows ``name``.
    names: dict[Language, SeatName] = Field(default_factory=dict)

    def name_in(self, language: str) -> str:
        """The player's name as a phone in ``language`` shows it."""
        return self.names.get(language, self.name)  # type: ignore[call-overload]


def default_seats() -> dict[str, SeatSettings]:
    # Okabe–Ito blue and orange: told apart with every common colour-vision deficiency. Nobody
    # typed these names, so each language has its own.
    return {
        "A": SeatSettings(name="Player A", colour="#0072B2", names={"ja": "プレイヤーA"}),
        "B": SeatSettings(name="Player B", colour="#E69F00", names={"ja": "プレイヤーB"}),
    }


class LightsSettings(_Section):
    backend: Literal["auto", "ws281x", "pi5", "ws2812-pio", "virtual"] = "auto"
    layout: str = "matrix16x16"


class CameraSettings(_Section):
    source: str = "auto"
    tag_family: Literal["qr", "aruco4x4", "apriltag36h11"] = "qr"
    decoder: Literal["zxing", "pyzbar"] = "zxing"
    # the label registration `companion labels tags` wrote beside the printed tags (the table's
    # key, serial → tag): set, the camera reads those carriers or QR stickers and flags other
    # tables'; unset, the older QR stickers that name their miniature
    markers: Path | None = None
    # The map the camera reads for a game on squares (columns, rows) or hexes (columns, rows,
    # hex_mm, orientation, glyph_hexes, scoring_hexes); checked by companion/camera/profiles.py
    battlefield: dict[str, Any] = Field(default_factory=dict)

    @field_validator("source")
    @classmethod
    def _known_source(cls, value: str) -> str:
        kind = value.split(":", 1)[0]
        if kind not in {"auto", "picamera2", "opencv", "file", "synth"}:
            raise ValueError("expected auto, picamera2, opencv:N, file:PATH or synth:SCRIPT")
        return value


class PanelSettings(_Section):
    # Every interface: phones on the table's network join; seats are protected by their tokens.
    host: str = "0.0.0.0"
    port: int = Field(default=8000, ge=1, le=65535)
    # 6 to 12 digits (web_panel/judge.py: what guessing costs); none: set on the table's screen
    judge_pin: str | None = Field(default=None, pattern=r"^[0-9]{6,12}$")


class BroadcastSettings(_Section):
    # a table's own public spectator page and stream overlay (``/broadcast``, ``/overlay/<table>``)
    enabled: bool = False
    # seconds the broadcast runs behind the table (0: as it happens, for a game at home)
    delay_seconds: int = Field(default=0, ge=0, le=3600)


class ClockSettings(_Section):
    round_minutes: int | None = Field(default=None, ge=1, le=600)
    warn_minutes: tuple[int, ...] = (10, 5, 1)
    # What happens at time: players reported "the one ahead wins", but no policy text confirms it.
    at_time: AtTime = "notify_only"


class ComputerSeatSettings(_Section):
    """The seat the table plays itself (issue 35; ``companion.table.computer_seat``), if any."""

    seat: str | None = None
    level: Literal["easy", "normal", "strong"] = "normal"
    think_seconds: float = Field(default=1.0, gt=0, le=30)  # what a strong move may take
    # its spawns and moves wait for the players to carry its miniatures on the real map
    carried: bool = True
    # its dice: rolled by the table's virtual dice, or typed by the players from real dice
    dice: Literal["table", "typed"] = "table"


class HubSettings(_Section):
    mqtt_host: str | None = None
    mqtt_port: int = Field(default=1883, ge=1, le=65535)
    topic_prefix: str = Field(default="companion", pattern=r"^[A-Za-z0-9_-]{1,40}$")
    # The broker account of this table (its name is also its MQTT client id): `companion hub
    # broker` writes one per table. Without it the table connects anonymously.
    username: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_-]{1,40}$")
    password: str | None = Field(default=None, min_length=1, max_length=200)
    # The certificate authority that signed the broker's certificate: set, the link uses TLS.
    tls_ca: Path | None = None

    @model_validator(mode="after")
    def _password_with_username(self) -> HubSettings:
        if (self.username is None) != (self.password is None):
            raise ValueError("hub.username and hub.password go together")
        return self


class RemoteSettings(_Section):
    """A host table's remote-play broker (``companion remote broker`` writes this section as
    ``remote-host.yaml``): where it is, the room, the host's and the guest's accounts (the
    guest's travels in the invite code) and how to trust its certificate — a ``pin`` (SHA-256 of
    its self-signed certificate) or a ``cafile`` on this machine; neither: the system's CAs."""

    broker_host: str | None = Field(default=None, min_length=1, max_length=253)
    broker_port: int = Field(default=8883, ge=1, le=65535)
    room: str | None = Field(
        default=None, pattern=r"^[A-Za-z0-9_-]{1,40}(/[A-Za-z0-9_-]{1,40}){0,3}$"
    )
    host_username: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_.@-]{1,64}$")
    host_password: str | None = Field(default=None, min_length=1, max_length=200)
    guest_username: str | None = Field(default=None, pattern=r"^[A-Za-z0-9_.@-]{1,64}$")
    guest_password: str | None = Field(default=None, min_length=1, max_length=200)
    pin: str | None = Field(default=None, pattern=r"^[0-9A-Fa-f:]{64,95}$")
    cafile: Path | None = None
    seat: str = Field(default="B", pattern=r"^[A-Za-z0-9_-]{1,16}$")  # the seat the guest plays

    @property
    def configured(self) -> bool:
        """Everything a host needs is here (a broker, a room and both accounts)."""
        return None not in (
            self.broker_host, self.room, self.host_username, self.host_password,
            self.guest_username, self.guest_password,
        )  # fmt: skip

    @model_validator(mode="after")
    def _whole(self) -> RemoteSettings:
        given = (self.broker_host, self.room, self.host_username, self.host_password,
                 self.guest_username, self.guest_password)  # fmt: skip
        if any(v is not None for v in given) and not self.configured:
            raise ValueError(
                "remote needs broker_host, room, host_username, host_password, guest_username "
                "and guest_password together"
            )
        if self.pin is not None and self.cafile is not None:
            raise ValueError("remote: a pin or a cafile, not both")
        return self


GameSection = TypeVar("GameSection", bound=BaseModel)


class Settings(_Section):
    # the games' own sections (``<game>:``) are kept as read, checked by load_settings
    model_config = ConfigDict(extra="allow", frozen=True)

    table_name: str = "table-1"
    game: str | None = None  # None: the first game the house lists
    data_dir: Path = Field(default_factory=default_data_dir)
    seats: dict[str, SeatSettings] = Field(default_factory=default_seats)
    lights: LightsSettings = LightsSettings()
    camera: CameraSettings = CameraSettings()
    panel: PanelSettings = PanelSettings()
    clock: ClockSettings = ClockSettings()
    hub: HubSettings = HubSettings()
    remote: RemoteSettings = RemoteSettings()
    computer: ComputerSeatSettings = ComputerSeatSettings()
    broadcast: BroadcastSettings = BroadcastSettings()

    @property
    def store_path(self) -> Path:
        return self.data_dir / f"{self.table_name}.sqlite3"

    def game_section(self, game: str, model: type[GameSection]) -> GameSection:
        """Game ``game``'s own section of the config, read by ``model`` (its defaults when the
        config has none)."""
        return model.model_validate((self.model_extra or {}).get(game, {}))


def load_settings(
    path: str | Path | None = None,
    environ: dict[str, str] | None = None,
    *,
    game_sections: Mapping[str, type[BaseModel]],
) -> Settings:
    """Read the config file (if any), validate it, and apply the environment's device overrides.
    ``game_sections``: the games' own sections a config may have, by name, and their models."""
    env = os.environ if environ is None else environ
    data: dict[str, Any] = {}
    if path is not None:
        data = _read_yaml(Path(path))
    lights = dict(data.get("lights") or {})
    camera = dict(data.get("camera") or {})
    if env.get("COMPANION_LIGHTS"):
        lights["backend"] = env["COMPANION_LIGHTS"]
    if env.get("COMPANION_CAMERA"):
        camera["source"] = env["COMPANION_CAMERA"]
    if lights:
        data["lights"] = lights
    if camera:
        data["camera"] = camera
    where = path or "<environment>"
    try:
        settings = Settings.model_validate(data)
    except ValidationError as exc:
        raise _error(where, exc) from None
    for name, section in (settings.model_extra or {}).items():
        if name not in game_sections:
            raise DataFileError(where, name, "Extra inputs are not permitted")
        try:
            game_sections[name].model_validate(section)
        except ValidationError as exc:
            raise _error(where, exc, within=name) from None
    return settings


def _error(where: str | Path, exc: ValidationError, within: str | None = None) -> DataFileError:
    first = exc.errors()[0]
    field = ".".join(str(part) for part in ((within,) if within else ()) + tuple(first["loc"]))
    return DataFileError(where, field, first["msg"])


def _read_yaml(path: Path) -> dict[str, Any]:
    data: dict[str, Any] | None = read_yaml(path, dict, empty={})
    if not data:
        log.warning("%s is empty: the table runs on the default settings", path)
    return data or {}
