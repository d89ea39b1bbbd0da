"""The coordinator's fast path: a match being played, kept in memory, written through.

Reading the match, its seats and its sealed orders for every order costs more
than the rest of a live turn together. So while a match is played, the
coordinator keeps it here, and each order is one guarded write of the turn
store (:mod:`.store`, the same writes as the database path's): sealing inserts
the order only if the match is still ``playing`` at the turn we hold; resolving
advances the match only if it is still at that turn, and inserts the turn
record, unique per (match, number).

When a write finds the database elsewhere than the memory (another process, a
game master's change), :class:`~.store.StaleTurnError` is raised: the coordinator
forgets the match and goes through the database path (:func:`.turns.submit_tx`),
so the database stays the single truth and a turn still resolves once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection
from sqlalchemy.orm import Session

from samtempa.games.base import Game
from samtempa.games.registry import get_game
from samtempa.server.models import Match, Seat
from samtempa.server.services.matches.orders import check_order
from samtempa.server.services.matches.store import TurnWrite, seal_order, write_turn
from samtempa.server.services.matches.turns import compute_turn, pending_of, rng_for, seats_of
from samtempa.server.services.matches.values import (
    Actor,
    Holder,
    Reveal,
    SubmitOutcome,
    TurnOpen,
    holders_of,
)


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
    conn: Connection,
    live: LiveMatch,
    actor: Actor,
    player: str,
    data: Any,
    turn: int | None,
    now: datetime,
) -> SubmitOutcome:
    """:func:`.turns.submit_tx` on the match in memory; raises :class:`~.store.StaleTurnError`."""
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
        seal_order(conn, live.id, live.turn, player, canonical, source, now)
        live.pending = pending
        return outcome
    outcome.revealed = _resolve(conn, live, pending, now)
    return outcome


def _resolve(
    conn: Connection, live: LiveMatch, pending: dict[str, tuple[Any, str]], now: datetime
) -> Reveal:
    number = live.turn + 1
    done = compute_turn(live.game_name, live.game, live.state, pending)
    over = done.result is not None
    deadline = None
    if not over and live.clock_seconds:
        deadline = now + timedelta(seconds=live.clock_seconds)
    write_turn(
        conn,
        TurnWrite(
            match_id=live.id,
            played=live.turn,
            state=done.state_json,
            orders=done.orders_json,
            missed=done.missed,
            report=done.report,
            frames=done.frames,
            status="finished" if over else "playing",
            result=done.result,
            deadline=deadline,
            opened_at=None if over else now,
            finished_at=now if over else None,
            resolved_at=now,
        ),
    )
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
