"""The README's two commands: `make run` installs only what running needs, `make test` the rest."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
TEST_TOOLS = ("pytest", "mypy", "playwright", "ruff", "[dev]")

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")


def _planned(target: str, venv: Path, *settings: str) -> str:
    """What ``make`` would run for ``target`` on a fresh clone (a venv that does not exist)."""
    # not as a sub-make of `make test`: no "Entering directory" lines, no inherited flags
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    result = subprocess.run(
        ["make", "-n", f"VENV={venv}", *settings, target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.replace(str(venv), "VENV")  # pytest's tmp_path names pytest


def test_make_run_installs_no_test_tools_and_says_what_it_does(tmp_path: Path):
    plan = _planned("run", tmp_path / "venv")
    assert "pip install --progress-bar on -e .\n" in plan
    assert not [tool for tool in TEST_TOOLS if tool in plan]
    assert "dev_system_packages.sh run" in plan
    assert 'echo "==> installing the companion' in plan
    assert plan.rstrip().endswith("companion run")


def test_make_test_installs_the_test_tools(tmp_path: Path):
    plan = _planned("test", tmp_path / "venv")
    assert "-e '.[dev]'" in plan
    assert "dev_system_packages.sh test" in plan
    # three workers on CI's two cores (a third fills the others' waits); each file's tests on
    # one of them (its module fixtures once)
    assert plan.rstrip().endswith("-m pytest -n 3 --dist loadfile --no-loadscope-reorder")
    one_process = _planned("test", tmp_path / "venv", "PYTEST_WORKERS=0")
    assert one_process.rstrip().endswith("-m pytest -n 0 --dist loadfile --no-loadscope-reorder")


def test_make_check_runs_one_worker_a_core_and_keeps_the_compiled_tests(tmp_path: Path):
    plan = _planned("check", tmp_path / "venv")
    # the fast tier only computes: two workers on CI's two cores
    assert plan.rstrip().endswith(
        '-m pytest -n 2 --dist loadfile --no-loadscope-reorder -m "not browser and not process"'
    )
    # the test files compiled beside the types check, and kept, for the workers to read
    assert "make --no-print-directory -j 2 lint compiled" in plan
    assert "--collect-only" in plan
    assert plan.count("PYTHONDONTWRITEBYTECODE= ") == 2
