"""A missing device is said in our words: what the table found, what still works, the fix."""

from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.exc import BadPinFactory, GPIOPinInUse

from companion.app.devices import buttons_missing, camera_missing, lights_missing
from companion.lights.factory import Fallback

PI = "Raspberry Pi 4 Model B Rev 1.4\x00"


@pytest.fixture
def pi_model(tmp_path: Path) -> Path:
    model = tmp_path / "model"
    model.write_text(PI)
    return model


def test_no_pin_factory_off_a_pi_is_no_gpio_on_this_machine(tmp_path: Path):
    note = buttons_missing(BadPinFactory("Unable to load any default pin factory!"), tmp_path)
    assert note.line().startswith(
        "buttons: none found (no GPIO on this machine) — "
        "the phones' done, undo and judge call do their job. To fix: "
    )
    assert "firmware_config/pins.yaml" in note.fix
    assert "pin factory" not in note.line()


def test_no_pin_factory_on_a_pi_is_the_missing_gpio_library(pi_model: Path):
    note = buttons_missing(BadPinFactory("Unable to load any default pin factory!"), pi_model)
    assert note.found == "none found (the GPIO library is not installed)"
    assert "apt install python3-lgpio" in note.fix


def test_pins_that_do_not_open_point_at_the_pins_file(pi_model: Path):
    note = buttons_missing(GPIOPinInUse("pin GPIO17 is already in use by <gpiozero…>"), pi_model)
    assert note.found == "their GPIO pins did not open" and "gpio group" in note.fix
    assert "GPIO17" not in note.said


def test_the_camera_note_says_the_phones_keep_the_board():
    note = camera_missing()
    assert note.said.startswith("none found") and "phones and the judge" in note.said
    assert "rpicam-hello" in note.fix


def test_lights_found_on_no_pi_are_simulated_and_said_so(tmp_path: Path, pi_model: Path):
    note = lights_missing("auto", "virtual", [], tmp_path / "no-model")
    assert note is not None and note.found == "none found (this machine is not a Raspberry Pi)"
    assert "simulated" in note.still
    assert lights_missing("virtual", "virtual", [], tmp_path / "no-model") is None  # chosen
    assert lights_missing("auto", "ws281x", [], pi_model) is None  # opened


def test_a_backend_that_did_not_open_says_why_what_replaced_it_and_the_fix(tmp_path: Path):
    missing = Fallback("ws2812-pio", "pi5", "its device did not open", "load the overlay")
    note = lights_missing("ws2812-pio", "pi5", [missing], tmp_path)
    assert note is not None
    assert note.line() == (
        "LEDs: ws2812-pio did not open (its device did not open) — the pi5 backend drives them. "
        "To fix: load the overlay"
    )
    gone = Fallback("ws281x", "virtual", "its library is not installed here", "pip install x")
    note = lights_missing("ws281x", "virtual", [gone], tmp_path)
    assert note is not None and "simulated" in note.still
