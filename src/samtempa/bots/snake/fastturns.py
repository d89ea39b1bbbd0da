"""The search's turns on the compiled fast path, the engine where it does not go.

:func:`~samtempa.games.snake.fast.pack` packs the searched position once; each
(scenario, candidate) pair is then one :meth:`FastState.after` and an unpack to
the engine's own :class:`~samtempa.games.snake.state.State`, equal to what
``game.step`` gives (``tests/games/snake/test_fast.py``), so the evaluation and
every decision are the same as through the engine, in less time. Orders are
checked as ``game.step`` checks them (SS-3.3); what the fast path refuses (a
removal, a game over) goes to the engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from samtempa.games.base import Game, PlayerId
from samtempa.games.snake import fast
from samtempa.games.snake.orders import Order, check_orders
from samtempa.games.snake.state import State


class FastTurns:
    """One searched position: ``after(orders)`` is the state after a turn."""

    __slots__ = ("_compiled", "_game", "_packed", "_seats", "_state")

    def __init__(self, game: Game[Any, Any], state: State) -> None:
        self._game = game
        self._state = state
        self._packed = fast.pack(state)
        self._seats = [s.id for s in state.snakes]
        #: Compiled orders by identity (scenarios share their order objects); None
        #: for an order the fast path leaves to the engine (a removal).
        self._compiled: dict[int, tuple[Order, fast.CompiledOrder]] = {}

    def _compile(self, order: Order) -> fast.CompiledOrder:
        known = self._compiled.get(id(order))
        if known is not None and known[0] is order:
            return known[1]
        compiled = None if order.removed else fast.compile_order(order)
        self._compiled[id(order)] = (order, compiled)
        return compiled

    def after(self, orders: Mapping[PlayerId, Order]) -> State:
        """The state after this turn, as ``game.step(state, orders).state`` (which raises
        :class:`~samtempa.games.base.OrderError` for orders SS-3.3 rejects; so does this)."""
        state = self._state
        packed = self._packed
        if packed is not None:
            check_orders(state, orders)
            by_seat: list[fast.CompiledOrder] = []
            for sid, s in zip(self._seats, state.snakes, strict=True):
                order = orders.get(sid) if s.alive else None
                compiled = self._compile(order) if order is not None else None
                if order is not None and compiled is None:
                    break  # the engine's to play
                by_seat.append(compiled)
            else:
                played = packed.after(fast.FastOrders(by_seat))
                if played is not None:
                    return fast.unpack(played, state)
        after: State = self._game.step(state, orders).state
        return after
