"""The interface every bot implements, built-in or behind the HTTP bot protocol.

A bot answers with orders in their JSON form, exactly what a person's client
or an HTTP bot sends (What the Shell: ``"E5"``; Snake Synapse: one snake's
orders object), so the server treats every seat the same way.
"""

from __future__ import annotations

from random import Random
from typing import Any, Protocol

from samtempa.games.base import Game, PlayerId


class Bot(Protocol):
    """Chooses one player's orders for the next turn."""

    name: str

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        """Orders (JSON form) for ``player`` within about ``budget_s`` seconds.

        ``state`` is the engine's state object; ``rng`` is the only source of
        randomness a bot may use, so seeded matches replay.
        """
        ...


class RandomBot:
    """Uniformly random legal orders: the game's own ``random_orders``."""

    name = "random"

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        orders = game.random_orders(state, player, rng)
        return game.orders_to_json(state, player, orders)
