from __future__ import annotations

import threading

import pytest
from gpiozero.pins.mock import MockFactory

from companion.table.controls import Buttons
from firmware_config.pins import ButtonPins

PINS = ButtonPins(confirm=17, undo=27, hold_seconds=0.1, bounce_seconds=0)


@pytest.fixture
def factory():
    factory = MockFactory()
    yield factory
    factory.reset()


@pytest.fixture
def log():
    return []


@pytest.fixture
def judge_called():
    return threading.Event()


@pytest.fixture
def buttons(factory, log, judge_called):
    def ask_judge():
        log.append("judge")
        judge_called.set()

    buttons = Buttons(
        on_confirm=lambda: log.append("confirm"),
        on_undo=lambda: log.append("undo"),
        on_ask_judge=ask_judge,
        pins=PINS,
        pin_factory=factory,
    )
    yield buttons
    buttons.close()


def test_confirm_fires_on_press(buttons, factory, log):
    factory.pin(17).drive_low()
    assert log == ["confirm"]
    factory.pin(17).drive_high()
    assert log == ["confirm"]


def test_short_undo_fires_on_release(buttons, factory, log):
    factory.pin(27).drive_low()
    assert log == []
    factory.pin(27).drive_high()
    assert log == ["undo"]


def test_holding_undo_asks_the_judge_and_does_not_undo(buttons, factory, log, judge_called):
    factory.pin(27).drive_low()
    assert judge_called.wait(timeout=10), "the hold callback never fired"
    factory.pin(27).drive_high()
    assert log == ["judge"]
    # the next short press undoes again
    factory.pin(27).drive_low()
    factory.pin(27).drive_high()
    assert log == ["judge", "undo"]


def test_a_failing_callback_is_logged_not_raised(factory, caplog):
    def broken():
        raise RuntimeError("panel offline")

    buttons = Buttons(broken, broken, broken, pins=PINS, pin_factory=factory)
    try:
        factory.pin(17).drive_low()
    finally:
        buttons.close()
    assert "button confirm callback failed" in caplog.text


def test_pins_come_from_firmware_config(factory, log):
    buttons = Buttons(
        lambda: log.append("confirm"), lambda: None, lambda: None, pin_factory=factory
    )
    try:
        assert buttons.confirm.pin.info.name == "GPIO17"
        assert buttons.undo.pin.info.name == "GPIO27"
        assert buttons.undo.hold_time == 2.0
    finally:
        buttons.close()
