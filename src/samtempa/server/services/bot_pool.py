"""Built-in bots in worker processes (``SAMTEMPA_BOT_WORKERS``, issue 21).

A bot thinking in a thread of the server shares the interpreter lock with
every socket: many games against the computer then slow the reveals of the
human games. With ``bot_workers`` > 0 the bots think in that many processes
instead. Every seat of a match goes to one process (the match id's hash), and
each process keeps one bot object per seat for the match's life, told every
reveal before it plays again (issue 18). A process runs its calls one after
the other, in the order given, so an ``observe`` always comes before the next
``choose`` of that match.

The workers run at a lower scheduling priority (``nice``): on a machine whose
cores the bots fill, the kernel gives the web process the CPU it asks for
first, so a reveal of a human game never waits behind a bot's search; the
bots get every cycle the web process leaves.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import zlib
from concurrent.futures import ProcessPoolExecutor
from random import Random
from typing import Any

from samtempa.bots.base import Bot
from samtempa.bots.registry import make_bot
from samtempa.games.registry import get_game

Seat = tuple[str, str, str]  # (match id, player, level)

# In a worker process: the bots of the seats it plays.
_SEATS: dict[Seat, Bot] = {}

#: How much lower than the web process a bot worker runs (``nice`` increment).
WORKER_NICENESS = 10


def _lower_priority(niceness: int) -> None:
    with contextlib.suppress(OSError):  # not everywhere (a platform without nice)
        os.nice(niceness)


def _choose(seat: Seat, game_name: str, state_json: Any, budget: float, seed: str) -> Any:
    game = get_game(game_name)
    bot = _SEATS.get(seat)
    if bot is None:
        bot = _SEATS[seat] = make_bot(game_name, seat[2])
    return bot.choose(game, game.from_json(state_json), seat[1], budget, Random(seed))


def _observe(match_id: str, game_name: str, state_json: Any, report: Any) -> None:
    game = get_game(game_name)
    state = game.from_json(state_json)
    for seat, bot in list(_SEATS.items()):
        if seat[0] == match_id:
            bot.observe(game, state, report)


def _drop(match_id: str) -> None:
    for seat in [s for s in _SEATS if s[0] == match_id]:
        del _SEATS[seat]


class BotPool:
    """``workers`` single-process executors; a match's seats always go to the same one."""

    def __init__(self, workers: int, niceness: int = WORKER_NICENESS) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self._workers = [
            ProcessPoolExecutor(
                1, mp_context=context, initializer=_lower_priority, initargs=(niceness,)
            )
            for _ in range(workers)
        ]
        self._matches: set[str] = set()  # the matches whose bots play here

    def _of(self, match_id: str) -> ProcessPoolExecutor:
        return self._workers[zlib.crc32(match_id.encode()) % len(self._workers)]

    async def choose(
        self, seat: Seat, game_name: str, state_json: Any, budget: float, seed: str
    ) -> Any:
        self._matches.add(seat[0])
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self._of(seat[0]), _choose, seat, game_name, state_json, budget, seed
        )

    def observe(self, match_id: str, game_name: str, state_json: Any, report: Any) -> None:
        """Tell the match's bots the reveal (queued before any later ``choose``)."""
        if match_id in self._matches:
            self._of(match_id).submit(_observe, match_id, game_name, state_json, report)

    def drop(self, match_id: str) -> None:
        if match_id in self._matches:
            self._matches.discard(match_id)
            self._of(match_id).submit(_drop, match_id)

    def close(self) -> None:
        for worker in self._workers:
            worker.shutdown(wait=False, cancel_futures=True)

    async def aclose(self) -> None:
        self.close()
