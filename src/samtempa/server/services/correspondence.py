"""The correspondence clock: days per turn, reminders, soft and hard deadlines.

A turn has a *soft* deadline (time per turn: Snake Synapse 72 h by default)
and a *hard* one (soft + grace: 96 h). A game resolves a turn as soon as
every order is in, or only at the soft deadline (the game's choice). Past the
soft deadline it waits for the late players and reminds them every 24 hours;
at the hard deadline Snake Synapse removes the silent snakes (SS-9.1: the
order ``{"removed": true}``, no corpse, no terrain change) and What the Shell
plays its missed-order policy (bot protocol page). Everyone still to play is
told when 24 hours are left.

The coordinator (:mod:`.matches`) stays the one authority over turns: it
calls the hooks of :class:`CorrespondenceRules` when a turn opens, when the
last order arrives, when a deadline is due and when a turn was resolved, all
inside its locked transaction. Every time lives in the database
(``editions``, ``matches.deadline``); :class:`CorrespondenceService` wakes up
at ``editions.next_at`` and asks the coordinator to act, so a server that
was down resolves an overdue turn as soon as it is back, once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import func, select
from sqlalchemy.orm import Session, object_session

from samtempa.games.registry import get_game, get_spec
from samtempa.server.models import Match, PendingOrder
from samtempa.server.models_correspondence import Edition, TurnPost
from samtempa.server.services.account_mail import deliver_account_mail
from samtempa.server.services.editions.late import ritual_due_tx
from samtempa.server.services.editions.opening import announce_turn, edition_title, user_ids
from samtempa.server.services.events import log_event
from samtempa.server.services.matches import (
    Reveal,
    TurnOpen,
    _resolve,
    pending_of,
    rng_for,
    seats_of,
)
from samtempa.server.services.matches.clocks import register_clock
from samtempa.server.services.notices import deliver_outbox, notify
from samtempa.server.services.turn_posts import (
    edition_lang,
    render_missing_gifs,
    state_before,
    summarise,
)

if TYPE_CHECKING:
    from samtempa.server.core.config import Settings
    from samtempa.server.core.database import Database
    from samtempa.server.core.i18n import Catalogs
    from samtempa.server.services.matches import MatchCoordinator

log = logging.getLogger("samtempa.correspondence")

T = TypeVar("T")

DAY = timedelta(hours=24)
#: ``session.info`` key: how the turn being resolved in this transaction came to resolve.
HOW_KEY = "samtempa.correspondence.how"


# --- the timeline of a turn -----------------------------------------------------------------


def refresh(edition: Edition, match: Match, now: datetime) -> None:
    """Recompute ``next_at`` (the next thing due) and the deadline players see."""
    if match.status != "playing" or edition.phase != "playing" or edition.soft_at is None:
        edition.next_at = None
        match.deadline = None
        return
    assert edition.hard_at is not None
    assert edition.opened_at is not None
    if edition.force_resolve:
        edition.next_at = now
        return
    if edition.paused_at is not None:
        edition.next_at = None
        match.deadline = None
        return
    soft, hard = edition.soft_at, edition.hard_at
    times = [hard]
    if now < soft:
        times.append(soft)
        day = soft - DAY
        if edition.day_reminded != match.turn + 1 and day > edition.opened_at:
            times.append(day)
    else:
        times.append(edition.late_reminded_at + DAY if edition.late_reminded_at else soft)
    edition.next_at = min(times)
    match.deadline = soft if now < soft else hard


class CorrespondenceRules:
    """The coordinator's hooks for correspondence clocks (see :func:`.matches.clock_rules`)."""

    def turn_opened(self, match: Match, now: datetime) -> datetime | None:
        """A turn opens: its soft and hard deadlines; returns the deadline players see."""
        session = object_session(match)
        edition = session.get(Edition, match.id) if session is not None else None
        if edition is None:
            return None
        edition.phase = "playing"
        edition.force_resolve = False  # a "resolve now" meant for the turn before lapses
        edition.opened_at = now
        edition.soft_at = now + timedelta(seconds=edition.turn_s)
        edition.hard_at = edition.soft_at + timedelta(seconds=edition.grace_s)
        edition.day_reminded = 0
        edition.late_reminded_at = None
        refresh(edition, match, now)
        return match.deadline

    def resolves_when_complete(self, session: Session, match: Match, now: datetime) -> bool:
        """Every order is in: resolve now, unless paused or the game waits for the deadline."""
        edition = session.get(Edition, match.id)
        if edition is None or edition.soft_at is None:
            return True
        if edition.paused_at is not None:
            return False
        if now < edition.soft_at and not edition.early:
            return False
        session.info[HOW_KEY] = "early" if now < edition.soft_at else "late"
        return True

    def due(self, session: Session, match: Match, now: datetime) -> Reveal | None:
        """Whatever is due at ``now``: a reminder, the soft deadline, the hard deadline."""
        edition = session.get(Edition, match.id)
        if edition is None:
            return None
        if match.status != "playing" or edition.phase != "playing":
            edition.force_resolve = False
            refresh(edition, match, now)
            return None
        game = get_game(match.game)
        state = game.from_json(match.state)
        number = match.turn + 1
        pending = pending_of(session, match.id, number)
        late = [p for p in game.players(state) if p not in pending]
        if edition.force_resolve:
            edition.force_resolve = False
            return self._resolve(session, match, pending, late, now, "missed", "gm")
        if edition.paused_at is not None or edition.soft_at is None or edition.hard_at is None:
            refresh(edition, match, now)
            return None
        seats = seats_of(session, match.id)
        title = edition_title(match, edition)
        if not late and (edition.early or now >= edition.soft_at):
            # Every order came in while the game was paused: resolve now that it is not.
            how = "early" if now < edition.soft_at else "deadline"
            return self._resolve(session, match, pending, late, now, "missed", how)
        if now >= edition.hard_at:
            policy = get_spec(match.game).silent_seat
            return self._resolve(
                session, match, pending, late, now, policy, "hard-deadline" if late else "deadline"
            )
        if now >= edition.soft_at:
            if not late:
                return self._resolve(session, match, pending, late, now, "missed", "deadline")
            if edition.late_reminded_at is None or now >= edition.late_reminded_at + DAY:
                edition.late_reminded_at = now
                log_event(session, match.id, "reminder", now, turn=number, late=late, why="late")
                notify(
                    session,
                    user_ids(seats, late),
                    "late",
                    match.id,
                    now,
                    title=title,
                    turn=number,
                    hard=edition.hard_at.isoformat(),
                )
        elif (
            edition.day_reminded != number
            and now >= edition.soft_at - DAY
            and edition.soft_at - DAY > (edition.opened_at or now)
        ):
            edition.day_reminded = number
            if late:
                log_event(
                    session, match.id, "reminder", now, turn=number, late=late, why="day-left"
                )
                notify(
                    session,
                    user_ids(seats, late),
                    "day-left",
                    match.id,
                    now,
                    title=title,
                    turn=number,
                    deadline=edition.soft_at.isoformat(),
                )
        refresh(edition, match, now)
        return None

    def _resolve(
        self,
        session: Session,
        match: Match,
        pending: dict[str, PendingOrder],
        late: list[str],
        now: datetime,
        policy: str,
        how: str,
    ) -> Reveal:
        """Fill the missing orders (removal or the missed-order policy), then resolve."""
        game = get_game(match.game)
        state = game.from_json(match.state)
        number = match.turn + 1
        for player in late:
            if policy == "removed":
                orders: Any = {"removed": True}  # SS-9.1
            else:
                orders = game.orders_to_json(
                    state,
                    player,
                    game.missed_order(state, player, rng_for(match.seed, number, player)),
                )
            pending[player] = PendingOrder(
                match_id=match.id,
                turn=number,
                player=player,
                orders=orders,
                source="missed",
                submitted_at=now,
            )
        session.info[HOW_KEY] = how
        seats = seats_of(session, match.id)
        return _resolve(session, match, seats, game, state, pending, now)

    def turn_resolved(self, session: Session, match: Match, reveal: Reveal, now: datetime) -> None:
        """Post the turn (summary; its GIF is drawn next), log it, tell everyone."""
        edition = session.get(Edition, match.id)
        if edition is None:
            return
        how = str(session.info.pop(HOW_KEY, "early"))
        before = state_before(session, match, reveal.number)
        summary = summarise(
            match.game,
            reveal.number,
            how,
            reveal.orders,
            reveal.missed,
            before,
            reveal.state,
            reveal.report,
            reveal.frames,
            edition_lang(session, edition),
        )
        session.add(
            TurnPost(match_id=match.id, number=reveal.number, posted_at=now, summary=summary)
        )
        log_event(
            session,
            match.id,
            "turn-resolved",
            now,
            turn=reveal.number,
            how=how,
            missed=summary.get("missed", []),
            removed=summary.get("removed", []),
            deaths=summary.get("deaths", []),
            orders=reveal.orders,  # revealed now: the turn is resolved
        )
        for player in summary.get("removed", []):
            log_event(session, match.id, "player-removed", now, turn=reveal.number, player=player)
        seats = seats_of(session, match.id)
        everyone = [*user_ids(seats), edition.gm_user_id]
        title = edition_title(match, edition)
        notify(session, everyone, "turn-resolved", match.id, now, title=title, turn=reveal.number)
        if reveal.next_turn is not None:
            announce_turn(session, match, edition, seats, now)
            return
        edition.phase = "finished"
        edition.next_at = None
        log_event(session, match.id, "game-ended", now, result=reveal.result, turn=reveal.number)
        notify(session, everyone, "game-ended", match.id, now, title=title, result=reveal.result)


RULES = CorrespondenceRules()
register_clock("correspondence", RULES)


def _ritual_due(match_id: str, session: Session, now: datetime) -> TurnOpen | None:
    return ritual_due_tx(session, match_id, now)


# --- the service: wakes up when something is due ----------------------------------------------


class CorrespondenceService:
    """Runs what is due (via the coordinator), draws the posted GIFs, sends the emails.

    One task per server process; a test or a simulation calls :meth:`run_due`
    itself after moving a :class:`~samtempa.server.core.clock.ManualClock`.
    """

    def __init__(
        self,
        db: Database,
        coordinator: MatchCoordinator,
        settings: Settings,
        catalogs: Catalogs,
    ) -> None:
        self.db = db
        self.coordinator = coordinator
        self.settings = settings
        self.catalogs = catalogs
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    def now(self) -> datetime:
        return self.coordinator.now()

    def wake(self) -> None:
        """Something changed (a clock moved, an action was taken): look again now."""
        if self._wake is not None:
            self._wake.set()

    async def start(self) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def act(self, match_id: str, fn: Callable[[Session, datetime], T]) -> T:
        """Run one transaction on a match under the coordinator's lock, then look again."""
        async with self.coordinator.lock(match_id):
            now = self.now()

            def work() -> T:
                with self.db.write() as session:
                    return fn(session, now)

            result = await self.db.run(work)
        self.wake()
        return result

    async def run_due(self) -> int:
        """Everything due now: deadlines, reminders, late choices; then pictures and mail."""
        done = await self.process_due()
        await self.render_gifs()
        await self.deliver_mail()
        return done

    async def process_due(self) -> int:
        now = self.now()

        def load() -> list[tuple[str, str]]:
            with self.db.read() as session:
                rows = session.execute(
                    select(Edition.match_id, Edition.phase)
                    .where(Edition.next_at.is_not(None), Edition.next_at <= now)
                    .order_by(Edition.next_at)
                )
                return [(m, p) for m, p in rows]

        done = 0
        for match_id, phase in await self.db.run(load):
            try:
                if phase == "playing":
                    await self.coordinator.resolve_due(match_id)
                else:
                    opened = await self.act(match_id, partial(_ritual_due, match_id))
                    if opened is not None:
                        self.coordinator.turn_opened(opened)
                    self.coordinator.publish_snapshot(match_id)
                done += 1
            except Exception:
                log.exception("correspondence game %s: what was due failed", match_id)
        return done

    async def render_gifs(self) -> int:
        loop = asyncio.get_running_loop()
        width = self.settings.turn_gif_width
        return await loop.run_in_executor(None, render_missing_gifs, self.db, width)

    async def deliver_mail(self) -> int:
        """The notification emails, then the account emails (reset links, confirmations)."""
        loop = asyncio.get_running_loop()
        sent = await loop.run_in_executor(
            None, deliver_outbox, self.db, self.settings, self.catalogs, self.now
        )
        return sent + await loop.run_in_executor(
            None, deliver_account_mail, self.db, self.settings, self.catalogs, self.now
        )

    async def next_due(self) -> datetime | None:
        def load() -> datetime | None:
            with self.db.read() as session:
                when: datetime | None = session.scalar(select(func.min(Edition.next_at)))
                return when

        return await self.db.run(load)

    async def _run(self) -> None:
        assert self._wake is not None
        poll = self.settings.correspondence_poll_s
        while True:
            self._wake.clear()
            try:
                await self.run_due()
                when = await self.next_due()
            except Exception:
                log.exception("correspondence round failed")
                when = None
            delay = poll if when is None else (when - self.now()).total_seconds()
            # At least a moment (a due item that cannot progress must not spin), at most a poll.
            delay = min(max(delay, 0.2), poll)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
