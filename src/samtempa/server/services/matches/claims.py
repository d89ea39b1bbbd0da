"""Row locks that make several server processes on PostgreSQL act once (issue 21).

In one process the coordinator's per-match lock orders a match's writes. With
several processes, each may hold its own in-memory copy of a match
(:mod:`.hot`), and two orders of one turn sealed in two processes would each
look incomplete to their own copy. So, on PostgreSQL, every write of a live
match starts by locking the match row (``SELECT … FOR UPDATE``) and reading
the turn's sealed orders again under that lock: the second process waits for
the first, sees its order, and resolves the turn, once.

A deadline is *claimed* instead (``FOR UPDATE SKIP LOCKED``): a process that
finds the row locked leaves it to whoever holds it and looks again a moment
later, so two processes armed for one deadline never queue behind each other,
and the deadline still fires when the lock was only an order being sealed.
"""

from __future__ import annotations

from sqlalchemy import Connection, select
from sqlalchemy.orm import Session

from samtempa.server.models import Match, PendingOrder
from samtempa.server.services.matches.hot import LiveMatch
from samtempa.server.services.matches.store import StaleTurnError


def lock_live(conn: Connection, live: LiveMatch) -> None:
    """Lock the match row for this transaction and bring ``live``'s sealed orders up to
    the database; :class:`StaleTurnError` when the database has moved past ``live``."""
    row = conn.execute(
        select(Match.turn, Match.status).where(Match.id == live.id).with_for_update()
    ).one_or_none()
    if row is None or row.turn != live.turn or row.status != "playing":
        raise StaleTurnError(live.id)
    sealed = conn.execute(
        select(PendingOrder.player, PendingOrder.orders, PendingOrder.source).where(
            PendingOrder.match_id == live.id, PendingOrder.turn == live.turn + 1
        )
    )
    live.pending = {player: (orders, source) for player, orders, source in sealed}


def claim_match(session: Session, match_id: str) -> bool:
    """Lock the match row unless another transaction holds it (then False: look later)."""
    got = session.execute(
        select(Match.id).where(Match.id == match_id).with_for_update(skip_locked=True)
    ).scalar_one_or_none()
    return got is not None
