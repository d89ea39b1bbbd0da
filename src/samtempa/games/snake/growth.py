"""Growth (SS-6): on the target length, capped at 12, never added at once."""

from __future__ import annotations

from samtempa.games.snake.board import Board
from samtempa.games.snake.state import Snake

#: The cap of SS-6.3.
CAP = 12


def grow(snake: Snake, amount: int, *, capped: bool = True) -> Snake:
    """``snake`` grown by ``amount``: pending growth only (SS-6.5).

    SS-6.3: the new target length is max(old, min(12, old + amount)), so the
    cap never shrinks a target already above 12; the two-survivor growth of
    SS-6.4 passes ``capped=False``.
    """
    if amount <= 0:
        return snake
    old = len(snake.body) + snake.pending_growth
    new = old + amount if not capped else max(old, min(CAP, old + amount))
    if new == old:
        return snake
    return snake._replace(pending_growth=snake.pending_growth + new - old)


def frame_growth(board: Board, killers: list[str | None]) -> dict[str, int]:
    """SS-6.1: per death, +1 to every snake alive at the end of the frame, +3 to its killer.

    Summing before capping gives the same target as capping each grant in
    turn (the cap is monotone), so each snake is capped once. Returns what each
    snake actually gained.
    """
    if not killers:
        return {}
    grown: dict[str, int] = {}
    for i, s in enumerate(board.snakes):
        if not s.alive:
            continue
        amount = len(killers) + 2 * killers.count(s.id)
        new = grow(s, amount)
        if new is not s:
            board.snakes[i] = new
            grown[s.id] = new.pending_growth - s.pending_growth
    return grown


def end_of_turn_growth(board: Board) -> dict[str, int]:
    """SS-4.4 item 2 (SS-6.2, SS-6.4): the two-survivor growth, else the 3-turn growth.

    In both cases a death-free counter at 3 returns to 0 (decision).
    """
    alive = [i for i, s in enumerate(board.snakes) if s.alive]
    two = len(alive) == 2 and all(board.snakes[i].target_length >= CAP for i in alive)
    third = board.turns_without_death == 3
    if third:
        board.turns_without_death = 0
    if not (two or third):
        return {}
    grown: dict[str, int] = {}
    for i in alive:
        s = board.snakes[i]
        new = grow(s, 1, capped=not two)
        if new is not s:
            board.snakes[i] = new
            grown[s.id] = new.pending_growth - s.pending_growth
    return grown
