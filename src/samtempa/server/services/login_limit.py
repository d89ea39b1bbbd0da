"""The login limit: an attempt is counted before its password is checked, atomically.

Each attempt is reserved in two buckets, the account's (whichever of its
names or its email was typed; a name nobody has gets a bucket of its own,
so a refusal says nothing about which accounts exist) and the address's.
The reservation is one ``INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING``
per bucket: SQLite and PostgreSQL both run it atomically, so concurrent
attempts, in one server process or several sharing the database, can
never get more password checks through than the limit. An attempt refused
here is answered without touching the password hash.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import case, delete, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from samtempa.server.models_accounts import LoginLimit


class LoginLimited(Exception):  # noqa: N818 - a refusal, not an error of ours
    """Too many attempts; ``retry_after``: seconds until one more is allowed."""

    def __init__(self, retry_after: float) -> None:
        super().__init__(f"too many login attempts; retry in {retry_after:.0f} s")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Bucket:
    """``limit`` attempts at once, then one more every ``window_s / limit`` seconds."""

    key: str
    limit: int
    window_s: float

    @property
    def interval_s(self) -> float:
        return self.window_s / max(self.limit, 1)


def account_key(user_id: int | None, ident: str) -> str:
    """The account's bucket whatever name names it; an unknown name's own bucket."""
    return f"account:{user_id}" if user_id is not None else f"name:{ident[:254]}"


def address_key(address: str) -> str:
    return f"address:{address[:200]}"


def reserve(session: Session, buckets: Sequence[Bucket], now: float) -> None:
    """Count one attempt in every bucket, or raise :class:`LoginLimited`.

    On a refusal the caller's transaction must roll back (raising does it
    in :meth:`Database.write`): a refused attempt counts nowhere.
    """
    for bucket in buckets:
        if _take(session, bucket, now) is None:
            raise LoginLimited(_wait(session, bucket, now))


def succeeded(session: Session, account: Bucket, address: Bucket, now: float) -> None:
    """The right password: the account starts afresh; the address gets its attempt back.

    (The address keeps counting failures only, so a school behind one
    address is not locked out by its own successful logins.)
    """
    session.execute(delete(LoginLimit).where(LoginLimit.key == account.key))
    session.execute(
        update(LoginLimit)
        .where(LoginLimit.key == address.key)
        .values(tat=LoginLimit.tat - address.interval_s)
    )
    # Buckets already empty again hold nothing worth keeping.
    session.execute(delete(LoginLimit).where(LoginLimit.tat < now))


def _take(session: Session, bucket: Bucket, now: float) -> float | None:
    """One atomic statement: push the bucket's time on, unless that is over the limit."""
    t, w = bucket.interval_s, bucket.window_s
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    later = case((LoginLimit.tat > now, LoginLimit.tat), else_=now) + t
    statement = (
        insert(LoginLimit)
        .values(key=bucket.key, tat=now + t)
        .on_conflict_do_update(
            index_elements=[LoginLimit.key],
            set_={"tat": later},
            where=LoginLimit.tat <= now + w - t,
        )
        .returning(LoginLimit.tat)
    )
    tat: float | None = session.execute(statement).scalar()
    return tat


def _wait(session: Session, bucket: Bucket, now: float) -> float:
    row = session.get(LoginLimit, bucket.key)
    if row is None:
        return bucket.interval_s
    return max(1.0, row.tat - (now + bucket.window_s - bucket.interval_s))
