"""The rooms of the package import one way (see ``companion/__init__.py``): nothing imports a room
above its own, and no modules import each other in a circle when they load."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "vision", "web_panel", "firmware_config")

# rank → module prefixes; the longest matching prefix decides a module's rank
RANKS = {
    0: (
        "companion",
        *(
            f"companion.{m}"
            for m in ("events", "errors", "grid", "settings", "json_limits", "yaml_files")
        ),
    ),
    1: ("companion.games", "vision", "firmware_config"),
    2: ("companion.table",),
    3: ("companion.camera", "companion.lights", "companion.hub"),
    4: ("web_panel",),
    5: ("companion.simulation",),
    6: ("companion.app",),
    7: ("companion.cli", "companion.__main__"),
}


def rank(module: str) -> int:
    matches = [
        (len(prefix), r)
        for r, prefixes in RANKS.items()
        for prefix in prefixes
        if module == prefix or module.startswith(prefix + ".")
    ]
    return max(matches)[1]


def project_modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            modules[name.removesuffix(".__init__")] = path
    return modules


def imports(path: Path, *, with_type_checking: bool) -> list[tuple[int, str]]:
    """(line, module) of every project import in ``path``, lazy ones included; those under ``if
    TYPE_CHECKING:`` only when asked (they never run)."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if (
                isinstance(child, ast.If)
                and "TYPE_CHECKING" in ast.unparse(child.test)
                and not with_type_checking
            ):
                continue
            if isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                found.extend((child.lineno, f"{child.module}.{a.name}") for a in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return [(line, name) for line, name in found if name.split(".")[0] in PACKAGES]


def resolve(name: str, modules: dict[str, Path]) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def test_no_module_imports_a_room_above_its_own() -> None:
    modules = project_modules()
    upward = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules.items()
        for line, imported in imports(path, with_type_checking=True)
        if (target := resolve(imported, modules)) and rank(target) > rank(name)
    ]
    assert upward == []


def test_no_import_circle_when_modules_load() -> None:
    modules = project_modules()
    graph = {
        name: {
            target
            for _, imported in imports(path, with_type_checking=False)
            if (target := resolve(imported, modules)) and target != name
        }
        for name, path in modules.items()
    }
    circles = []
    state: dict[str, str] = {}

    def walk(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                circles.append([*trail[trail.index(target) :], target])
            elif target not in state:
                walk(target, [*trail, target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            walk(name, [name])
    assert circles == []


def test_only_the_contracts_the_face_and_the_cli_sit_loose_in_companion() -> None:
    loose = sorted(p.name for p in (ROOT / "companion").glob("*.py"))
    assert loose == [
        "__init__.py",
        "__main__.py",
        "cli.py",
        "errors.py",
        "events.py",
        "grid.py",
        "json_limits.py",
        "settings.py",
        "yaml_files.py",
    ]
