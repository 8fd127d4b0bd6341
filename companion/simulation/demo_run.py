"""A scripted demo running beside the phone panel, which no customer can break.

While the script plays, the phones that join its seats watch: the panel refuses every change they
ask for, and says why (``web_panel/demo_api.py``). A seated phone may take the game over ("Play
from here"): the script stops between two of its actions, and from then on the phones play the
game where the script left it. Whatever the script meets, it ends with a line in the terminal,
never with the process.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

# How long a take-over waits for the script's action in progress (a camera frame or two).
TAKE_OVER_WAIT = 10.0


class DemoRun:
    """The state of a scripted demo: playing, taken over by the phones, or over."""

    def __init__(self, report: Callable[[str], None] = print) -> None:
        self.report = report
        self.stop = threading.Event()  # set: the script plays no further action
        self.taken_over = False
        self._finished = threading.Event()
        self._changed: list[Callable[[], None]] = []

    def scripted(self) -> bool:
        """Is the script still playing (the phones watch)?"""
        return not self._finished.is_set()

    def view(self) -> dict[str, Any]:
        """What the phones show of the demo (``demo`` in the panel's view)."""
        return {"scripted": self.scripted(), "taken_over": self.taken_over}

    def on_change(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` when the script ends (taken over, over or stopped)."""
        self._changed.append(callback)

    def play(self, script: Callable[[threading.Event], None]) -> None:
        """Run ``script`` (given the event that stops it) to its end, then let the phones play. A
        script that fails is said in one line; the table and its panel stay up."""
        try:
            script(self.stop)
            if self.taken_over:
                self.report("A phone took the demo over: the script stopped, the phones play on.")
            elif not self.stop.is_set():
                self.report("The scripted game is over; the panel stays up.")
        except Exception as error:  # the script could not go on: the phones play from here
            log.info("the demo script stopped", exc_info=True)
            self.report(f"The scripted game stopped ({error}); the phones play on.")
        finally:
            self._finished.set()
            for callback in self._changed:
                callback()

    def take_over(self) -> None:
        """Stop the script after its action in progress; the phones play on from there."""
        if not self.scripted():
            return
        self.taken_over = True
        self.stop.set()
        if not self._finished.wait(TAKE_OVER_WAIT):
            log.warning("the demo script did not stop within %s s", TAKE_OVER_WAIT)
