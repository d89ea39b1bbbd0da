"""Where a step leads and what stops a head: the one home of SS-1.4, SS-1.5, SS-5.2, SS-5.3.

The frame pipeline moves heads with :func:`target`; bots search with
:func:`step_table` and :func:`wall_cells`; the browser's path preview gets
:func:`guide`, so that no other code works out wrap sets, ladders, portals or
walls again.

>>> from samtempa.games.snake.game import SnakeSynapse
>>> state = SnakeSynapse().initial_state({"terrain": "torus", "snakes": [
...     {"id": "a", "colour": "red", "race": "breaker"},
...     {"id": "b", "colour": "blue", "race": "ghost"}]})
>>> table = step_table(state)
>>> t = state.terrain
>>> t.name_of(table[t.cell("A1") * 4 + DIRS.index("L")])  # wraps on the torus (SS-1.4)
'K1'
"""

from __future__ import annotations

from typing import Any

from samtempa.games.snake.board import Board
from samtempa.games.snake.body_guide import body_warnings
from samtempa.games.snake.powers.shooter import ray, teleport
from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import DIRS, LADDER, WALL_CHARS, Terrain

_TABLES: dict[tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], list[int]] = {}


def through_ladder(terrain: Terrain, grid: bytes | bytearray, cell: int) -> int:
    """SS-1.5: a head that enters a ladder comes out on the same cell of the other floor
    (a ladder whose deletion is pending still carries it: docs/rule-readings.md)."""
    if cell >= 0 and grid[cell] == LADDER:
        return terrain.other_floor(cell)
    return cell


def target(board: Board, head: int, d: int) -> tuple[int, str | None]:
    """SS-5.2: where the head on ``head`` stepping ``d`` goes now, and the owner of the
    portal pair it goes through (None without one): through a complete portal pair
    (SS-8.6), else to the neighbour of SS-1.4 (-1: the edge), then up or down a ladder."""
    through = teleport(board, head, d) if board.portals else None
    if through is not None:
        cell, owner = through
    else:
        cell, owner = board.nb[head * 4 + d], None
    return through_ladder(board.terrain, board.grid, cell), owner


def step_table(state: State) -> list[int]:
    """``table[cell * 4 + d]``: where a head on ``cell`` stepping ``d`` (index into
    ``DIRS``) lands, portals aside: the neighbour of SS-1.4 under the state's wrap sets,
    then SS-1.5; -1 off the edge. Kept per terrain, wrap sets and ladders (they change a
    few times a game at most); do not mutate it."""
    grid = state.grid
    ladders = tuple(c for c, ch in enumerate(grid) if ch == LADDER) if LADDER in grid else ()
    terrain = state.terrain
    key = (terrain.id, terrain.size, state.wrap_rows, state.wrap_columns, ladders)
    table = _TABLES.get(key)
    if table is None:
        nb = terrain.neighbours(state.wrap_rows, state.wrap_columns)
        table = [through_ladder(terrain, grid, t) for t in nb] if ladders else nb
        if len(_TABLES) > 256:
            _TABLES.clear()
        _TABLES[key] = table
    return table


def wall_cells(state: State) -> frozenset[int]:
    """SS-5.3: the cells a head dies entering, besides the edge: ``#``, ``X`` and ``T``
    cells, cells whose deletion is pending, and every cell under a corpse (SS-5.8)."""
    walls = _grid_walls(state.grid)
    corpses = [s.body for s in state.snakes if not s.alive and s.body]
    if not state.pending and not corpses:
        return walls
    more = set(walls)
    more.update(c for c, _ in state.pending)
    for body in corpses:
        more.update(body)
    return frozenset(more)


_GRID_WALLS: dict[bytes, frozenset[int]] = {}


def _grid_walls(grid: bytes) -> frozenset[int]:
    """The grid's ``#``, ``X`` and ``T`` cells, kept per grid (a search meets the same
    few grids again and again: they change only with terrain changes and traps)."""
    walls = _GRID_WALLS.get(grid)
    if walls is None:
        walls = frozenset(c for c, ch in enumerate(grid) if ch in WALL_CHARS)
        if len(_GRID_WALLS) > 256:
            _GRID_WALLS.clear()
        _GRID_WALLS[grid] = walls
    return walls


def guide(state: State) -> dict[str, Any]:
    """What a page needs to preview a path without applying a rule itself, as the board
    stands (a queued terrain change, SS-7.2, applies first at step 1 of the next frame).

    ``steps``: for every cell, where a head stepping U, D, L, R goes from it now (a cell
    name, or None off the edge), portals included (SS-5.2); ``walls``: the cells of
    :func:`wall_cells`; ``diggable``: those of them a digging Digger may enter (SS-8.4);
    ``through``: the portal faces whose pair is complete, as ``"cell:dir"`` keys naming
    the portal's owner. For the powers' targets: ``neighbours``, the cell a trap set
    towards U, D, L, R from a head there would take (SS-8.3: wrap, no ladder, no
    portal; None off the edge); ``rays``, the front cell a shot that way finds (SS-8.6;
    None when the ray comes back to the head). ``bodies``: for each living snake, the
    steps that certainly run into a body (:mod:`.body_guide`), keyed by the path typed
    before them (engine letters), each direction naming the body's owner.
    """
    terrain = state.terrain
    board = Board(state)
    name = terrain.name_of
    steps: dict[str, list[str | None]] = {}
    neighbours: dict[str, list[str | None]] = {}
    rays: dict[str, list[str | None]] = {}
    through: dict[str, str] = {}
    nb = board.nb
    leads: list[int] = []
    for cell in range(terrain.size):
        row: list[str | None] = []
        near: list[str | None] = []
        shots: list[str | None] = []
        for d in range(4):
            to, owner = target(board, cell, d)
            leads.append(to)
            row.append(name(to) if to >= 0 else None)
            if owner is not None:
                through[f"{name(cell)}:{DIRS[d]}"] = owner
            n = nb[cell * 4 + d]
            near.append(name(n) if n >= 0 else None)
            found = ray(board, cell, d)
            shots.append(None if found is None else name(found))
        steps[name(cell)] = row
        neighbours[name(cell)] = near
        rays[name(cell)] = shots
    walls = wall_cells(state)
    bodies = body_warnings(state, leads, walls)
    return {
        "directions": DIRS,
        "steps": steps,
        "walls": sorted(name(c) for c in walls),
        "diggable": sorted(name(c) for c in walls if board.is_diggable(c)),
        "through": through,
        "neighbours": neighbours,
        "rays": rays,
        "bodies": {
            sid: {prefix: dict(hits) for prefix, hits in sorted(found.items())}
            for sid, found in bodies.items()
        },
    }
