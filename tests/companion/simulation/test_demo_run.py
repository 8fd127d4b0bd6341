"""``DemoRun``: the script stops on a take-over between two actions, and whatever it meets
ends in one line, never in the process."""

from __future__ import annotations

import threading

from companion.errors import IllegalActionError
from companion.simulation.demo_run import DemoRun


def test_a_take_over_stops_the_script_between_two_actions():
    said: list[str] = []
    played: list[int] = []
    demo = DemoRun(report=said.append)
    started = threading.Event()

    def script(stop: threading.Event) -> None:
        for n in range(1000):
            if stop.is_set():
                return
            played.append(n)
            started.set()
            stop.wait(0.05)

    thread = threading.Thread(target=demo.play, args=(script,))
    thread.start()
    assert started.wait(5)
    assert demo.view() == {"scripted": True, "taken_over": False}
    demo.take_over()  # returns once the script has stopped
    count = len(played)
    thread.join(5)
    assert len(played) == count < 1000
    assert demo.view() == {"scripted": False, "taken_over": True}
    assert said == ["A phone took the demo over: the script stopped, the phones play on."]


def test_a_failing_script_is_said_in_one_line_and_the_phones_play_on():
    said: list[str] = []
    changed: list[bool] = []
    demo = DemoRun(report=said.append)
    demo.on_change(lambda: changed.append(True))

    def script(stop: threading.Event) -> None:
        raise IllegalActionError("the game waits for something else", rule="x")

    demo.play(script)  # returns: nothing escapes
    assert said == [
        "The scripted game stopped (the game waits for something else); the phones play on."
    ]
    assert not demo.scripted() and changed == [True]
    demo.take_over()  # over already: nothing to stop
    assert demo.view() == {"scripted": False, "taken_over": False}
