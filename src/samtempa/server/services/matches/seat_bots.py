"""The coordinator's bots: one object per (match, seat, level) for the match's life.

A bot keeps what it learned (issue 18): built on its seat's first turn (again
after a restart), it is told each reveal (:meth:`~samtempa.bots.base.Bot.observe`)
before it plays again. It thinks on the coordinator's bot threads while reveals
arrive on the event loop, so a lock per seat keeps the two apart: a reveal that
comes while the bot thinks (the deadline passed, or the turn before is still on
its mind) is told as soon as it is done, before its next turn, never in the
middle of a thought; and two turns of one seat are never thought at once.
"""

from __future__ import annotations

import logging
import threading
from collections import deque
from collections.abc import Callable
from random import Random
from typing import Any

from samtempa.bots.base import Bot
from samtempa.games.base import Game

log = logging.getLogger("samtempa.matches")


class SeatBot:
    """One seat's bot (built on its first thought, on a bot thread: building may import a
    heavy bot), its lock and the reveals it has not heard yet."""

    __slots__ = ("_build", "bot", "label", "lock", "unheard")

    def __init__(self, build: Callable[[], Bot], label: str) -> None:
        self._build = build
        self.bot: Bot | None = None
        self.label = label  # for the log: level, match and seat
        self.lock = threading.Lock()
        self.unheard: deque[tuple[Game[Any, Any], Any, Any]] = deque()

    def choose(
        self, game: Game[Any, Any], state: Any, player: str, budget_s: float, rng: Random
    ) -> Any:
        """On a bot thread: hear what came, think, then hear what came meanwhile."""
        with self.lock:
            if self.bot is None:
                self.bot = self._build()
            self._hear()
            try:
                return self.bot.choose(game, state, player, budget_s, rng)
            finally:
                self._hear()

    def tell(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        """On the event loop: a reveal, heard now if the bot is idle, else once it is done."""
        self.unheard.append((game, state, report))
        if self.lock.acquire(blocking=False):
            try:
                self._hear()
            finally:
                self.lock.release()

    def _hear(self) -> None:
        while self.unheard:
            game, state, report = self.unheard.popleft()
            if self.bot is None:
                continue  # not built yet: it starts from the turn it first plays
            try:
                self.bot.observe(game, state, report)
            except Exception:
                log.exception("bot %s failed to observe a reveal", self.label)


class SeatBots:
    """Every match's seat bots, by match. Used from the event loop only (the bots
    themselves think on other threads)."""

    def __init__(self) -> None:
        self._by_match: dict[str, dict[tuple[str, str], SeatBot]] = {}

    def seat(self, match_id: str, player: str, level: str, build: Callable[[], Bot]) -> SeatBot:
        """The seat's bot (``build`` makes it when it first thinks)."""
        seats = self._by_match.setdefault(match_id, {})
        seat = seats.get((player, level))
        if seat is None:
            seat = seats[player, level] = SeatBot(build, f"{level} in {match_id} as {player}")
        return seat

    def tell(self, match_id: str, game: Game[Any, Any], state: Any, report: Any) -> None:
        """A reveal, to each bot of the match."""
        for seat in list(self._by_match.get(match_id, {}).values()):
            seat.tell(game, state, report)

    def drop(self, match_id: str) -> None:
        """Forget a finished match's bots."""
        self._by_match.pop(match_id, None)
