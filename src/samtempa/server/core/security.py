"""Passwords (argon2), tokens, CSRF checks and the login rate limit.

Tokens given to browsers (session cookies, reset links) are random; only
their SHA-256 is stored, so a database leak gives no working session.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable

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


class RateLimiter:
    """Failures counted per key in a sliding window (the login's brute-force guard).

    In memory: one server process holds it (the default deployment); several
    processes would each count on their own.
    """

    def __init__(self, limit: int, window_s: float, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window_s = window_s
        self.clock = clock
        self._hits: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again; 0 when it may try now."""
        with self._lock:
            hits = self._prune(key)
            if len(hits) < self.limit:
                return 0.0
            return max(0.0, hits[0] + self.window_s - self.clock())

    def hit(self, key: str) -> None:
        with self._lock:
            self._prune(key).append(self.clock())

    def reset(self, key: str) -> None:
        with self._lock:
            self._hits.pop(key, None)

    def _prune(self, key: str) -> deque[float]:
        hits = self._hits.setdefault(key, deque())
        cutoff = self.clock() - self.window_s
        while hits and hits[0] <= cutoff:
            hits.popleft()
        return hits
