"""A game's topic: the public discussion thread, as on the forum where editions were played.

Anyone with an account may post; the game master may hide a message (it then
shows as hidden to everyone, its text to nobody) and show it again. There are
no private messages between players, here or anywhere on the platform: the
rule book asks players to debate in the open (a live game's chat,
:mod:`.chat`, is read by all of that game's players). A child account follows its
parent's chat setting: with chat off it neither reads nor writes topics.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.server.models import Match, User
from samtempa.server.models_correspondence import Edition, TopicPost
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import log_event
from samtempa.server.services.gamemaster import require_gm

MAX_POST = 4000


def can_chat(user: User | None) -> bool:
    """Accounts may chat unless they are a child whose parent turned chat off."""
    return user is not None and (user.parent_id is None or user.chat_enabled)


@dataclass(frozen=True)
class PostView:
    """A post as a reader sees it: a hidden post has no text."""

    id: int
    author: str
    text: str | None
    created_at: datetime
    hidden: bool


def post_tx(
    session: Session, user: User | None, match_id: str, text: str, now: datetime
) -> TopicPost:
    if user is None:
        raise Refusal("login-needed", "log in first", 401)
    if not can_chat(user):
        raise Refusal("chat-off", "chat is turned off for this account by its parent", 403)
    if session.get(Match, match_id) is None or session.get(Edition, match_id) is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    text = text.strip()
    if not text:
        raise Refusal("empty-post", "write something first")
    if len(text) > MAX_POST:
        raise Refusal("long-post", "a message has at most %(n)s characters", n=MAX_POST)
    post = TopicPost(
        match_id=match_id,
        user_id=user.id,
        author=user.name,
        text=text,
        created_at=now,
        hidden=False,
    )
    session.add(post)
    session.flush()
    return post


def posts_for(
    session: Session, user: User | None, match_id: str, limit: int = 200
) -> list[PostView] | None:
    """The topic as ``user`` may read it; None when chat is off for them."""
    if user is not None and not can_chat(user):
        return None
    rows = list(
        session.scalars(
            select(TopicPost)
            .where(TopicPost.match_id == match_id)
            .order_by(TopicPost.id.desc())
            .limit(limit)
        )
    )[::-1]
    return [
        PostView(r.id, r.author, None if r.hidden else r.text, r.created_at, r.hidden) for r in rows
    ]


def set_hidden_tx(
    session: Session, user: User, match_id: str, post_id: int, hidden: bool, now: datetime
) -> None:
    """The game master hides a message (or shows it again); logged for everyone."""
    require_gm(session, user, match_id)
    post = session.get(TopicPost, post_id)
    if post is None or post.match_id != match_id:
        raise Refusal("no-such-post", "there is no such message in this topic", 404)
    if post.hidden == hidden:
        return
    post.hidden = hidden
    post.hidden_at = now if hidden else None
    log_event(
        session,
        match_id,
        "gm-hide-post" if hidden else "gm-show-post",
        now,
        user.id,
        game_master=user.name,
        post=post_id,
        author=post.author,
    )
