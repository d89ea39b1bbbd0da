"""Digger (SS-8.4): what counts as a wall for its head.

The Digger only changes condition 3 of blocking (SS-5.5): allowed to dig, it
may enter a diggable wall. Living snakes still block it (conditions 1 and 2
come first), and the walls stay walls when it leaves.
"""

from __future__ import annotations

from samtempa.games.snake.board import Board
from samtempa.games.snake.orders import Order
from samtempa.games.snake.report import DiggingStopped, FrameReport
from samtempa.games.snake.state import Race, Snake


def allowed_to_dig(snake: Snake, order: Order | None, step: int) -> bool:
    """SS-8.4: in its step k of ``dig: {frame: k}``, or while ``digging`` is true."""
    if snake.race != Race.DIGGER:
        return False
    return snake.digging or (order is not None and order.dig == step)


def stop_outside_walls(board: Board, report: FrameReport) -> None:
    """SS-8.4, SS-13.3: when the wall under a digging head disappears, digging stops at once.

    Run at frame step 1 after a terrain change (walls only disappear then:
    ``restore`` and corpse clearing).
    """
    for i, s in enumerate(board.snakes):
        if s.alive and s.digging and not board.is_wall(s.body[0]):
            board.snakes[i] = s._replace(digging=False)
            report.events.append(DiggingStopped(s.id))
