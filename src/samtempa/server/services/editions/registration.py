"""Creating a correspondence game and taking or giving back its seats."""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from samtempa.games.registry import get_spec
from samtempa.server.models import Match, Seat, User
from samtempa.server.models_correspondence import Edition
from samtempa.server.services.editions.draft import start_draft
from samtempa.server.services.editions.form import CLOCKS, HOUR, WHOLE_DAYS, NewEdition
from samtempa.server.services.editions.lookup import edition_of
from samtempa.server.services.editions.opening import start_tx
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import log_event
from samtempa.server.services.lobby import GAMES
from samtempa.server.services.matches import TurnOpen, lock_match, seats_of
from samtempa.server.services.seat_hands import refuse_game_master
from samtempa.server.services.terrains import terrain_data


def create_edition_tx(session: Session, gm: User, form: NewEdition, now: datetime) -> Match:
    """A new correspondence game, open for registration; ``gm`` is its game master."""
    if form.game not in GAMES:
        raise Refusal("unknown-game", "there is no game called %(name)s", name=form.game)
    default_turn, min_turn, max_turn, default_grace, max_grace = CLOCKS[form.game]
    turn_h = default_turn if form.turn_hours is None else form.turn_hours
    grace_h = default_grace if form.grace_hours is None else form.grace_hours
    if WHOLE_DAYS[form.game]:
        if turn_h % 24 or not min_turn <= turn_h <= max_turn:
            raise Refusal("bad-clock", "What the Shell by correspondence has 1 to 14 days per move")
    elif not min_turn <= turn_h <= max_turn:
        raise Refusal(
            "bad-clock", "the time per turn is %(lo)s to %(hi)s hours", lo=min_turn, hi=max_turn
        )
    if not 0 <= grace_h <= max_grace:
        raise Refusal(
            "bad-clock",
            "the extra time before the hard deadline is 0 to %(hi)s hours",
            hi=max_grace,
        )
    setup: dict[str, Any] = {}
    if get_spec(form.game).terrains:
        terrain = terrain_data(form.terrain)
        if terrain is None:
            raise Refusal(
                "unknown-terrain", "there is no terrain called %(name)s", name=form.terrain
            )
        seats = terrain["players"] if form.seats is None else form.seats
        if not 2 <= seats <= terrain["players"]:
            raise Refusal("bad-seats", "this terrain takes 2 to %(n)s snakes", n=terrain["players"])
        setup = {"terrain": terrain["id"]}
    else:
        seats = 2
    title = " ".join(form.title.split())  # one line: it goes into email subjects
    if len(title) > 120:
        raise Refusal("bad-title", "a title has at most 120 characters")
    match = Match(
        id=secrets.token_urlsafe(6),
        game=form.game,
        status="setup",
        mode="online",
        public=form.public,
        setup=setup,
        clock={
            "kind": "correspondence",
            "turn_hours": turn_h,
            "grace_hours": grace_h,
            "early": form.early,
        },
        state=None,
        turn=0,
        seed=secrets.randbits(31) if form.seed is None else form.seed,
        created_by_user=gm.id,
        created_at=now,
    )
    session.add(match)
    session.flush()
    session.add(
        Edition(
            match_id=match.id,
            gm_user_id=gm.id,
            title=title,
            phase="registration",
            seats=seats,
            turn_s=turn_h * HOUR,
            grace_s=grace_h * HOUR,
            early=form.early,
            day_reminded=0,
            force_resolve=False,
            created_at=now,
        )
    )
    log_event(
        session,
        match.id,
        "edition-created",
        now,
        gm.id,
        game=form.game,
        terrain=setup.get("terrain"),
        seats=seats,
        turn_hours=turn_h,
        hard_hours=turn_h + grace_h,
        early=form.early,
        game_master=gm.name,
    )
    return match


def register_tx(session: Session, user: User, match_id: str, now: datetime) -> TurnOpen | None:
    """Take the next seat; the last one starts the colour draft (or the game)."""
    match = lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if edition.phase != "registration":
        raise Refusal("registration-closed", "registration for this game is closed", 409)
    refuse_game_master(edition, user.id)
    seats = seats_of(session, match_id)
    if any(s.user_id == user.id for s in seats):
        raise Refusal("already-seated", "you already have a seat in this game", 409)
    if len(seats) >= edition.seats:
        raise Refusal("seat-taken", "every seat is taken", 409)
    seat = Seat(
        match_id=match_id,
        index=len(seats),
        player=f"seat{len(seats) + 1}",
        kind="human",
        user_id=user.id,
        label=user.name,
        options={},
    )
    session.add(seat)
    seats.append(seat)
    log_event(session, match_id, "registered", now, user.id, player=user.name, seat=seat.index + 1)
    if len(seats) < edition.seats:
        return None
    log_event(session, match_id, "registration-closed", now, players=[s.label for s in seats])
    spec = get_spec(match.game)
    if not spec.races:  # no draft: the seats take the game's players in order
        for s, player in zip(seats, spec.seats, strict=True):
            s.player = player
        return start_tx(session, match, edition, seats, now)
    start_draft(session, match, edition, seats, now)
    return None


def unregister_tx(session: Session, user: User, match_id: str, now: datetime) -> None:
    """Give one's seat back while registration is open; later seats move up one."""
    lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if edition.phase != "registration":
        raise Refusal("registration-closed", "registration for this game is closed", 409)
    seats = seats_of(session, match_id)
    mine = next((s for s in seats if s.user_id == user.id), None)
    if mine is None:
        raise Refusal("not-seated", "you have no seat in this game", 409)
    session.execute(delete(Seat).where(Seat.id == mine.id))
    session.flush()
    for s in seats:
        if s.index > mine.index:
            s.index -= 1
            s.player = f"seat{s.index + 1}"
            session.flush()
    log_event(session, match_id, "unregistered", now, user.id, player=user.name)
