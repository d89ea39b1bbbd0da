"""One bot object per seat for a live match's life, told each reveal (issue 18 item 6)."""

from __future__ import annotations

import asyncio
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
