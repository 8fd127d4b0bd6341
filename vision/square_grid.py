"""Square grids of any size (battlefield tiles) with spreadsheet-style names.

A square is named by its column letters (``a``..``z``, then ``aa``, ``ab``…) and its row number
from 1, both counted from seat A's left corner: ``a1`` is that corner, ``b1`` the square to its
right, ``a2`` the one towards seat B. The 5×5 map's ``a1``..``e5`` cells are the 5×5 case of the
same names. The square's size and the grid's extent are the caller's data (the game's data file and
the table's settings), never assumed here.
"""

from __future__ import annotations

import re

from vision.map_grid import MapGrid

_NAME = re.compile(r"([a-z]+)([1-9][0-9]*)")
_LETTERS = 26


def column_letters(column: int) -> str:
    """0 → ``a``, 25 → ``z``, 26 → ``aa`` (bijective base 26)."""
    if column < 0:
        raise ValueError(f"column {column} is negative")
    letters = ""
    n = column + 1
    while n:
        n, rest = divmod(n - 1, _LETTERS)
        letters = chr(ord("a") + rest) + letters
    return letters


def square_name(column: int, row: int) -> str:
    """The name of the square at 0-based (column, row)."""
    if row < 0:
        raise ValueError(f"row {row} is negative")
    return f"{column_letters(column)}{row + 1}"


def parse_square(name: str) -> tuple[int, int]:
    """0-based (column, row) of a square name; ``ValueError`` for anything else."""
    match = _NAME.fullmatch(name)
    if match is None:
        raise ValueError(f"{name!r} is not a square name (column letters, then a row from 1)")
    letters, row = match.groups()
    column = 0
    for letter in letters:
        column = column * _LETTERS + (ord(letter) - ord("a") + 1)
    return column - 1, int(row) - 1


def square_grid(columns: int, rows: int, square_mm: float) -> MapGrid:
    """A battlefield of ``columns`` × ``rows`` squares of ``square_mm`` each."""
    if square_mm <= 0:
        raise ValueError("a square needs a positive size")
    if columns < 1 or rows < 1:
        raise ValueError("a battlefield needs at least one column and one row of squares")
    return MapGrid(columns * square_mm, rows * square_mm, columns, rows, square_name)
