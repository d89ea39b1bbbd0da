"""The bot protocol's client side (``shared/design/bot-protocol.md``).

An :class:`HttpBot` is a :class:`~samtempa.bots.base.Bot` whose decisions come
from a bot server (``GET /``, ``POST /start``, ``/move``, ``/end``). It only
talks HTTP and raises :class:`BotError` when the bot misbehaves;
:func:`ask` is where any bot's answer is checked by the engine, the match's
missed-order policy applied and the failure recorded — the same for built-in
and HTTP bots, so the arena and the server treat every seat alike.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from random import Random
from typing import Any

import httpx

from samtempa.bots.base import Bot
from samtempa.games.base import JSON, Game, OrderError, PlayerId

#: Extra time a move request may take beyond ``timeout_ms`` (connection, transfer).
NETWORK_GRACE_S = 0.15


class BotError(Exception):
    """A bot that timed out, failed, or answered something that is not orders.

    ``kind`` is ``timeout``, ``error`` or ``bad-answer`` (``illegal`` is given by
    :func:`ask` when the engine rejects well-formed orders).
    """

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Failure:
    """One missed order, as the platform records it."""

    turn: int
    player: PlayerId
    bot: str
    kind: str
    detail: str
    orders_given: Any = None

    def to_json(self) -> JSON:
        return {
            "turn": self.turn,
            "player": self.player,
            "bot": self.bot,
            "kind": self.kind,
            "detail": self.detail,
            "orders_given": self.orders_given,
        }


class HttpBot(Bot):
    """A bot behind the HTTP bot protocol.

    One instance talks to one server; ``match`` names the match in every call.
    ``start`` and ``end`` failures are ignored (their answers are "anything").
    """

    def __init__(
        self,
        url: str,
        *,
        client: httpx.Client | None = None,
        match: str = "match",
        grace_s: float = NETWORK_GRACE_S,
    ) -> None:
        self.url = url.rstrip("/")
        self.client = client or httpx.Client()
        self.match = match
        self.grace_s = grace_s
        self.name = url

    def info(self, timeout_s: float = 5.0) -> JSON:
        """``GET /``: the bot's name, author, games and version."""
        answer = self._call("GET", "/", None, timeout_s)
        if not isinstance(answer, dict):
            raise BotError("bad-answer", "GET / must answer a JSON object")
        return answer

    def start(
        self, game: Game[Any, Any], state: Any, player: PlayerId, setup: Any, timeout_s: float = 5.0
    ) -> None:
        body = {
            "match": self.match,
            "game": game.name,
            "you": player,
            "setup": setup,
            "state": game.player_view(state, player),
        }
        with contextlib.suppress(BotError):
            self._call("POST", "/start", body, timeout_s)

    def end(
        self,
        game: Game[Any, Any],
        state: Any,
        player: PlayerId,
        outcome: JSON,
        timeout_s: float = 5.0,
    ) -> None:
        body = {
            "match": self.match,
            "game": game.name,
            "you": player,
            "state": game.player_view(state, player),
            "outcome": outcome,
        }
        with contextlib.suppress(BotError):
            self._call("POST", "/end", body, timeout_s)

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        """``POST /move``: the bot's orders (JSON form), or :class:`BotError`."""
        view = game.player_view(state, player)
        body = {
            "match": self.match,
            "game": game.name,
            "you": player,
            "turn": view.get("turn", 0),
            "state": view,
            "timeout_ms": int(budget_s * 1000),
        }
        answer = self._call("POST", "/move", body, budget_s + self.grace_s)
        if not isinstance(answer, dict) or "orders" not in answer:
            raise BotError("bad-answer", 'a move answer is {"orders": ...}')
        return answer["orders"]

    def _call(self, method: str, path: str, body: JSON | None, timeout_s: float) -> Any:
        try:
            response = self.client.request(
                method, self.url + path, json=body, timeout=httpx.Timeout(timeout_s)
            )
        except httpx.TimeoutException as exc:
            raise BotError("timeout", f"no answer within {timeout_s:.3f} s") from exc
        except httpx.HTTPError as exc:
            raise BotError("error", f"{type(exc).__name__}: {exc}") from exc
        if response.status_code != 200:
            raise BotError("error", f"HTTP {response.status_code}")
        try:
            return response.json()
        except ValueError as exc:
            raise BotError("bad-answer", "the answer is not JSON") from exc

    def close(self) -> None:
        self.client.close()


def ask(
    game: Game[Any, Any],
    state: Any,
    player: PlayerId,
    bot: Bot,
    budget_s: float,
    rng: Random,
    *,
    label: str | None = None,
) -> tuple[Any, Failure | None, float]:
    """One player's orders for this turn, from ``bot``, checked by the engine.

    A bot that times out, fails, or sends orders the rules reject gets the
    match's missed-order policy (``game.missed_order``: What the Shell a
    uniformly random empty cell, Snake Synapse the game's own), and the
    failure is returned for the record. Returns ``(orders, failure, seconds)``;
    ``orders`` are the engine's value, ready for ``game.step``.
    """
    turn = int(game.to_json(state).get("turn", 0))
    name = label or str(getattr(bot, "name", "bot"))
    given: Any = None
    start = time.perf_counter()
    try:
        given = bot.choose(game, state, player, budget_s, rng)
        orders = game.parse_orders(state, player, given)
        game.validate(state, player, orders)
        return orders, None, time.perf_counter() - start
    except BotError as exc:
        failure = Failure(turn, player, name, exc.kind, exc.detail, given)
    except OrderError as exc:
        failure = Failure(turn, player, name, "illegal", f"{exc.code}: {exc.message}", given)
    except Exception as exc:  # a built-in bot's bug must not stop a match either
        failure = Failure(turn, player, name, "error", f"{type(exc).__name__}: {exc}", given)
    return game.missed_order(state, player, rng), failure, time.perf_counter() - start
