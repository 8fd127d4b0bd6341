"""Check `companion leds test --backend ws281x` against the fake device's frames.

Usage: companion leds test ... | check_leds_log.py FRAMES.jsonl LAYOUT
The test's output (stdin) must name the ws281x backend (no fallback) and every cell of LAYOUT in
turn; frame k of FRAMES.jsonl (fake_device/rpi_ws281x) must light exactly the LEDs the test named
for its k-th cell, all in one colour, and one last frame must turn every LED off (the test closes
the strip). Exits non-zero, saying what differs, otherwise.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from companion.games import fixed_maps
from firmware_config.layout import load_layout

CELL_LINE = re.compile(r"^\s*(\d+)/(\d+) (\S+)\s+LEDs (.+)$")


def problems(output: str, frames: list[dict[str, int]], layout_name: str) -> list[str]:
    layout = load_layout(layout_name, fixed_maps())
    found: list[str] = []
    if not output.startswith(f"ws281x backend, layout {layout.name}"):
        found.append(f"the test did not run on ws281x: {output.splitlines()[:1]}")
    named = [match.groups() for match in map(CELL_LINE.match, output.splitlines()) if match]
    if [cell for _, _, cell, _ in named] != [str(cell) for cell in layout.cells]:
        found.append(f"the test named {len(named)} cells, the layout has {len(layout.cells)}")
    if len(frames) != len(named) + 1:
        found.append(f"{len(frames)} frames shown for {len(named)} cells and the closing one")
    if frames and frames[-1]:
        found.append(f"the last frame left LEDs lit: {sorted(frames[-1])[:8]}")
    for (number, _, cell, leds), frame in zip(named, frames[:-1], strict=False):
        wanted = {int(led) for led in leds.split(", ")}
        if {int(led) for led in frame} != wanted or len(set(frame.values())) != 1:
            found.append(f"frame {number} ({cell}) lit {sorted(frame)}, the test named {wanted}")
    return found


def main(log: Path, layout_name: str) -> int:
    frames = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    found = problems(sys.stdin.read(), frames, layout_name)
    for problem in found[:10]:
        print(problem, file=sys.stderr)
    if not found:
        print(
            f"{len(frames)} frames on the fake ws281x device: each cell's LEDs lit in turn, "
            "then all off"
        )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]), sys.argv[2]))
