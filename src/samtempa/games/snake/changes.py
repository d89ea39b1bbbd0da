"""Terrain changes (SS-7): the ops of a change, and pending deletions settling.

The ops come from the terrain's data file (:mod:`.terrain`); this module only
knows what each kind of op does to a board.
"""

from __future__ import annotations

from samtempa.games.snake.board import Board
from samtempa.games.snake.report import FrameReport, Settled
from samtempa.games.snake.state import Race
from samtempa.games.snake.terrain import (
    HARD,
    TRAP,
    WALL,
    ClearCorpses,
    ClearCorpsesExceptLast,
    GrantShot,
    PathLength,
    Remove,
    Restore,
    SetDiggable,
    Wrap,
)


def apply_change(board: Board, deaths: int, report: FrameReport) -> None:
    """Apply the terrain's change for death number ``deaths``, its ops in order (SS-7.3)."""
    report.change = deaths
    for op in board.terrain.changes[deaths]:
        if isinstance(op, Remove):
            _remove(board, op.cells, op.diggable)
        elif isinstance(op, Restore):
            for c in op.cells:
                if c in board.pending:
                    del board.pending[c]  # the grid still shows the old character
                elif board.grid[c] in (WALL, HARD):
                    board.grid[c] = ord(".")
        elif isinstance(op, SetDiggable):
            for c in op.cells:
                if c in board.pending:
                    board.pending[c] = op.diggable
                elif board.grid[c] in (WALL, HARD):
                    board.grid[c] = WALL if op.diggable else HARD
        elif isinstance(op, Wrap):
            board.set_wrap(op.rows, op.columns)
        elif isinstance(op, ClearCorpses):
            hit = op.cells.isdisjoint
            _clear_corpses(board, {s.id for s in board.snakes if s.is_corpse and not hit(s.body)})
        elif isinstance(op, ClearCorpsesExceptLast):
            corpses = sorted(
                (s for s in board.snakes if s.is_corpse),
                key=lambda s: s.death.number if s.death else 0,
                reverse=True,
            )
            _clear_corpses(board, {s.id for s in corpses[op.keep :]})
        elif isinstance(op, PathLength):
            board.path_length = op.value
        elif isinstance(op, GrantShot):
            for i, s in enumerate(board.snakes):
                if s.alive and s.race == Race.SHOOTER and s.charges < op.max:
                    board.snakes[i] = s._replace(charges=s.charges + 1)


def _remove(board: Board, cells: tuple[int, ...], diggable: bool) -> None:
    """SS-7.3 ``remove``; a cell with a segment or a corpse on it becomes pending (SS-7.4)."""
    kind = WALL if diggable else HARD
    occupied: set[int] | None = None
    for c in cells:
        ch = board.grid[c]
        if c in board.pending:
            board.pending[c] = diggable  # SS-13.8: removing again gives the new kind
        elif ch in (WALL, HARD):
            board.grid[c] = kind
        elif ch == TRAP:
            continue  # SS-8.3: nothing ever changes a trap
        else:
            if occupied is None:
                occupied = board.living_cells() | board.corpse_cells()
            if c in occupied:
                board.pending[c] = diggable
            else:
                board.grid[c] = kind


def _clear_corpses(board: Board, ids: set[str]) -> None:
    """Remove these corpses whole: their body becomes ``[]`` (SS-7.3)."""
    for i, s in enumerate(board.snakes):
        if s.id in ids:
            board.snakes[i] = s._replace(body=())
    board.corpses_changed()


def settle_pending(board: Board, report: FrameReport) -> None:
    """SS-7.4, frame step 10: a pending deletion with nothing left on it becomes its wall."""
    if not board.pending:
        return
    bodies = [s.body for s in board.snakes if s.body]  # living snakes and corpses
    for c in [c for c in board.pending if not any(c in body for body in bodies)]:
        board.grid[c] = WALL if board.pending.pop(c) else HARD
        report.events.append(Settled(c))
