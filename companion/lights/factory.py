"""Choose the LED backend: the configured name, overridden by ``COMPANION_LIGHTS``.

``auto`` picks, on a Raspberry Pi 5, ``ws2812-pio`` when the kernel's overlay device
(``/dev/leds0``) is there and else ``pi5`` (the user-space PIO library); ``ws281x`` on older Pis
and ``virtual`` elsewhere. A missing library or device never stops the table: ``ws2812-pio`` falls
back to ``pi5``, and every backend at last to ``virtual``. Each backend passed over is a
``Fallback`` that says, in our words, why and how to fix it; the library's own message goes to the
log (info) only.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from companion.lights import ws2812_pio
from companion.lights.base import Lights
from companion.lights.virtual import VirtualLights
from firmware_config.layout import CompiledLayout
from firmware_config.pins import LedPins, load_pins

log = logging.getLogger(__name__)

ENV_VAR = "COMPANION_LIGHTS"
BACKENDS = ("auto", "virtual", "ws281x", "pi5", "ws2812-pio")
FALLBACK = {"ws2812-pio": "pi5"}  # tried before virtual when a backend cannot be opened
MODEL_FILE = Path("/proc/device-tree/model")

_FIXES = {
    ("ws281x", ImportError): "install it on the Pi with: pip install rpi_ws281x (the 'pi' extra)",
    ("ws281x", RuntimeError): (
        "PWM and PCM need root (run the table as root) and PWM needs dtparam=audio=off; "
        "or wire the data line to GPIO 10 and use SPI"
    ),
    ("pi5", ImportError): (
        "install it on the Pi 5 with: pip install Adafruit-Blinka-Raspberry-Pi5-Neopixel"
    ),
    ("pi5", RuntimeError): (
        "the RP1 PIO device /dev/pio0 is missing or not permitted: update Raspberry Pi OS and "
        "add the user to the gpio group"
    ),
    ("ws2812-pio", RuntimeError): (
        "load the kernel's overlay: companion leds boot-config --backend ws2812-pio prints the "
        "config.txt line (setup/install.sh adds it), then reboot"
    ),
}


_WHY = {
    ImportError: "its library is not installed here",
    ValueError: "firmware_config/pins.yaml is not valid",
    RuntimeError: "its device did not open",
}


@dataclass(frozen=True)
class Fallback:
    """A backend the table could not open: why (in our words), what it uses instead, the fix."""

    backend: str
    instead: str
    why: str
    fix: str

    def line(self) -> str:
        why, fix = self.why, self.fix
        return f"{self.backend} did not open ({why}); {self.instead} instead. To fix: {fix}"


def board_model(model_file: Path = MODEL_FILE) -> str:
    """The device-tree model string ("Raspberry Pi 5 Model B Rev 1.0"); empty off a Pi."""
    try:
        return model_file.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def detect_backend(model_file: Path = MODEL_FILE, leds_device: Path | None = None) -> str:
    """``ws2812-pio``, ``pi5``, ``ws281x`` or ``virtual`` from the device-tree model string and,
    on a Pi 5, whether the overlay's device exists."""
    model = board_model(model_file)
    if "Raspberry Pi 5" in model:
        return "ws2812-pio" if (leds_device or ws2812_pio.DEVICE).exists() else "pi5"
    return "ws281x" if "Raspberry Pi" in model else "virtual"


def open_lights(
    config_name: str,
    layout: CompiledLayout,
    pins: LedPins | None = None,
    model_file: Path = MODEL_FILE,
    fallbacks: list[Fallback] | None = None,
) -> Lights:
    """Open the chosen backend, or ``virtual`` if it cannot be opened; each backend passed over
    is appended to ``fallbacks``."""
    passed_over: list[Fallback] = fallbacks if fallbacks is not None else []
    name = os.environ.get(ENV_VAR) or config_name
    if name not in BACKENDS:
        source = ENV_VAR if os.environ.get(ENV_VAR) else "the config"
        passed_over.append(
            Fallback(
                name,
                "virtual",
                f"not a backend this table knows (from {source})",
                f"choose one of: {', '.join(BACKENDS)}",
            )
        )
        return VirtualLights(layout)
    if name == "auto":
        name = detect_backend(model_file)
    while name != "virtual":
        try:
            return _open_hardware(name, layout, pins)
        except (ImportError, RuntimeError, OSError, ValueError) as error:
            kind: type[Exception] = RuntimeError
            if isinstance(error, ImportError | ValueError):
                kind = ImportError if isinstance(error, ImportError) else ValueError
            fix = _FIXES.get((name, kind), "check the wiring and pins.yaml")
            if kind is ValueError:
                fix = "fix firmware_config/pins.yaml"
            instead = FALLBACK.get(name, "virtual")
            log.info("LED backend %s did not open: %s", name, error)  # the library's words
            passed_over.append(Fallback(name, instead, _WHY[kind], fix))
            name = instead
    return VirtualLights(layout)


def _open_hardware(name: str, layout: CompiledLayout, pins: LedPins | None) -> Lights:
    if name == "ws2812-pio":
        return ws2812_pio.Ws2812PioLights(layout)
    if name == "ws281x":
        from companion.lights.ws281x import Ws281xLights

        return Ws281xLights(layout, pins or load_pins().leds)
    from companion.lights.pi5 import Pi5Lights

    return Pi5Lights(layout, pins or load_pins().leds)
