"""Terrains: the data files of SS-1.6 loaded, checked, and turned into int geometry.

A cell is an int, ``floor * width * height + row * width + col`` (SS-1.1,
SS-1.2), so that bodies are tuples of ints and a neighbour is one list
lookup. Terrain data is package data read once through
:mod:`importlib.resources`; the rules never hard-code a terrain.

>>> classic = load_terrain("classic")
>>> classic.name_of(classic.cell("G4"))
'G4'
>>> nb = classic.neighbours((), ())
>>> classic.name_of(nb[classic.cell("A4") * 4 + DIR_INDEX["R"]])
'B4'
>>> nb[classic.cell("A4") * 4 + DIR_INDEX["L"]]  # the edge: no neighbour (SS-1.4)
-1
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from samtempa.grid import COLUMNS, Cell, cell_name, cell_range

#: Directions in index order; ``U`` is towards row 1 (SS-1.1).
DIRS = "UDLR"
DIR_INDEX = {d: i for i, d in enumerate(DIRS)}
#: (dcol, drow) per direction index.
DIR_DELTAS = ((0, -1), (0, 1), (-1, 0), (1, 0))

OPEN = ord(".")
LADDER = ord("H")
WALL = ord("#")
HARD = ord("X")
TRAP = ord("T")
#: Grid characters that are walls by themselves (SS-1.3).
WALL_CHARS = frozenset((WALL, HARD, TRAP))
GRID_CHARS = frozenset((OPEN, LADDER, WALL, HARD, TRAP))

#: The races' names in the order of SS-2.2 (``state.Race`` holds the same values): the
#: one list every form, bot, arena and picture reads (through the game's spec).
RACES: tuple[str, ...] = ("breaker", "dasher", "trapper", "digger", "ghost", "shooter")

TERRAIN_IDS = (
    "classic",
    "cylinder",
    "torus",
    "double-grid",
    "big",
    "circular-arena",
    "aperture-science",
    "rhizome-9",
)


class TerrainError(ValueError):
    """A terrain data file that breaks SS-1.6."""


# --- terrain change ops (SS-1.6, applied by :mod:`.changes`) ---------------------


@dataclass(frozen=True, slots=True)
class Remove:
    cells: tuple[int, ...]
    diggable: bool


@dataclass(frozen=True, slots=True)
class Restore:
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SetDiggable:
    cells: tuple[int, ...]
    diggable: bool


@dataclass(frozen=True, slots=True)
class Wrap:
    rows: tuple[int, ...]
    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ClearCorpses:
    cells: frozenset[int]


@dataclass(frozen=True, slots=True)
class ClearCorpsesExceptLast:
    keep: int


@dataclass(frozen=True, slots=True)
class PathLength:
    value: int


@dataclass(frozen=True, slots=True)
class GrantShot:
    max: int


Op = (
    Remove
    | Restore
    | SetDiggable
    | Wrap
    | ClearCorpses
    | ClearCorpsesExceptLast
    | PathLength
    | GrantShot
)


class Terrain:
    """One terrain: its geometry, its starting layout and its changes by death count."""

    __slots__ = (
        "_nb_cache",
        "_wrap_cache",
        "area",
        "changes",
        "floors",
        "grid",
        "height",
        "id",
        "index",
        "name",
        "names",
        "notes",
        "path_length",
        "players",
        "races",
        "size",
        "spawns",
        "width",
        "wrap_columns",
        "wrap_rows",
    )

    def __init__(self, data: Any) -> None:
        if not isinstance(data, dict):
            raise TerrainError("a terrain is a JSON object")
        self.id: str = _get(data, "id", str)
        self.name: str = _get(data, "name", str)
        self.players: int = _get(data, "players", int)
        self.width: int = _get(data, "width", int)
        self.height: int = _get(data, "height", int)
        self.floors: int = _get(data, "floors", int)
        self.path_length: int = _get(data, "path_length", int)
        if not (1 <= self.width <= len(COLUMNS) and self.height >= 1 and self.floors in (1, 2)):
            raise TerrainError(f"{self.id}: bad size {self.width}x{self.height}x{self.floors}")
        if self.path_length < 1 or self.players < 2:
            raise TerrainError(f"{self.id}: bad path_length or players")
        self.area: int = self.width * self.height
        self.size: int = self.area * self.floors
        self.names: list[str] = [
            cell_name(Cell(c, r, f))
            for f in range(self.floors)
            for r in range(self.height)
            for c in range(self.width)
        ]
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self._nb_cache: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
        self._wrap_cache: dict[tuple[Any, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
        wrap = _get(data, "wrap", dict)
        self.wrap_rows, self.wrap_columns = self.parse_wrap(wrap)
        grid = bytearray([OPEN]) * self.size
        for key, char in (("walls", WALL), ("undiggable", HARD), ("ladders", LADDER)):
            for c in self.cell_set(_get(data, key, list)):
                grid[c] = char
        self.grid = bytes(grid)
        self.spawns: tuple[int, ...] = tuple(self.cell(n) for n in _get(data, "spawns", list))
        if len(self.spawns) != self.players or len(set(self.spawns)) != self.players:
            raise TerrainError(f"{self.id}: one distinct spawn per seat is needed")
        if any(self.grid[c] != OPEN for c in self.spawns):
            raise TerrainError(f"{self.id}: a spawn is not an open cell")
        races = data.get("races", None)
        if races is not None and (
            not isinstance(races, list) or not races or any(r not in RACES for r in races)
        ):
            raise TerrainError(f"{self.id}: races must be null or a list of races")
        self.races: tuple[str, ...] | None = None if races is None else tuple(races)
        self.changes: dict[int, tuple[Op, ...]] = {}
        for change in _get(data, "changes", list):
            if not isinstance(change, dict) or set(change) != {"deaths", "ops"}:
                raise TerrainError(f"{self.id}: a change is {{deaths, ops}}")
            deaths = change["deaths"]
            if not isinstance(deaths, int) or deaths < 1 or deaths in self.changes:
                raise TerrainError(f"{self.id}: change death counts must be distinct, ≥ 1")
            self.changes[deaths] = tuple(self._op(op) for op in change["ops"])
        self.notes: tuple[str, ...] = tuple(data.get("notes", ()))

    def __repr__(self) -> str:
        return f"<Terrain {self.id}>"

    # --- names -------------------------------------------------------------------

    def cell(self, name: str) -> int:
        """The int of a cell name on this terrain; raises :class:`TerrainError`."""
        if name not in self.index:
            raise TerrainError(f"{self.id}: {name!r} is not a cell")
        return self.index[name]

    def name_of(self, cell: int) -> str:
        return self.names[cell]

    def coords(self, cell: int) -> tuple[int, int, int]:
        """(col, row, floor) of a cell, zero-based."""
        floor, rest = divmod(cell, self.area)
        row, col = divmod(rest, self.width)
        return col, row, floor

    def cell_set(self, items: Any) -> tuple[int, ...]:
        """A cell set of SS-1.6 (names and ``A1:C3`` rectangles), in listed order, no repeats."""
        if not isinstance(items, list):
            raise TerrainError(f"{self.id}: a cell set is a list")
        out: dict[int, None] = {}
        for item in items:
            cells = cell_range(item) if isinstance(item, str) else None
            if cells is None:
                raise TerrainError(f"{self.id}: {item!r} is not a cell or a range")
            for c in cells:
                if not (c.col < self.width and c.row < self.height and c.floor < self.floors):
                    raise TerrainError(f"{self.id}: {item!r} leaves the board")
                out[c.floor * self.area + c.row * self.width + c.col] = None
        return tuple(out)

    def parse_wrap(self, wrap: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Wrap sets of SS-1.4 (rows as numbers, columns as letters) as sorted zero-based ints."""
        if type(wrap) is dict and len(wrap) == 2:
            # The few wrap sets of a terrain are read once each; the cache holds canonical
            # lists only, so a key is looked up only for two lists (not "AB", not {"A": 1}),
            # of ints (not True for 1) and of strings.
            rows, columns = wrap.get("rows"), wrap.get("columns")
            if (
                type(rows) is list
                and type(columns) is list
                and all(type(r) is int for r in rows)
                and all(type(c) is str for c in columns)
            ):
                cached = self._wrap_cache.get((tuple(rows), tuple(columns)))
                if cached is not None:
                    return cached
        if not isinstance(wrap, dict) or set(wrap) != {"rows", "columns"}:
            raise TerrainError("wrap is {rows, columns}")
        rows, columns = wrap["rows"], wrap["columns"]
        if not isinstance(rows, list) or not isinstance(columns, list):
            raise TerrainError("wrap rows and columns are lists")
        if any(type(r) is not int or not 1 <= r <= self.height for r in rows):
            raise TerrainError(f"wrap rows must be numbers 1 to {self.height}")
        letters = COLUMNS[: self.width]
        if any(not isinstance(c, str) or len(c) != 1 or c not in letters for c in columns):
            raise TerrainError(f"wrap columns must be letters A to {letters[-1]}")
        row_ints = tuple(sorted({r - 1 for r in rows}))
        parsed = row_ints, tuple(sorted({letters.index(c) for c in columns}))
        if list(rows) == [r + 1 for r in parsed[0]] and list(columns) == [
            letters[c] for c in parsed[1]
        ]:
            self._wrap_cache[(tuple(rows), tuple(columns))] = parsed  # canonical forms only
        return parsed

    def wrap_json(self, rows: tuple[int, ...], columns: tuple[int, ...]) -> dict[str, list[Any]]:
        return {"rows": [r + 1 for r in rows], "columns": [COLUMNS[c] for c in columns]}

    # --- geometry ----------------------------------------------------------------

    def neighbours(self, rows: tuple[int, ...], columns: tuple[int, ...]) -> list[int]:
        """``nb[cell * 4 + d]``: the neighbour of SS-1.4 under these wrap sets, or -1.

        Computed once per wrap sets and kept: terrain changes replace the wrap
        sets a few times per game at most (SS-7.3).
        """
        key = (rows, columns)
        table = self._nb_cache.get(key)
        if table is not None:
            return table
        w, h = self.width, self.height
        wrap_rows, wrap_cols = set(rows), set(columns)
        table = [-1] * (self.size * 4)
        for cell in range(self.size):
            col, row, floor = self.coords(cell)
            base = floor * self.area
            for d, (dc, dr) in enumerate(DIR_DELTAS):
                c, r = col + dc, row + dr
                if not 0 <= c < w:
                    if row not in wrap_rows:
                        continue
                    c %= w
                if not 0 <= r < h:
                    if col not in wrap_cols:
                        continue
                    r %= h
                table[cell * 4 + d] = base + r * w + c
        self._nb_cache[key] = table
        return table

    def other_floor(self, cell: int) -> int:
        """The same cell on the other floor (SS-1.5; only Rhizome has two)."""
        return cell - self.area if cell >= self.area else cell + self.area

    # --- changes -----------------------------------------------------------------

    def _op(self, op: Any) -> Op:
        if not isinstance(op, dict) or "op" not in op:
            raise TerrainError(f"{self.id}: an op is an object with 'op'")
        kind = op["op"]
        keys = set(op) - {"op"}
        expected = {
            "remove": {"cells", "diggable"},
            "restore": {"cells"},
            "set-diggable": {"cells", "diggable"},
            "wrap": {"rows", "columns"},
            "clear-corpses": {"cells"},
            "clear-corpses-except-last": {"keep"},
            "path-length": {"value"},
            "grant-shot": {"max"},
        }.get(kind)
        if expected is None or keys != expected:
            raise TerrainError(f"{self.id}: bad op {op!r}")
        if "diggable" in op and not isinstance(op["diggable"], bool):
            raise TerrainError(f"{self.id}: diggable is true or false in {op!r}")
        for key in ("keep", "value", "max"):
            if key in op and (type(op[key]) is not int or op[key] < (0 if key == "keep" else 1)):
                raise TerrainError(f"{self.id}: {key} must be a positive integer in {op!r}")
        if kind == "remove":
            return Remove(self.cell_set(op["cells"]), op["diggable"])
        if kind == "restore":
            return Restore(self.cell_set(op["cells"]))
        if kind == "set-diggable":
            return SetDiggable(self.cell_set(op["cells"]), op["diggable"])
        if kind == "wrap":
            rows, columns = self.parse_wrap({"rows": op["rows"], "columns": op["columns"]})
            return Wrap(rows, columns)
        if kind == "clear-corpses":
            return ClearCorpses(frozenset(self.cell_set(op["cells"])))
        if kind == "clear-corpses-except-last":
            return ClearCorpsesExceptLast(op["keep"])
        if kind == "path-length":
            return PathLength(op["value"])
        return GrantShot(op["max"])

    def allows(self, race: str) -> bool:
        return race in RACES and (self.races is None or race in self.races)


def _get(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data.get(key)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TerrainError(f"terrain key {key!r} must be a {kind.__name__}")
    return value


@cache
def load_terrain(terrain_id: str) -> Terrain:
    """The terrain of ``terrains/<id>.json``, loaded once; raises :class:`KeyError` if unknown."""
    if terrain_id not in TERRAIN_IDS:
        raise KeyError(terrain_id)
    path = resources.files("samtempa.games.snake") / "terrains" / f"{terrain_id}.json"
    terrain = Terrain(json.loads(path.read_text(encoding="utf-8")))
    if terrain.id != terrain_id:
        raise TerrainError(f"{terrain_id}.json says its id is {terrain.id!r}")
    return terrain
