"""The README's commands work as written in a new shell after ``make run``: it says once, at the
top, to ``source .venv/bin/activate``; a new shell that does so finds ``companion``; and every
``companion …`` command the README names is a command the CLI has, with options it takes."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import sysconfig
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from companion.cli import main

ROOT = Path(__file__).parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def readme_commands() -> list[list[str]]:
    """Each ``companion …`` command written in the README's code spans, as its words (a span may
    chain several with ``&&`` and write to a file with ``>``)."""
    commands = []
    prose = re.sub(r"```.*?```", "", README, flags=re.S)  # the fenced blocks hold `make` only
    for span in re.findall(r"`([^`]+)`", prose):
        for part in re.split(r"&&|\|", " ".join(span.split())):
            if part.strip().startswith("companion"):
                words = shlex.split(part.split(">")[0].replace("…", ""))
                if words[1:]:  # not the tool's name alone
                    commands.append(words[1:])
    return commands


def resolve(words: list[str]) -> tuple[list[str], click.Command]:
    """The sub-command path ``words`` names and its command."""
    command: click.Command = main
    path: list[str] = []
    for word in words:
        if word.startswith("-") or not isinstance(command, click.Group):
            break
        found = command.get_command(click.Context(command), word)
        if found is None:
            break
        command = found
        path.append(word)
    return path, command


COMMANDS = readme_commands()


def test_the_readme_says_once_at_the_top_how_a_new_shell_finds_companion():
    top = README.split("## A 30-second tour")[0]
    assert "source .venv/bin/activate" in top
    assert README.count("source .venv/bin/activate") == 1
    assert len(COMMANDS) > 15


@pytest.mark.parametrize("words", COMMANDS, ids=[" ".join(w) or "companion" for w in COMMANDS])
def test_each_readme_command_is_one_the_cli_has(words: list[str]):
    path, command = resolve(words)
    assert path or words[:1] == ["--help"], f"no such command: companion {' '.join(words)}"
    options = {opt for param in command.params for opt in [*param.opts, *param.secondary_opts]}
    used = [w for w in words[len(path) :] if w.startswith("--") and w != "--help"]
    assert not [o for o in used if o not in options], f"companion {' '.join(path)}: {used}"
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0, result.output


def test_a_new_shell_that_sources_the_venv_runs_companion(tmp_path: Path):
    """A clone after ``make run`` (its ``.venv`` with the companion installed, as pip installs its
    console script), then a new shell: ``source .venv/bin/activate`` and ``companion --help``."""
    clone = tmp_path / "clone"
    clone.mkdir()
    venv = clone / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    lib = next(venv.glob("lib/python*/site-packages"))
    # the companion and its dependencies, as `pip install -e .` leaves them
    (lib / "companion.pth").write_text(f"{ROOT}\n{sysconfig.get_paths()['purelib']}\n")
    script = venv / "bin" / "companion"
    script.write_text(
        f"#!{venv}/bin/python\nimport sys\nfrom companion.cli import main\nsys.exit(main())\n"
    )
    script.chmod(0o755)
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    new_shell = ["bash", "--noprofile", "--norc", "-c"]
    before = subprocess.run([*new_shell, "companion --help"], cwd=clone, env=env, check=False)
    assert before.returncode == 127  # "command not found", as the issue met it
    done = subprocess.run(
        [*new_shell, "source .venv/bin/activate && command -v companion && companion --help"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == str(script)
    assert "Tabletop Companion" in done.stdout
    assert os.access(script, os.X_OK)


def test_the_readme_says_where_the_full_catalog_comes_from_before_importing_it():
    """Issue 36: a newcomer read "load the full miniature catalog" and had no file to load."""
    where = README.index("`companion catalog import dreamcatcher.csv`")
    before = " ".join(README[:where].split()[-120:])
    assert '"Dreamcatcher Excel" spreadsheet' in before
    assert "not shipped" in before and "BoardGameGeek" in before
    assert "Save its sheet as CSV" in before
    top = README.split("## A 30-second tour")[0]  # the first screen keeps its two commands
    assert "make run" in top and "make test" in top
