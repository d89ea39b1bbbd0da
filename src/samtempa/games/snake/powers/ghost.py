"""Ghost (SS-8.5): who collides, and what happens when the ghosting ends.

While ``ghost_turns_left`` is above 0 the snake ignores every snake's cells
and every snake ignores its cells; blocking and head-on (frame steps 3 and 4)
ask :attr:`Snake.is_ghost`. This module is frame step 6: the expiry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samtempa.games.snake.report import GhostEnded
from samtempa.games.snake.state import Cause

if TYPE_CHECKING:
    from samtempa.games.snake.board import Board
    from samtempa.games.snake.frame_state import Frame


def _crosses_itself(body: tuple[int, ...]) -> bool:
    """A cell held twice, consecutive stacked copies counted once (SS-8.5, decision)."""
    seen: set[int] = set()
    previous = -1
    for c in body:
        if c != previous:
            if c in seen:
                return True
            seen.add(c)
            previous = c
    return False


def expire_ghosts(board: Board, fr: Frame) -> None:
    """Frame step 6 (SS-8.5, SS-13.2).

    A ghost with one turn left falls to 0 in the frame of its first step of
    that turn, blocked or not. All expiring ghosts fall first; then, at once,
    each one dies with every living non-ghost snake its body shares a cell
    with, unless that snake already dies at steps 3-4 (cause ``ghost``, no
    killer), and dies alone (``self``) if its body crosses itself. A ghost
    that already dies keeps its first cause.
    """
    if fr.number not in fr.plan.power_frames:
        return
    expiring = [m for m in fr.movers if fr.steps[m] == 1 and board.snakes[m].ghost_turns_left == 1]
    if not expiring:
        return
    for m in expiring:
        board.snakes[m] = board.snakes[m]._replace(ghost_turns_left=0)
        fr.report.events.append(GhostEnded(board.snakes[m].id))
    already = fr.dying  # steps 3-4
    found: dict[int, Cause] = {}
    for g in expiring:
        cells = set(board.snakes[g].body)
        for i, s in enumerate(board.snakes):
            if i == g or not s.alive or s.is_ghost or i in already:
                continue
            if not cells.isdisjoint(s.body):
                found[g] = Cause.GHOST
                found[i] = Cause.GHOST
        if g not in found and _crosses_itself(board.snakes[g].body):
            found[g] = Cause.SELF
    for seat, cause in found.items():
        if seat not in already:
            fr.dying[seat] = (cause, None)
