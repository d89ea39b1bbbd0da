"""The checks every order goes through, on the database path and the in-memory one."""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from samtempa.games.base import Game, OrderError
from samtempa.server.models import Seat
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches.values import Actor

# Reasons for the engines' refusals that pages translate (other codes keep the engine's words).
ORDER_ERRORS = {
    "occupied": "that cell is not empty",
    "off-board": "that cell is not on the board",
    "bad-notation": "these orders are not written the way the game expects",
    "game-over": "the game is over; no more orders",
    "wrong-path-length": "the path does not have the length this turn needs",
    "bad-direction": "a direction is not one of U, D, L, R",
    "power-not-of-race": "your snake's race does not have that power",
    "no-charges-left": "no charges of that power are left",
    "bad-frame": "a power's frame is outside the path, or two shots share a frame",
}


def check_order(
    game: Game[Any, Any],
    state: Any,
    status: str,
    seat: Seat | None,
    actor: Actor,
    player: str,
    number: int,
    turn: int | None,
    already: bool,
    data: Any,
    rng: Callable[[], Random],
) -> tuple[Any, str]:
    """Every check an order goes through, in order; returns (canonical orders, source).

    Shared by the database path (:func:`submit_tx`) and the in-memory one
    (:mod:`.hot`), so both refuse the same things with the same reasons.
    """
    if status == "open":
        raise Refusal("not-started", "the game has not started: seats are still free", 409)
    if status != "playing":
        raise Refusal("game-over", "the game is over; no more orders", 409)
    if seat is None:
        raise Refusal("unknown-player", "%(player)s is not a player of this game", player=player)
    if not actor.controls(seat):
        raise Refusal(
            "not-your-seat", "you do not play %(player)s in this game", 403, player=player
        )
    if turn is not None and turn != number:
        raise Refusal(
            "wrong-turn",
            "these orders are for turn %(turn)s, but turn %(number)s is being played",
            409,
            turn=turn,
            number=number,
        )
    if player not in game.players(state):
        raise Refusal(
            "not-waiting", "the game is not waiting for orders from %(player)s", 409, player=player
        )
    if already:
        raise Refusal("already-submitted", "orders for this turn were already sent", 409)
    source = "bot" if actor.bot else "player"
    try:
        orders = game.parse_orders(state, player, data)
        game.validate(state, player, orders)
    except OrderError as err:
        if not actor.bot:
            raise Refusal(err.code, ORDER_ERRORS.get(err.code, err.message), 422) from None
        # A bot whose orders the rules reject gets the missed-order policy (bot protocol).
        orders = game.missed_order(state, player, rng())
        source = "missed"
    return game.orders_to_json(state, player, orders), source
