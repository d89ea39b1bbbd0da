"""Abandoned games: a game nobody plays any more ends, and leaves the lists.

The rule (``Settings.abandon_after_idle_turns``, N, default 3): a live game is
abandoned at the deadline of a turn when

- none of its players is connected to it (a spectator does not count),
- none of them has sealed orders for this turn, and
- the N − 1 turns before were each played by the clock for every person who
  had to give orders in them (the missed-order policy, ``Turn.missed``);

so after N deadlines in a row with nobody there. It then has no result and no
rating, like an aborted game. A game whose seats stay free (``open``) leaves
the lobby the same way after ``abandon_open_after_h`` hours with nobody on its
page. Correspondence games have their own removals (SS-9.1) and are left alone.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.games.registry import get_game
from samtempa.server.models import Match, Turn
from samtempa.server.services.controls import end_match
from samtempa.server.services.matches import lock_match, pending_of, seats_of


def idle_tx(session: Session, match_id: str, now: datetime, idle_turns: int) -> bool:
    """At a deadline, with none of the match's players connected: abandon it if the
    rule above holds (True), else leave it to be resolved (False)."""
    if idle_turns <= 0:
        return False
    match = lock_match(session, match_id)
    if (
        match.status != "playing"
        or match.clock.get("kind") != "live"
        or match.deadline is None
        or match.deadline > now
        or match.state is None
    ):
        return False
    people = {
        s.player
        for s in seats_of(session, match_id)
        if s.kind == "human" and (s.user_id is not None or s.session_id is not None)
    }
    game = get_game(match.game)
    number = match.turn + 1
    if not people & set(game.players(game.from_json(match.state))):
        return False  # the turn waits for bots only: they play it
    pending = pending_of(session, match_id, number)
    if any(player in people and row.source == "player" for player, row in pending.items()):
        return False
    earlier = list(
        session.scalars(
            select(Turn)
            .where(Turn.match_id == match_id, Turn.number > number - idle_turns)
            .order_by(Turn.number)
        )
    )
    if len(earlier) < idle_turns - 1:
        return False
    for turn in earlier:
        due = people & set(turn.orders)
        if not due or not due <= set(turn.missed):
            return False  # somebody played that turn
    end_match(session, match, "abandoned", None, now)
    return True


def stale_open(session: Session, now: datetime, hours: float) -> list[str]:
    """Open live games created ``hours`` ago or more (candidates: the caller keeps those
    somebody has open in a browser now)."""
    cutoff = now - timedelta(hours=hours)
    rows = session.execute(
        select(Match.id, Match.clock).where(Match.status == "open", Match.created_at <= cutoff)
    )
    return [match_id for match_id, clock in rows if clock.get("kind") == "live"]


def abandon_open_tx(session: Session, match_ids: list[str], now: datetime) -> list[str]:
    """Abandon those of ``match_ids`` still open; returns them."""
    gone = []
    for match_id in match_ids:
        match = lock_match(session, match_id)
        if match.status == "open":
            end_match(session, match, "abandoned", None, now)
            gone.append(match_id)
    return gone
