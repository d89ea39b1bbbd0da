"""The live side of game controls: run them through the coordinator, tell the viewers,
count finished games, end the games nobody plays.

:class:`GameControls` is built with the coordinator and hooks into it: at each
deadline it may abandon the match (:func:`.abandon.idle_tx`), and each match
that finishes is counted (:func:`.standings.settle_tx`: standing and ratings).
A background sweep abandons stale open games and counts any finished game left
uncounted (after a crash, or from before this version).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from samtempa.server.services import abandon, standings
from samtempa.server.services.controls import ControlDone, control_tx
from samtempa.server.services.live import Message
from samtempa.server.services.matches import Actor, MatchCoordinator

log = logging.getLogger("samtempa.controls")


class GameControls:
    """Resign, draws and abort for players; abandonment and standings for the platform."""

    def __init__(self, coordinator: MatchCoordinator) -> None:
        self.coordinator = coordinator
        self.settings = coordinator.settings
        self._task: asyncio.Task[None] | None = None
        self._counting: set[asyncio.Task[Any]] = set()
        coordinator.idle_check = self._idle_check
        coordinator.on_finished = self.count_later

    async def act(
        self, match_id: str, actor: Actor, action: str, player: str | None, turn: Any
    ) -> ControlDone:
        """One control (``controls.ACTIONS``); raises :class:`Refusal` saying why not."""
        coordinator = self.coordinator

        def work(session: Session, now: datetime) -> ControlDone:
            return control_tx(session, match_id, actor, action, player, turn, now)

        def after(done: ControlDone) -> None:
            if done.sealed is not None:
                coordinator.announce(done.sealed)  # the author alone sees the removal
            elif done.event is not None:
                self._tell(match_id, done)

        done = await coordinator.exclusive(match_id, work, after)
        if done.changed and done.ended and done.sealed is None:
            coordinator.publish_snapshot(match_id)
            if done.status == "finished":
                await self.count(match_id)
        return done

    def _tell(self, match_id: str, done: ControlDone) -> None:
        message: Message = {
            "type": "control",
            "event": done.event,
            "turn": done.turn,
            "player": done.player,
            "status": done.status,
        }
        self.coordinator.hub.broadcast(match_id, message)

    # -- counting finished games

    async def count(self, match_id: str) -> None:
        """Count a finished match (standing, ratings) in its own transaction; once only."""
        now = self.coordinator.now()

        def work() -> None:
            with self.coordinator.db.write() as session:
                standings.settle_tx(session, match_id, now)

        try:
            await self.coordinator.db.run(work)
        except Exception:
            log.exception("counting match %s failed; the sweep will try again", match_id)

    def count_later(self, match_id: str) -> None:
        """The coordinator's hook: a match finished by its rules."""
        task = asyncio.get_running_loop().create_task(self.count(match_id))
        self._counting.add(task)
        task.add_done_callback(self._counting.discard)

    async def settled(self) -> None:
        """Wait for the counts under way (tests, shutdown)."""
        while self._counting:
            await asyncio.gather(*list(self._counting), return_exceptions=True)

    # -- abandoned games

    def _idle_check(self, match_id: str) -> Callable[[Session, datetime], bool] | None:
        """At a deadline: nobody of the match connected? Then the rule of :mod:`.abandon`."""
        turns = self.settings.abandon_after_idle_turns
        if turns <= 0 or self.coordinator.hub.watched(match_id, players_only=True):
            return None
        return lambda session, now: abandon.idle_tx(session, match_id, now, turns)

    async def sweep(self) -> list[str]:
        """Abandon stale open games, count uncounted finished ones; returns the abandoned."""
        coordinator = self.coordinator
        db = coordinator.db
        now = coordinator.now()
        hours = self.settings.abandon_open_after_h

        def candidates() -> tuple[list[str], list[str]]:
            with db.read() as session:
                stale = abandon.stale_open(session, now, hours) if hours > 0 else []
                return stale, standings.unsettled(session)

        stale, uncounted = await db.run(candidates)
        # A game somebody has open in a browser is not abandoned.
        stale = [m for m in stale if not coordinator.hub.watched(m, players_only=False)]

        def work() -> list[str]:
            with db.write() as session:
                return abandon.abandon_open_tx(session, stale, now)

        gone = await db.run(work) if stale else []
        for match_id in gone:
            coordinator.publish_snapshot(match_id)
        for match_id in uncounted:
            await self.count(match_id)
        return gone

    async def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await self.settled()

    async def _run(self) -> None:
        while True:
            try:
                await self.sweep()
            except Exception:
                log.exception("the controls' sweep failed")
            await asyncio.sleep(self.settings.abandon_sweep_s)
