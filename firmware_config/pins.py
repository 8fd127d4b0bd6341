"""GPIO pins of one table (LED data line, buttons) and the boot configuration each LED backend
needs, loaded from ``pins.yaml`` and ``boot_overlays.yaml`` beside this module."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.errors import DataFileError
from companion.yaml_files import read_yaml_mapping

PINS_FILE = Path(__file__).with_name("pins.yaml")
OVERLAYS_FILE = Path(__file__).with_name("boot_overlays.yaml")

# rpi_ws281x: which GPIOs drive WS281x and through which peripheral / PWM channel.
_WS281X_ROUTES = {12: ("pwm", 0), 18: ("pwm", 0), 13: ("pwm", 1), 19: ("pwm", 1)}
_WS281X_ROUTES |= {10: ("spi", 0), 21: ("pcm", 0)}


@dataclass(frozen=True)
class LedPins:
    data_pin: int
    dma: int
    freq_hz: int
    invert: bool

    @property
    def ws281x_route(self) -> tuple[str, int]:
        """(peripheral, PWM channel) rpi_ws281x uses for ``data_pin``; ValueError if it can't."""
        if self.data_pin not in _WS281X_ROUTES:
            usable = ", ".join(str(pin) for pin in sorted(_WS281X_ROUTES))
            raise ValueError(f"rpi_ws281x cannot drive GPIO {self.data_pin}; use one of {usable}")
        return _WS281X_ROUTES[self.data_pin]


@dataclass(frozen=True)
class ButtonPins:
    confirm: int
    undo: int
    hold_seconds: float
    bounce_seconds: float


@dataclass(frozen=True)
class Pins:
    leds: LedPins
    buttons: ButtonPins


@dataclass(frozen=True)
class BootLine:
    line: str
    why: str


@dataclass(frozen=True)
class BootNeeds:
    """What one LED backend needs in config.txt / cmdline.txt, and notes for the installer."""

    backend: str
    config_txt: tuple[BootLine, ...]
    cmdline_txt: tuple[BootLine, ...]
    notes: tuple[str, ...]


def load_pins(path: str | Path = PINS_FILE) -> Pins:
    data = read_yaml_mapping(path)
    leds = _section(data, "leds", path)
    buttons = _section(data, "buttons", path)
    pins = Pins(
        leds=LedPins(
            data_pin=_int(leds, "data_pin", path, "leds", 0, 53),
            dma=_int(leds, "dma", path, "leds", 0, 14),
            freq_hz=_int(leds, "freq_hz", path, "leds", 400_000, 800_000),
            invert=_bool(leds, "invert", path, "leds"),
        ),
        buttons=ButtonPins(
            confirm=_int(buttons, "confirm", path, "buttons", 0, 53),
            undo=_int(buttons, "undo", path, "buttons", 0, 53),
            hold_seconds=_float(buttons, "hold_seconds", path, "buttons", 0.1, 30),
            bounce_seconds=_float(buttons, "bounce_seconds", path, "buttons", 0, 1),
        ),
    )
    used = [pins.leds.data_pin, pins.buttons.confirm, pins.buttons.undo]
    if len(set(used)) != len(used):
        raise DataFileError(path, "buttons", f"distinct GPIO pins, got {used}")
    return pins


BOOT_BACKENDS = ("ws281x", "pi5", "ws2812-pio")
WS2812_PIO_GPIOS = range(0, 28)  # the overlay drives RP1 bank 0 only


def boot_needs(
    data_pin: int, backend: str, led_count: int | None = None, path: str | Path = OVERLAYS_FILE
) -> BootNeeds:
    """Boot configuration for ``backend`` (one of :data:`BOOT_BACKENDS`) driving ``data_pin``;
    ``ws2812-pio`` also needs the chain's ``led_count`` (its overlay's ``num_leds``)."""
    data = read_yaml_mapping(path)
    if backend == "pi5":
        key = "pi5"
    elif backend == "ws281x":
        peripheral, _ = LedPins(data_pin, 10, 800_000, False).ws281x_route
        key = f"ws281x_{peripheral}"
    elif backend == "ws2812-pio":
        if data_pin not in WS2812_PIO_GPIOS:
            raise ValueError(f"the ws2812-pio overlay drives GPIO 0-27, not GPIO {data_pin}")
        if led_count is None or led_count < 1:
            raise ValueError("the ws2812-pio overlay needs the number of LEDs of the layout")
        key = "ws2812_pio"
    else:
        choices = ", ".join(BOOT_BACKENDS)
        raise ValueError(f"no boot configuration for backend {backend!r} ({choices})")
    entry = _section(data, key, path)
    values = {"gpio": data_pin, "num_leds": led_count}
    return BootNeeds(
        backend=key,
        config_txt=_filled(_boot_lines(entry, "config_txt", path, key), values),
        cmdline_txt=_filled(_boot_lines(entry, "cmdline_txt", path, key), values),
        notes=tuple(str(note) for note in entry.get("notes", [])),
    )


def _filled(lines: tuple[BootLine, ...], values: dict[str, int | None]) -> tuple[BootLine, ...]:
    return tuple(BootLine(line.line.format_map(values), line.why) for line in lines)


def _boot_lines(
    entry: dict[str, Any], key: str, path: str | Path, section: str
) -> tuple[BootLine, ...]:
    items = entry.get(key, [])
    if not isinstance(items, list) or not all(
        isinstance(item, dict) and isinstance(item.get("line"), str) for item in items
    ):
        raise DataFileError(path, f"{section}.{key}", "a list of {line, why} mappings")
    return tuple(BootLine(item["line"], str(item.get("why", ""))) for item in items)


def _section(data: dict[str, Any], key: str, path: str | Path) -> dict[str, Any]:
    value = data.get(key)
    if not isinstance(value, dict):
        raise DataFileError(path, key, "a mapping")
    return value


def _int(
    data: dict[str, Any], key: str, path: str | Path, section: str, low: int, high: int
) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise DataFileError(path, f"{section}.{key}", f"an integer {low}..{high}, got {value!r}")
    return value


def _float(
    data: dict[str, Any], key: str, path: str | Path, section: str, low: float, high: float
) -> float:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high:
        raise DataFileError(path, f"{section}.{key}", f"a number {low:g}..{high:g}, got {value!r}")
    return float(value)


def _bool(data: dict[str, Any], key: str, path: str | Path, section: str) -> bool:
    value = data.get(key)
    if not isinstance(value, bool):
        raise DataFileError(path, f"{section}.{key}", f"true or false, got {value!r}")
    return value
