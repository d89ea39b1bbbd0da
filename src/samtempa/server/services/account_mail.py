"""Account emails, sent in the background: reset links, address confirmations, warnings.

A visitor's request only queues a :class:`MailJob` naming the address it
typed; the same row, in the same time, whether or not an account uses the
address. This mailer (run by the correspondence service's round, beside
the notification emails, with the same ``send_mail``) then looks the
address up and writes what fits:

- ``reset``: a reset link to the account that confirmed this address;
  nothing at all to an address no account uses.
- ``confirm-email``: after a sign-up, a confirmation link to the new
  address; or, if another account already confirmed it, a warning to that
  account's owner (the new account never gets the address).

A link's token is made as its message is built and only its hash is kept;
if the mail server refuses the message, the link is deleted (nobody got
it) and the job tried again later, up to :data:`MAX_ATTEMPTS` times. A job
is claimed with one atomic update, so several server processes sharing the
database never send a message twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from samtempa.server.core.security import token_hash
from samtempa.server.models import PasswordReset, User
from samtempa.server.models_accounts import EmailConfirmation, MailJob
from samtempa.server.services import accounts
from samtempa.server.services.notifications import send_mail

if TYPE_CHECKING:
    from samtempa.server.core.config import Settings
    from samtempa.server.core.database import Database
    from samtempa.server.core.i18n import Catalogs

log = logging.getLogger("samtempa.mail")

KINDS = ("reset", "confirm-email")
MAX_ATTEMPTS = 5
LEASE = timedelta(minutes=5)  # a claimed job whose process died is taken up again after this
RETRY = timedelta(minutes=1)  # times the attempts made: 1, 2, 3, 4 minutes
KEEP_DONE = timedelta(days=1)


def queue(
    session: Session,
    kind: str,
    address: str,
    locale: str,
    now: datetime,
    user_id: int | None = None,
) -> None:
    """Ask the mailer for one message; whatever the address, the same single row."""
    assert kind in KINDS
    session.add(
        MailJob(
            kind=kind,
            address=address,
            user_id=user_id,
            locale=locale,
            created_at=now,
            next_at=now,
            attempts=0,
        )
    )


def last_queued(session: Session, user_id: int, kind: str) -> datetime | None:
    """When the account last asked for a message of this kind (a resend waits a little)."""
    when: datetime | None = session.scalar(
        select(MailJob.created_at)
        .where(MailJob.user_id == user_id, MailJob.kind == kind)
        .order_by(MailJob.created_at.desc())
        .limit(1)
    )
    return when


@dataclass(frozen=True)
class Outgoing:
    """One message built from a job, and the link to delete if it cannot be sent."""

    to: str
    subject: str
    body: str
    link_table: type[PasswordReset] | type[EmailConfirmation] | None = None
    link_id: str | None = None


def deliver_account_mail(
    db: Database, settings: Settings, catalogs: Catalogs, now: Callable[[], datetime]
) -> int:
    """Send every account email due (blocking: run it off the event loop); returns how many."""
    at = now()
    with db.read() as session:
        due = list(
            session.scalars(
                select(MailJob.id)
                .where(
                    MailJob.done_at.is_(None),
                    MailJob.attempts < MAX_ATTEMPTS,
                    MailJob.next_at <= at,
                )
                .order_by(MailJob.id)
                .limit(100)
            )
        )
    sent = 0
    for job_id in due:
        with db.write() as session:
            outgoing = _claim_and_build(session, job_id, settings, catalogs, at)
        if outgoing is None:
            continue
        try:
            send_mail(settings, outgoing.to, outgoing.subject, outgoing.body)
        except Exception as e:  # a mail server down must not stop the others
            error = f"{type(e).__name__}: {e}"[:300]
            log.warning("account mail %s (%s) failed: %s", job_id, outgoing.subject, error)
            with db.write() as session:
                _failed(session, job_id, outgoing, error, now())
            continue
        with db.write() as session:
            session.execute(
                update(MailJob).where(MailJob.id == job_id).values(done_at=now(), error=None)
            )
        sent += 1
    if due:
        with db.write() as session:
            _prune(session, at)
    return sent


def _claim_and_build(
    session: Session, job_id: int, settings: Settings, catalogs: Catalogs, now: datetime
) -> Outgoing | None:
    """Take the job (unless another round did) and build its message; None: nothing to send."""
    claimed = session.execute(
        update(MailJob)
        .where(
            MailJob.id == job_id,
            MailJob.done_at.is_(None),
            MailJob.attempts < MAX_ATTEMPTS,
            MailJob.next_at <= now,
        )
        .values(attempts=MailJob.attempts + 1, next_at=now + LEASE)
    )
    if claimed.rowcount != 1:  # type: ignore[attr-defined]
        return None
    job = session.get(MailJob, job_id)
    assert job is not None
    build = _reset if job.kind == "reset" else _confirm
    outgoing = build(session, job, settings, catalogs, now)
    if outgoing is None:
        job.done_at = now
    return outgoing


def _reset(
    session: Session, job: MailJob, settings: Settings, catalogs: Catalogs, now: datetime
) -> Outgoing | None:
    user = session.scalar(select(User).where(User.email == job.address))
    if user is None or user.email is None:
        return None  # no account uses this address: nobody to write to
    hours = settings.password_reset_hours
    token = accounts.new_reset_link(session, user, now, hours)
    link = f"{settings.public_url()}/password-reset/{token}"
    _ = catalogs.gettext(user.locale or job.locale)
    body = _(
        "Hello %(name)s,\n\nTo choose a new samtempa password, open this link within "
        "%(hours)s hours:\n\n%(link)s\n\nIf you did not ask for it, ignore this message.",
        name=user.name,
        hours=hours,
        link=link,
    )
    subject = _("samtempa password reset")
    return Outgoing(user.email, subject, body, PasswordReset, token_hash(token))


def _confirm(
    session: Session, job: MailJob, settings: Settings, catalogs: Catalogs, now: datetime
) -> Outgoing | None:
    new = session.get(User, job.user_id) if job.user_id is not None else None
    if new is None or new.pending_email != job.address:
        return None  # the account is gone, or its address changed or was confirmed since
    base = settings.public_url()
    owner = session.scalar(select(User).where(User.email == job.address))
    if owner is not None:
        login_link, reset_link = f"{base}/login", f"{base}/password-reset"
        _ = catalogs.gettext(owner.locale or job.locale)
        body = _(
            "Hello %(name)s,\n\nSomeone has just created the samtempa account %(login)s giving "
            "your email address. The address stays with your own account, %(owner)s; the new "
            "account cannot use it.\n\nIf it was you, you already have an account: log in as "
            "%(owner)s at %(login_link)s, or choose a new password at %(reset_link)s.\n\n"
            "If it was not you, there is nothing to do.",
            name=owner.name,
            login=new.login,
            owner=owner.login,
            login_link=login_link,
            reset_link=reset_link,
        )
        return Outgoing(job.address, _("samtempa: someone gave your email address"), body)
    hours = settings.email_confirm_hours
    token = accounts.new_confirmation_link(session, new, job.address, now, hours)
    link = f"{base}/account/email/{token}"
    _ = catalogs.gettext(new.locale or job.locale)
    body = _(
        "Hello %(name)s,\n\nTo confirm that this address belongs to the samtempa account "
        "%(login)s, open this link within %(hours)s hours:\n\n%(link)s\n\nA confirmed address "
        "lets you choose a new password if you forget yours. If you did not create this "
        "account, ignore this message: the address will not be linked to it.",
        name=new.name,
        login=new.login,
        hours=hours,
        link=link,
    )
    subject = _("samtempa: confirm your email address")
    return Outgoing(job.address, subject, body, EmailConfirmation, token_hash(token))


def _failed(session: Session, job_id: int, outgoing: Outgoing, error: str, now: datetime) -> None:
    """Nobody got the link: it goes; the job is tried again a little later."""
    if outgoing.link_table is not None:
        session.execute(
            delete(outgoing.link_table).where(outgoing.link_table.id == outgoing.link_id)
        )
    job = session.get(MailJob, job_id)
    if job is not None:
        job.error = error
        job.next_at = now + RETRY * job.attempts


def _prune(session: Session, now: datetime) -> None:
    """Forget what can no longer matter: jobs done a day ago, links expired."""
    session.execute(
        delete(MailJob).where(MailJob.done_at.is_not(None), MailJob.done_at < now - KEEP_DONE)
    )
    session.execute(delete(PasswordReset).where(PasswordReset.expires_at < now))
    session.execute(delete(EmailConfirmation).where(EmailConfirmation.expires_at < now))
