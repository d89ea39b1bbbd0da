"""Accounts: sign up, log in, browser sessions, child accounts, password reset.

Online accounts need age 16 or more (``Settings.min_account_age``); a parent
creates and manages child accounts (login, password, chat, games, deletion).
Nothing a visitor is answered says whether an email address has an account:
sign-up keeps the address pending until its owner opens the link mailed to it
(:mod:`.account_mail` decides, in the background, what that mail says).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import delete, func, select, update
from sqlalchemy.orm import Session

from samtempa.server.core.security import hash_password, new_token, token_hash
from samtempa.server.models import BrowserSession, Match, PasswordReset, Seat, User
from samtempa.server.models_accounts import EmailConfirmation
from samtempa.server.services.account_checks import (
    age_on,
    check_birth_date,
    check_login,
    check_password,
    clean_email,
    clean_name,
)
from samtempa.server.services.errors import Refusal

log = logging.getLogger("samtempa.accounts")


@dataclass(frozen=True)
class SignUp:
    login: str
    name: str
    email: str
    password: str
    birth_date: date


def _free_login(session: Session, login: str) -> str:
    """A login nobody has (logins are public: saying one is taken reveals nothing)."""
    login = check_login(login)
    taken = session.scalar(select(User.id).where(func.lower(User.login) == login.lower()))
    if taken is not None:
        raise Refusal("login-taken", "this login is already taken", 409)
    return login


def _new_user(
    session: Session, form: SignUp, now: datetime, min_age: int, password_hash: str | None
) -> tuple[User, str]:
    """The account of a sign-up form (not added yet) and its cleaned address."""
    login = _free_login(session, form.login)
    email = clean_email(form.email)
    name = clean_name(form.name)
    check_password(form.password)
    check_birth_date(form.birth_date, now.date())
    if age_on(form.birth_date, now.date()) < min_age:
        raise Refusal(
            "too-young",
            "online accounts need age %(age)s or more; a parent can create an account for you",
            403,
            age=min_age,
        )
    user = User(
        login=login,
        name=name,
        password_hash=password_hash or hash_password(form.password),
        birth_date=form.birth_date,
        created_at=now,
    )
    return user, email


def check_sign_up(session: Session, form: SignUp, now: datetime, min_age: int) -> None:
    """Every check of a sign-up form, before anyone spends a password hash on it."""
    _new_user(session, form, now, min_age, password_hash="-")


def sign_up(
    session: Session, form: SignUp, now: datetime, min_age: int, password_hash: str | None = None
) -> User:
    """An account whose email is known good (an operator's script, a test, a simulation).

    Visitors sign up through :func:`register` instead. ``password_hash``: the
    password already hashed by the caller, outside the write transaction.
    """
    user, email = _new_user(session, form, now, min_age, password_hash)
    if session.scalar(select(User.id).where(User.email == email)) is not None:
        raise Refusal("email-taken", "an account already uses this email", 409)
    user.email = email
    session.add(user)
    session.flush()
    return user


def register(
    session: Session, form: SignUp, now: datetime, min_age: int, password_hash: str | None = None
) -> User:
    """A visitor's new account; its address waits for confirmation (taken or not).

    Whether another account already uses the address changes nothing here:
    the same account is made, the same answer given; the mailer then writes
    either a confirmation link or, to the address's owner, a warning.
    """
    user, email = _new_user(session, form, now, min_age, password_hash)
    user.pending_email = email
    session.add(user)
    session.flush()
    return user


def find_account(session: Session, ident: str) -> User | None:
    """The account a login or a confirmed email names (``ident`` trimmed, lower case)."""
    return session.scalar(
        select(User).where((func.lower(User.login) == ident) | (User.email == ident))
    )


# --- browser sessions -------------------------------------------------------------------


def new_browser_session(
    session: Session, user_id: int | None, now: datetime
) -> tuple[str, BrowserSession]:
    """A new session; returns the cookie token (only its hash is stored)."""
    token = new_token()
    row = BrowserSession(
        id=token_hash(token), user_id=user_id, csrf_token=new_token(), created_at=now
    )
    session.add(row)
    session.flush()
    return token, row


def browser_session(session: Session, token: str | None) -> BrowserSession | None:
    if not token:
        return None
    return session.get(BrowserSession, token_hash(token))


def browser_session_by_id(session: Session, session_id: str) -> BrowserSession | None:
    return session.get(BrowserSession, session_id)


def log_in(
    session: Session, old: BrowserSession | None, user: User, now: datetime
) -> tuple[str, BrowserSession]:
    """A fresh session for ``user`` (a new token: no session fixation); the old one ends.

    Seats follow their account, never the browser: another account's seats
    stay where they are, whoever was logged in on this browser before.
    Games played as a guest in this browser (one screen, the computer)
    become the account's: the person logging in from that guest session is
    the one who played them.
    """
    token, row = new_browser_session(session, user.id, now)
    if old is not None:
        if old.user_id is None:
            _adopt_guest_games(session, old.id, user)
        session.delete(old)
    return token, row


def _adopt_guest_games(session: Session, guest_session: str, user: User) -> None:
    guest_seats = select(Seat).where(Seat.session_id == guest_session, Seat.user_id.is_(None))
    for seat in session.scalars(guest_seats):
        seat.user_id, seat.session_id = user.id, None
        seat.label = seat.label or user.name
    session.execute(
        update(Match)
        .where(Match.created_by_session == guest_session, Match.created_by_user.is_(None))
        .values(created_by_user=user.id)
    )


def log_out(session: Session, old: BrowserSession | None) -> None:
    if old is not None:
        session.delete(old)


def end_sessions(session: Session, user_id: int) -> None:
    """Every session of the account ends: whoever knew the old password is out."""
    session.execute(delete(BrowserSession).where(BrowserSession.user_id == user_id))


# --- child accounts ----------------------------------------------------------------------


def create_child(
    session: Session,
    parent: User,
    login: str,
    name: str,
    password: str,
    birth: date,
    now: datetime,
    password_hash: str | None = None,
) -> User:
    if parent.parent_id is not None:
        raise Refusal("not-a-parent", "a child account cannot create accounts", 403)
    login = _free_login(session, login)
    check_password(password)
    check_birth_date(birth, now.date())
    child = User(
        login=login,
        name=clean_name(name) if name.strip() else login,
        email=None,
        password_hash=password_hash or hash_password(password),
        birth_date=birth,
        parent_id=parent.id,
        created_at=now,
    )
    session.add(child)
    session.flush()
    return child


def child_of(session: Session, parent: User, child_id: int) -> User:
    child = session.get(User, child_id)
    if child is None or child.parent_id != parent.id:
        raise Refusal("not-your-child", "this is not one of your child accounts", 404)
    return child


def update_child(
    session: Session,
    parent: User,
    child_id: int,
    *,
    login: str | None = None,
    password: str | None = None,
    chat_enabled: bool | None = None,
    password_hash: str | None = None,
) -> User:
    child = child_of(session, parent, child_id)
    if login is not None and login.strip() != child.login:
        child.login = _free_login(session, login)
    if password:
        check_password(password)
        child.password_hash = password_hash or hash_password(password)
        end_sessions(session, child.id)
    if chat_enabled is not None:
        child.chat_enabled = chat_enabled
    return child


def delete_child(session: Session, parent: User, child_id: int) -> None:
    session.delete(child_of(session, parent, child_id))


# --- password reset and email confirmation -----------------------------------------------


def new_reset_link(session: Session, user: User, now: datetime, hours: int) -> str:
    """A reset token for ``user`` (its hash stored); made by the mailer as it sends."""
    token = new_token()
    session.add(
        PasswordReset(
            id=token_hash(token), user_id=user.id, expires_at=now + timedelta(hours=hours)
        )
    )
    return token


def reset_password(
    session: Session, token: str, password: str, now: datetime, password_hash: str | None = None
) -> User:
    """A new password; every other reset link of the account and every session end."""
    row = session.get(PasswordReset, token_hash(token))
    if row is None or row.used or row.expires_at < now:
        raise Refusal("bad-reset-link", "this link is unknown, used or expired; ask for a new one")
    check_password(password)
    user = session.get(User, row.user_id)
    assert user is not None
    user.password_hash = password_hash or hash_password(password)
    row.used = True
    session.execute(
        delete(PasswordReset).where(PasswordReset.user_id == user.id, PasswordReset.id != row.id)
    )
    end_sessions(session, user.id)
    log.info("password reset for account %s: its sessions and other links ended", user.id)
    return user


def new_confirmation_link(
    session: Session, user: User, email: str, now: datetime, hours: int
) -> str:
    token = new_token()
    session.add(
        EmailConfirmation(
            id=token_hash(token),
            user_id=user.id,
            email=email,
            expires_at=now + timedelta(hours=hours),
        )
    )
    return token


def confirm_email(session: Session, token: str, now: datetime) -> User:
    """The link's address becomes its account's (the person opening it holds the mailbox)."""
    row = session.get(EmailConfirmation, token_hash(token))
    user = session.get(User, row.user_id) if row is not None else None
    if row is None or user is None or row.expires_at < now or user.pending_email != row.email:
        raise Refusal(
            "bad-confirm-link", "this link is unknown, used or expired; ask for a new one"
        )
    if session.scalar(select(User.id).where(User.email == row.email)) is not None:
        raise Refusal(
            "email-confirmed-elsewhere",
            "this address is already confirmed for another account; log in with that one",
            409,
        )
    user.email, user.pending_email = row.email, None
    session.execute(delete(EmailConfirmation).where(EmailConfirmation.email == row.email))
    session.execute(update(User).where(User.pending_email == row.email).values(pending_email=None))
    return user
