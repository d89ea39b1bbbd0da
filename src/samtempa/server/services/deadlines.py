"""Turn deadlines: wake the coordinator when a turn's time is up.

The time is the coordinator's clock (:mod:`samtempa.server.core.clock`): a
:class:`~samtempa.server.core.clock.ManualClock` calls :meth:`DeadlineScheduler.wake`
when moved. Deadlines live in the database (``matches.deadline``); this scheduler only
holds a heap of the ones it knows in memory and, at start, reloads every
deadline of the matches being played, so a turn whose deadline passed while
the server was down resolves as soon as it is back, once (the coordinator
re-checks the deadline inside its transaction).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy import select

from samtempa.server.core.database import Database
from samtempa.server.models import Match

log = logging.getLogger("samtempa.deadlines")


class Resolver(Protocol):
    """What the scheduler needs of the match coordinator (a protocol: the coordinator
    imports this module, so this one does not import the coordinator)."""

    @property
    def db(self) -> Database: ...

    @property
    def now(self) -> Callable[[], datetime]: ...

    async def resolve_due(self, match_id: str) -> Any: ...


class DeadlineScheduler:
    """One asyncio task sleeping until the nearest deadline."""

    def __init__(self, coordinator: Resolver) -> None:
        self.coordinator = coordinator
        self._heap: list[tuple[datetime, str]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    def schedule(self, match_id: str, when: datetime) -> None:
        heapq.heappush(self._heap, (when, match_id))
        self.wake()

    def wake(self) -> None:
        """Look at the nearest deadline again (a new one, or a manual clock moved)."""
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        """Load the deadlines stored in the database, then run (on the running loop)."""
        self._wake = asyncio.Event()
        await self.reload()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def reload(self) -> None:
        """Every deadline of the matches being played, from the database (at start, and
        when messages of other server processes may have been missed)."""

        def load() -> list[tuple[datetime, str]]:
            with self.coordinator.db.read() as session:
                rows = session.execute(
                    select(Match.deadline, Match.id).where(
                        Match.status == "playing", Match.deadline.is_not(None)
                    )
                )
                return [(d, m) for d, m in rows if d is not None]

        known = set(self._heap)
        for when, match_id in await self.coordinator.db.run(load):
            if (when, match_id) not in known:
                self.schedule(match_id, when)

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            self._wake.clear()
            if not self._heap:
                await self._wake.wait()
                continue
            when, match_id = self._heap[0]
            delay = (when - self.coordinator.now()).total_seconds()
            if delay > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=delay)
                continue
            heapq.heappop(self._heap)
            try:
                await self.coordinator.resolve_due(match_id)
            except Exception:
                log.exception("deadline of match %s failed", match_id)
