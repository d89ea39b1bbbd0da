"""The coordinator's fast path: a match being played, kept in memory, written through.

Reading the match, its seats and its sealed orders for every order costs more
than the rest of a live turn together. So while a match is played, the
coordinator keeps it here and each order is one guarded statement:

- sealing an order inserts it only if the match is still ``playing`` at the
  turn we hold (``INSERT … SELECT … WHERE EXISTS``); the primary key (match,
  turn, player) refuses a second order for the same player;
- resolving updates the match only if it is still at that turn (``UPDATE …
  WHERE turn = N``) and inserts the turn record, unique per (match, number).

When a statement finds the database elsewhere than the memory (another
process, a game master's change), :class:`StaleError` is raised: the coordinator
forgets the match and goes through the database path (:func:`.matches.submit_tx`),
so the database stays the single truth and a turn still resolves once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import JSON, DateTime, bindparam, text
from sqlalchemy.engine import CursorResult
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from samtempa.games.base import Game
from samtempa.games.registry import get_game
from samtempa.server.models import Match, Seat
from samtempa.server.services.matches import (
    Actor,
    Reveal,
    SubmitOutcome,
    TurnOpen,
    check_order,
    compute_turn,
    pending_of,
    rng_for,
    seats_of,
)


class StaleError(Exception):
    """The database no longer matches the memory; use the database path."""


@dataclass(slots=True)
class LiveMatch:
    """A playing match in memory: the engine state, seats, and this turn's sealed orders."""

    id: str
    game_name: str
    game: Game[Any, Any]
    state: Any
    turn: int  # turns played
    seats: dict[str, Seat]
    clock_seconds: int | None
    seed: int
    pending: dict[str, tuple[Any, str]] = field(default_factory=dict)


def load(session: Session, match_id: str) -> LiveMatch | None:
    """The match in memory, or None if it is not being played."""
    match = session.get(Match, match_id)
    if match is None or match.status != "playing" or match.state is None:
        return None
    if match.clock.get("kind") == "correspondence":
        return None  # days per turn, hooks of their own (issue 8): the database path
    game = get_game(match.game)
    seats = {s.player: s for s in seats_of(session, match_id)}
    live = LiveMatch(
        match.id,
        match.game,
        game,
        game.from_json(match.state),
        match.turn,
        seats,
        match.clock.get("seconds"),
        match.seed,
    )
    for player, row in pending_of(session, match_id, match.turn + 1).items():
        live.pending[player] = (row.orders, row.source)
    session.expunge_all()
    return live


def submit(
    session: Session,
    live: LiveMatch,
    actor: Actor,
    player: str,
    data: Any,
    turn: int | None,
    now: datetime,
) -> SubmitOutcome:
    """:func:`.matches.submit_tx` on the match in memory; raises :class:`StaleError`."""
    game, number = live.game, live.turn + 1
    canonical, source = check_order(
        game,
        live.state,
        "playing",
        live.seats.get(player),
        actor,
        player,
        number,
        turn,
        player in live.pending,
        data,
        lambda: rng_for(live.seed, number, player),
    )
    outcome = SubmitOutcome(live.id, number, player, canonical)
    pending = {**live.pending, player: (canonical, source)}
    waiting = game.players(live.state)
    if not all(p in pending for p in waiting):
        try:
            inserted = _run(
                session,
                _SEAL,
                match_id=live.id,
                turn=number,
                player=player,
                orders=canonical,
                source=source,
                submitted_at=now,
                played=live.turn,
            )
        except IntegrityError:
            raise StaleError(live.id) from None
        if inserted.rowcount != 1:
            raise StaleError(live.id)
        live.pending = pending
        return outcome
    outcome.revealed = _resolve(session, live, pending, now)
    return outcome


# Statements built once: this path runs for every order of every live game.
_SEAL = text(
    "INSERT INTO pending_orders (match_id, turn, player, orders, source, submitted_at) "
    "SELECT :match_id, :turn, :player, :orders, :source, :submitted_at "
    "WHERE EXISTS (SELECT 1 FROM matches "
    "WHERE id = :match_id AND turn = :played AND status = 'playing')"
).bindparams(bindparam("orders", type_=JSON), bindparam("submitted_at", type_=DateTime))
_ADVANCE = text(
    "UPDATE matches SET state = :state, turn = :turn, deadline = :deadline, "
    "turn_opened_at = :opened, status = :status, finished_at = :finished_at, result = :result "
    "WHERE id = :match_id AND turn = :played AND status = 'playing'"
).bindparams(
    bindparam("state", type_=JSON),
    bindparam("result", type_=JSON),
    bindparam("deadline", type_=DateTime),
    bindparam("opened", type_=DateTime),
    bindparam("finished_at", type_=DateTime),
)
_CLEAR = text("DELETE FROM pending_orders WHERE match_id = :match_id AND turn = :turn")
_RECORD = text(
    "INSERT INTO turns (match_id, number, orders, missed, report, frames, state, resolved_at) "
    "VALUES (:match_id, :number, :orders, :missed, :report, :frames, :state, :resolved_at)"
).bindparams(
    *(bindparam(k, type_=JSON) for k in ("orders", "missed", "report", "frames", "state")),
    bindparam("resolved_at", type_=DateTime),
)


def _run(session: Session, statement: Any, **params: Any) -> CursorResult[Any]:
    return session.connection().execute(statement, params)


def _resolve(
    session: Session, live: LiveMatch, pending: dict[str, tuple[Any, str]], now: datetime
) -> Reveal:
    number = live.turn + 1
    done = compute_turn(live.game_name, live.game, live.state, pending)
    over = done.result is not None
    deadline = None
    if not over and live.clock_seconds:
        deadline = now + timedelta(seconds=live.clock_seconds)
    changed = _run(
        session,
        _ADVANCE,
        state=done.state_json,
        turn=number,
        deadline=deadline,
        opened=None if over else now,
        status="finished" if over else "playing",
        finished_at=now if over else None,
        result=done.result,
        match_id=live.id,
        played=live.turn,
    )
    if changed.rowcount != 1:
        raise StaleError(live.id)
    _run(session, _CLEAR, match_id=live.id, turn=number)
    try:
        _run(
            session,
            _RECORD,
            match_id=live.id,
            number=number,
            orders=done.orders_json,
            missed=done.missed,
            report=done.report,
            frames=done.frames,
            state=done.state_json,
            resolved_at=now,
        )
    except IntegrityError:
        raise StaleError(live.id) from None
    # Only now, with every statement through, does the memory move on.
    live.state = done.state
    live.turn = number
    live.pending = {}
    next_turn = None
    if not over:
        waiting = set(live.game.players(done.state))
        bots = [
            (s.player, s.bot_level or "easy")
            for s in live.seats.values()
            if s.kind == "bot" and s.player in waiting
        ]
        next_turn = TurnOpen(live.id, number + 1, deadline, bots)
    return Reveal(
        live.id,
        live.game_name,
        number,
        done.orders_json,
        done.missed,
        done.report,
        done.frames,
        done.state_json,
        "finished" if over else "playing",
        done.result,
        next_turn,
    )
