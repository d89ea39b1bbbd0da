"""The coordinator: one lock per match in this process, fan-out, bots and deadlines."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime
from random import Random
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.orm import Session

from samtempa.bots.base import Bot
from samtempa.bots.registry import make_bot
from samtempa.games.registry import get_game
from samtempa.server.models import Match
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection, LiveHub, Message
from samtempa.server.services.matches import hot
from samtempa.server.services.matches.restart import bot_turns_open_tx
from samtempa.server.services.matches.turns import resolve_due_tx, submit_tx
from samtempa.server.services.matches.values import (
    BOT,
    Actor,
    Reveal,
    SubmitOutcome,
    TurnOpen,
    controlled,
    utcnow,
)
from samtempa.server.services.matches.views import _seconds_left, live_info_tx, snapshot_message

if TYPE_CHECKING:
    from samtempa.server.core.config import Settings
    from samtempa.server.core.database import Database
    from samtempa.server.services.deadlines import DeadlineScheduler

log = logging.getLogger("samtempa.matches")
T = TypeVar("T")


# Refusals of the in-memory copy that the database may contradict: the game moved on in
# another process, or a seat changed hands (a login adopting a guest's seats, issue 17).
_STATE_REFUSALS = frozenset(
    {"wrong-turn", "not-waiting", "already-submitted", "game-over", "not-your-seat"}
)


# --- the coordinator (async: locks, fan-out, bots, deadlines) ------------------------------


class MatchCoordinator:
    """Serialises each match's turns in this process and tells every viewer what changed."""

    def __init__(
        self,
        db: Database,
        hub: LiveHub,
        settings: Settings,
        now: Callable[[], datetime] = utcnow,
    ) -> None:
        self.db = db
        self.hub = hub
        self.settings = settings
        self.now = now
        self.scheduler: DeadlineScheduler | None = None
        self._locks: dict[str, asyncio.Lock] = {}
        self._bots = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots")
        self._tasks: set[asyncio.Task[Any]] = set()
        self._live: dict[str, Any] = {}  # match id -> hot.LiveMatch (the fast path)
        # One bot object per (match, seat, level) for the match's life, so a bot keeps what
        # it learned (issue 18); built on its first turn, again after a restart.
        self._seat_bots: dict[tuple[str, str, str], Bot] = {}
        self.bot_factory: Callable[[str, str], Bot] = make_bot
        # Game controls' hooks (services/controls.py): a check run at a deadline inside its
        # transaction (True: it ended the match, nothing to resolve), and a call when a
        # match finished by its rules.
        self.idle_check: Callable[[str], Callable[[Session, datetime], bool] | None] | None = None
        self.on_finished: Callable[[str], None] | None = None

    def lock(self, match_id: str) -> asyncio.Lock:
        lock = self._locks.get(match_id)
        if lock is None:
            lock = self._locks[match_id] = asyncio.Lock()
        return lock

    async def submit(
        self, match_id: str, actor: Actor, player: str, data: Any, turn: int | None = None
    ) -> SubmitOutcome:
        """One player's orders; raises :class:`Refusal` saying why they are refused."""
        async with self.lock(match_id):
            now = self.now()
            live = self._live.get(match_id)

            def work() -> tuple[SubmitOutcome, hot.LiveMatch | None]:
                current = live
                if current is None:
                    with self.db.read() as session:
                        current = hot.load(session, match_id)
                if current is not None:
                    # SQLite: the driver's own connection, no ORM on the hottest path.
                    writer = self.db.raw_write if self.db.is_sqlite else self.db.write
                    try:
                        with writer() as session:
                            return hot.submit(
                                session, current, actor, player, data, turn, now
                            ), current
                    except hot.StaleError:
                        pass  # the database moved on without us: take the database path
                    except Refusal as refusal:
                        # Refusals that depend on where the game stands are checked again
                        # against the database (another process may have moved it on).
                        if refusal.code not in _STATE_REFUSALS:
                            raise
                    except Exception:
                        self._live.pop(match_id, None)
                        raise
                with self.db.write() as session:
                    return submit_tx(session, match_id, actor, player, data, turn, now), None

            try:
                # SQLite: the write is short and local; running it here spares the thread
                # hand-over (and the GIL ping-pong) on the hottest path. Elsewhere: a thread.
                outcome, kept = work() if self.db.is_sqlite else await self.db.run(work)
            except Refusal:
                raise
            except Exception:
                self._live.pop(match_id, None)
                raise
            finished = outcome.revealed is not None and outcome.revealed.status != "playing"
            if kept is not None and not finished:
                self._live[match_id] = kept
            else:
                self._live.pop(match_id, None)
            self.announce(outcome)
        return outcome

    def announce(self, outcome: SubmitOutcome) -> None:
        """Tell the viewers of sealed orders and, when they completed the turn, its reveal."""
        self._announce_submitted(outcome)
        if outcome.revealed is not None:
            self._after_reveal(outcome.revealed)

    async def exclusive(
        self,
        match_id: str,
        work: Callable[[Session, datetime], T],
        after: Callable[[T], None] | None = None,
    ) -> T:
        """Run ``work`` in one write transaction under the match's lock, the in-memory copy
        dropped first, then ``after`` still under the lock (game controls)."""
        async with self.lock(match_id):
            self.forget(match_id)
            now = self.now()

            def run() -> T:
                with self.db.write() as session:
                    return work(session, now)

            done: T = await self.db.run(run)
            if after is not None:
                after(done)
        return done

    def forget(self, match_id: str) -> None:
        """Drop the in-memory copy of a match changed elsewhere (lobby, deadline, game master)."""
        self._live.pop(match_id, None)

    def drop_bots(self, match_id: str) -> None:
        """Forget a finished match's bot objects."""
        for key in [k for k in self._seat_bots if k[0] == match_id]:
            del self._seat_bots[key]

    def seat_bot(self, match_id: str, game_name: str, player: str, level: str) -> Bot:
        """The bot playing ``player`` in this match, the same object every turn."""
        key = (match_id, player, level)
        bot = self._seat_bots.get(key)
        if bot is None:
            bot = self._seat_bots[key] = self.bot_factory(game_name, level)
        return bot

    def _observe(self, reveal: Reveal, game: Any, state: Any) -> None:
        """Tell each of the match's bots the reveal, before any of them plays again."""
        for (match_id, player, level), bot in list(self._seat_bots.items()):
            if match_id != reveal.match_id:
                continue
            try:
                bot.observe(game, state, reveal.report)
            except Exception:
                log.exception("bot %s failed to observe match %s as %s", level, match_id, player)

    async def resolve_due(self, match_id: str) -> Reveal | None:
        """Called by the deadline scheduler; resolves at most once per deadline."""
        async with self.lock(match_id):
            self.forget(match_id)
            now = self.now()
            idle = self.idle_check(match_id) if self.idle_check is not None else None
            ended = False

            def work() -> Reveal | None:
                nonlocal ended
                with self.db.write() as session:
                    if idle is not None and idle(session, now):
                        ended = True
                        return None
                    return resolve_due_tx(session, match_id, now)

            reveal = await self.db.run(work)
            if reveal is not None:
                self._after_reveal(reveal)
        if ended:
            self.drop_bots(match_id)
            self.publish_snapshot(match_id)
        return reveal

    def turn_opened(self, opened: TurnOpen) -> None:
        """A match started (lobby) or a turn resolved: arm its deadline and wake its bots."""
        if opened.number == 1:
            self.forget(opened.match_id)
        if opened.deadline is not None and self.scheduler is not None:
            self.scheduler.schedule(opened.match_id, opened.deadline)
        for player, level in opened.bots:
            self._spawn(self._play_bot(opened.match_id, opened.number, player, level))

    async def wake_bots(self) -> int:
        """At start: every open turn's bot seats that have not played play it now
        (:mod:`.restart`); returns how many bots were woken."""

        def load() -> list[TurnOpen]:
            with self.db.read() as session:
                return bot_turns_open_tx(session)

        woken = 0
        for opened in await self.db.run(load):
            for player, level in opened.bots:
                self._spawn(self._play_bot(opened.match_id, opened.number, player, level))
                woken += 1
        if woken:
            log.info("%d bot seats play the turn they had open when the server stopped", woken)
        return woken

    def publish_snapshot(self, match_id: str) -> None:
        """Everyone watching gets a fresh snapshot (seats changed, the game started…)."""
        self.forget(match_id)
        self._spawn(self._send_snapshots(match_id))

    async def snapshot_for(self, conn: Connection) -> Message:
        """The connection's picture from the seats as they are now; its players follow."""
        actor = _actor_of(conn)

        def work() -> Message:
            with self.db.read() as session:
                info = live_info_tx(session, conn.match_id, actor)
                return snapshot_message(info, actor, self.now())

        message = await self.db.run(work)
        conn.players = frozenset(message["yours"])
        return message

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        self._bots.shutdown(wait=False, cancel_futures=True)

    # -- internals

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send_snapshots(self, match_id: str) -> None:
        # Under the match's lock, so a snapshot never overtakes a reveal.
        async with self.lock(match_id):
            for conn in self.hub.connections(match_id):
                try:
                    conn.push(await self.snapshot_for(conn))
                except Refusal:
                    conn.close()

    def _announce_submitted(self, outcome: SubmitOutcome) -> None:
        """Who sent orders, to everyone; the orders to whoever holds the author's seat as
        the sealing transaction read it (not the rights a socket had when it connected)."""
        public: Message = {"type": "submitted", "turn": outcome.turn, "player": outcome.player}
        private: Message = {**public, "orders": outcome.orders}

        def make(conn: Connection) -> Message:
            return private if outcome.may_read(_actor_of(conn)) else public

        self.hub.publish(outcome.match_id, make)

    def _after_reveal(self, reveal: Reveal) -> None:
        game = get_game(reveal.game)
        state = reveal.engine_state
        if state is None:
            state = game.from_json(reveal.state)
        self._observe(reveal, game, state)
        frame_states = [game.from_json(f) for f in reveal.frames]
        deadline = reveal.next_turn.deadline if reveal.next_turn else None
        views: dict[str | None, Message] = {}

        def make(conn: Connection) -> Message:
            # The seats as the resolving transaction read them decide whose view this is.
            mine = controlled(reveal.holders, _actor_of(conn))
            viewer = mine[0] if len(mine) == 1 else None
            if viewer not in views:
                views[viewer] = {
                    "type": "reveal",
                    "turn": reveal.number,
                    "orders": reveal.orders,
                    "missed": reveal.missed,
                    "report": reveal.report,
                    "frames": [game.player_view(f, viewer) for f in frame_states],
                    "view": game.player_view(state, viewer),
                    "status": reveal.status,
                    "result": reveal.result,
                    "waiting": game.players(state) if reveal.status == "playing" else [],
                    "seconds_left": _seconds_left(deadline, self.now()),
                }
            return views[viewer]

        self.hub.publish(reveal.match_id, make)
        if reveal.next_turn is not None:
            self.turn_opened(reveal.next_turn)
        else:
            self._locks.pop(reveal.match_id, None)
            self.drop_bots(reveal.match_id)
            if self.on_finished is not None:
                self.on_finished(reveal.match_id)

    async def _play_bot(self, match_id: str, number: int, player: str, level: str) -> None:
        """A built-in bot fills its seat; any failure falls back to the missed-order policy."""

        def load() -> tuple[str, dict[str, Any], int] | None:
            with self.db.read() as session:
                match = session.get(Match, match_id)
                if match is None or match.status != "playing" or match.turn + 1 != number:
                    return None
                return match.game, dict(match.state or {}), match.seed

        loaded = await self.db.run(load)
        if loaded is None:
            return
        game_name, state_json, seed = loaded
        budget = self.settings.bot_budget_s

        def think() -> Any:
            game = get_game(game_name)
            state = game.from_json(state_json)
            bot = self.seat_bot(match_id, game_name, player, level)
            return bot.choose(game, state, player, budget, Random(f"{seed}/{number}/{player}/bot"))

        loop = asyncio.get_running_loop()
        try:
            orders = await loop.run_in_executor(self._bots, think)
        except Exception:
            log.exception("bot %s failed in match %s turn %d", level, match_id, number)
            orders = None  # submit_tx gives a bot's unusable orders the missed-order policy
        try:
            await self.submit(match_id, BOT, player, orders, number)
        except Refusal as refusal:
            if refusal.code not in ("wrong-turn", "game-over", "already-submitted"):
                log.warning("bot %s refused in match %s: %s", player, match_id, refusal.code)


def _actor_of(conn: Connection) -> Actor:
    return Actor(conn.user_id, conn.session_id)
