"""Passwords (argon2), tokens and CSRF checks (the login limit: ``services/login_limit.py``).

Tokens given to browsers (session cookies, reset links) are random; only
their SHA-256 is stored, so a database leak gives no working session.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
# Verified against when the login is unknown, so a wrong name takes as long as
# a wrong password (timing tells nothing about which accounts exist).
_DUMMY_HASH = _hasher.hash("samtempa-dummy-password")


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password: str, password_hash: str | None) -> bool:
    """True if ``password`` matches; an unknown account (None) costs the same time."""
    try:
        return _hasher.verify(password_hash or _DUMMY_HASH, password) and password_hash is not None
    except (VerificationError, InvalidHashError):
        return False


def new_token() -> str:
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def same_token(a: str | None, b: str | None) -> bool:
    """Constant-time comparison of two tokens (CSRF)."""
    return bool(a) and bool(b) and hmac.compare_digest(str(a), str(b))
