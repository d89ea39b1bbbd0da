"""The one write path of a turn, live or by correspondence: an order sealed, a turn written.

Both of the coordinator's paths write through here: the in-memory fast path
(:mod:`.hot`, on a connection of its own from :meth:`Database.core_write`) and
the database path (:mod:`.turns`, on its session's connection). The
statements are SQLAlchemy Core, built once, so SQLite and PostgreSQL run the
same ones (each dialect renders its SQL and its casts, and the column types
store JSON and times as the models read them).

Each write is guarded by where the caller believes the match stands (the
number of turns played, status ``playing``):

- :func:`seal_order` inserts the order only if the match is still there
  (``INSERT … SELECT … WHERE EXISTS``); the primary key (match, turn,
  player) refuses a second order for the same player;
- :func:`write_turn` advances the match only if it is still there (``UPDATE …
  WHERE turn = N``), clears the turn's sealed orders and inserts its record,
  unique per (match, number).

A guard that fails raises :class:`StaleTurnError`: the database moved on without
the caller (another process, a game master), and nothing it asked for is
kept once its transaction rolls back. The database path holds the match row
locked, so its guards always pass; the fast path locks nothing and relies on
them. A turn is written once either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import (
    JSON,
    Connection,
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
from sqlalchemy.orm.attributes import set_committed_value

from samtempa.server.models import Match, PendingOrder, Turn
from samtempa.server.services.matches.prepared import Prepared


class StaleTurnError(Exception):
    """The match is not where the caller believed (turn played, status): nothing written."""


@dataclass(frozen=True, slots=True)
class TurnWrite:
    """A resolved turn as stored: the match's new row values and the turn's record."""

    match_id: str
    played: int  # turns played before this one: the guard
    state: dict[str, Any]
    orders: dict[str, Any]
    missed: list[str]
    report: Any
    frames: list[dict[str, Any]]
    status: str  # playing | finished
    result: dict[str, Any] | None
    deadline: datetime | None  # of the next turn
    opened_at: datetime | None  # when the next turn opened
    finished_at: datetime | None
    resolved_at: datetime

    @property
    def number(self) -> int:
        return self.played + 1


def seal_order(
    conn: Connection,
    match_id: str,
    played: int,
    player: str,
    orders: Any,
    source: str,
    now: datetime,
) -> None:
    """Seal ``player``'s orders for turn ``played + 1``; raises :class:`StaleTurnError` if the
    match moved on or the player had sealed already."""
    try:
        done = _rows(
            conn,
            _SEAL,
            match_id=match_id,
            turn=played + 1,
            player=player,
            orders=orders,
            source=source,
            submitted_at=now,
            played=played,
        )
    except IntegrityError:
        raise StaleTurnError(match_id) from None
    if done != 1:
        raise StaleTurnError(match_id)


def write_turn(conn: Connection, turn: TurnWrite) -> None:
    """Advance the match, clear the turn's sealed orders, insert its record; raises
    :class:`StaleTurnError` if the match had moved on (the caller's transaction must roll back)."""
    changed = _rows(
        conn,
        _ADVANCE,
        match_id=turn.match_id,
        played=turn.played,
        new_state=turn.state,
        new_turn=turn.number,
        new_deadline=turn.deadline,
        opened=turn.opened_at,
        new_status=turn.status,
        new_finished_at=turn.finished_at,
        new_result=turn.result,
    )
    if changed != 1:
        raise StaleTurnError(turn.match_id)
    _rows(conn, _CLEAR, match_id=turn.match_id, turn=turn.number)
    try:
        _rows(
            conn,
            _RECORD,
            match_id=turn.match_id,
            number=turn.number,
            orders=turn.orders,
            missed=turn.missed,
            report=turn.report,
            frames=turn.frames,
            state=turn.state,
            resolved_at=turn.resolved_at,
        )
    except IntegrityError:
        raise StaleTurnError(turn.match_id) from None


#: The match's columns :func:`write_turn` sets, as :class:`Match` attributes.
WRITTEN = ("state", "turn", "deadline", "turn_opened_at", "status", "finished_at", "result")


def written(match: Match) -> None:
    """The ORM's copy of ``match`` already holds what :func:`write_turn` wrote: take it as
    stored, so the session's flush does not write those columns a second time."""
    for key in WRITTEN:
        set_committed_value(match, key, getattr(match, key))


def _rows(conn: Connection, statement: Prepared, **params: Any) -> int:
    return statement.run(conn, params)


# Built once: this path runs for every order of every game.
_orders = cast(Table, PendingOrder.__table__)
_matches = cast(Table, Match.__table__)
_turns = cast(Table, Turn.__table__)
_SEAL = Prepared(
    insert(_orders).from_select(
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
)
_ADVANCE = Prepared(
    update(_matches)
    .where(
        _matches.c.id == bindparam("match_id"),
        _matches.c.turn == bindparam("played"),
        _matches.c.status == "playing",
    )
    .values(
        state=bindparam("new_state", type_=_matches.c.state.type),
        turn=bindparam("new_turn", type_=Integer),
        deadline=bindparam("new_deadline", type_=DateTime),
        turn_opened_at=bindparam("opened", type_=DateTime),
        status=bindparam("new_status", type_=String),
        finished_at=bindparam("new_finished_at", type_=DateTime),
        # No result yet is SQL NULL, as the row was created (JSON ``null`` would read the same).
        result=bindparam("new_result", type_=JSON(none_as_null=True)),
    )
)
_CLEAR = Prepared(
    delete(_orders).where(
        _orders.c.match_id == bindparam("match_id"), _orders.c.turn == bindparam("turn")
    )
)
_RECORD = Prepared(
    insert(_turns).inline(),  # no RETURNING: nobody reads the new row's id
    ("match_id", "number", "orders", "missed", "report", "frames", "state", "resolved_at"),
)
