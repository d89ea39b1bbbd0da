"""Snake Synapse pictures' geometry: the terrain data, where each floor and cell is
drawn, the sizes and colours shared by the board and its legend."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from samtempa.grid import Cell, parse_cell
from samtempa.render import palette as pal

#: The race symbols of the rule book (``seeds/snake-synapse.fr.txt``).
RACE_SYMBOLS = {
    "breaker": "||",
    "dasher": "≈",
    "trapper": "[X]",
    "digger": "[↑]",
    "ghost": "O",
    "shooter": "00",
}
#: The legend's word for a race's charges, when it is not "charges".
CHARGE_WORDS = {"shooter": "shots %(n)s"}

WIDTH = 600
MARGIN_LEFT = 40
MARGIN_RIGHT = 22
FLOOR_GAP = 44
TOP = 84
LINE = 19
FONT = 13
PENDING = pal.VERMILLION
QUEUED = pal.REDDISH_PURPLE
WRAP = pal.BLUE
DIED = pal.VERMILLION

_STEPS = {"U": (0, -1), "D": (0, 1), "L": (-1, 0), "R": (1, 0)}


@cache
def terrain_data(terrain_id: str) -> Mapping[str, Any] | None:
    """The terrain's data file (SS-1.6), or None if the package has no such terrain."""
    path = resources.files("samtempa.games") / "snake" / "terrains" / f"{terrain_id}.json"
    try:
        data: Mapping[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return None
    return data


@dataclass(frozen=True)
class Layout:
    """Where each cell is: cell size, the left edge of each floor, the top of the grids.

    ``top`` is the top of floor 1's grid; ``stacked`` puts the floors one under the
    other (the live board on a narrow screen) instead of side by side.
    """

    width: int
    height: int
    floors: int
    cell: float
    top: float = TOP
    stacked: bool = False

    def floor_left(self, floor: int) -> float:
        if self.stacked:
            return MARGIN_LEFT
        return MARGIN_LEFT + floor * (self.width * self.cell + FLOOR_GAP)

    def floor_top(self, floor: int) -> float:
        if not self.stacked:
            return self.top
        return self.top + floor * (self.height * self.cell + FLOOR_GAP + 10)

    @property
    def picture_width(self) -> float:
        return max(WIDTH, self.grids_right + MARGIN_RIGHT)

    @property
    def grids_right(self) -> float:
        """The right edge of the rightmost grid."""
        return self.floor_left(0 if self.stacked else self.floors - 1) + self.width * self.cell

    @property
    def grid_bottom(self) -> float:
        return self.floor_top(self.floors - 1) + self.height * self.cell

    def corner(self, cell: Cell) -> tuple[float, float]:
        return (
            self.floor_left(cell.floor) + cell.col * self.cell,
            self.floor_top(cell.floor) + cell.row * self.cell,
        )

    def centre(self, cell: Cell | str) -> tuple[float, float]:
        """The centre of a cell in SVG units (tests sample PNG pixels there)."""
        c = parse_cell(cell) if isinstance(cell, str) else cell
        if c is None:
            raise ValueError(f"not a cell name: {cell!r}")
        x, y = self.corner(c)
        return x + self.cell / 2, y + self.cell / 2


def layout_of(state: Mapping[str, Any], *, top: float = TOP, stacked: bool = False) -> Layout:
    grid = state["grid"]
    floors, height, width = len(grid), len(grid[0]), len(grid[0][0])
    across = 1 if stacked else floors
    room = WIDTH - MARGIN_LEFT - MARGIN_RIGHT - (across - 1) * FLOOR_GAP
    cell = max(30.0, min(44.0, room / (across * width)))
    return Layout(width, height, floors, float(int(cell)), top, stacked)


def _change_ops(terrain: Mapping[str, Any] | None, deaths: int) -> list[Mapping[str, Any]]:
    if terrain is None:
        return []
    for change in terrain.get("changes", []):
        if change.get("deaths") == deaths:
            return list(change.get("ops", []))
    return []
