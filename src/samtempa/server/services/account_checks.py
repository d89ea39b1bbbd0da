"""What an account's fields may hold: login, display name, email, password, birth date.

Display names are shown to other players everywhere (seats, chat, game
logs), so they carry no control characters, no bidirectional overrides or
isolates (which reorder the text around them) and no invisible format
characters: Unicode categories Cc, Cf, Cs (lone surrogates), Co, Cn, Zl,
Zp are refused, as are the few letters that draw nothing (Hangul fillers).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date

from samtempa.server.services.errors import Refusal

LOGIN_RE = re.compile(r"\A[A-Za-z0-9_.-]{3,40}\Z")
EMAIL_RE = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
MAX_EMAIL = 254  # RFC 5321's limit on a path
MAX_NAME = 40
MIN_PASSWORD = 8
MAX_PASSWORD = 1024  # argon2 hashes anything, but a megabyte of password is an attack
EARLIEST_BIRTH = date(1900, 1, 1)

#: Categories never allowed in a name: controls, format characters (bidi overrides and
#: isolates, zero-width joiners…), surrogates, private use, unassigned, line/paragraph seps.
REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Letters (category Lo) that draw nothing.
INVISIBLE_LETTERS = frozenset("\u115f\u1160\u3164\uffa0")


def check_login(login: str) -> str:
    """A login as stored: trimmed, ASCII letters, digits, dots, dashes, underscores."""
    login = login.strip()
    if not LOGIN_RE.fullmatch(login):
        raise Refusal(
            "bad-login", "a login is 3 to 40 letters, digits, dots, dashes or underscores"
        )
    return login


def clean_name(name: str) -> str:
    """A display name as stored (NFC, trimmed, inner spaces single), or a refusal."""
    if any(unicodedata.category(c) in REFUSED_CATEGORIES or c in INVISIBLE_LETTERS for c in name):
        raise Refusal(
            "bad-name",
            "a name cannot contain control characters, invisible characters "
            "or characters that change the direction of the text",
        )
    name = " ".join(unicodedata.normalize("NFC", name).split())
    if not 1 <= len(name) <= MAX_NAME:
        raise Refusal("bad-name", "a name has 1 to %(n)s characters", n=MAX_NAME)
    return name


def clean_email(email: str) -> str:
    """An address as stored (trimmed, lower case), or a refusal; says nothing of accounts."""
    email = email.strip().lower()
    if (
        len(email) > MAX_EMAIL
        or not EMAIL_RE.fullmatch(email)
        or any(unicodedata.category(c) in REFUSED_CATEGORIES for c in email)
    ):
        raise Refusal("bad-email", "this is not an email address")
    return email


def check_password(password: str) -> None:
    if len(password) < MIN_PASSWORD:
        raise Refusal("weak-password", "a password has at least %(n)s characters", n=MIN_PASSWORD)
    if len(password) > MAX_PASSWORD:
        raise Refusal("long-password", "a password has at most %(n)s characters", n=MAX_PASSWORD)


def check_birth_date(birth: date, today: date) -> None:
    """Between 1900-01-01 and today, for every account (children's too)."""
    if birth > today:
        raise Refusal("bad-birth-date", "the birth date is in the future")
    if birth < EARLIEST_BIRTH:
        raise Refusal("bad-birth-date", "the birth date cannot be before 1900")


def age_on(birth: date, today: date) -> int:
    return today.year - birth.year - ((today.month, today.day) < (birth.month, birth.day))
