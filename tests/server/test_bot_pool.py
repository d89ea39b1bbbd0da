"""Bots in worker processes (``bot_workers``, issue 21): they play, each seat's bot kept."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from samtempa.server.app import Services, build_services
from samtempa.server.core.config import Settings
from samtempa.server.models import PendingOrder
from samtempa.server.services import bot_pool
from samtempa.server.services.matches import TurnOpen

from .test_coordinator import GUEST, new_match


def held_seats() -> list[tuple[tuple[str, str, str], int]]:
    """Run in the worker process: the seats it keeps a bot for, and each bot's identity."""
    return [(seat, id(bot)) for seat, bot in bot_pool._SEATS.items()]


@pytest.fixture
def pooled(tmp_path: Path) -> Iterator[Services]:
    built = build_services(Settings(data_dir=tmp_path, bot_budget_s=0.05, bot_workers=1))
    built.db.migrate()
    yield built
    built.db.close()


def test_a_bot_in_a_worker_process_plays_every_turn_with_one_object(pooled: Services) -> None:
    mid = new_match(pooled, ["me", "bot:easy"])
    pool = pooled.coordinator.bot_pool
    assert isinstance(pool, bot_pool.BotPool)

    async def bot_sealed() -> None:
        for _ in range(1500):  # the first turn also starts the worker process
            await asyncio.sleep(0.02)
            with pooled.db.read() as session:
                if session.scalar(select(func.count()).select_from(PendingOrder)):
                    return
        raise AssertionError("the bot never played")

    async def main() -> list[Any]:
        pooled.coordinator.turn_opened(TurnOpen(mid, 1, None, [("white", "easy")]))
        seen = []
        for turn, cell in ((1, "E5"), (2, "C3"), (3, "G7")):
            await bot_sealed()
            loop = asyncio.get_running_loop()
            seen.append(await loop.run_in_executor(pool._of(mid), held_seats))
            out = await pooled.coordinator.submit(mid, GUEST, "black", cell, turn)
            assert out.revealed is not None
            assert out.revealed.missed == []  # the bot's order was in
        await pooled.coordinator.close()
        return seen

    seen = asyncio.run(main())
    assert [len(s) for s in seen] == [1, 1, 1]
    assert seen[0][0][0] == (mid, "white", "easy")
    assert seen[0] == seen[1] == seen[2]  # the same bot object, kept for the match


def worker_niceness() -> int:
    """Run in the worker process: its scheduling priority (``nice`` value)."""
    return os.nice(0)


def test_bot_workers_run_below_the_web_process() -> None:
    pool = bot_pool.BotPool(1)
    try:
        theirs = pool._workers[0].submit(worker_niceness).result(timeout=60)
    finally:
        pool.close()
    assert theirs == os.nice(0) + bot_pool.WORKER_NICENESS or theirs == 19
