"""The abilities in two rooms: the leaf (``keywords``, ``lines``) knows no game in play, every
keyword module is loaded (``every_keyword``), and each implemented keyword does something."""

from __future__ import annotations

import ast
from pathlib import Path

from companion.games.dreamblade.abilities import every_keyword
from companion.games.dreamblade.abilities.hooks import HOOKS, NO_HOOKS, hooks_of
from companion.games.dreamblade.abilities.keywords import KEYWORDS, Keyword
from companion.games.dreamblade.abilities.lines import parse_ability

FOLDER = Path(every_keyword.__file__).parent
ROOMS = {"__init__", "keywords", "lines", "hooks", "every_keyword"}
FACTS = (
    "rerolls",
    "guards",
    "regenerates",
    "no_shift_into_enemies",
    "spawns_beside_type",
    "attacks_alone",
)


def _project_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name.startswith(("companion", "vision", "web_panel"))}


def test_the_leaf_imports_nothing_of_the_game():
    assert _project_imports(FOLDER / "keywords.py") == set()
    leaf = "companion.games.dreamblade.abilities.keywords."
    assert all(name.startswith(leaf) for name in _project_imports(FOLDER / "lines.py"))
    assert _project_imports(FOLDER / "__init__.py") == set()  # the package's face loads nothing


def test_every_keyword_module_is_loaded():
    modules = {path.stem for path in FOLDER.glob("*.py")} - ROOMS
    assert set(every_keyword.__all__) == modules


def _sets_a_fact(keyword: Keyword) -> bool:
    return keyword.on_blade is not None or any(getattr(keyword, fact) for fact in FACTS)


def test_each_implemented_keyword_has_hooks_or_sets_a_plain_fact():
    assert set(HOOKS) <= set(KEYWORDS)
    idle = [k.name for key, k in KEYWORDS.items() if key not in HOOKS and not _sets_a_fact(k)]
    assert idle == []


def test_a_line_finds_its_keywords_hooks():
    assert hooks_of(parse_ability("blade: Venom 2")).resolve is not None
    assert hooks_of(parse_ability("blade: Crit 2")) is NO_HOOKS  # a plain fact: +2 damage
    assert hooks_of(parse_ability("manual: Payback")) is NO_HOOKS  # the players apply it
