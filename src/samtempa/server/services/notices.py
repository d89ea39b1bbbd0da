"""Notifications of correspondence games: on the platform and by email, as each user chooses.

A notification is written in the same transaction as what it announces (a
turn opened or resolved, a deadline near or passed, the end of the game), so
a turn resolved once is announced once. Emails leave afterwards: the mailer
(:func:`deliver_outbox`) sends what is waiting through SMTP (or the server
log, without SMTP settings) and stamps it sent. Nothing here ever holds a
pending order.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from samtempa.i18n import sentence
from samtempa.server.models import User
from samtempa.server.models_correspondence import Notification, NotificationPrefs, TurnPost
from samtempa.server.services.errors import Refusal
from samtempa.server.services.notifications import send_mail
from samtempa.server.services.turn_posts import summary_lines

if TYPE_CHECKING:
    from samtempa.server.core.config import Settings
    from samtempa.server.core.database import Database
    from samtempa.server.core.i18n import Catalogs

log = logging.getLogger("samtempa.notices")

#: What a user chooses to hear about (issue 8): each has a platform and an email switch.
PREF_KINDS = ("turn-open", "deadline", "turn-resolved", "game-ended")

#: Every kind of notification and the choice that governs it.
CATEGORY = {
    "turn-open": "turn-open",
    "colour-turn": "turn-open",
    "race-turn": "turn-open",
    "day-left": "deadline",
    "late": "deadline",
    "turn-resolved": "turn-resolved",
    "game-ended": "game-ended",
}

MAX_EMAIL_ATTEMPTS = 5


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    """Mark a string for the catalogs; it is translated where it is shown."""
    return message


PREF_LABELS = {
    "turn-open": N_("A new turn is open (or it is your turn to choose)"),
    "deadline": N_("24 hours left, and reminders once the deadline has passed"),
    "turn-resolved": N_("A turn was resolved"),
    "game-ended": N_("The game ended"),
}


# --- choices ----------------------------------------------------------------------------


def prefs_of(session: Session, user_id: int) -> dict[str, dict[str, bool]]:
    """The user's choices for every kind, defaults filled in (everything on)."""
    row = session.get(NotificationPrefs, user_id)
    stored = row.choices if row is not None else {}
    out = {}
    for kind in PREF_KINDS:
        given = stored.get(kind) or {}
        out[kind] = {"web": bool(given.get("web", True)), "email": bool(given.get("email", True))}
    return out


def set_prefs(session: Session, user_id: int, choices: dict[str, dict[str, bool]]) -> None:
    """Store the user's choices; unknown kinds are refused (a form out of date)."""

    unknown = sorted(set(choices) - set(PREF_KINDS))
    if unknown:
        raise Refusal(
            "bad-notification-kind", "unknown notification kind %(kind)s", kind=unknown[0]
        )
    clean = {
        kind: {
            "web": bool(choices.get(kind, {}).get("web")),
            "email": bool(choices.get(kind, {}).get("email")),
        }
        for kind in PREF_KINDS
    }
    row = session.get(NotificationPrefs, user_id)
    if row is None:
        session.add(NotificationPrefs(user_id=user_id, choices=clean))
    else:
        row.choices = clean


# --- writing notifications ---------------------------------------------------------------


def notify(
    session: Session,
    user_ids: Iterable[int | None],
    kind: str,
    match_id: str | None,
    now: datetime,
    **data: Any,
) -> int:
    """Tell each user (once, whatever the repeats) as their choices say; returns how many."""
    category = CATEGORY[kind]
    count = 0
    for user_id in dict.fromkeys(u for u in user_ids if u is not None):
        user = session.get(User, user_id)
        if user is None:
            continue
        choice = prefs_of(session, user_id)[category]
        email = choice["email"] and bool(user.email)
        if not (choice["web"] or email):
            continue
        session.add(
            Notification(
                user_id=user_id,
                match_id=match_id,
                kind=kind,
                data=dict(data),
                created_at=now,
                web=choice["web"],
                email=email,
                email_attempts=0,
            )
        )
        count += 1
    return count


def inbox(session: Session, user_id: int, limit: int = 50) -> list[Notification]:
    """The user's platform notifications, newest first."""
    return list(
        session.scalars(
            select(Notification)
            .where(Notification.user_id == user_id, Notification.web.is_(True))
            .order_by(Notification.id.desc())
            .limit(limit)
        )
    )


def mark_read(session: Session, user_id: int, now: datetime) -> None:
    for note in session.scalars(
        select(Notification).where(Notification.user_id == user_id, Notification.read_at.is_(None))
    ):
        note.read_at = now


# --- words ---------------------------------------------------------------------------------


def when_text(value: Any) -> str:
    """A stored time (ISO text or datetime) as people read it: ``2026-12-03 14:00 UTC``."""
    if isinstance(value, str):
        value = datetime.fromisoformat(value.removesuffix("Z"))
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    return "–"


def headline(kind: str, data: dict[str, Any], _: Callable[..., str]) -> str:
    """One line saying what happened (the platform list, the email's subject)."""
    title = data.get("title", "")
    turn = data.get("turn", "")
    if kind == "turn-open":
        return _("%(title)s: turn %(turn)s is open", title=title, turn=turn)
    if kind == "colour-turn":
        return _("%(title)s: your turn to choose a colour", title=title)
    if kind == "race-turn":
        return _("%(title)s: choose your race in secret", title=title)
    if kind == "day-left":
        return _(
            "%(title)s: 24 hours left to send your orders for turn %(turn)s", title=title, turn=turn
        )
    if kind == "late":
        return _(
            "%(title)s: the deadline of turn %(turn)s has passed; your orders are missing",
            title=title,
            turn=turn,
        )
    if kind == "turn-resolved":
        return _("%(title)s: turn %(turn)s was resolved", title=title, turn=turn)
    if kind == "game-ended":
        if data.get("cancelled"):
            return _("%(title)s: the game master cancelled the game", title=title)
        return _("%(title)s: the game is over", title=title)
    return str(kind)


def body(kind: str, data: dict[str, Any], _: Callable[..., str], lines: list[str]) -> str:
    """The paragraph under the headline (emails); ``lines``: the turn's summary if any."""
    deadline = when_text(data.get("deadline"))
    if kind in ("turn-open", "day-left"):
        text = _("Send your orders before %(deadline)s.", deadline=deadline)
    elif kind == "late":
        text = _(
            "The game waits for you until %(hard)s; after that your snake is removed "
            "(What the Shell: a random empty cell is played for you).",
            hard=when_text(data.get("hard")),
        )
    elif kind == "colour-turn":
        text = _("Choose your snake's colour, then name the player who chooses next.")
    elif kind == "race-turn":
        text = _("Every player chooses a race in secret; all races are revealed together.")
    elif kind == "game-ended":
        text = result_text(data.get("result"), _) if not data.get("cancelled") else ""
    else:
        text = ""
    return "\n".join([text, *lines]).strip()


def result_text(result: Any, _: Callable[..., str]) -> str:
    """A result for everyone (a match's events, a mail): ``Black wins.``, capital first."""
    if not isinstance(result, dict):
        return ""
    if "winner" in result:
        return sentence(_("%(player)s wins.", player=_(str(result["winner"]))))
    return _(
        "Draw between %(players)s.", players=", ".join(_(str(p)) for p in result.get("draw", []))
    )


# --- the mailer ----------------------------------------------------------------------------


def deliver_outbox(
    db: Database, settings: Settings, catalogs: Catalogs, now: Callable[[], datetime]
) -> int:
    """Send every email waiting (blocking: run it off the event loop); returns how many left.

    A message is stamped sent after the SMTP server took it; a failure is
    counted and retried on the next round, up to :data:`MAX_EMAIL_ATTEMPTS`.
    """

    if not settings.smtp_host:
        _give_up_without_smtp(db)
        return 0
    if not db.is_sqlite:
        return _deliver_claimed(db, settings, catalogs, now)
    with db.read() as session:
        messages = [
            m
            for note in session.scalars(_waiting())
            if (m := _message_of(session, note, settings, catalogs)) is not None
        ]
    sent = 0
    for note_id, to, subject, text in messages:
        error = _send(settings, note_id, to, subject, text)
        with db.write() as session:
            row = session.get(Notification, note_id)
            if row is not None:
                sent += _stamp(row, error, now())
    return sent


def _deliver_claimed(
    db: Database, settings: Settings, catalogs: Catalogs, now: Callable[[], datetime]
) -> int:
    """Several server processes (PostgreSQL, issue 21): the rows are claimed (``FOR UPDATE
    SKIP LOCKED``) and stamped in the transaction that sends them, so each email leaves
    from one process; the others take the rows nobody holds."""
    sent = 0
    with db.write() as session:
        for note in session.scalars(_waiting().with_for_update(skip_locked=True)):
            message = _message_of(session, note, settings, catalogs)
            if message is not None:
                sent += _stamp(note, _send(settings, *message), now())
    return sent


def _waiting() -> Select[tuple[Notification]]:
    return (
        select(Notification)
        .where(
            Notification.email.is_(True),
            Notification.emailed_at.is_(None),
            Notification.email_attempts < MAX_EMAIL_ATTEMPTS,
        )
        .order_by(Notification.id)
        .limit(100)
    )


def _message_of(
    session: Session, note: Notification, settings: Settings, catalogs: Catalogs
) -> tuple[int, str, str, str] | None:
    """(id, address, subject, text) of a notification's email; None: nobody to send it to."""
    user = session.get(User, note.user_id)
    if user is None or not user.email:
        return None
    lang = user.locale or "en"
    _ = catalogs.gettext(lang)
    lines: list[str] = []
    if note.kind == "turn-resolved" and note.match_id is not None:
        post = session.scalar(
            select(TurnPost).where(
                TurnPost.match_id == note.match_id,
                TurnPost.number == note.data.get("turn"),
            )
        )
        if post is not None:
            lines = ["", *(f"- {line}" for line in summary_lines(post.summary, _, lang))]
    link = f"{settings.public_url()}/editions/{note.match_id}" if note.match_id else ""
    subject = "[samtempa] " + headline(note.kind, note.data, _)
    text = "\n\n".join(
        part
        for part in (
            _("Hello %(name)s,", name=user.name),
            body(note.kind, note.data, _, lines),
            link,
            _("You can choose which notifications you receive on your notifications page."),
        )
        if part
    )
    return note.id, user.email, subject, text + "\n"


def _send(settings: Settings, note_id: int, to: str, subject: str, text: str) -> str | None:
    """Send one email; the error, or None when the SMTP server took it."""
    try:
        send_mail(settings, to, subject, text)
    except Exception as e:  # a mail server down must not stop the others
        error = f"{type(e).__name__}: {e}"[:300]
        log.warning("email %s to %s failed: %s", note_id, to, error)
        return error
    return None


def _stamp(row: Notification, error: str | None, at: datetime) -> int:
    """Count the attempt; 1 if it was sent."""
    row.email_attempts += 1
    if error is None:
        row.emailed_at = at
        row.email_error = None
        return 1
    row.email_error = error
    return 0


def _give_up_without_smtp(db: Database) -> None:
    """No SMTP server: the platform notifications stay, the emails are marked not sent.

    (Writing every notification email to the log, as password resets do, would
    flood it; the reason is kept on each notification instead.)
    """
    with db.write() as session:
        waiting = list(
            session.scalars(
                select(Notification).where(
                    Notification.email.is_(True),
                    Notification.emailed_at.is_(None),
                    Notification.email_attempts < MAX_EMAIL_ATTEMPTS,
                )
            )
        )
        for note in waiting:
            note.email_attempts = MAX_EMAIL_ATTEMPTS
            note.email_error = "not sent: no SMTP server configured (SAMTEMPA_SMTP_HOST)"
    if waiting:
        log.info("%d notification emails not sent: no SMTP server configured", len(waiting))
