"""Cell sets as Python ints for the Snake Synapse bots: flood fills and Voronoi splits
a few shifts per step instead of a loop per cell.

A :class:`Topology` is the neighbour relation of a terrain under given wrap sets
and ladders, taken from the engine's own table (:func:`.topology.step_table`):
most steps are a shift of the whole set, the few others (wraps, ladders) are
listed one by one. Bit ``c`` stands for cell ``c``; the walls are the engine's
(:func:`.topology.wall_cells`).

>>> from samtempa.games.snake import SnakeSynapse
>>> state = SnakeSynapse().initial_state(None)
>>> top = topology(state)
>>> top.flood(state.terrain.cell("A1"), top.full, 100)  # every other cell of the board
90
"""

from __future__ import annotations

from collections.abc import Iterable

from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import LADDER
from samtempa.games.snake.topology import step_table, wall_cells


class Topology:
    """The neighbour relation as shifts: ``(mask, shift)`` per direction, and the steps
    that are no shift (wraps, ladders) as ``(from, to)`` bits."""

    __slots__ = ("full", "moves", "nb", "size", "specials")

    def __init__(self, nb: list[int], size: int) -> None:
        self.size = size
        #: ``nb[cell * 4 + d]``: the cell a step leads to, ladders taken (-1: none).
        self.nb = nb
        self.full = (1 << size) - 1
        moves: list[tuple[int, int]] = []
        specials: list[tuple[int, int]] = []
        for d in range(4):
            deltas: dict[int, int] = {}
            for c in range(size):
                t = nb[c * 4 + d]
                if t >= 0:
                    deltas[t - c] = deltas.get(t - c, 0) + 1
            if not deltas:
                continue
            delta = max(deltas, key=lambda k: deltas[k])
            mask = 0
            for c in range(size):
                t = nb[c * 4 + d]
                if t < 0:
                    continue
                if t - c == delta:
                    mask |= 1 << c
                else:
                    specials.append((1 << c, 1 << t))
            moves.append((mask, delta))
        self.moves = tuple(moves)
        self.specials = tuple(specials)

    def expand(self, cells: int) -> int:
        """Every neighbour of ``cells`` (not ``cells`` themselves unless neighbours)."""
        out = 0
        for mask, delta in self.moves:
            part = cells & mask
            if part:
                out |= part << delta if delta > 0 else part >> -delta
        for src, dst in self.specials:
            if cells & src:
                out |= dst
        return out

    def flood(self, start: int, open_cells: int, cap: int) -> int:
        """Cells of ``open_cells`` reachable from cell ``start``, counted up to about ``cap``."""
        reach = 1 << start
        frontier = reach
        count = 0
        while frontier and count < cap:
            frontier = self.expand(frontier) & open_cells & ~reach
            reach |= frontier
            count += frontier.bit_count()
        return min(count, cap)

    def reach(self, start: int, open_cells: int) -> int:
        """The set of open cells reachable from cell ``start`` (``start`` included)."""
        reach = 1 << start
        frontier = reach
        while frontier:
            frontier = self.expand(frontier) & open_cells & ~reach
            reach |= frontier
        return reach

    def voronoi(
        self, head: int, heads: Iterable[int], open_cells: int, depth: int
    ) -> tuple[int, int, int]:
        """Cells ``head`` reaches strictly before every head of ``heads`` within ``depth``
        steps, the last step at which it gained one, and the cells reached at the same
        step by both sides (a breadth-first race over ``open_cells``)."""
        mine = 1 << head
        theirs = 0
        for h in heads:
            theirs |= 1 << h
        mine &= ~theirs
        seen = mine | theirs
        count = shared = far = 0
        for step in range(1, depth + 1):
            if not mine:
                break
            grow_mine = self.expand(mine) & open_cells & ~seen
            grow_theirs = self.expand(theirs) & open_cells & ~seen if theirs else 0
            both = grow_mine & grow_theirs
            mine = grow_mine & ~both
            theirs = grow_theirs
            seen |= grow_mine | grow_theirs
            if mine:
                count += mine.bit_count()
                far = step
            shared += both.bit_count()
        return count, far, shared


_CACHE: dict[tuple[str, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]], Topology] = {}


def topology(state: State) -> Topology:
    """The topology of a state's terrain, wrap sets and ladders (kept: it rarely changes)."""
    grid = state.grid
    ladders = tuple(c for c, ch in enumerate(grid) if ch == LADDER) if LADDER in grid else ()
    key = (state.terrain.id, state.terrain.size, state.wrap_rows, state.wrap_columns, ladders)
    top = _CACHE.get(key)
    if top is None:
        top = Topology(step_table(state), state.terrain.size)
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[key] = top
    return top


def wall_bits(state: State) -> int:
    """The walls for a head (SS-5.3, :func:`.topology.wall_cells`) as a set."""
    return cell_bits(wall_cells(state))


def cell_bits(cells: Iterable[int]) -> int:
    """A set of cells as bits."""
    bits = 0
    for c in cells:
        bits |= 1 << c
    return bits
