"""The rooms of the package import one way (see ``companion/__init__.py``): nothing imports a room
above its own, no modules import each other in a circle (type-only imports included), and each
room imports only what its package docstring lists (``May import:``) and none of the heavy
libraries it promises not to load (``Loads no:``), lazy imports included."""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("companion", "vision", "web_panel", "firmware_config")

# the shared contracts: "the shared contracts" in a docstring's list, and the bottom rank
CONTRACTS = tuple(
    f"companion.{m}"
    for m in ("events", "errors", "grid", "settings", "json_limits", "yaml_files", "mosquitto")
)
# rank → module prefixes; the longest matching prefix decides a module's rank
RANKS = {
    0: ("companion", *CONTRACTS),
    1: ("companion.games", "vision", "firmware_config"),
    2: ("companion.table",),
    3: ("companion.camera", "companion.lights", "companion.hub", "companion.remote"),
    4: ("web_panel",),
    5: ("companion.simulation",),
    6: ("companion.app",),
    7: ("companion.cli", "companion.__main__"),
}
# how a docstring's ``Loads no:`` names a library → the top-level module it may not import
HEAVY = {"opencv": "cv2", "flask": "flask", "segno": "segno", "paho": "paho"}


# a game's screens (``companion.games.<game>.screens``: its phone view, set-up form, script,
# styles, words) sit with the panel, above every engine, though they live in the game's folder
SCREENS = re.compile(r"^companion\.games\.[a-z0-9_]+\.screens(\.|$)")


def rank(module: str) -> int:
    if SCREENS.match(module):
        return max(r for r, prefixes in RANKS.items() if "web_panel" in prefixes)
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


# what can hold an import statement: statements, and the ``except`` and ``case`` clauses holding
# statements (an expression never holds a statement, so the walk does not go into one)
_HOLDS_STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)


@cache  # a file's imports, read once per run (each test asks for them again)
def all_imports(path: Path, *, with_type_checking: bool) -> tuple[tuple[int, str], ...]:
    """(line, module) of every import in ``path``, lazy ones included; those under ``if
    TYPE_CHECKING:`` only when asked (they never run)."""
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, _HOLDS_STATEMENTS):
                continue
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

    visit(_tree(path))
    return tuple(found)


@cache
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def imports(path: Path, *, with_type_checking: bool) -> list[tuple[int, str]]:
    """The project imports of ``path`` (see :func:`all_imports`)."""
    found = all_imports(path, with_type_checking=with_type_checking)
    return [(line, name) for line, name in found if name.split(".")[0] in PACKAGES]


def resolve(name: str, modules: dict[str, Path]) -> str | None:
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


# -- the rooms' own import lists, read from their package docstrings ------------------------------


def package_of(module: str, modules: dict[str, Path]) -> str:
    """The nearest package of ``module`` (itself if it is one) whose docstring says what it may
    import: its room."""
    name = module
    while name:
        path = modules.get(name)
        if path is not None and path.name == "__init__.py" and _paragraph(path, "May import"):
            return name
        name = name.rpartition(".")[0]
    raise AssertionError(f"no package above {module} says what it may import")


@cache
def _paragraph(path: Path, heading: str) -> str:
    """The docstring paragraph of ``path`` starting ``<heading>`` (may span lines), else ''."""
    doc = ast.get_docstring(_tree(path)) or ""
    for paragraph in re.split(r"\n\s*\n", doc):
        if paragraph.lstrip().startswith(heading):
            return " ".join(paragraph.split())
    return ""


@cache
def allowed(package: str) -> tuple[str, ...]:
    """What the room of ``package`` may import: itself, and what its ``May import:`` paragraph
    names before any "Never" (the shared contracts, and names in double back-quotes)."""
    text = _paragraph(project_modules()[package], "May import")
    text = re.split(r"\bNever\b", text)[0]
    names = re.findall(r"``([a-z_][a-z0-9_.]*)``", text)
    listed = [name for name in names if name.split(".")[0] in PACKAGES]
    contracts = CONTRACTS if "the shared contracts" in text else ()
    return (package, *contracts, *listed)


@cache
def heavy_banned(package: str) -> tuple[str, ...]:
    """The top-level modules of the heavy libraries the room of ``package`` promises not to load."""
    text = _paragraph(project_modules()[package], "Loads no").lower()
    text = text.removeprefix("loads no:")
    text = re.split(r"[.(]", text)[0]
    return tuple(module for word, module in HEAVY.items() if word in text)


def _where(path: Path) -> Path:
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == prefix or name.startswith(prefix + ".") for prefix in prefixes)


def outside_the_lists(modules: dict[str, Path]) -> list[str]:
    """Every import (lazy and type-only ones included) outside its room's ``May import:`` list."""
    problems = []
    for name, path in sorted(modules.items()):
        package = package_of(name, modules)
        for line, imported in imports(path, with_type_checking=True):
            target = resolve(imported, modules)
            if target is None or target == "companion":
                continue  # the top package's face (``companion.__version__``)
            if not within(target, allowed(package)):
                problems.append(f"{_where(path)}:{line} imports {target} ({package})")
    return problems


def heavy_imports(modules: dict[str, Path]) -> list[str]:
    """Every import of a heavy library in a room whose docstring promises not to load it."""
    problems = []
    for name, path in sorted(modules.items()):
        banned = heavy_banned(package_of(name, modules))
        for line, imported in all_imports(path, with_type_checking=True):
            if imported.split(".")[0] in banned:
                problems.append(f"{_where(path)}:{line} imports {imported}")
    return problems


def test_each_room_says_what_it_may_import() -> None:
    modules = project_modules()
    rooms = {package_of(name, modules) for name in modules}
    assert rooms >= {
        "companion",
        "companion.games",
        "companion.table",
        "companion.camera",
        "companion.lights",
        "companion.hub",
        "companion.simulation",
        "companion.app",
        "vision",
        "firmware_config",
        "web_panel",
    }
    assert all(len(allowed(room)) > 1 for room in rooms - {"companion.app"})


def test_every_import_is_on_its_rooms_list() -> None:
    assert outside_the_lists(project_modules()) == []


def test_no_room_loads_a_heavy_library_it_promises_not_to() -> None:
    modules = project_modules()
    assert heavy_banned("companion.games") == ("cv2", "flask", "segno", "paho")
    assert "cv2" in heavy_banned("companion.hub")
    assert heavy_imports(modules) == []


def test_the_lists_say_what_the_docstrings_promise() -> None:
    """The sentences people read ("games know no camera", "the camera never imports the lights",
    "the hub has no OpenCV") are what the lists enforce."""
    assert not within("companion.camera", allowed("companion.games"))
    assert not within("companion.table", allowed("companion.games"))
    assert not within("companion.lights", allowed("companion.camera"))
    assert not within("companion.camera", allowed("companion.lights"))
    assert not within("vision.tags", allowed("companion.hub"))  # OpenCV's tag reader


def test_a_broken_list_fails(tmp_path: Path) -> None:
    """An import outside a room's list is found: the lights importing the camera again."""
    modules = project_modules()
    broken = tmp_path / "map_view.py"
    source = modules["companion.lights.map_view"].read_text(encoding="utf-8")
    broken.write_text("from companion.camera.profiles import CameraProfile\n" + source)
    found = outside_the_lists({**modules, "companion.lights.map_view": broken})
    assert found == [f"{broken}:1 imports companion.camera.profiles (companion.lights)"]


# -- ranks and circles ----------------------------------------------------------------------------


def test_no_module_imports_a_room_above_its_own() -> None:
    modules = project_modules()
    upward = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules.items()
        for line, imported in imports(path, with_type_checking=True)
        if (target := resolve(imported, modules)) and rank(target) > rank(name)
    ]
    assert upward == []


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module → the project modules it imports: at load time, lazily and for type checks alike
    (a circle through ``TYPE_CHECKING`` is a circle all the same: the two modules cannot be read,
    nor moved, one without the other)."""
    return {
        name: {
            target
            for _, imported in imports(path, with_type_checking=True)
            if (target := resolve(imported, modules)) and target != name
        }
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of ``graph``, each as the trail of modules that closes it."""
    found = []
    state: dict[str, str] = {}

    def walk(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                found.append([*trail[trail.index(target) :], target])
            elif target not in state:
                walk(target, [*trail, target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            walk(name, [name])
    return found


def test_no_import_circle_type_only_imports_included() -> None:
    assert circles(import_graph(project_modules())) == []


def test_a_circle_through_a_type_only_import_fails(tmp_path: Path) -> None:
    """Two modules naming each other, one of them only under ``TYPE_CHECKING``, are found."""
    modules = project_modules()
    board = tmp_path / "board.py"
    board.write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from companion.games.dreamblade.state import State\n"
    )
    state = tmp_path / "state.py"
    state.write_text(
        modules["companion.games.dreamblade.state"].read_text(encoding="utf-8")
        + "\nfrom companion.games.dreamblade.board import move\n"
    )
    graph = import_graph(
        {
            **modules,
            "companion.games.dreamblade.board": board,
            "companion.games.dreamblade.state": state,
        }
    )
    pair = {"companion.games.dreamblade.board", "companion.games.dreamblade.state"}
    assert any(pair <= set(circle) for circle in circles(graph))


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
        "mosquitto.py",
        "settings.py",
        "yaml_files.py",
    ]
