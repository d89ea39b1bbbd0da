"""Accounts: sign up, log in, browser sessions, child accounts, password reset.

Online accounts need age 16 or more (``Settings.min_account_age``); a parent
creates and manages child accounts (login, password, chat, games, deletion).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from samtempa.server.core.security import (
    hash_password,
    new_token,
    token_hash,
    verify_password,
)
from samtempa.server.models import BrowserSession, PasswordReset, User
from samtempa.server.services.errors import Refusal

LOGIN_RE = re.compile(r"^[A-Za-z0-9_.-]{3,40}$")
EMAIL_RE = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
MIN_PASSWORD = 8


@dataclass(frozen=True)
class SignUp:
    login: str
    name: str
    email: str
    password: str
    birth_date: date


def age_on(birth: date, today: date) -> int:
    return today.year - birth.year - ((today.month, today.day) < (birth.month, birth.day))


def _check_login(session: Session, login: str) -> str:
    login = login.strip()
    if not LOGIN_RE.match(login):
        raise Refusal(
            "bad-login", "a login is 3 to 40 letters, digits, dots, dashes or underscores"
        )
    taken = session.scalar(select(User.id).where(func.lower(User.login) == login.lower()))
    if taken is not None:
        raise Refusal("login-taken", "this login is already taken", 409)
    return login


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise Refusal("weak-password", "a password has at least %(n)s characters", n=MIN_PASSWORD)


def sign_up(
    session: Session, form: SignUp, now: datetime, min_age: int, password_hash: str | None = None
) -> User:
    """A new account; refuses people under ``min_age`` (a parent creates their account).

    ``password_hash``: the password already hashed by the caller, outside the
    write transaction (argon2 takes tens of milliseconds on purpose).
    """
    login = _check_login(session, form.login)
    email = form.email.strip().lower()
    if not EMAIL_RE.match(email):
        raise Refusal("bad-email", "this is not an email address")
    if session.scalar(select(User.id).where(User.email == email)) is not None:
        raise Refusal("email-taken", "an account already uses this email", 409)
    name = form.name.strip()
    if not 1 <= len(name) <= 80:
        raise Refusal("bad-name", "a name has 1 to 80 characters")
    check_password(form.password)
    if form.birth_date > now.date():
        raise Refusal("bad-birth-date", "the birth date is in the future")
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
        email=email,
        password_hash=password_hash or hash_password(form.password),
        birth_date=form.birth_date,
        created_at=now,
    )
    session.add(user)
    session.flush()
    return user


def authenticate(session: Session, login: str, password: str) -> User | None:
    """The account for a login (or email) and password; None if either is wrong.

    An unknown login costs one hash check too, so timing reveals nothing.
    """
    ident = login.strip().lower()
    user = session.scalar(
        select(User).where((func.lower(User.login) == ident) | (User.email == ident))
    )
    ok = verify_password(password, user.password_hash if user else None)
    return user if ok and user is not None else None


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
    """A fresh session for ``user`` (a new token: no session fixation).

    Seats taken as a guest in the old session stay with this browser.
    """
    from samtempa.server.models import Seat

    token, row = new_browser_session(session, user.id, now)
    if old is not None:
        for seat in session.scalars(select(Seat).where(Seat.session_id == old.id)):
            seat.session_id = row.id
        session.delete(old)
    return token, row


def log_out(session: Session, old: BrowserSession | None) -> None:
    if old is not None:
        session.delete(old)


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
    login = _check_login(session, login)
    check_password(password)
    name = name.strip() or login
    child = User(
        login=login,
        name=name[:80],
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
        child.login = _check_login(session, login)
    if password:
        check_password(password)
        child.password_hash = password_hash or hash_password(password)
    if chat_enabled is not None:
        child.chat_enabled = chat_enabled
    return child


def delete_child(session: Session, parent: User, child_id: int) -> None:
    session.delete(child_of(session, parent, child_id))


# --- password reset ----------------------------------------------------------------------


def request_reset(
    session: Session, email: str, now: datetime, hours: int
) -> tuple[User, str] | None:
    """A reset token for the account with that email (None: no such account; say nothing)."""
    user = session.scalar(select(User).where(User.email == email.strip().lower()))
    if user is None:
        return None
    token = new_token()
    session.add(
        PasswordReset(
            id=token_hash(token), user_id=user.id, expires_at=now + timedelta(hours=hours)
        )
    )
    return user, token


def reset_password(
    session: Session, token: str, password: str, now: datetime, password_hash: str | None = None
) -> User:
    row = session.get(PasswordReset, token_hash(token))
    if row is None or row.used or row.expires_at < now:
        raise Refusal("bad-reset-link", "this link is unknown, used or expired; ask for a new one")
    check_password(password)
    user = session.get(User, row.user_id)
    assert user is not None
    user.password_hash = password_hash or hash_password(password)
    row.used = True
    # Every session of the account ends: whoever knew the old password is out.
    for old in session.scalars(select(BrowserSession).where(BrowserSession.user_id == user.id)):
        session.delete(old)
    return user
