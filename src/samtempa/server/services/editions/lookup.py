"""Finding correspondence games: one by its match, the public ones still open."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.server.models import Match
from samtempa.server.models_correspondence import Edition
from samtempa.server.services.errors import Refusal


def edition_of(session: Session, match_id: str) -> Edition:
    edition = session.get(Edition, match_id)
    if edition is None:
        raise Refusal("not-an-edition", "this game is not played by correspondence", 404)
    return edition


def open_editions(session: Session, limit: int = 50) -> list[tuple[Match, Edition]]:
    """Public correspondence games not over yet, newest first."""
    rows = session.execute(
        select(Match, Edition)
        .join(Edition, Edition.match_id == Match.id)
        .where(Match.public.is_(True), Edition.phase.not_in(("finished", "cancelled")))
        .order_by(Match.created_at.desc())
        .limit(limit)
    )
    return [(m, e) for m, e in rows]
