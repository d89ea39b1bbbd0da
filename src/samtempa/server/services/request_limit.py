"""Sign-ups and password-reset requests are limited like logins (issue 17).

Each one costs the server something an attacker could pile up: a sign-up a
password hash and an account, a reset request a mail. So each is counted,
before any of that work, in the buckets of :mod:`.login_limit` (atomic, in
the database, shared by every server process): per client address, and for
a reset also per email it names (so nobody floods one mailbox). The email's
bucket counts every address alike, known to an account or not: a refusal
says nothing about which addresses have accounts.
"""

from __future__ import annotations

import time

from sqlalchemy.orm import Session

from samtempa.server.core.config import Settings
from samtempa.server.services.login_limit import Bucket, address_key, reserve


def signup_buckets(settings: Settings, address: str) -> list[Bucket]:
    window = settings.request_window_s
    return [Bucket("signup-" + address_key(address), settings.signups_per_address, window)]


def reset_buckets(settings: Settings, address: str, email: str) -> list[Bucket]:
    window = settings.request_window_s
    return [
        Bucket("reset-" + address_key(address), settings.resets_per_address, window),
        Bucket(f"reset-email:{email[:200]}", settings.resets_per_email, window),
    ]


def count(session: Session, buckets: list[Bucket]) -> None:
    """One request in every bucket, or :class:`.login_limit.LoginLimited` (nothing counted)."""
    reserve(session, buckets, time.time())
