"""The declarative base every table module builds on.

Apart from :mod:`.models` so the table modules (``models_accounts``,
``models_correspondence``, ``models_identity``) need not import ``models``,
which imports them to put their tables in ``Base.metadata``: no cycle.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: The ``sort_order`` of a mixin's columns, to stand before the table's own (the default 0).
FIRST = -1


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {dict[str, Any]: JSON, list[Any]: JSON}


class MatchMessage:
    """The columns of a line someone writes about a match: its chat, its game's topic.

    One home for what such a line is: it goes with its match, outlives its
    author's account (``user_id`` set to null, the name kept in ``author``).
    A mixin, not a table: each kind keeps its own table (``chat_messages``,
    ``topic_posts``) with exactly these columns, first and in this order
    (``sort_order``: the ORM would put a subclass's own columns first), as
    the migrations made them.
    """

    id: Mapped[int] = mapped_column(Integer, primary_key=True, sort_order=FIRST)
    match_id: Mapped[str] = mapped_column(
        ForeignKey("matches.id", ondelete="CASCADE"), index=True, sort_order=FIRST
    )
    user_id: Mapped[int | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), nullable=True, sort_order=FIRST
    )
    author: Mapped[str] = mapped_column(String(80), sort_order=FIRST)
    text: Mapped[str] = mapped_column(Text, sort_order=FIRST)
    created_at: Mapped[datetime] = mapped_column(DateTime, sort_order=FIRST)
