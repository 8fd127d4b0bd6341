"""What the table says of a device it did not find: in our words, what still works, the fix.

``companion run`` and ``companion doctor`` say the same sentences; the library's own message
(gpiozero's, a LED library's) goes only to the log.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from companion.lights.factory import MODEL_FILE, Fallback, board_model

SIMULATED_LIGHTS = "the lights are simulated and shown on the table screen and the phones"
PHONES_KEEP_THE_BOARD = "the phones and the judge keep the board"
PHONES_DO_THE_BUTTONS = "the phones' done, undo and judge call do their job"


@dataclass(frozen=True)
class DeviceNote:
    """A device missing (or replaced): ``found`` what the table found, ``still`` what works
    without it, ``fix`` how to have it on a Raspberry Pi."""

    device: str
    found: str
    still: str
    fix: str

    @property
    def said(self) -> str:
        return f"{self.found} — {self.still}"

    def line(self) -> str:
        """One line, unindented (``companion run`` indents only the seats' join links)."""
        return f"{self.device}: {self.said}. To fix: {self.fix}"


def on_a_pi(model_file: Path = MODEL_FILE) -> bool:
    return "Raspberry Pi" in board_model(model_file)


def camera_missing() -> DeviceNote:
    return DeviceNote(
        "camera",
        "none found (no Pi camera module, no USB webcam at /dev/video0)",
        PHONES_KEEP_THE_BOARD,
        "connect the camera, then on the Pi check it with: rpicam-hello --list-cameras",
    )


def buttons_missing(error: Exception, model_file: Path = MODEL_FILE) -> DeviceNote:
    """The buttons could not be set up: ``error`` is gpiozero's (kept for the log only)."""
    from gpiozero.exc import BadPinFactory

    if not isinstance(error, BadPinFactory):
        return DeviceNote(
            "buttons",
            "their GPIO pins did not open",
            PHONES_DO_THE_BUTTONS,
            "check the button pins in firmware_config/pins.yaml and that the table's user is in "
            "the gpio group",
        )
    if on_a_pi(model_file):
        return DeviceNote(
            "buttons",
            "none found (the GPIO library is not installed)",
            PHONES_DO_THE_BUTTONS,
            "sudo apt install python3-lgpio (setup/install.sh installs it)",
        )
    return DeviceNote(
        "buttons",
        "none found (no GPIO on this machine)",
        PHONES_DO_THE_BUTTONS,
        "on a Raspberry Pi, wire them to the pins in firmware_config/pins.yaml (docs/hardware.md)",
    )


def lights_missing(
    requested: str, opened: str, fallbacks: list[Fallback], model_file: Path = MODEL_FILE
) -> DeviceNote | None:
    """The LEDs' note: a backend that did not open, or none found on a machine that is not a
    Pi; ``None`` when the requested backend opened (``virtual`` chosen by name included)."""
    if fallbacks:
        first = fallbacks[0]
        still = SIMULATED_LIGHTS if opened == "virtual" else f"the {opened} backend drives them"
        return DeviceNote("LEDs", f"{first.backend} did not open ({first.why})", still, first.fix)
    if requested == "auto" and opened == "virtual" and not on_a_pi(model_file):
        return DeviceNote(
            "LEDs",
            "none found (this machine is not a Raspberry Pi)",
            SIMULATED_LIGHTS,
            "on a Raspberry Pi, wire the LED grid (docs/hardware.md); the table finds it itself",
        )
    return None
