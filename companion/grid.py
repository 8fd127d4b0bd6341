"""The 5×5 map grid, named like a chessboard from seat A's side.

Columns ``a``–``e`` run left to right as seat A sees them; rows ``1``–``5`` run from seat A's edge
(row 1, A's spawn row) to seat B's edge (row 5, B's spawn row). Other games with other boards
(tiles of squares, boards of hexes) define their own grids.
"""

from __future__ import annotations

from collections.abc import Iterator

COLUMNS = "abcde"
ROWS = 5
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
CELL_SET = frozenset(CELLS)


def is_cell(name: str) -> bool:
    return name in CELL_SET


def check_cell(name: str) -> str:
    """Return ``name`` if it names a cell, else raise ``ValueError``."""
    if name not in CELL_SET:
        raise ValueError(f"{name!r} is not a cell (expected a1..e5)")
    return name


def coords(cell: str) -> tuple[int, int]:
    """(column index 0–4, row index 0–4) of a cell."""
    check_cell(cell)
    return COLUMNS.index(cell[0]), int(cell[1]) - 1


def cell_at(col: int, row: int) -> str:
    if not (0 <= col < len(COLUMNS) and 0 <= row < ROWS):
        raise ValueError(f"({col}, {row}) is off the map")
    return f"{COLUMNS[col]}{row + 1}"


def _orthogonal_neighbours(cell: str) -> tuple[str, ...]:
    col, row = coords(cell)
    found = []
    for dc, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and 0 <= r < ROWS:
            found.append(cell_at(c, r))
    return tuple(found)


_ORTHOGONAL = {cell: _orthogonal_neighbours(cell) for cell in CELLS}  # worked out once


def orthogonal_neighbours(cell: str) -> Iterator[str]:
    """The cells above, below, right and left of ``cell`` on the map, in that order."""
    return iter(_ORTHOGONAL[check_cell(cell)])


def column_of(cell: str) -> str:
    check_cell(cell)
    return cell[0]


def row_of(cell: str) -> int:
    check_cell(cell)
    return int(cell[1])
