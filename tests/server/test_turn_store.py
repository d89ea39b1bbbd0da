"""The turn store: one write path for a turn, the same rows from the fast path and the
database path, guards that refuse a stale writer (issue 18).

Runs on SQLite and on PostgreSQL (``BOTH_DATABASES`` in ``tests/conftest.py``).
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Connection, event, func, select

from samtempa.server.app import Services
from samtempa.server.models import Match, PendingOrder, Turn
from samtempa.server.services import lobby
from samtempa.server.services.matches import Actor, hot, submit_tx, utcnow
from samtempa.server.services.matches.store import (
    StaleTurnError,
    TurnWrite,
    seal_order,
    write_turn,
)

GUEST = Actor(None, "session-a")
#: Two turns of What the Shell: (black, white) picks.
PICKS = [("E5", "B4"), ("C3", "G7")]


def new_match(services: Services) -> str:
    with services.db.write() as session:
        match, _ = lobby.create_match(
            session,
            GUEST,
            None,
            lobby.NewMatch("what-the-shell", ["me", "local"], 60),
            utcnow(),
            (5, 3600),
        )
        return match.id


def pending_rows(services: Services, match_id: str) -> list[tuple[int, str, Any, str]]:
    with services.db.read() as session:
        rows = session.scalars(
            select(PendingOrder)
            .where(PendingOrder.match_id == match_id)
            .order_by(PendingOrder.turn, PendingOrder.player)
        )
        return [(r.turn, r.player, r.orders, r.source) for r in rows]


def stored(services: Services, match_id: str) -> dict[str, Any]:
    """What the database holds of a match and its turns (times left out)."""
    with services.db.read() as session:
        match = session.get(Match, match_id)
        assert match is not None
        turns = session.scalars(select(Turn).where(Turn.match_id == match_id).order_by(Turn.number))
        return {
            "match": (match.state, match.turn, match.status, match.result),
            "deadline set": match.deadline is not None,
            "turns": [(t.number, t.orders, t.missed, t.report, t.frames, t.state) for t in turns],
        }


def play_by_database(services: Services, match_id: str) -> None:
    for number, (black, white) in enumerate(PICKS, start=1):
        for player, cell in (("black", black), ("white", white)):
            with services.db.write() as session:
                submit_tx(session, match_id, GUEST, player, cell, number, utcnow())


def play_by_memory(services: Services, match_id: str) -> None:
    with services.db.read() as session:
        live = hot.load(session, match_id)
    assert live is not None
    for number, (black, white) in enumerate(PICKS, start=1):
        for player, cell in (("black", black), ("white", white)):
            with services.db.core_write() as conn:
                hot.submit(conn, live, GUEST, player, cell, number, utcnow())


def test_the_fast_path_and_the_database_path_store_the_same_turns(services: Services) -> None:
    by_database, by_memory = new_match(services), new_match(services)
    play_by_database(services, by_database)
    play_by_memory(services, by_memory)
    a, b = stored(services, by_database), stored(services, by_memory)
    assert [t[0] for t in a["turns"]] == [1, 2]
    assert a["turns"][1][1] == {"black": "C3", "white": "G7"}
    assert a == b
    assert pending_rows(services, by_database) == pending_rows(services, by_memory) == []


def test_the_fast_path_seals_on_every_database(services: Services) -> None:
    """A sealed order is one guarded insert, counted as one row on SQLite and PostgreSQL
    alike (PostgreSQL reported no count for ``INSERT … SELECT``: the fast path always fell
    back to the database path there)."""
    match_id = new_match(services)
    with services.db.read() as session:
        live = hot.load(session, match_id)
    assert live is not None
    with services.db.core_write() as conn:
        hot.submit(conn, live, GUEST, "black", "E5", 1, utcnow())
    assert pending_rows(services, match_id) == [(1, "black", "E5", "player")]
    assert live.pending == {"black": ("E5", "player")}


def test_a_stale_seal_writes_nothing(services: Services) -> None:
    match_id = new_match(services)
    now = utcnow()
    with pytest.raises(StaleTurnError), services.db.core_write() as conn:
        seal_order(conn, match_id, 3, "black", "E5", "player", now)  # 3 turns played: no
    with services.db.core_write() as conn:
        seal_order(conn, match_id, 0, "black", "E5", "player", now)
    with pytest.raises(StaleTurnError), services.db.core_write() as conn:
        seal_order(conn, match_id, 0, "black", "A1", "player", now)  # sealed already
    assert pending_rows(services, match_id) == [(1, "black", "E5", "player")]


def test_a_turn_written_twice_is_refused_and_the_first_kept(services: Services) -> None:
    match_id = new_match(services)
    now = utcnow()

    def turn(orders: dict[str, str]) -> TurnWrite:
        return TurnWrite(
            match_id=match_id,
            played=0,
            state={"stand-in": orders["black"]},
            orders=orders,
            missed=[],
            report=None,
            frames=[],
            status="playing",
            result=None,
            deadline=None,
            opened_at=now,
            finished_at=None,
            resolved_at=now,
        )

    with services.db.core_write() as conn:
        seal_order(conn, match_id, 0, "black", "E5", "player", now)
        write_turn(conn, turn({"black": "E5", "white": "B4"}))
    with pytest.raises(StaleTurnError), services.db.core_write() as conn:
        write_turn(conn, turn({"black": "A1", "white": "A2"}))
    after = stored(services, match_id)
    assert after["match"] == ({"stand-in": "E5"}, 1, "playing", None)
    assert [t[1] for t in after["turns"]] == [{"black": "E5", "white": "B4"}]
    assert pending_rows(services, match_id) == []


def test_the_database_path_leaves_the_turn_to_the_store(services: Services) -> None:
    """Its session takes the store's write as stored: the ORM sends no ``UPDATE matches``
    or ``INSERT INTO turns`` of its own (the store's statements run on the driver's cursor,
    below these events), and the match still moved on."""
    match_id = new_match(services)
    with services.db.write() as session:
        submit_tx(session, match_id, GUEST, "black", "E5", 1, utcnow())
    seen: list[str] = []

    def count(conn: Connection, cursor: Any, statement: str, *_: Any) -> None:
        seen.append(" ".join(statement.split()[:3]).upper())

    event.listen(services.db.engine, "before_cursor_execute", count)
    try:
        with services.db.write() as session:
            out = submit_tx(session, match_id, GUEST, "white", "B4", 1, utcnow())
    finally:
        event.remove(services.db.engine, "before_cursor_execute", count)
    assert out.revealed is not None
    assert seen  # the events do see the session's own statements
    assert not [s for s in seen if s.startswith(("UPDATE MATCHES", "INSERT INTO TURNS"))]
    after = stored(services, match_id)
    assert after["match"][1:3] == (1, "playing")
    assert after["deadline set"]
    assert [t[1] for t in after["turns"]] == [{"black": "E5", "white": "B4"}]
    with services.db.read() as session:
        assert session.scalar(select(func.count()).select_from(Turn)) == 1
