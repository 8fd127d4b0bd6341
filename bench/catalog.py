"""Benchmark: loading a full-size catalog (396 miniatures, the size of all six sets) and importing
a Dreamcatcher CSV of that size. Baseline measured in the same run: the same load with PyYAML's
pure-Python safe loader instead of the C one. Rows are invented fixtures. Prints figures only.
Run: .venv/bin/python bench/catalog.py"""

from __future__ import annotations

import csv
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import yaml

from companion import yaml_files
from companion.games.dreamblade.catalog import load_catalog, write_catalog
from companion.games.dreamblade.dreamcatcher import COLUMNS, import_csv

SETS = (("B", 96), ("BW", 60), ("CP", 60), ("A", 60), ("SD", 60), ("NF", 60))


def _write_csv(path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(COLUMNS)
        for code, size in SETS:
            for number in range(1, size + 1):
                aspect = ("Valor", "Madness", "Fear", "Passion")[number % 4]
                writer.writerow(
                    [f"Bench Mini {code} {number}", "Janus", aspect, number % 12 + 1,
                     number % 3 + 1, number % 8, number % 11 + 2, number % 13 + 4,
                     "<: Crit 2\nBodyguard", "invented", number, code, "CUR"[number % 3]]
                )  # fmt: skip


def _best_of(repeats: int, work: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        csv_path = Path(folder) / "dreamcatcher.csv"
        _write_csv(csv_path)
        minis = import_csv(csv_path)
        catalog_path = Path(folder) / "catalog.yaml"
        write_catalog(catalog_path, minis, source="bench")
        imported = _best_of(3, partial(import_csv, csv_path))
        fast = _best_of(3, partial(load_catalog, catalog_path))
        c_loader = yaml_files.YAML_LOADER
        yaml_files.YAML_LOADER = yaml.SafeLoader
        try:
            slow = _best_of(3, partial(load_catalog, catalog_path))
        finally:
            yaml_files.YAML_LOADER = c_loader
    print(f"{len(minis)} miniatures, best of 3")
    rows = [
        ("import CSV", imported),
        (f"load catalog ({c_loader.__name__})", fast),
        ("load catalog (SafeLoader, baseline)", slow),
    ]
    for label, seconds in rows:
        print(f"  {label:<36} {seconds * 1e3:8.1f} ms")


if __name__ == "__main__":
    main()
