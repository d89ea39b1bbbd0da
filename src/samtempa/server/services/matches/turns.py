"""The transaction functions: each runs inside one write transaction, the match locked.

Their writes of a turn (an order sealed, a turn resolved) go through the turn store
(:mod:`.store`), as the fast path's (:mod:`.hot`) do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from random import Random
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.games.base import Game
from samtempa.games.registry import get_game
from samtempa.server.models import Match, PendingOrder, Seat
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches.clocks import clock_rules
from samtempa.server.services.matches.orders import check_order
from samtempa.server.services.matches.store import TurnWrite, seal_order, write_turn, written
from samtempa.server.services.matches.values import (
    Actor,
    Reveal,
    SubmitOutcome,
    TurnOpen,
    holders_of,
)
from samtempa.server.services.reports import report_to_json


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
    seal_order(session.connection(), match_id, match.turn, player, canonical, source, now)
    pending[player] = PendingOrder(
        match_id=match_id,
        turn=number,
        player=player,
        orders=canonical,
        source=source,
        submitted_at=now,
    )
    outcome = SubmitOutcome(match_id, number, player, canonical, holders=holders_of(seats))
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
    """Resolve the turn through the engine; store state and record in this transaction.

    The match's new values are set on its ORM copy first (the clock's hooks read and
    change it as the next turn opens), then written by the turn store, the one write
    path of a turn (:mod:`.store`), and taken as stored.
    """
    session.flush()  # whatever this transaction changed so far, before the store's guard
    played = match.turn
    number = played + 1
    done = compute_turn(
        match.game, game, state, {p: (row.orders, row.source) for p, row in pending.items()}
    )
    next_turn = None
    with session.no_autoflush:
        match.state = done.state_json
        match.turn = number
        if done.result is not None:
            match.status = "finished"
            match.deadline = None
            match.finished_at = now
            match.result = done.result
        else:
            next_turn = open_turn(match, seats, game, done.state, now)
    write_turn(
        session.connection(),
        TurnWrite(
            match_id=match.id,
            played=played,
            state=done.state_json,
            orders=done.orders_json,
            missed=done.missed,
            report=done.report,
            frames=done.frames,
            status=match.status,
            result=match.result,
            deadline=match.deadline,
            opened_at=match.turn_opened_at,
            finished_at=match.finished_at,
            resolved_at=now,
        ),
    )
    written(match)
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
        holders=holders_of(seats),
    )
    rules = clock_rules(match)
    if rules is not None:
        rules.turn_resolved(session, match, reveal, now)
    return reveal
