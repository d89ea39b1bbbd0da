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

import json
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, cast

from sqlalchemy import (
    DateTime,
    Integer,
    String,
    Table,
    bindparam,
    delete,
    exists,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from samtempa.games.base import Game
from samtempa.games.registry import get_game
from samtempa.server.models import Match, PendingOrder, Seat, Turn
from samtempa.server.services.matches.orders import check_order
from samtempa.server.services.matches.turns import compute_turn, pending_of, rng_for, seats_of
from samtempa.server.services.matches.values import (
    Actor,
    Holder,
    Reveal,
    SubmitOutcome,
    TurnOpen,
    holders_of,
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
    holders: dict[str, Holder] = field(default_factory=dict)  # the seats, as loaded

    def __post_init__(self) -> None:
        self.holders = holders_of(self.seats.values())


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
    session: Writer,
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
    outcome = SubmitOutcome(live.id, number, player, canonical, holders=live.holders)
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


# Statements built once (SQLAlchemy Core, so each database gets its own SQL and casts):
# this path runs for every order of every live game.
_orders = cast(Table, PendingOrder.__table__)
_matches = cast(Table, Match.__table__)
_turns = cast(Table, Turn.__table__)
_SEAL = insert(_orders).from_select(
    ["match_id", "turn", "player", "orders", "source", "submitted_at"],
    select(
        bindparam("match_id", type_=String),
        bindparam("turn", type_=Integer),
        bindparam("player", type_=String),
        bindparam("orders", type_=_orders.c.orders.type),
        bindparam("source", type_=String),
        bindparam("submitted_at", type_=DateTime),
    ).where(
        exists().where(
            _matches.c.id == bindparam("match_id"),
            _matches.c.turn == bindparam("played"),
            _matches.c.status == "playing",
        )
    ),
)
_ADVANCE = (
    update(_matches)
    .where(
        _matches.c.id == bindparam("match_id"),
        _matches.c.turn == bindparam("played"),
        _matches.c.status == "playing",
    )
    .values(
        state=bindparam("new_state", type_=_matches.c.state.type),
        turn=bindparam("new_turn"),
        deadline=bindparam("new_deadline"),
        turn_opened_at=bindparam("opened"),
        status=bindparam("new_status"),
        finished_at=bindparam("new_finished_at"),
        result=bindparam("new_result", type_=_matches.c.result.type),
    )
)
_CLEAR = delete(_orders).where(
    _orders.c.match_id == bindparam("match_id"), _orders.c.turn == bindparam("turn")
)
_RECORD = insert(_turns)


# The same statements in SQLite's own SQL, sent straight to the driver: on the default
# database this path then costs a fraction of a millisecond. The values are stored as
# SQLAlchemy stores them (JSON text, ``YYYY-MM-DD HH:MM:SS.ffffff``), so the models read
# them back unchanged.
_SQLITE = {
    id(_SEAL): "INSERT INTO pending_orders (match_id, turn, player, orders, source, submitted_at) "
    "SELECT :match_id, :turn, :player, :orders, :source, :submitted_at WHERE EXISTS "
    "(SELECT 1 FROM matches WHERE id = :match_id AND turn = :played AND status = 'playing')",
    id(_ADVANCE): "UPDATE matches SET state = :new_state, turn = :new_turn, "
    "deadline = :new_deadline, turn_opened_at = :opened, status = :new_status, "
    "finished_at = :new_finished_at, result = :new_result "
    "WHERE id = :match_id AND turn = :played AND status = 'playing'",
    id(_CLEAR): "DELETE FROM pending_orders WHERE match_id = :match_id AND turn = :turn",
    id(_RECORD): "INSERT INTO turns (match_id, number, orders, missed, report, frames, state, "
    "resolved_at) VALUES (:match_id, :number, :orders, :missed, :report, :frames, :state, "
    ":resolved_at)",
}
_SQLITE_JSON = {"orders", "new_state", "new_result", "missed", "report", "frames", "state"}


class _Rows:
    """What the callers read of a result: how many rows changed."""

    def __init__(self, rowcount: int) -> None:
        self.rowcount = rowcount


Writer = Session | sqlite3.Connection  # a session, or SQLite's own connection (the fastest)


def _run(session: Writer, statement: Any, **params: Any) -> Any:
    raw: Any
    if isinstance(session, sqlite3.Connection):
        raw = session
    else:
        conn = session.connection()
        if conn.dialect.name != "sqlite":
            return conn.execute(statement, params)
        raw = conn.connection.driver_connection
    values = {
        k: (json.dumps(v) if k in _SQLITE_JSON and v is not None else _sqlite_value(v))
        for k, v in params.items()
    }
    assert raw is not None
    try:
        cursor = raw.execute(_SQLITE[id(statement)], values)
    except sqlite3.IntegrityError as err:
        raise IntegrityError(_SQLITE[id(statement)], values, err) from err
    return _Rows(cursor.rowcount)


def _sqlite_value(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S.%f")
    return value


def _resolve(
    session: Writer, live: LiveMatch, pending: dict[str, tuple[Any, str]], now: datetime
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
        new_state=done.state_json,
        new_turn=number,
        new_deadline=deadline,
        opened=None if over else now,
        new_status="finished" if over else "playing",
        new_finished_at=now if over else None,
        new_result=done.result,
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
        engine_state=done.state,
        holders=live.holders,
    )
