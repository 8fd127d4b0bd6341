"""Kill the table process at random moments (a real SIGKILL) and resume: no acknowledged action
is lost and the resumed game ends exactly as an uninterrupted one."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from companion.games.dreamblade.demo_game import DEMO_ACTIONS, played_demo
from companion.table.store import Store
from companion.table.table import Table

# Plays the demo script into the store at argv[1], resuming what is there, acknowledging each
# action on stdout only after the table accepted (and stored) it, and going on to the next one
# when told to on stdin (so a busy machine can't let it run to the end before the kill).
PLAYER = """
import sys
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.table.store import Store
from companion.table.table import JUDGE, Table

store = Store(sys.argv[1])
table = Table.resume(store) or Table.start(store, demo_game())
done = len(store.record(table.game_id)["actions"])
for text in DEMO_ACTIONS[done:]:
    seat = table.read(lambda game: game.pending().seat) or JUDGE
    table.submit(seat, text)
    print(f"ack {len(store.record(table.game_id)['actions'])}", flush=True)
    sys.stdin.readline()
print("finished", flush=True)
"""


def run_until_killed(db: Path, target: int, delay: float) -> tuple[int, bool]:
    """Start the player; once ``target`` more actions are acknowledged, let it go on to the next
    one, wait ``delay`` seconds (that action is then somewhere between the engine, the disk and
    the reply) and SIGKILL it. Returns (last acknowledged count, finished)."""
    process = subprocess.Popen(
        [sys.executable, "-c", PLAYER, str(db)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    acks: list[int] = []
    finished = False
    for line in process.stdout:
        if line.startswith("ack"):
            acks.append(int(line.split()[1]))
            process.stdin.write("next\n")
            process.stdin.flush()
        finished = line.startswith("finished")
        if len(acks) >= target:
            time.sleep(delay)
            os.kill(process.pid, signal.SIGKILL)
            break
    process.wait(timeout=30)
    for line in process.stdout:  # what it acknowledged before the kill landed
        if line.startswith("ack") and line.endswith("\n"):  # a kill can cut the last line
            acks.append(int(line.split()[1]))
        finished = finished or line.startswith("finished")
    return (acks[-1] if acks else 0), finished


def test_killed_tables_resume_exactly(tmp_path: Path):
    db = tmp_path / "table.sqlite3"
    rng = random.Random(20261121)
    finished = False
    kills = 0
    cut_mid_game = 0
    while not finished:
        acknowledged, finished = run_until_killed(db, rng.randint(1, 25), rng.uniform(0, 0.01))
        kills += 0 if finished else 1
        store = Store(db)
        stored = store.record(store.games()[-1].id)["actions"]
        store.close()
        assert len(stored) >= acknowledged, "an acknowledged action was lost"
        assert stored == list(DEMO_ACTIONS[: len(stored)])
        if not finished and 0 < len(stored) < len(DEMO_ACTIONS):
            cut_mid_game += 1
        assert kills < 60, "the game never finished"
    assert cut_mid_game >= 2, "the process was not killed in the middle of the game"
    store = Store(db)
    resumed = Store.load(store, store.games()[-1].id)
    assert resumed.position() == played_demo().position()
    assert Table.resume(store) is None or resumed.winner() is None
