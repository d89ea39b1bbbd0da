"""The chat of a live online match: its players talk while they play.

Only the seated players who have an account take part, each as long as
:func:`.topics.can_chat` allows (a child whose parent turned chat off neither
reads nor writes). Spectators neither read nor write it: anyone may watch a
public game, and no watcher reaches its players, children among them, through it.
Games on one screen and against the computer have nobody to talk to;
correspondence games debate in their public topic (:mod:`.topics`).

Lines are stored (:class:`~samtempa.server.models.ChatMessage`), so a page
opened later shows the history and the rate limit counts the stored lines,
whichever process stored them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from samtempa.server.models import ChatMessage, Match, User
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import LiveHub, Message
from samtempa.server.services.matches import seats_of
from samtempa.server.services.topics import can_chat

if TYPE_CHECKING:
    from samtempa.server.core.database import Database

MAX_LENGTH = 500
HISTORY = 100
RATE_LINES = 5
RATE_WINDOW = timedelta(seconds=10)

# Unicode categories dropped from a line: control characters, and lone surrogates
# (a JSON string may carry them; no page can show them and the database refuses them).
_DROPPED = frozenset({"Cc", "Cs"})


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line as the players see it."""

    id: int
    author: str
    text: str
    created_at: datetime

    def to_json(self) -> Message:
        """The websocket message (``type: chat``) and the history's items."""
        return {
            "type": "chat",
            "id": self.id,
            "author": self.author,
            "text": self.text,
            "at": self.created_at.isoformat() + "Z",
        }


def clean(text: str) -> str:
    """The text as stored: line breaks and tabs become spaces, other controls go, ends trimmed.

    A chat line is one line; controls could otherwise fake a line of someone else's.
    """
    kept = (
        " " if ch.isspace() else ch
        for ch in text
        if ch.isspace() or unicodedata.category(ch) not in _DROPPED
    )
    return "".join(kept).strip()


def has_chat(match: Match) -> bool:
    """Only live games between people online have a chat."""
    return match.mode == "online" and match.clock.get("kind") != "correspondence"


def readers(session: Session, match: Match) -> frozenset[int]:
    """The accounts that may read and write this match's chat now."""
    if not has_chat(match):
        return frozenset()
    ids = {s.user_id for s in seats_of(session, match.id) if s.kind == "human" and s.user_id}
    if not ids:
        return frozenset()
    users = session.scalars(select(User).where(User.id.in_(ids)))
    return frozenset(u.id for u in users if can_chat(u))


def _check_reader(session: Session, user: User | None, match_id: str) -> Match:
    """The match, if ``user`` may take part in its chat; otherwise the refusal saying why."""
    if user is None:
        raise Refusal("login-needed", "log in first", 401)
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    if not has_chat(match):
        raise Refusal("no-chat", "only games between people online have a chat", 409)
    seated = any(s.kind == "human" and s.user_id == user.id for s in seats_of(session, match_id))
    if not seated:
        raise Refusal("not-a-player", "only the players of this game can use its chat", 403)
    if not can_chat(user):
        raise Refusal("chat-off", "chat is turned off for this account by its parent", 403)
    return match


def post_tx(
    session: Session, user: User | None, match_id: str, text: str, now: datetime
) -> tuple[ChatLine, frozenset[int]]:
    """Store one line; returns it and the accounts it goes to (its author among them)."""
    match = _check_reader(session, user, match_id)
    assert user is not None
    text = clean(text)
    if not text:
        raise Refusal("empty-line", "write something first")
    if len(text) > MAX_LENGTH:
        raise Refusal("long-line", "a chat line has at most %(n)s characters", n=MAX_LENGTH)
    recent = session.scalar(
        select(func.count())
        .select_from(ChatMessage)
        .where(
            ChatMessage.match_id == match_id,
            ChatMessage.user_id == user.id,
            ChatMessage.created_at > now - RATE_WINDOW,
        )
    )
    if (recent or 0) >= RATE_LINES:
        raise Refusal(
            "chat-too-fast",
            "at most %(n)s lines every %(s)s seconds: wait a moment",
            429,
            n=RATE_LINES,
            s=int(RATE_WINDOW.total_seconds()),
        )
    row = ChatMessage(
        match_id=match_id, user_id=user.id, author=user.name, text=text, created_at=now
    )
    session.add(row)
    session.flush()
    return ChatLine(row.id, row.author, row.text, row.created_at), readers(session, match)


def history(
    session: Session, user: User | None, match_id: str, limit: int = HISTORY
) -> list[ChatLine]:
    """The last ``limit`` lines, oldest first; refused to whoever may not take part."""
    _check_reader(session, user, match_id)
    rows = session.scalars(
        select(ChatMessage)
        .where(ChatMessage.match_id == match_id)
        .order_by(ChatMessage.id.desc())
        .limit(limit)
    )
    return [ChatLine(r.id, r.author, r.text, r.created_at) for r in rows][::-1]


def page_chat(session: Session, user: User | None, match: Match) -> dict[str, Any]:
    """What the match page shows: ``state`` is ``open`` (with ``lines``), ``off`` or ``none``.

    ``off``: a seated player whose parent turned chat off (the page says so);
    ``none``: no chat box at all (spectators, games without a chat).
    """
    try:
        return {"state": "open", "lines": history(session, user, match.id)}
    except Refusal as refusal:
        return {"state": "off" if refusal.code == "chat-off" else "none", "lines": []}


def publish(hub: LiveHub, match_id: str, line: ChatLine, to: frozenset[int]) -> None:
    """Push the line to the live connections of the accounts in ``to``, and to no one else."""
    hub.to_accounts(match_id, line.to_json(), to)


async def post(
    db: Database, hub: LiveHub, user_id: int | None, match_id: str, text: str, now: datetime
) -> ChatLine:
    """Store a line (write transaction, on the database's thread), then push it live."""

    def work() -> tuple[ChatLine, frozenset[int]]:
        with db.write() as session:
            user = session.get(User, user_id) if user_id is not None else None
            return post_tx(session, user, match_id, text, now)

    line, to = await db.run(work)
    publish(hub, match_id, line, to)
    return line
