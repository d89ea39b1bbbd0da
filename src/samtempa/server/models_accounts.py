"""Accounts' tables beside ``users`` (issue 17, migration ``0005``).

Imported by :mod:`samtempa.server.models`, so the metadata (and Alembic) sees
them with the others. Like sessions and reset links, a confirmation link is
stored as the SHA-256 of its token only.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import Mapped, mapped_column

from samtempa.server.models_base import Base


class LoginLimit(Base):
    """One bucket of the login limit (an account, a name nobody has, an address).

    ``tat``: the time (Unix seconds) when the bucket is empty again; every
    attempt pushes it ``window / limit`` further, and an attempt that would
    push it more than a window ahead of now is refused (a generic cell rate
    algorithm: ``limit`` attempts at once, then one per ``window / limit``).
    One row per bucket, changed by one atomic statement, so every server
    process sharing the database counts in the same place.
    """

    __tablename__ = "login_limits"

    key: Mapped[str] = mapped_column(String(300), primary_key=True)
    tat: Mapped[float] = mapped_column(Float, index=True)


class EmailConfirmation(Base):
    """A link that confirms an address for an account (its token's hash only)."""

    __tablename__ = "email_confirmations"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    expires_at: Mapped[datetime] = mapped_column(DateTime)


class MailJob(Base):
    """An account email to send in the background (a reset link, a confirmation).

    The request that asks for it only writes this row, whatever the address:
    whether an account uses the address is looked up by the mailer, so the
    answer and its time say nothing about it. The link's token is made when
    the message is sent and never stored in clear.
    """

    __tablename__ = "mail_jobs"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))  # reset | confirm-email
    address: Mapped[str] = mapped_column(String(254))
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True
    )
    locale: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime)
    next_at: Mapped[datetime] = mapped_column(DateTime, index=True)  # when to try (again)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    done_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    error: Mapped[str | None] = mapped_column(String(300), nullable=True)
