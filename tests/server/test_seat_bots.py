"""One bot object per seat for a live match's life, told each reveal (issue 18 item 6)."""

from __future__ import annotations

import asyncio
import threading
from datetime import timedelta
from random import Random
from typing import Any

from sqlalchemy import func, select

from samtempa.bots.base import Bot, RandomBot
from samtempa.games.base import Game, PlayerId
from samtempa.games.registry import get_game
from samtempa.server.app import Services
from samtempa.server.models import Match, PendingOrder
from samtempa.server.services.matches import Actor, TurnOpen

from .test_coordinator import new_match

GUEST = Actor(None, "session-a")


class Recorder(RandomBot):
    """A random bot that writes down who was asked and what it was told."""

    def __init__(self, log: list[tuple[str, int, Any]]) -> None:
        self.log = log

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        self.log.append(("choose", id(self), game.to_json(state).get("turn")))
        return super().choose(game, state, player, budget_s, rng)

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        self.log.append(("observe", id(self), report))


async def _pending(services: Services) -> None:
    for _ in range(200):
        with services.db.read() as session:
            if session.scalar(select(func.count()).select_from(PendingOrder)):
                return
        await asyncio.sleep(0.02)
    raise AssertionError("the bot never played")


def _my_orders(services: Services, mid: str) -> Any:
    with services.db.read() as session:
        match = session.get(Match, mid)
        assert match is not None
        game = get_game(match.game)
        state = game.from_json(dict(match.state or {}))
    return RandomBot().choose(game, state, "black", 0.0, Random(1))


def test_the_same_bot_plays_every_turn_and_hears_each_reveal(services: Services) -> None:
    mid = new_match(services, ["me", "bot:easy"])
    log: list[tuple[str, int, Any]] = []
    built: list[Bot] = []

    def factory(game: str, level: str) -> Bot:
        bot = Recorder(log)
        built.append(bot)
        return bot

    async def main() -> None:
        coordinator = services.coordinator
        coordinator.bot_factory = factory
        coordinator.turn_opened(TurnOpen(mid, 1, None, [("white", "easy")]))
        reports = []
        for turn in (1, 2):
            await _pending(services)
            out = await coordinator.submit(mid, GUEST, "black", _my_orders(services, mid), turn)
            assert out.revealed is not None
            assert out.revealed.number == turn
            reports.append(out.revealed.report)
        await coordinator.close()
        assert len(built) == 1  # one object for the seat, not one per turn
        me = id(built[0])
        assert log == [
            ("choose", me, 0),
            ("observe", me, reports[0]),
            ("choose", me, 1),
            ("observe", me, reports[1]),
        ]

    asyncio.run(main())


class Slow(RandomBot):
    """A random bot whose first thought lasts until the test lets it go; it writes down
    anything that reaches it while it thinks."""

    def __init__(self, log: list[tuple[str, Any, int]], go: threading.Event) -> None:
        self.log = log
        self.go = go
        self.thinking = 0

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        self.thinking += 1
        try:
            turn = game.to_json(state).get("turn")
            self.log.append(("choose", turn, self.thinking))
            if turn == 0:
                assert self.go.wait(10), "the test never let the bot go"
            return super().choose(game, state, player, budget_s, rng)
        finally:
            self.thinking -= 1

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        self.log.append(("observe", game.to_json(state).get("turn"), self.thinking))


def test_a_reveal_during_a_thought_is_told_after_it(services: Services) -> None:
    """The deadline resolves the turn while the bot still thinks: the bot hears the reveal
    once its thought is over, and its next turn waits for it (never two at once)."""
    mid = new_match(services, ["me", "bot:easy"])
    log: list[tuple[str, Any, int]] = []
    go = threading.Event()
    built: list[Bot] = []

    def factory(game: str, level: str) -> Bot:
        bot = Slow(log, go)
        built.append(bot)
        return bot

    async def main() -> None:
        coordinator = services.coordinator
        coordinator.bot_factory = factory
        coordinator.turn_opened(TurnOpen(mid, 1, None, [("white", "easy")]))
        for _ in range(200):  # the bot is thinking
            if log:
                break
            await asyncio.sleep(0.01)
        await coordinator.submit(mid, GUEST, "black", _my_orders(services, mid), 1)
        later = coordinator.now() + timedelta(hours=1)
        coordinator.now = lambda: later  # past the deadline: white gets the missed order
        reveal = await coordinator.resolve_due(mid)
        assert reveal is not None
        assert reveal.missed == ["white"]
        assert log == [("choose", 0, 1)]  # nothing reached the bot in mid-thought
        go.set()
        await _pending(services)  # the bot played turn 2
        await coordinator.close()

    asyncio.run(main())
    assert len(built) == 1
    assert log[:3] == [("choose", 0, 1), ("observe", 1, 0), ("choose", 1, 1)]
