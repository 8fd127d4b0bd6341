"""A game is one folder: outside ``companion/games/`` no code compares game names, and outside its
own folder (``companion/games/<game>/``: engine, kit, screens) each game is named in at most two
files, shared code speaking of "the game", never of one game.

The source is scanned. A *comparison* is ``==``/``!=``/``in``/``not in`` against a game's id
(``arena``, ``dreamblade``…) as a string of the code, or a ``match`` case on one. A file *names* a
game when its text — Python, JavaScript or HTML, comments and docstrings included — holds its id,
in any case, ``dungeon_command`` also spelled "Dungeon Command"; the game's entry point
(``pyproject.toml``) and the docs are no code files. The config's ``<game>:`` section and layouts'
``map.kind`` are data: the files that read them name no game.
"""

from __future__ import annotations

import ast
import re
from importlib.metadata import entry_points
from pathlib import Path

from companion.games import ENTRY_POINT_GROUP, kits

ROOT = Path(__file__).resolve().parents[3]
SOURCES = ("companion", "vision", "web_panel", "firmware_config")
# the house's own games, as its ``pyproject.toml`` declares them
GAMES = tuple(
    point.name
    for point in entry_points(group=ENTRY_POINT_GROUP)
    if point.dist is not None and point.dist.name == "tabletop-companion"
)


def _pattern(game: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![a-z]){game}(?![a-z])")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _words(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of every identifier, imported name and string of the code."""
    docs = _docstrings(tree)
    words: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            words.append((line, node.value))
        elif isinstance(node, ast.Name):
            words.append((line, node.id))
        elif isinstance(node, ast.Attribute):
            words.append((line, node.attr))
        elif isinstance(node, ast.alias):
            words += [(line, node.name), (line, node.asname or "")]
        elif isinstance(node, ast.ImportFrom):
            words.append((line, node.module or ""))
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            words.append((line, node.name))
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            words.append((line, node.arg))
    return words


def _is_game(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAMES


def _comparisons(tree: ast.AST) -> list[int]:
    """Lines comparing a value with a game's name."""
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for operand in operands:
                elements = (
                    operand.elts if isinstance(operand, ast.Tuple | ast.Set | ast.List) else []
                )
                if _is_game(operand) or any(_is_game(e) for e in elements):
                    lines.append(node.lineno)
                    break
        elif (
            isinstance(node, ast.match_case)
            and isinstance(node.pattern, ast.MatchValue)
            and _is_game(node.pattern.value)
        ):
            lines.append(node.pattern.lineno)
    return lines


def _sources_outside_the_games() -> dict[str, ast.Module]:
    """Every Python file of ``SOURCES`` outside ``companion/games/``, parsed."""
    games = ROOT / "companion" / "games"
    return {
        str(path.relative_to(ROOT)): ast.parse(path.read_text(encoding="utf-8"))
        for source in SOURCES
        for path in sorted((ROOT / source).rglob("*.py"))
        if not path.is_relative_to(games)
    }


def test_every_known_game_is_a_registered_kit() -> None:
    assert {kit.name for kit in kits()} == set(GAMES)


def test_no_code_outside_the_games_compares_game_names() -> None:
    sources = _sources_outside_the_games()
    assert "companion/table/table.py" in sources and "web_panel/__init__.py" in sources
    found = [f"{path}:{line}" for path, tree in sources.items() for line in _comparisons(tree)]
    assert found == []


def test_the_scan_finds_a_comparison_and_a_name() -> None:
    """The scan is no check that cannot fail: a comparison and a name in code are found, a name in
    a docstring or a comment is not."""
    tree = ast.parse(
        '"""Arena and arena in the docstring."""\n'
        "# arena in a comment\n"
        "def f(game):\n"
        "    if game.name == 'arena':\n"
        "        return 1\n"
        "    match game.name:\n"
        "        case 'planechase':\n"
        "            return 2\n"
        "    return game.name in ('dreamblade', 'x')\n"
    )
    assert sorted(_comparisons(tree)) == [4, 7, 9]
    named = {game for game in GAMES if any(_pattern(game).search(t) for _, t in _words(tree))}
    assert named == {"arena", "planechase", "dreamblade"}
    quiet = ast.parse('"""The arena and dreamblade, in prose."""\n# planechase\nx = 1\n')
    assert not any(_pattern(game).search(t) for game in GAMES for _, t in _words(quiet))


# -- every mention, comments and docstrings included, in Python, JavaScript and HTML --------------

CODE_FILES = ("*.py", "*.js", "*.html")
# outside its own folder a game is named in at most two files (counted 48, 23, 20 and 16 before
# the games' screens moved into their folders); its entry point (pyproject.toml) and the docs
# are no code files
MOST_FILES = 2


def _mention(game: str) -> re.Pattern[str]:
    spaced = game.replace("_", "[_ ]")  # "Dungeon Command" in prose, dungeon_command in code
    return re.compile(rf"(?<![a-z]){spaced}(?![a-z])", re.IGNORECASE)


def files_mentioning(game: str) -> set[str]:
    pattern = _mention(game)
    return {
        str(path.relative_to(ROOT))
        for source in SOURCES
        for glob in CODE_FILES
        for path in (ROOT / source).rglob(glob)
        if not path.is_relative_to(ROOT / "companion" / "games" / game)
        and pattern.search(path.read_text(encoding="utf-8"))
    }


def test_each_game_is_named_in_at_most_two_files_outside_its_folder() -> None:
    for game in GAMES:
        named = files_mentioning(game)
        assert len(named) <= MOST_FILES, (game, sorted(named))


def test_the_mention_count_reads_comments_and_both_spellings() -> None:
    assert _mention("dungeon_command").search("// Dungeon Command's creatures")
    assert _mention("arena").search("<!-- the ARENA board -->")
    assert not _mention("arena").search("arenas")
