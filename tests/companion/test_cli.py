"""The ``companion`` command loads each sub-command only when used, and the package faces stay
thin: ``companion rules odds`` (a judge's or a player's quick question, on any machine) loads no
Flask, segno nor OpenCV."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("flask", "segno", "cv2")


def imported_modules(stderr: str) -> set[str]:
    """The modules ``python -X importtime`` reports having imported."""
    found = set()
    for line in stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            name = line.rsplit("|", 1)[1].strip()
            if name != "imported package":
                found.add(name)
    return found


def test_rules_odds_loads_no_flask_segno_nor_opencv() -> None:
    command = [sys.executable, "-X", "importtime", "-m", "companion"]
    command += ["rules", "odds", "--dice", "5", "--defense", "4", "--life", "7"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "average damage" in done.stdout  # it did answer
    modules = imported_modules(done.stderr)
    assert "web_panel.judge_text" in modules  # the judge's commands joined the rules group
    heavy = sorted(m for m in modules if m.split(".")[0] in HEAVY)
    assert heavy == []


def test_the_importtime_reading_finds_a_heavy_module() -> None:
    """The check above can fail: a heavy module in the report is found."""
    report = (
        "import time: self [us] | cumulative | imported package\n"
        "import time:       186 |        186 |     flask.json\n"
        "import time:       270 |        455 |   segno\n"
    )
    assert imported_modules(report) == {"flask.json", "segno"}
