"""The coordinator: one lock per match in this process, fan-out, bots and deadlines."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from random import Random
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy.orm import Session

from samtempa.bots.base import Bot
from samtempa.bots.registry import make_bot
from samtempa.games.registry import get_game
from samtempa.server.models import Match
from samtempa.server.services.bot_pool import BotPool
from samtempa.server.services.bot_queue import BotsUnavailableError, RemoteBotPool
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection, Kind, LiveHub, Message
from samtempa.server.services.matches import claims, hot, wire
from samtempa.server.services.matches.restart import bot_turns_open_tx
from samtempa.server.services.matches.seat_bots import SeatBot, SeatBots
from samtempa.server.services.matches.store import StaleTurnError
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

#: A deadline found claimed by another transaction is looked at again after this.
CLAIM_RETRY = timedelta(milliseconds=250)


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
        # Bots in worker processes when configured (services/bot_pool.py, issue 21).
        # Or in `samtempa bots work` processes fed through Redis (services/bot_queue.py).
        self.bot_pool: BotPool | RemoteBotPool | None = None
        if settings.bot_shards > 0 and settings.redis_url:
            self.bot_pool = RemoteBotPool(settings.redis_url, settings.bot_shards)
        elif settings.bot_workers > 0:
            self.bot_pool = BotPool(settings.bot_workers)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._live: dict[str, Any] = {}  # match id -> hot.LiveMatch (the fast path)
        # One bot object per (match, seat, level) for the match's life, so a bot keeps what
        # it learned (issue 18); built on its first turn, again after a restart.
        self._seat_bots = SeatBots()
        self.bot_factory: Callable[[str, str], Bot] = make_bot
        # Game controls' hooks (services/controls.py): a check run at a deadline inside its
        # transaction (True: it ended the match, nothing to resolve), and a call when a
        # match finished by its rules.
        self.idle_check: Callable[[str], Callable[[Session, datetime], bool] | None] | None = None
        self.on_finished: Callable[[str], None] | None = None
        # What the viewers are told, here and in the other server processes (issue 21).
        hub.register("submitted", Kind(self._submitted_here, wire.outcome_json, wire.outcome_from))
        hub.register("reveal", Kind(self._reveal_here, wire.reveal_json, wire.reveal_from))
        hub.register("snapshot", Kind(self._snapshot_here))
        hub.register("deadline", Kind(self._deadline_here, wire.deadline_json, wire.deadline_from))
        hub.on_remote = self.forget

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
                    # A Core connection, no ORM session, on the hottest path (the turn store).
                    try:
                        with self.db.core_write() as conn:
                            if not self.db.is_sqlite:  # several processes (claims.py)
                                claims.lock_live(conn, current)
                            return hot.submit(
                                conn, current, actor, player, data, turn, now
                            ), current
                    except StaleTurnError:
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
        if self.bot_pool is not None:
            self.bot_pool.drop(match_id)
        self._seat_bots.drop(match_id)

    def seat_bot(self, match_id: str, game_name: str, player: str, level: str) -> SeatBot:
        """The bot playing ``player`` in this match, the same object every turn."""
        return self._seat_bots.seat(
            match_id, player, level, lambda: self.bot_factory(game_name, level)
        )

    async def resolve_due(self, match_id: str) -> Reveal | None:
        """Called by the deadline scheduler; resolves at most once per deadline."""
        async with self.lock(match_id):
            self.forget(match_id)
            now = self.now()
            idle = self.idle_check(match_id) if self.idle_check is not None else None
            ended = False

            busy = False

            def work() -> Reveal | None:
                nonlocal ended, busy
                with self.db.write() as session:
                    if not self.db.is_sqlite and not claims.claim_match(session, match_id):
                        busy = True  # another process resolves it, or an order is sealed
                        return None
                    if idle is not None and idle(session, now):
                        ended = True
                        return None
                    return resolve_due_tx(session, match_id, now)

            reveal = await self.db.run(work)
            if reveal is not None:
                self._after_reveal(reveal)
        if busy and self.scheduler is not None:
            self.scheduler.schedule(match_id, now + CLAIM_RETRY)  # then it finds it resolved
        if ended:
            self.drop_bots(match_id)
            self.publish_snapshot(match_id)
        return reveal

    def turn_opened(self, opened: TurnOpen) -> None:
        """A match started (lobby) or a turn resolved: arm its deadline and wake its bots."""
        if opened.number == 1:
            self.forget(opened.match_id)
        if opened.deadline is not None:
            # Every process arms it: whichever fires first resolves, the others find the
            # turn resolved (the match row's lock), and a process that dies loses nothing.
            self.hub.fanout("deadline", opened.match_id, opened.deadline)
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
        """Everyone watching, in every process, gets a fresh snapshot (seats changed…)."""
        self.hub.fanout("snapshot", match_id, None)

    def resync(self) -> None:
        """Messages from the other processes may have been lost (Redis was away): fresh
        snapshots for this process's viewers, and the deadlines read again."""
        for match_id in self.hub.matches():
            self._snapshot_here(match_id, None)
        if self.scheduler is not None:
            self._spawn(self.scheduler.reload())

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
        if self.bot_pool is not None:
            await self.bot_pool.aclose()

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

    def _snapshot_here(self, match_id: str, _payload: None) -> None:
        self.forget(match_id)
        self._spawn(self._send_snapshots(match_id))

    def _deadline_here(self, match_id: str, when: datetime) -> None:
        if self.scheduler is not None:
            self.scheduler.schedule(match_id, when)

    def _announce_submitted(self, outcome: SubmitOutcome) -> None:
        self.hub.fanout("submitted", outcome.match_id, outcome)

    def _submitted_here(self, _match_id: str, outcome: SubmitOutcome) -> None:
        """Who sent orders, to everyone; the orders to whoever holds the author's seat as
        the sealing transaction read it (not the rights a socket had when it connected)."""
        public: Message = {"type": "submitted", "turn": outcome.turn, "player": outcome.player}
        private: Message = {**public, "orders": outcome.orders}

        def make(conn: Connection) -> Message:
            return private if outcome.may_read(_actor_of(conn)) else public

        self.hub.publish(outcome.match_id, make)

    def _after_reveal(self, reveal: Reveal) -> None:
        """Tell every process's viewers (and bots), then open the next turn here."""
        self.hub.fanout("reveal", reveal.match_id, reveal)
        if reveal.next_turn is not None:
            self.turn_opened(reveal.next_turn)
        else:
            self._locks.pop(reveal.match_id, None)
            if self.on_finished is not None:
                self.on_finished(reveal.match_id)

    def _reveal_here(self, _match_id: str, reveal: Reveal) -> None:
        """Each viewer's picture of the reveal, and this process's bots of the match told."""
        game = get_game(reveal.game)
        state = reveal.engine_state
        if state is None:
            state = game.from_json(reveal.state)
        # Each of the match's bots hears the reveal before any of them plays again.
        self._seat_bots.tell(reveal.match_id, game, state, reveal.report)
        if self.bot_pool is not None:
            self.bot_pool.observe(reveal.match_id, reveal.game, reveal.state, reveal.report)
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
        if reveal.next_turn is None:
            self.drop_bots(reveal.match_id)

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

        seed_text = f"{seed}/{number}/{player}/bot"
        pool = self.bot_pool
        # With worker processes the seat's bot lives there (services/bot_pool.py).
        seat = self.seat_bot(match_id, game_name, player, level) if pool is None else None

        def think(bot: SeatBot | Bot | None = seat) -> Any:
            assert bot is not None
            game = get_game(game_name)
            state = game.from_json(state_json)
            return bot.choose(game, state, player, budget, Random(seed_text))

        loop = asyncio.get_running_loop()
        try:
            if pool is not None:
                where = (match_id, player, level)
                try:
                    orders = await pool.choose(where, game_name, state_json, budget, seed_text)
                except BotsUnavailableError:
                    log.warning("no bot worker for match %s: the server thinks itself", match_id)
                    fresh = self.bot_factory(game_name, level)
                    orders = await loop.run_in_executor(self._bots, think, fresh)
            else:
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
