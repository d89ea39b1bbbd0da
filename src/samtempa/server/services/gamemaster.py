"""The game master's tools: pause and resume, extend a deadline, resolve now, replace, cancel.

Only the edition's game master may use them; every use is written to the
game's public log (shown on the game page) with who did it. Resolving now
goes through the coordinator like a deadline (``force_resolve``, then
:meth:`.matches.MatchCoordinator.resolve_due`): missing orders get the
game's missed-order policy, never a removal, which the rules keep for 96 h
of silence (SS-9.1).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from samtempa.bots.registry import LEVELS
from samtempa.server.models import Match, PendingOrder, Seat, User
from samtempa.server.models_correspondence import Edition
from samtempa.server.services.correspondence import refresh
from samtempa.server.services.editions import edition_title
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import log_event
from samtempa.server.services.matches import TurnOpen, lock_match, seats_of
from samtempa.server.services.notices import notify
from samtempa.server.services.seat_hands import hand_over, refuse_game_master

MAX_EXTEND_HOURS = 14 * 24


def require_gm(session: Session, user: User, match_id: str) -> tuple[Match, Edition]:
    """The match, locked, and its edition; refuses anyone but its game master."""
    match = lock_match(session, match_id)
    edition = session.get(Edition, match_id)
    if edition is None:
        raise Refusal("not-an-edition", "this game is not played by correspondence", 404)
    if edition.gm_user_id != user.id:
        raise Refusal("not-game-master", "only the game master can do that", 403)
    return match, edition


def _playing(match: Match, edition: Edition, turn: int | None = None) -> None:
    """The game is being played, at ``turn`` if the request named one (issue 17: a
    request replayed, or sent twice, after its turn resolved changes nothing)."""
    if match.status != "playing" or edition.phase != "playing":
        raise Refusal("not-playing", "the game is not being played", 409)
    if turn is not None and turn != match.turn + 1:
        raise Refusal(
            "wrong-turn",
            "this was meant for turn %(turn)s, but turn %(number)s is being played; "
            "nothing was changed",
            409,
            turn=turn,
            number=match.turn + 1,
        )


def pause_tx(
    session: Session, user: User, match_id: str, now: datetime, turn: int | None = None
) -> None:
    """Stop the clock: no deadline passes and no turn resolves until resumed."""
    match, edition = require_gm(session, user, match_id)
    _playing(match, edition, turn)
    if edition.paused_at is not None:
        raise Refusal("already-paused", "the game is already paused", 409)
    edition.paused_at = now
    refresh(edition, match, now)
    log_event(session, match_id, "gm-pause", now, user.id, game_master=user.name)


def resume_tx(
    session: Session, user: User, match_id: str, now: datetime, turn: int | None = None
) -> None:
    """Start the clock again; the deadlines move by the time spent paused."""
    match, edition = require_gm(session, user, match_id)
    _playing(match, edition, turn)
    if edition.paused_at is None:
        raise Refusal("not-paused", "the game is not paused", 409)
    shift = now - edition.paused_at
    for name in ("opened_at", "soft_at", "hard_at", "late_reminded_at"):
        value = getattr(edition, name)
        if value is not None:
            setattr(edition, name, value + shift)
    edition.paused_at = None
    refresh(edition, match, now)
    edition.next_at = now  # look at once: the orders may all have come in meanwhile
    log_event(
        session,
        match_id,
        "gm-resume",
        now,
        user.id,
        game_master=user.name,
        paused_hours=round(shift.total_seconds() / 3600, 2),
        deadline=edition.soft_at.isoformat() if edition.soft_at else None,
    )


def extend_tx(
    session: Session,
    user: User,
    match_id: str,
    hours: int,
    now: datetime,
    turn: int | None = None,
    deadline: str | None = None,
) -> None:
    """Give the current turn ``hours`` more (both deadlines move).

    ``deadline``: the deadline the game master saw (ISO 8601); if it has moved since
    (the same request sent twice), nothing changes.
    """
    match, edition = require_gm(session, user, match_id)
    _playing(match, edition, turn)
    seen = edition.soft_at.isoformat() if edition.soft_at else ""
    if deadline is not None and deadline.removesuffix("Z") != seen:
        raise Refusal(
            "deadline-moved",
            "the deadline has moved since this page was shown; nothing was changed",
            409,
        )
    if not 1 <= hours <= MAX_EXTEND_HOURS:
        raise Refusal("bad-extension", "extend by 1 to %(hi)s hours", hi=MAX_EXTEND_HOURS)
    assert edition.soft_at is not None
    assert edition.hard_at is not None
    edition.soft_at += timedelta(hours=hours)
    edition.hard_at += timedelta(hours=hours)
    if edition.soft_at - timedelta(hours=24) > now:
        edition.day_reminded = 0  # the "24 hours left" notice will come again
    if now < edition.soft_at:
        edition.late_reminded_at = None
    refresh(edition, match, now)
    log_event(
        session,
        match_id,
        "gm-extend",
        now,
        user.id,
        game_master=user.name,
        hours=hours,
        deadline=edition.soft_at.isoformat(),
        hard=edition.hard_at.isoformat(),
    )
    title = edition_title(match, edition)
    notify(
        session,
        [s.user_id for s in seats_of(session, match_id)],
        "turn-open",
        match_id,
        now,
        title=title,
        turn=match.turn + 1,
        deadline=edition.soft_at.isoformat(),
    )


def resolve_now_tx(
    session: Session, user: User, match_id: str, now: datetime, turn: int | None = None
) -> None:
    """Ask for the turn to resolve now; the caller then runs the coordinator's deadline."""
    match, edition = require_gm(session, user, match_id)
    _playing(match, edition, turn)
    edition.force_resolve = True
    edition.next_at = now
    log_event(
        session,
        match_id,
        "gm-resolve-now",
        now,
        user.id,
        game_master=user.name,
        turn=match.turn + 1,
    )


def replace_tx(
    session: Session,
    user: User,
    match_id: str,
    player: str,
    replacement: str,
    now: datetime,
    turn: int | None = None,
) -> TurnOpen | None:
    """Give a seat to another account (its login) or to a bot (``bot:LEVEL``), never to the
    game master (:mod:`.seat_hands`).

    The seat keeps its snake, colour, revealed race and any orders already sent this
    turn (sealed from the newcomer until the reveal); a race chosen in secret and not
    revealed yet is dropped, the newcomer chooses their own.
    """
    match, edition = require_gm(session, user, match_id)
    if match.status not in ("setup", "playing"):
        raise Refusal("not-playing", "the game is not being played", 409)
    if match.status == "playing":
        _playing(match, edition, turn)  # a replay from an earlier turn changes nothing
    seats = seats_of(session, match_id)
    seat = next((s for s in seats if s.player == player), None)
    if seat is None:
        raise Refusal("unknown-player", "%(player)s is not a player of this game", player=player)
    old = seat.label or (f"bot {seat.bot_level}" if seat.kind == "bot" else player)
    sent = (
        session.get(PendingOrder, (match_id, match.turn + 1, player))
        if match.status == "playing"
        else None
    )
    opened: TurnOpen | None = None
    replacement = replacement.strip()
    if replacement.startswith("bot:"):
        level = replacement[4:]
        if level not in LEVELS[match.game]:
            raise Refusal(
                "bad-level",
                "there is no bot level %(level)s; levels: %(levels)s",
                level=level,
                levels=", ".join(LEVELS[match.game]),
            )
        if match.status != "playing":
            raise Refusal("bot-needs-game", "a bot can take a seat once the game has started", 409)
        if seat.kind == "bot" and seat.bot_level == level:  # the same request again
            raise Refusal("already-there", "this seat is already played by that bot", 409)
        seat.kind, seat.bot_level, seat.user_id, seat.session_id, seat.label = (
            "bot",
            level,
            None,
            None,
            "",
        )
        new = f"bot {level}"
        if sent is None:
            opened = TurnOpen(match_id, match.turn + 1, match.deadline, [(player, level)])
    else:
        newcomer = session.scalar(select(User).where(func.lower(User.login) == replacement.lower()))
        if newcomer is None:
            raise Refusal("unknown-user", "there is no account %(login)s", login=replacement)
        refuse_game_master(edition, newcomer.id, "replace")
        if any(s.user_id == newcomer.id for s in seats):
            raise Refusal(
                "already-seated",
                "%(name)s already has a seat in this game",
                409,
                name=newcomer.name,
            )
        seat.kind, seat.bot_level, seat.user_id, seat.session_id, seat.label = (
            "human",
            None,
            newcomer.id,
            None,
            newcomer.name,
        )
        new = newcomer.name
        notify(
            session,
            [newcomer.id],
            "turn-open",
            match_id,
            now,
            title=edition_title(match, edition),
            turn=match.turn + 1,
            deadline=edition.soft_at.isoformat() if edition.soft_at else None,
        )
    hand_over(session, seat, edition.phase, match.turn + 1, sent is not None)
    log_event(
        session,
        match_id,
        "gm-replace",
        now,
        user.id,
        game_master=user.name,
        player=player,
        old=old,
        new=new,
    )
    return opened


def cancel_tx(session: Session, user: User, match_id: str, now: datetime) -> None:
    """End the game without a result."""
    match, edition = require_gm(session, user, match_id)
    if match.status not in ("setup", "playing"):
        raise Refusal("not-playing", "the game is not being played", 409)
    match.status = "abandoned"
    match.deadline = None
    match.finished_at = now
    edition.phase = "cancelled"
    edition.next_at = None
    edition.force_resolve = False
    log_event(session, match_id, "gm-cancel", now, user.id, game_master=user.name)
    seats: list[Seat] = seats_of(session, match_id)
    notify(
        session,
        [s.user_id for s in seats],
        "game-ended",
        match_id,
        now,
        title=edition_title(match, edition),
        cancelled=True,
    )
