"""The table's physical buttons, through gpiozero.

Two momentary buttons (pins in ``firmware_config/pins.yaml``): *confirm* ("confirm / next") acts
on press; *undo* acts when released after a short press, and a press held for ``hold_seconds``
asks for the judge instead — so a long press never also undoes. The pin factory is gpiozero's
own choice (``GPIOZERO_PIN_FACTORY``) unless one is passed; tests pass a ``MockFactory``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from gpiozero import Button

from firmware_config.pins import ButtonPins, load_pins

log = logging.getLogger(__name__)

Callback = Callable[[], None]


class Buttons:
    def __init__(
        self,
        on_confirm: Callback,
        on_undo: Callback,
        on_ask_judge: Callback,
        pins: ButtonPins | None = None,
        pin_factory: Any = None,
    ) -> None:
        pins = pins or load_pins().buttons
        self._on_confirm = on_confirm
        self._on_undo = on_undo
        self._on_ask_judge = on_ask_judge
        self._undo_was_held = False
        bounce = pins.bounce_seconds or None
        self.confirm = Button(pins.confirm, bounce_time=bounce, pin_factory=pin_factory)
        try:
            self.undo = Button(
                pins.undo, bounce_time=bounce, hold_time=pins.hold_seconds, pin_factory=pin_factory
            )
        except Exception:
            self.confirm.close()
            raise
        self.confirm.when_pressed = self._confirm_pressed
        self.undo.when_pressed = self._undo_pressed
        self.undo.when_held = self._undo_held
        self.undo.when_released = self._undo_released

    def _confirm_pressed(self) -> None:
        _run("confirm", self._on_confirm)

    def _undo_pressed(self) -> None:
        self._undo_was_held = False

    def _undo_held(self) -> None:
        self._undo_was_held = True
        _run("ask judge", self._on_ask_judge)

    def _undo_released(self) -> None:
        if not self._undo_was_held:
            _run("undo", self._on_undo)
        self._undo_was_held = False

    def close(self) -> None:
        self.confirm.close()
        self.undo.close()


def _run(name: str, callback: Callback) -> None:
    """Run a button's callback; a failure is logged, never raised into gpiozero's thread."""
    try:
        callback()
    except Exception:
        log.exception("button %s callback failed", name)
