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
    """Chooses one player's orders for the next turn.

    The server and the arena keep one bot object per seat for a whole match, so a
    bot may keep what it learned; :meth:`observe` tells it each reveal. Bots
    subclass this protocol explicitly to inherit the no-op ``observe``.
    """

    name: str

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        """Orders (JSON form) for ``player`` within about ``budget_s`` seconds.

        ``state`` is the engine's state object; ``rng`` is the only source of
        randomness a bot may use, so seeded matches replay.
        """
        ...

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        """A turn was revealed: ``state`` is the engine state after it, ``report``
        the turn's report in its JSON form. Called once per reveal, before the next
        ``choose``; by default a bot ignores it."""
        return


class RandomBot(Bot):
    """Uniformly random legal orders: the game's own ``random_orders``."""

    name = "random"

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        orders = game.random_orders(state, player, rng)
        return game.orders_to_json(state, player, orders)
