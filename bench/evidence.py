"""Benchmark: the camera's evidence pictures (companion/camera/evidence.py) for a whole game.

The scripted demo game is played on the simulated table: every spawn, move and placement goes
through the synthetic camera, the vision pipeline and the reconciler, exactly as at a real table,
and each change the camera commits keeps before/after crops of its cells with the game. Printed:
how many log entries have pictures, the bytes per crop, the pictures' bytes per game, the store
file's size with them and — the baseline, measured in the same run — the same game's store
without pictures (its record replayed into a fresh store), and the time one change's crops take.
Run: .venv/bin/python -P bench/evidence.py   (-P: bench/vision.py must not shadow vision)
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from companion.camera import evidence
from companion.games.dreamblade.demo_game import DEMO_ACTIONS, demo_game
from companion.simulation.demo import DemoPlayer
from companion.table.store import Store
from companion.table.table import JUDGE, Table


def store_bytes(path: Path) -> int:
    """The store's size on disk once its write-ahead log is folded in."""
    store = Store(path)
    store.close()
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*"))


def main() -> None:
    timings: list[float] = []
    crop = evidence.pictures

    def timed(*args: object, **kwargs: object) -> list[evidence.CellPicture]:
        start = time.perf_counter()
        found = crop(*args, **kwargs)  # type: ignore[arg-type]
        timings.append(time.perf_counter() - start)
        return found

    evidence.pictures = timed
    with tempfile.TemporaryDirectory() as folder:
        with_pictures = Path(folder) / "with.sqlite3"
        table = Table.start(Store(with_pictures), demo_game())
        DemoPlayer(table).play(DEMO_ACTIONS, report=lambda line: None)
        game_id = table.game_id
        store = table.store
        pictured = store.pictured_entries(game_id)
        kept = {  # a change proposing several actions keeps its pictures once for all of them
            (cell, before, after)
            for seq in sorted(pictured)
            for cell, before, after in store.pictures(game_id, seq)
        }
        crops = [len(jpeg) for _, before, after in kept for jpeg in (before, after)]
        total = store.pictures_size(game_id)
        record = store.record(game_id)
        entries = len(store.log(game_id))
        store.close()

        baseline = Path(folder) / "without.sqlite3"
        replayed = Table.start(Store(baseline), demo_game())
        for text in record["actions"]:
            replayed.submit(JUDGE, text)
        replayed.store.close()
        size_with, size_without = store_bytes(with_pictures), store_bytes(baseline)
    evidence.pictures = crop

    print(f"demo game: {entries} log entries, {len(pictured)} proposed by the camera with pictures")
    print(
        f"crops: {len(crops)}, {statistics.mean(crops) / 1024:.1f} kB mean, "
        f"{max(crops) / 1024:.1f} kB max ({evidence.CROP_PX} px, JPEG quality "
        f"{evidence.JPEG_QUALITY})"
    )
    print(f"pictures per game: {total / 1024:.1f} kB")
    print(
        f"store file for the game: {size_with / 1024:.1f} kB with pictures, baseline "
        f"{size_without / 1024:.1f} kB without (same game replayed, same run)"
    )
    print(
        f"crops per committed change: {statistics.median(timings) * 1000:.1f} ms median, "
        f"{max(timings) * 1000:.1f} ms max ({len(timings)} changes)"
    )


if __name__ == "__main__":
    main()
