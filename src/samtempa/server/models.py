"""The platform's tables (SQLAlchemy 2). Migrations live in ``alembic/versions``.

A match keeps its current canonical state and turn number; each resolved turn
is one :class:`Turn` row (the record: orders of every player, the report, the
state after), unique per match and number, so a turn can be stored once only.
Pending orders sit in :class:`PendingOrder`, read only by the coordinator.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

# The other table modules are imported here so their tables are in ``Base.metadata``
# for Alembic and ``create_all`` alike: correspondence games (issue 8), accounts' own
# tables (issue 17: the login limit, email confirmation, the account mail), identity
# (issue 19). They build on ``models_base``, not on this module: no cycle.
from samtempa.server import models_accounts as _accounts  # noqa: F401
from samtempa.server import models_correspondence as _correspondence  # noqa: F401
from samtempa.server import models_identity as _identity  # noqa: F401
from samtempa.server.models_base import Base, MatchMessage


class User(Base):
    """An account. Child accounts have a ``parent_id`` and may have no email.

    ``email`` is an address its owner has confirmed (resets go there only);
    ``pending_email`` the one given at sign-up, until its link is opened.
    """

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(40), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str | None] = mapped_column(String(254), unique=True, nullable=True)
    pending_email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    birth_date: Mapped[date] = mapped_column(Date)
    parent_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True
    )
    chat_enabled: Mapped[bool] = mapped_column(Boolean, default=True)
    locale: Mapped[str | None] = mapped_column(String(8), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)

    children: Mapped[list[User]] = relationship(
        back_populates="parent", cascade="all, delete-orphan", passive_deletes=True
    )
    parent: Mapped[User | None] = relationship(back_populates="children", remote_side=[id])


class BrowserSession(Base):
    """A browser's session, anonymous or logged in; the cookie holds the token, we its hash."""

    __tablename__ = "browser_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of the cookie token
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), nullable=True, index=True
    )
    csrf_token: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime)


class PasswordReset(Base):
    """A password-reset link: only the hash of its token is stored; used once."""

    __tablename__ = "password_resets"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)  # sha256 of the token
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime)
    used: Mapped[bool] = mapped_column(Boolean, default=False)


class Match(Base):
    """One game on the platform, from the lobby to its result.

    ``status``: ``open`` (seats to fill), ``playing``, ``finished``,
    ``abandoned``. ``clock`` is ``{"kind": "live", "seconds": N}`` (issue 8
    adds correspondence clocks). ``deadline`` is when the current turn
    resolves with the missed-order policy, kept in the database so it
    survives restarts.
    """

    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(32))
    status: Mapped[str] = mapped_column(String(16), index=True)
    mode: Mapped[str] = mapped_column(String(16))  # online | hotseat | computer
    public: Mapped[bool] = mapped_column(Boolean, default=True)
    setup: Mapped[dict[str, Any]] = mapped_column(JSON)
    clock: Mapped[dict[str, Any]] = mapped_column(JSON)
    state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    turn: Mapped[int] = mapped_column(Integer, default=0)
    turn_opened_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, index=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    seed: Mapped[int] = mapped_column(Integer)
    created_by_user: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    created_by_session: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rematch_of: Mapped[str | None] = mapped_column(String(16), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)

    seats: Mapped[list[Seat]] = relationship(
        back_populates="match", order_by="Seat.index", cascade="all, delete-orphan"
    )


class Seat(Base):
    """One player of a match: a person (account or this browser) or a built-in bot."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("match_id", "index"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    index: Mapped[int] = mapped_column(Integer)
    player: Mapped[str] = mapped_column(String(32))  # the engine's player id
    kind: Mapped[str] = mapped_column(String(16))  # human | bot
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    session_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    label: Mapped[str] = mapped_column(String(80), default="")
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)  # race, colour…

    match: Mapped[Match] = relationship(back_populates="seats")


class PendingOrder(Base):
    """A sealed order for the current turn: seen by its author and the coordinator only."""

    __tablename__ = "pending_orders"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    turn: Mapped[int] = mapped_column(Integer, primary_key=True)
    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    orders: Mapped[Any] = mapped_column(JSON)
    source: Mapped[str] = mapped_column(String(16))  # player | bot
    submitted_at: Mapped[datetime] = mapped_column(DateTime)


class Turn(Base):
    """A resolved turn: the record line (every order revealed), its report and the state after."""

    __tablename__ = "turns"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # 1 for the first turn
    orders: Mapped[dict[str, Any]] = mapped_column(JSON)
    missed: Mapped[list[Any]] = mapped_column(JSON)  # players given the missed-order policy
    report: Mapped[Any] = mapped_column(JSON)
    frames: Mapped[list[Any]] = mapped_column(JSON)
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    resolved_at: Mapped[datetime] = mapped_column(DateTime)


class ChatMessage(MatchMessage, Base):
    """A line of a match's chat (hidden from and closed to child accounts with chat off)."""

    __tablename__ = "chat_messages"


class TutorialLessonDone(Base):
    """A lesson a user finished, so their tutorial progress follows them to any browser.

    Visitors without an account keep theirs in a cookie only; one row per user,
    game and lesson, gone with the account.
    """

    __tablename__ = "tutorial_progress"
    __table_args__ = (UniqueConstraint("user_id", "game", "lesson_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"))
    game: Mapped[str] = mapped_column(String(32))
    lesson_id: Mapped[str] = mapped_column(String(64))
    completed_at: Mapped[datetime] = mapped_column(DateTime)
