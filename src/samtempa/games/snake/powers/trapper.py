"""Trapper (SS-8.3): a wall added at step 8 of the frame of its step k."""

from __future__ import annotations

from typing import TYPE_CHECKING

from samtempa.games.snake.report import TrapEvent
from samtempa.games.snake.terrain import DIR_INDEX, OPEN, TRAP

if TYPE_CHECKING:
    from samtempa.games.snake.board import Board
    from samtempa.games.snake.frame_state import Frame


def place_traps(board: Board, fr: Frame) -> None:
    """Frame step 8, in seat order (SS-5.1).

    The neighbour of the living Trapper's head in ``dir`` (wrap included, no
    ladder, no portal) becomes ``T`` if it is a ``.`` cell, not a pending
    deletion, without any snake segment or corpse, and not a portal's cell
    (decision); otherwise the spent charge does nothing (SS-3.2).
    """
    if fr.number not in fr.plan.power_frames:
        return
    for seat in fr.movers:
        order = fr.plan.orders[seat]
        if order is None or order.trap is None or order.trap.frame != fr.steps[seat]:
            continue
        snake = board.snakes[seat]
        if not snake.alive:
            continue
        cell = board.nb[snake.body[0] * 4 + DIR_INDEX[order.trap.dir]]
        ok = (
            cell >= 0
            and board.grid[cell] == OPEN
            and cell not in board.pending
            and cell not in board.corpse_cells()
            and all(cell not in s.body for s in board.snakes if s.alive)
            and all(p.cell != cell for p in board.portals)
        )
        if ok:
            board.grid[cell] = TRAP
        fr.report.events.append(TrapEvent(snake.id, cell if ok else None))
