"""Cell names and directions shared by both games.

Both rules pages name a cell by its column letter (``A`` on the left) and its
row number (``1`` at the top): WTS-1.1, SS-1.1. Snake Synapse adds a second
floor written with a prime (``C4'``, SS-1.2).

>>> parse_cell("E5")
Cell(col=4, row=4, floor=0)
>>> cell_name(Cell(col=2, row=3, floor=1))
"C4'"
"""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_CELL_RE = re.compile(r"([A-Z])([1-9][0-9]*)(')?")


class Cell(NamedTuple):
    """A cell by zero-based column, row and floor (floor 0 is the ground floor)."""

    col: int
    row: int
    floor: int = 0


class Direction(Enum):
    """The four snake directions; rows grow downwards (SS-1.1)."""

    U = (0, -1)
    D = (0, 1)
    L = (-1, 0)
    R = (1, 0)

    @property
    def dx(self) -> int:
        return self.value[0]

    @property
    def dy(self) -> int:
        return self.value[1]

    @property
    def opposite(self) -> Direction:
        return _OPPOSITE[self]


_OPPOSITE = {
    Direction.U: Direction.D,
    Direction.D: Direction.U,
    Direction.L: Direction.R,
    Direction.R: Direction.L,
}

#: The eight What the Shell directions (WTS-4.1) as (dx, dy).
EIGHT_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
)


def parse_cell(text: str) -> Cell | None:
    """Read a canonical cell name, or ``None`` if it is not one.

    Canonical means an uppercase letter and a row number without a leading
    zero (WTS-2.3), optionally primed for the second floor (SS-1.2). Whether
    the cell lies on a given board is the caller's question.
    """
    m = _CELL_RE.fullmatch(text)
    if m is None:
        return None
    return Cell(COLUMNS.index(m.group(1)), int(m.group(2)) - 1, 1 if m.group(3) else 0)


def cell_name(cell: Cell) -> str:
    """The canonical name of a cell (inverse of :func:`parse_cell`)."""
    return f"{COLUMNS[cell.col]}{cell.row + 1}{chr(39) if cell.floor else ''}"


def cell_range(text: str) -> list[Cell] | None:
    """Expand ``"A1:C2"`` (a rectangle, both corners included, one floor) or a single cell."""
    if ":" not in text:
        one = parse_cell(text)
        return None if one is None else [one]
    first, _, last = text.partition(":")
    a, b = parse_cell(first), parse_cell(last)
    if a is None or b is None or a.floor != b.floor:
        return None
    return [
        Cell(c, r, a.floor)
        for r in range(min(a.row, b.row), max(a.row, b.row) + 1)
        for c in range(min(a.col, b.col), max(a.col, b.col) + 1)
    ]
