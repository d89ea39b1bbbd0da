"""Tables of the game controls and of players' identity (issue 19): draw offers, each
finished match's final standing, and the ratings it moved.

Kept apart from :mod:`.models` (imported there, so Alembic and ``create_all`` see
them). A :class:`MatchStanding` row is written once per finished match: it is
the mark that its result was counted, so a rating moves exactly once.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, Float, ForeignKey, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from samtempa.server.models_base import Base


class DrawOffer(Base):
    """A player's agreement to a draw, for one turn only: it lapses when the turn resolves.

    The first row of a turn is the offer; the others' rows are acceptances. When
    every player still in the game has one, the game ends in a draw by agreement.
    """

    __tablename__ = "draw_offers"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    turn: Mapped[int] = mapped_column(Integer, primary_key=True)  # the turn being played
    player: Mapped[str] = mapped_column(String(32), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime)


class MatchStanding(Base):
    """How a finished match ended for each player: the engine's places, best first.

    ``places`` is a list of lists of player ids (players sharing a place share a
    list). ``rated``: the match moved ratings (a game between accounts only).
    """

    __tablename__ = "match_standings"

    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    places: Mapped[list[Any]] = mapped_column(JSON)
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    settled_at: Mapped[datetime] = mapped_column(DateTime)


class Rating(Base):
    """An account's openskill rating (Plackett–Luce) in one game."""

    __tablename__ = "ratings"

    user_id: Mapped[int] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime)


class RatingChange(Base):
    """What one rated match did to one account's rating, and the place it gave them."""

    __tablename__ = "rating_changes"
    __table_args__ = (UniqueConstraint("match_id", "user_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[str] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    game: Mapped[str] = mapped_column(String(32))
    place: Mapped[int] = mapped_column(Integer)  # 1 for first, among the rated players
    of: Mapped[int] = mapped_column(Integer)  # how many rated players
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime)
