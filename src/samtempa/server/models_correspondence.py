"""Tables of correspondence games (issue 8): editions, their log, topics, posts, notifications.

Imported by :mod:`samtempa.server.models`, so the metadata (and Alembic) sees
them with the others. Migration ``0002``.

An :class:`Edition` is the correspondence side of one :class:`Match`: the
game master, the setting-up ritual's phase, the clock settings and the
current turn's deadlines. Deadlines live here and in ``matches.deadline``,
never only in memory: a server started again finds them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from samtempa.server.models_base import Base, MatchMessage


class Edition(Base):
    """A correspondence game and its game master.

    ``phase``: ``registration``, ``colours`` (the colour draft), ``races``
    (secret choices), ``playing``, ``finished``, ``cancelled``.
    ``turn_s`` is the time per turn (the soft deadline), ``grace_s`` the
    extra time before the hard deadline (Snake Synapse removes the silent
    snakes then, What the Shell plays its missed-order policy); ``early``
    resolves a turn as soon as every order is in. ``next_at`` is the next
    moment something is due (a reminder, a deadline, a timed-out choice).
    """

    __tablename__ = "editions"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    gm_user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, index=True
    )
    title: Mapped[str] = mapped_column(String(120), default="")
    phase: Mapped[str] = mapped_column(String(16), index=True)
    seats: Mapped[int] = mapped_column(Integer)
    turn_s: Mapped[int] = mapped_column(Integer)
    grace_s: Mapped[int] = mapped_column(Integer)
    early: Mapped[bool] = mapped_column(Boolean, default=True)
    drafter: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seat choosing a colour
    phase_deadline: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    opened_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    soft_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    hard_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    paused_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    force_resolve: Mapped[bool] = mapped_column(Boolean, default=False)
    day_reminded: Mapped[int] = mapped_column(Integer, default=0)  # turn whose 24 h notice went
    late_reminded_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    next_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class SecretRace(Base):
    """A race chosen in secret (SS-2.2): read by nobody until every player has chosen."""

    __tablename__ = "secret_races"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    race: Mapped[str] = mapped_column(String(16))
    source: Mapped[str] = mapped_column(String(16))  # player | assigned (time ran out)
    chosen_at: Mapped[datetime] = mapped_column(DateTime)


class MatchEvent(Base):
    """One line of a game's public log: the ritual, turns, reminders, game-master actions.

    Never holds a pending order or a secret race: everything here may be shown
    to anyone who may see the game.
    """

    __tablename__ = "match_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime)
    kind: Mapped[str] = mapped_column(String(32))
    actor_user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True
    )
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class TopicPost(MatchMessage, Base):
    """A message of a game's public topic; the game master may hide it."""

    __tablename__ = "topic_posts"

    hidden: Mapped[bool] = mapped_column(Boolean, default=False)
    hidden_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class TurnPost(Base):
    """A resolved turn as posted on the game page: its summary and its animated GIF.

    The GIF is drawn after the turn's transaction (drawing takes seconds), so
    ``gif`` stays empty until then; a restarted server draws the missing ones.
    """

    __tablename__ = "turn_posts"
    __table_args__ = (UniqueConstraint("match_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    posted_at: Mapped[datetime] = mapped_column(DateTime)
    summary: Mapped[dict[str, Any]] = mapped_column(JSON)
    gif: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)


class Notification(Base):
    """Something a user is told: on the platform (``web``) and/or by email.

    Written in the transaction of the event itself (a turn resolved, a
    deadline reached), so it exists exactly when the event does; the mailer
    sends the email afterwards and stamps ``emailed_at``.
    """

    __tablename__ = "notifications"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    match_id: Mapped[str | None] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), nullable=True
    )
    kind: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime)
    web: Mapped[bool] = mapped_column(Boolean, default=True)
    read_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    email: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    emailed_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    email_attempts: Mapped[int] = mapped_column(Integer, default=0)
    email_error: Mapped[str | None] = mapped_column(String(300), nullable=True)


class NotificationPrefs(Base):
    """Which notifications a user wants, per kind, on the platform and by email.

    ``choices``: ``{kind: {"web": bool, "email": bool}}``; a kind not listed
    takes the default (both on).
    """

    __tablename__ = "notification_prefs"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    choices: Mapped[dict[str, Any]] = mapped_column(JSON)
