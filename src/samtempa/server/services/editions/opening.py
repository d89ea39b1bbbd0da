"""A correspondence game's turns open: the first one once the ritual is over, and each one
announced to the players who must play it."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from samtempa.games.registry import get_game, get_spec
from samtempa.server.models import Match, Seat
from samtempa.server.models_correspondence import Edition
from samtempa.server.services.events import log_event
from samtempa.server.services.matches import TurnOpen, start_match_tx
from samtempa.server.services.notices import notify


def edition_title(match: Match, edition: Edition) -> str:
    """The title the game master gave, or the game and its code."""
    if edition.title:
        return edition.title
    name = get_spec(match.game).title
    return f"{name} {match.id}"


def user_ids(seats: list[Seat], players: list[str] | None = None) -> list[int | None]:
    return [s.user_id for s in seats if players is None or s.player in players]


def announce_turn(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> None:
    """Log the new turn and tell every player who must play it."""
    game = get_game(match.game)
    waiting = game.players(game.from_json(match.state))
    number = match.turn + 1
    soft = edition.soft_at.isoformat() if edition.soft_at else None
    hard = edition.hard_at.isoformat() if edition.hard_at else None
    log_event(session, match.id, "turn-opened", now, turn=number, deadline=soft, hard=hard)
    notify(
        session,
        user_ids(seats, waiting),
        "turn-open",
        match.id,
        now,
        title=edition_title(match, edition),
        turn=number,
        deadline=soft,
    )


def start_tx(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> TurnOpen:
    edition.phase = "playing"
    edition.drafter = None
    edition.phase_deadline = None
    opened = start_match_tx(session, match, seats, now)
    log_event(session, match.id, "game-started", now, players={s.player: s.label for s in seats})
    announce_turn(session, match, edition, seats, now)
    return opened
