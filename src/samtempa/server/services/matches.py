"""The match coordinator: the one authority over a match's turns.

For every order it authenticates the author, checks that the match waits for
that player, stores the order sealed, and when every order is in (or the
deadline passes and the missed-order policy fills the gaps) resolves the turn
through the engine and stores the new state and the turn record in the same
transaction. Then it pushes each viewer its own ``player_view``.

Secrecy: an order goes back to its author only. The "submitted" notice that
others get names the player, never the orders; nothing here logs an order.

Exactly once: the transaction functions below (``*_tx``) lock the match (SQLite:
``BEGIN IMMEDIATE``; PostgreSQL: ``SELECT … FOR UPDATE``), so concurrent
submissions, from one process or several, are serialised by the database;
``Turn`` is unique per (match, number) besides. The async
:class:`MatchCoordinator` adds a lock per match in this process, so its
messages leave in the order the turns happened.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from random import Random
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from samtempa.games.base import Game, OrderError
from samtempa.games.registry import get_game
from samtempa.server.models import Match, PendingOrder, Seat, Turn
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection, LiveHub, Message
from samtempa.server.services.reports import report_to_json

if TYPE_CHECKING:
    from samtempa.server.core.config import Settings
    from samtempa.server.core.database import Database
    from samtempa.server.services.correspondence import CorrespondenceRules
    from samtempa.server.services.deadlines import DeadlineScheduler

log = logging.getLogger("samtempa.matches")
T = TypeVar("T")


# Reasons for the engines' refusals that pages translate (other codes keep the engine's words).
ORDER_ERRORS = {
    "occupied": "that cell is not empty",
    "off-board": "that cell is not on the board",
    "bad-notation": "these orders are not written the way the game expects",
    "game-over": "the game is over; no more orders",
    "wrong-path-length": "the path does not have the length this turn needs",
    "bad-direction": "a direction is not one of U, D, L, R",
    "power-not-of-race": "your snake's race does not have that power",
    "no-charges-left": "no charges of that power are left",
    "bad-frame": "a power's frame is outside the path, or two shots share a frame",
}


def utcnow() -> datetime:
    """Naive UTC, as stored in the database."""
    return datetime.now(UTC).replace(tzinfo=None)


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is asking: an account, a browser session (guests play on one screen), or our bots."""

    user_id: int | None = None
    session_id: str | None = None
    bot: bool = False

    def controls(self, seat: Seat) -> bool:
        if seat.kind == "bot":
            return self.bot
        if self.bot:
            return False
        return (seat.user_id is not None and seat.user_id == self.user_id) or (
            seat.session_id is not None and seat.session_id == self.session_id
        )


BOT = Actor(bot=True)


@dataclass(slots=True)
class TurnOpen:
    """A new turn waits for orders: who must play, the deadline, and which seats are bots."""

    match_id: str
    number: int  # the turn being played (turns played + 1)
    deadline: datetime | None
    bots: list[tuple[str, str]]  # (player, level)


@dataclass(slots=True)
class Reveal:
    """A resolved turn, as stored, plus what comes next."""

    match_id: str
    game: str
    number: int
    orders: dict[str, Any]
    missed: list[str]
    report: Any
    frames: list[dict[str, Any]]
    state: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    next_turn: TurnOpen | None
    engine_state: Any = None  # the state object, when at hand (spares reading the JSON back)


@dataclass(slots=True)
class SubmitOutcome:
    """An accepted order; ``revealed`` is set when it completed the turn."""

    match_id: str
    turn: int
    player: str
    orders: Any
    revealed: Reveal | None = None


@dataclass(slots=True)
class LiveInfo:
    """What a viewer needs to draw a match now (built inside a read transaction)."""

    match: Match
    seats: list[Seat]
    waiting: list[str]
    submitted: list[str]
    own_orders: dict[str, Any] = field(default_factory=dict)


# --- transaction functions (synchronous; each runs inside one write transaction) --------


def lock_match(session: Session, match_id: str) -> Match:
    """The match row, locked for this transaction; refuses an unknown match."""
    match = session.execute(
        select(Match).where(Match.id == match_id).with_for_update()
    ).scalar_one_or_none()
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    return match


def seats_of(session: Session, match_id: str) -> list[Seat]:
    return list(session.scalars(select(Seat).where(Seat.match_id == match_id).order_by(Seat.index)))


def pending_of(session: Session, match_id: str, turn: int) -> dict[str, PendingOrder]:
    rows = session.scalars(
        select(PendingOrder).where(PendingOrder.match_id == match_id, PendingOrder.turn == turn)
    )
    return {row.player: row for row in rows}


def open_turn(
    match: Match, seats: list[Seat], game: Game[Any, Any], state: Any, now: datetime
) -> TurnOpen:
    """Start the clock of the next turn (a live clock: seconds per turn)."""
    match.turn_opened_at = now
    seconds = match.clock.get("seconds")
    match.deadline = now + timedelta(seconds=seconds) if seconds else None
    rules = clock_rules(match)
    if rules is not None:
        match.deadline = rules.turn_opened(match, now)
    waiting = set(game.players(state))
    bots = [
        (s.player, s.bot_level or "easy") for s in seats if s.kind == "bot" and s.player in waiting
    ]
    return TurnOpen(match.id, match.turn + 1, match.deadline, bots)


def start_match_tx(session: Session, match: Match, seats: list[Seat], now: datetime) -> TurnOpen:
    """Every seat is taken: build the initial state and open turn 1."""
    game = get_game(match.game)
    state = game.initial_state(match.setup or None)
    match.state = game.to_json(state)
    match.status = "playing"
    match.turn = 0
    return open_turn(match, seats, game, state, now)


def check_order(
    game: Game[Any, Any],
    state: Any,
    status: str,
    seat: Seat | None,
    actor: Actor,
    player: str,
    number: int,
    turn: int | None,
    already: bool,
    data: Any,
    rng: Callable[[], Random],
) -> tuple[Any, str]:
    """Every check an order goes through, in order; returns (canonical orders, source).

    Shared by the database path (:func:`submit_tx`) and the in-memory one
    (:mod:`.hot`), so both refuse the same things with the same reasons.
    """
    if status == "open":
        raise Refusal("not-started", "the game has not started: seats are still free", 409)
    if status != "playing":
        raise Refusal("game-over", "the game is over; no more orders", 409)
    if seat is None:
        raise Refusal("unknown-player", "%(player)s is not a player of this game", player=player)
    if not actor.controls(seat):
        raise Refusal(
            "not-your-seat", "you do not play %(player)s in this game", 403, player=player
        )
    if turn is not None and turn != number:
        raise Refusal(
            "wrong-turn",
            "these orders are for turn %(turn)s, but turn %(number)s is being played",
            409,
            turn=turn,
            number=number,
        )
    if player not in game.players(state):
        raise Refusal(
            "not-waiting", "the game is not waiting for orders from %(player)s", 409, player=player
        )
    if already:
        raise Refusal("already-submitted", "orders for this turn were already sent", 409)
    source = "bot" if actor.bot else "player"
    try:
        orders = game.parse_orders(state, player, data)
        game.validate(state, player, orders)
    except OrderError as err:
        if not actor.bot:
            raise Refusal(err.code, ORDER_ERRORS.get(err.code, err.message), 422) from None
        # A bot whose orders the rules reject gets the missed-order policy (bot protocol).
        orders = game.missed_order(state, player, rng())
        source = "missed"
    return game.orders_to_json(state, player, orders), source


def submit_tx(
    session: Session,
    match_id: str,
    actor: Actor,
    player: str,
    data: Any,
    turn: int | None,
    now: datetime,
) -> SubmitOutcome:
    """Seal one player's orders; resolve the turn if they were the last ones awaited."""
    match = lock_match(session, match_id)
    seats = seats_of(session, match_id)
    seat = next((s for s in seats if s.player == player), None)
    number = match.turn + 1
    game = get_game(match.game)
    state = game.from_json(match.state) if match.state is not None else None
    pending = pending_of(session, match_id, number) if match.status == "playing" else {}
    canonical, source = check_order(
        game,
        state,
        match.status,
        seat,
        actor,
        player,
        number,
        turn,
        player in pending,
        data,
        lambda: rng_for(match.seed, number, player),
    )
    row = PendingOrder(
        match_id=match_id,
        turn=number,
        player=player,
        orders=canonical,
        source=source,
        submitted_at=now,
    )
    session.add(row)
    pending[player] = row
    outcome = SubmitOutcome(match_id, number, player, canonical)
    rules = clock_rules(match)
    if all(p in pending for p in game.players(state)) and (
        rules is None or rules.resolves_when_complete(session, match, now)
    ):
        outcome.revealed = _resolve(session, match, seats, game, state, pending, now)
    return outcome


def resolve_due_tx(session: Session, match_id: str, now: datetime) -> Reveal | None:
    """The deadline passed: missing orders get the missed-order policy, the turn resolves.

    Does nothing (None) if the turn was resolved meanwhile or the deadline moved.
    """
    match = lock_match(session, match_id)
    rules = clock_rules(match)
    if rules is not None:
        return rules.due(session, match, now)
    if match.status != "playing" or match.deadline is None or match.deadline > now:
        return None
    seats = seats_of(session, match_id)
    game = get_game(match.game)
    state = game.from_json(match.state)
    number = match.turn + 1
    pending = pending_of(session, match_id, number)
    for player in game.players(state):
        if player not in pending:
            orders = game.missed_order(state, player, rng_for(match.seed, number, player))
            pending[player] = PendingOrder(
                match_id=match_id,
                turn=number,
                player=player,
                orders=game.orders_to_json(state, player, orders),
                source="missed",
                submitted_at=now,
            )
    return _resolve(session, match, seats, game, state, pending, now)


def rng_for(seed: int, number: int, player: str) -> Random:
    """A generator per (match, turn, player): replaying a match draws the same numbers."""
    return Random(f"{seed}/{number}/{player}")


@dataclass(slots=True)
class Computed:
    """A turn resolved by the engine, in the forms the database and the viewers want."""

    state: Any
    state_json: dict[str, Any]
    orders_json: dict[str, Any]
    missed: list[str]
    frames: list[dict[str, Any]]
    report: Any
    result: dict[str, Any] | None


def compute_turn(
    game_name: str, game: Game[Any, Any], state: Any, pending: Mapping[str, tuple[Any, str]]
) -> Computed:
    """``pending``: each player's canonical orders and their source (player, bot, missed)."""
    orders = {p: game.parse_orders(state, p, data) for p, (data, _) in pending.items()}
    step = game.step(state, orders)
    outcome = game.outcome(step.state)
    result = outcome.to_json() if outcome is not None else None
    return Computed(
        step.state,
        game.to_json(step.state),
        {p: data for p, (data, _) in pending.items()},
        sorted(p for p, (_, source) in pending.items() if source == "missed"),
        [game.to_json(f) for f in step.frames],
        report_to_json(game_name, step.report, step.state),
        result,
    )


def _resolve(
    session: Session,
    match: Match,
    seats: list[Seat],
    game: Game[Any, Any],
    state: Any,
    pending: Mapping[str, PendingOrder],
    now: datetime,
) -> Reveal:
    """Resolve the turn through the engine; store state and record in this transaction."""
    number = match.turn + 1
    done = compute_turn(
        match.game, game, state, {p: (row.orders, row.source) for p, row in pending.items()}
    )
    session.add(
        Turn(
            match_id=match.id,
            number=number,
            orders=done.orders_json,
            missed=done.missed,
            report=done.report,
            frames=done.frames,
            state=done.state_json,
            resolved_at=now,
        )
    )
    session.execute(
        delete(PendingOrder).where(PendingOrder.match_id == match.id, PendingOrder.turn == number)
    )
    match.state = done.state_json
    match.turn = number
    next_turn = None
    if done.result is not None:
        match.status = "finished"
        match.deadline = None
        match.finished_at = now
        match.result = done.result
    else:
        next_turn = open_turn(match, seats, game, done.state, now)
    session.flush()  # the unique (match, number) constraint fires here if resolved twice
    reveal = Reveal(
        match.id,
        match.game,
        number,
        done.orders_json,
        done.missed,
        done.report,
        done.frames,
        done.state_json,
        match.status,
        match.result,
        next_turn,
    )
    rules = clock_rules(match)
    if rules is not None:
        rules.turn_resolved(session, match, reveal, now)
    return reveal


def clock_rules(match: Match) -> CorrespondenceRules | None:
    """The hooks of a correspondence clock (issue 8); None for a live clock."""
    if match.clock.get("kind") != "correspondence":
        return None
    from samtempa.server.services.correspondence import RULES

    return RULES


def live_info_tx(session: Session, match_id: str, actor: Actor) -> LiveInfo:
    """The match as ``actor`` may see it now; their own sealed orders included, no one else's."""
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    seats = seats_of(session, match_id)
    waiting: list[str] = []
    submitted: list[str] = []
    own: dict[str, Any] = {}
    if match.status == "playing" and match.state is not None:
        game = get_game(match.game)
        waiting = game.players(game.from_json(match.state))
        mine = {s.player for s in seats if actor.controls(s)}
        for player, row in pending_of(session, match_id, match.turn + 1).items():
            submitted.append(player)
            if player in mine:
                own[player] = row.orders
    return LiveInfo(match, seats, waiting, sorted(submitted), own)


_STATE_REFUSALS = frozenset({"wrong-turn", "not-waiting", "already-submitted", "game-over"})


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
        from samtempa.server.services import hot

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

    def publish_snapshot(self, match_id: str) -> None:
        """Everyone watching gets a fresh snapshot (seats changed, the game started…)."""
        self.forget(match_id)
        self._spawn(self._send_snapshots(match_id))

    async def snapshot_for(self, conn: Connection) -> Message:
        actor = Actor(conn.user_id, conn.session_id)

        def work() -> Message:
            with self.db.read() as session:
                info = live_info_tx(session, conn.match_id, actor)
                return snapshot_message(info, actor, self.now())

        return await self.db.run(work)

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
        def make(conn: Connection) -> Message:
            message: Message = {
                "type": "submitted",
                "turn": outcome.turn,
                "player": outcome.player,
            }
            if outcome.player in conn.players:  # the author only sees what was sent
                message["orders"] = outcome.orders
            return message

        self.hub.publish(outcome.match_id, make)

    def _after_reveal(self, reveal: Reveal) -> None:
        game = get_game(reveal.game)
        state = reveal.engine_state
        if state is None:
            state = game.from_json(reveal.state)
        frame_states = [game.from_json(f) for f in reveal.frames]
        deadline = reveal.next_turn.deadline if reveal.next_turn else None
        views: dict[str | None, Message] = {}

        def make(conn: Connection) -> Message:
            viewer = conn.viewer
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
            if self.on_finished is not None:
                self.on_finished(reveal.match_id)

    async def _play_bot(self, match_id: str, number: int, player: str, level: str) -> None:
        """A built-in bot fills its seat; any failure falls back to the missed-order policy."""
        from samtempa.bots.registry import make_bot

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
            bot = make_bot(game_name, level)
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


def _seconds_left(deadline: datetime | None, now: datetime) -> float | None:
    if deadline is None:
        return None
    return max(0.0, (deadline - now).total_seconds())


def seat_json(seat: Seat, actor: Actor) -> dict[str, Any]:
    return {
        "index": seat.index,
        "player": seat.player,
        "kind": seat.kind,
        "level": seat.bot_level,
        "label": seat.label,
        "open": seat.kind == "human" and seat.user_id is None and seat.session_id is None,
        "yours": actor.controls(seat),
        "options": seat.options,
    }


def snapshot_message(info: LiveInfo, actor: Actor, now: datetime) -> Message:
    """The whole picture for one viewer: state view, seats, who has sent orders, own orders."""
    match = info.match
    mine = [s.player for s in info.seats if actor.controls(s)]  # in seat order
    view = None
    if match.state is not None:
        game = get_game(match.game)
        viewer = mine[0] if len(mine) == 1 else None
        view = game.player_view(game.from_json(match.state), viewer)
    return {
        "type": "snapshot",
        "match": match.id,
        "game": match.game,
        "mode": match.mode,
        "status": match.status,
        "turn": match.turn,
        "view": view,
        "seats": [seat_json(s, actor) for s in info.seats],
        "yours": mine,
        "waiting": info.waiting,
        "submitted": info.submitted,
        "your_orders": info.own_orders,
        "result": match.result,
        "clock": match.clock,
        "seconds_left": _seconds_left(match.deadline, now),
        "rematch": match.rematch_id,
    }
