"""The working copy a turn mutates, and the questions every step asks of it.

:func:`Board.from_state` copies what a turn changes (the grid into a
bytearray, the tuples into lists); :meth:`Board.snapshot` freezes it back
into a :class:`~samtempa.games.snake.state.State` after each frame. Snakes
stay immutable named tuples: a step that changes one replaces it in the list,
so snapshots share every snake that did not change.
"""

from __future__ import annotations

from samtempa.games.base import Outcome
from samtempa.games.snake.state import Portal, Snake, State, _new
from samtempa.games.snake.terrain import HARD, LADDER, WALL_CHARS, Terrain


class Board:
    """A mutable game position, used only inside one call of ``step``."""

    __slots__ = (
        "_corpses",
        "deaths",
        "frame",
        "grid",
        "nb",
        "path_length",
        "pending",
        "portals",
        "queued",
        "result",
        "snakes",
        "terrain",
        "turn",
        "turns_without_death",
        "wrap_columns",
        "wrap_rows",
    )

    def __init__(self, state: State) -> None:
        self.terrain: Terrain = state.terrain
        self.turn = state.turn
        self.frame = state.frame
        self.deaths = state.deaths
        self.turns_without_death = state.turns_without_death
        self.path_length = state.path_length
        self.wrap_rows = state.wrap_rows
        self.wrap_columns = state.wrap_columns
        self.nb: list[int] = state.terrain.neighbours(state.wrap_rows, state.wrap_columns)
        self.grid = bytearray(state.grid)
        self.snakes: list[Snake] = list(state.snakes)
        self.portals: list[Portal] = list(state.portals)
        self.pending: dict[int, bool] = dict(state.pending)
        self.queued: list[int] = list(state.queued)
        self.result: Outcome | None = state.result
        self._corpses: set[int] | None = None

    def snapshot(self) -> State:
        """The position now, as an immutable state (the board goes on independently)."""
        return _new(
            State,
            (
                self.terrain,
                self.turn,
                self.frame,
                self.deaths,
                self.turns_without_death,
                self.path_length,
                self.wrap_rows,
                self.wrap_columns,
                bytes(self.grid),
                tuple(self.snakes),
                tuple(self.portals),
                tuple(sorted(self.pending.items())) if self.pending else (),
                tuple(self.queued),
                self.result,
            ),
        )

    def set_wrap(self, rows: tuple[int, ...], columns: tuple[int, ...]) -> None:
        self.wrap_rows, self.wrap_columns = rows, columns
        self.nb = self.terrain.neighbours(rows, columns)

    # --- corpses (SS-5.8) --------------------------------------------------------

    def corpse_cells(self) -> set[int]:
        """Cells holding a segment of a corpse; cached until :meth:`corpses_changed`."""
        if self._corpses is None:
            self._corpses = {c for s in self.snakes if not s.alive for c in s.body}
        return self._corpses

    def corpses_changed(self) -> None:
        self._corpses = None

    def living_cells(self) -> set[int]:
        return {c for s in self.snakes if s.alive for c in s.body}

    # --- walls (SS-5.3) ----------------------------------------------------------

    def is_wall(self, cell: int) -> bool:
        """A wall for a head (SS-5.3): edge, ``#``, ``X``, ``T``, corpse, pending deletion."""
        if cell < 0:
            return True
        return self.grid[cell] in WALL_CHARS or cell in self.pending or cell in self.corpse_cells()

    def is_diggable(self, cell: int) -> bool:
        """A wall a digging Digger may enter (SS-8.4): never ``X``, a pending ``X`` or the edge."""
        if cell < 0:
            return False
        if cell in self.pending:
            return self.pending[cell]
        return self.grid[cell] != HARD

    def is_ladder(self, cell: int) -> bool:
        return self.grid[cell] == LADDER

    def stops_ray(self, cell: int) -> bool:
        """What stops a shot's ray (SS-8.6, SS-13.4): the edge, ``#``/``X``/``T``, a corpse."""
        if cell < 0:
            return True
        return self.grid[cell] in WALL_CHARS or cell in self.corpse_cells()

    def is_over(self) -> bool:
        return self.result is not None
