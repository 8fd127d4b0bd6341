from __future__ import annotations

import pytest

from companion.errors import DataFileError
from firmware_config.pins import LedPins, boot_needs, load_pins


def test_shipped_pins_load():
    pins = load_pins()
    assert pins.leds.data_pin == 18
    assert pins.leds.ws281x_route == ("pwm", 0)
    assert pins.buttons.confirm != pins.buttons.undo


@pytest.mark.parametrize(
    ("pin", "route"), [(18, ("pwm", 0)), (13, ("pwm", 1)), (10, ("spi", 0)), (21, ("pcm", 0))]
)
def test_ws281x_route_follows_the_pin(pin, route):
    assert LedPins(pin, 10, 800_000, False).ws281x_route == route


def test_ws281x_cannot_drive_an_ordinary_gpio():
    with pytest.raises(ValueError, match="GPIO 4"):
        _ = LedPins(4, 10, 800_000, False).ws281x_route


def test_duplicate_pins_are_refused(tmp_path):
    path = tmp_path / "pins.yaml"
    path.write_text(
        "leds: {data_pin: 18, dma: 10, freq_hz: 800000, invert: false}\n"
        "buttons: {confirm: 18, undo: 27, hold_seconds: 2, bounce_seconds: 0.05}\n"
    )
    with pytest.raises(DataFileError, match="distinct"):
        load_pins(path)


def test_bad_pin_value_names_the_field(tmp_path):
    path = tmp_path / "pins.yaml"
    path.write_text(
        "leds: {data_pin: 99, dma: 10, freq_hz: 800000, invert: false}\n"
        "buttons: {confirm: 17, undo: 27, hold_seconds: 2, bounce_seconds: 0.05}\n"
    )
    with pytest.raises(DataFileError) as caught:
        load_pins(path)
    assert caught.value.field == "leds.data_pin"


def test_pwm_needs_audio_off_and_spi_needs_spi_on():
    pwm = boot_needs(18, "ws281x")
    assert [line.line for line in pwm.config_txt] == ["dtparam=audio=off"]
    spi = boot_needs(10, "ws281x")
    assert "dtparam=spi=on" in [line.line for line in spi.config_txt]
    assert [line.line for line in spi.cmdline_txt] == ["spidev.bufsiz=32768"]
    assert boot_needs(18, "pi5").config_txt == ()


def test_the_ws2812_pio_overlay_line_names_the_pin_and_the_chains_length():
    needs = boot_needs(18, "ws2812-pio", 256)
    assert [line.line for line in needs.config_txt] == ["dtoverlay=ws2812-pio,gpio=18,num_leds=256"]
    assert any("/dev/leds0" in note for note in needs.notes)
    with pytest.raises(ValueError, match="0-27"):
        boot_needs(40, "ws2812-pio", 256)
    with pytest.raises(ValueError, match="number of LEDs"):
        boot_needs(18, "ws2812-pio")


def test_boot_needs_of_unknown_backend():
    with pytest.raises(ValueError, match="virtual"):
        boot_needs(18, "virtual")
