"""One turn (SS-4): accept the orders, removals, movement frames, settling frames, the end.

:func:`resolve` never mutates the state it is given: it plays on a
:class:`~samtempa.games.snake.board.Board` and keeps a snapshot after every
frame, so the caller gets the new state and every frame to animate.
"""

from __future__ import annotations

from collections.abc import Mapping

from samtempa.games.base import Step
from samtempa.games.snake import growth
from samtempa.games.snake.board import Board
from samtempa.games.snake.frame import check_end, run_frame, steps_for
from samtempa.games.snake.frame_state import Frame
from samtempa.games.snake.orders import Order
from samtempa.games.snake.powers import shooter
from samtempa.games.snake.report import TurnReport
from samtempa.games.snake.schedule import Plan
from samtempa.games.snake.state import State


def resolve(state: State, orders: Mapping[str, Order]) -> Step[State]:
    """Play a turn whose orders have passed SS-3.3 (:func:`.orders.check_orders`)."""
    board = Board(state)
    report = TurnReport(state.turn + 1)
    deaths_before = state.deaths
    by_seat = [orders.get(s.id) if s.alive else None for s in state.snakes]
    plan = Plan(state.snakes, by_seat, state.path_length)
    accept(board, by_seat)
    remove_missing(board, by_seat, report)
    frames: list[State] = []
    number = 0
    if board.result is None:
        steps = steps_for(plan)
        # SS-4.2: P + D movement frames; SS-4.3: settling frames while changes wait.
        while number < plan.movement_frames or board.queued:
            number += 1
            fr = Frame(plan, number, settling=number > plan.movement_frames)
            over = run_frame(board, fr, steps)
            report.frames.append(fr.report)
            frames.append(board.snapshot())
            if over:
                break
    end_of_turn(board, report, died=board.deaths > deaths_before)
    report.result = board.result
    return Step(board.snapshot(), tuple(frames), report)


#: Every field of an order but the path, for an order that only gives a path.
_PATH_ONLY = Order()[1:]


def accept(board: Board, orders: list[Order | None]) -> None:
    """SS-4.1 (1): charges are spent on acceptance (SS-3.2), ghosts start, ``turn`` rises."""
    for i, order in enumerate(orders):
        if order is None or order[1:] == _PATH_ONLY:
            continue  # the usual order: a path and nothing else
        if order.removed:
            continue
        s = board.snakes[i]
        spent = order.charges_needed()
        if spent or order.ghost:
            board.snakes[i] = s._replace(
                charges=s.charges - spent,
                ghost_turns_left=3 if order.ghost else s.ghost_turns_left,  # SS-8.5
            )
    board.turn += 1


def remove_missing(board: Board, orders: list[Order | None], report: TurnReport) -> None:
    """SS-4.1 (2), SS-9.1: removed snakes vanish (no corpse, no death), then the end check."""
    removed = []
    for i, order in enumerate(orders):
        if order is not None and order.removed:
            s = board.snakes[i]
            board.snakes[i] = s._replace(
                alive=False,
                removed=True,
                body=(),
                pending_growth=0,
                ghost_turns_left=0,
                digging=False,
                portal_links=(),
            )
            shooter.doom_portals_of(board, s.id)
            removed.append(s.id)
    report.removed = removed
    if removed:
        check_end(board, removed)


def end_of_turn(board: Board, report: TurnReport, died: bool) -> None:
    """SS-4.4: the death-free counter, growth unless the game is over, ghosts fade, frame 0."""
    if died:
        board.turns_without_death = 0
    else:
        board.turns_without_death += 1
    if board.result is None:
        report.growth = growth.end_of_turn_growth(board)
    for i, s in enumerate(board.snakes):
        if s.alive and s.ghost_turns_left >= 2:
            board.snakes[i] = s._replace(ghost_turns_left=s.ghost_turns_left - 1)
            report.ghosts_fading.append(s.id)
    board.frame = 0
