"""The keyword coverage table (``docs/abilities.md``), generated from the code.

Rows come from the engine's keyword registry (``abilities.keywords.KEYWORDS``: implemented) and
from the keywords the rules sources name that the engine leaves to the players (``MANUAL``: a
miniature with one of them is *manual*). The tests covering a keyword are the test functions
that build a miniature with one of its ability lines — found by reading the test files' syntax
tree, so the table follows the tests without any list to keep in step.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import click

from companion.games.dreamblade.abilities.keywords import (
    BLADE_ACTIVATIONS,
    KEYWORDS,
    MANUAL_KEYWORDS,
    Activation,
    Keyword,
    written,
)
from companion.games.dreamblade.abilities.lines import parse_ability

# keywords the seeds and facts.md name whose effect the engine leaves to the players, and why
MANUAL: dict[str, str] = {manual.label: manual.why for manual in MANUAL_KEYWORDS}

_TESTS_DIR = Path(__file__).resolve().parents[3] / "tests" / "companion" / "games" / "dreamblade"


@dataclass(frozen=True)
class Row:
    keyword: str
    activations: str
    status: str
    tests: tuple[str, ...]


def default_tests_dir() -> Path | None:
    """The repository's Dreamblade tests, when this runs from a checkout."""
    return _TESTS_DIR if _TESTS_DIR.is_dir() else None


def rows(tests_dir: Path | None) -> list[Row]:
    coverage = covering_tests(tests_dir) if tests_dir is not None else {}
    table = [
        Row(written(k), _activations(k), "implemented", tuple(coverage.get(k.name, ())))
        for k in sorted(set(KEYWORDS.values()), key=lambda k: k.name)
    ]
    table += [Row(name, "—", f"manual: {why}", ()) for name, why in sorted(MANUAL.items())]
    return sorted(table, key=lambda row: row.keyword.lower())


def _activations(keyword: Keyword) -> str:
    kinds = set(keyword.activations)
    names = []
    if kinds >= BLADE_ACTIVATIONS:
        names.append("blade (any kind)")
        kinds -= BLADE_ACTIVATIONS
    labels = {
        Activation.SPAWN_COST: "spawn cost",
        Activation.WHEN_SPAWNED: "when spawned",
        Activation.SCORING: "scoring",
        Activation.STATIC: "static",
    }
    names += [labels.get(kind, str(kind)) for kind in sorted(kinds)]
    return ", ".join(names)


def covering_tests(tests_dir: Path) -> dict[str, list[str]]:
    """Keyword name → ``file::test`` of each test function building a miniature with it."""
    found: dict[str, list[str]] = {}
    for path in sorted(tests_dir.rglob("test_*.py")):
        relative = path.relative_to(tests_dir).as_posix()
        for test, texts in _test_strings(ast.parse(path.read_text(encoding="utf-8"))):
            for name in sorted(_keywords_in(texts)):
                found.setdefault(name, []).append(f"{relative}::{test}")
    return found


def _test_strings(module: ast.Module) -> Iterator[tuple[str, set[str]]]:
    """Each test function with the strings it uses, its own and those of the module-level names
    it refers to (fixtures such as ``REAPER = creature(..., abilities=["Ambush 6"])``, helper
    functions)."""
    assigned: dict[str, ast.AST] = {}
    for node in module.body:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned[target.id] = node.value
        elif isinstance(node, ast.FunctionDef):
            assigned[node.name] = node
    for node in module.body:
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
            yield node.name, _strings(node, assigned, set())


def _strings(node: ast.AST, assigned: dict[str, ast.AST], seen: set[str]) -> set[str]:
    texts = set()
    for child in ast.walk(node):
        if isinstance(child, ast.Constant) and isinstance(child.value, str):
            texts.add(child.value)
        elif isinstance(child, ast.Name) and child.id in assigned and child.id not in seen:
            seen.add(child.id)
            texts |= _strings(assigned[child.id], assigned, seen)
    return texts


def _keywords_in(texts: Iterable[str]) -> set[str]:
    names = set()
    for text in texts:
        if len(text) < 64 and "\n" not in text:
            try:
                ability = parse_ability(text)
            except ValueError:  # any other text of the test
                continue
            if ability.keyword is not None:
                names.add(ability.keyword.name)
    return names


def markdown_table(tests_dir: Path | None) -> str:
    table = rows(tests_dir)
    lines = [
        "# Dreamblade keyword abilities",
        "",
        "Generated from the code by `companion rules abilities --markdown` (the keyword registry",
        "in `companion/games/dreamblade/abilities/` and the tests that build a miniature with each",
        "keyword); `tests/companion/games/dreamblade/test_ability_table.py` checks this file is up",
        "to date. A miniature with an ability the engine does not implement is *manual*: the",
        "engine flags its use and the players apply the effect with the manual actions",
        "(`docs/formats.md`).",
        "",
        "| Keyword | Activations | Status | Tests |",
        "|---|---|---|---|",
    ]
    lines += [f"| {r.keyword} | {r.activations} | {r.status} | {len(r.tests)} |" for r in table]
    assumed = sorted((k.name, k.assumed) for k in set(KEYWORDS.values()) if k.assumed)
    lines += ["", "## What the engine assumes", ""]
    lines += [
        "Where a keyword's source is thin, the engine applies one reading; its module's",
        "docstring gives the details.",
        "",
    ]
    lines += [f"- **{name}**: {text}" for name, text in assumed]
    lines += ["", "## The tests covering each keyword", ""]
    for row in table:
        if row.tests:
            lines.append(f"- **{row.keyword}**: " + ", ".join(f"`{t}`" for t in row.tests))
    return "\n".join(lines) + "\n"


@click.command("abilities")
@click.option("--markdown", is_flag=True, help="print docs/abilities.md instead of JSON")
@click.option(
    "--tests",
    "tests_dir",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
    default=None,
    help="the Dreamblade tests folder (default: the checkout's, when there is one)",
)
def abilities(markdown: bool, tests_dir: Path | None) -> None:
    """Every keyword: its activations, implemented or manual, and the tests covering it."""
    folder = tests_dir or default_tests_dir()
    if markdown:
        click.echo(markdown_table(folder), nl=False)
    else:
        click.echo(json.dumps([asdict(row) for row in rows(folder)], indent=2))
