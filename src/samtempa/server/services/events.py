"""A game's public log: what happened and when, for the game page and ``events.jsonl``.

Every entry is public. Callers never put a pending order or a secret race
here (secrecy, architecture page): only who sent something, never what.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.server.models_correspondence import MatchEvent
from samtempa.server.services.notices import result_text, when_text
from samtempa.server.services.turn_posts import HOW


def log_event(
    session: Session,
    match_id: str,
    kind: str,
    at: datetime,
    actor_user_id: int | None = None,
    **data: Any,
) -> MatchEvent:
    """Add one entry to the log of ``match_id`` (in the caller's transaction)."""
    event = MatchEvent(
        match_id=match_id, at=at, kind=kind, actor_user_id=actor_user_id, data=dict(data)
    )
    session.add(event)
    return event


def events_of(session: Session, match_id: str, limit: int | None = None) -> list[MatchEvent]:
    """The log of a game, oldest first (the last ``limit`` entries if given)."""
    query = select(MatchEvent).where(MatchEvent.match_id == match_id)
    if limit is None:
        return list(session.scalars(query.order_by(MatchEvent.id)))
    rows = list(session.scalars(query.order_by(MatchEvent.id.desc()).limit(limit)))
    return rows[::-1]


def event_json(event: MatchEvent) -> dict[str, Any]:
    """One entry as a JSON line: ``time`` (ISO 8601, UTC), ``kind``, then its details."""
    return {"time": event.at.isoformat() + "Z", "kind": event.kind, **event.data}


def _names(values: Any, _: Callable[..., str]) -> str:
    return ", ".join(_(str(v)) for v in values or [])


def event_line(event: MatchEvent, _: Callable[..., str]) -> str:
    """One log entry in the reader's language (the game page's log)."""

    d = event.data
    k = event.kind
    if k == "edition-created":
        return _(
            "%(gm)s opens the game: %(seats)s seats, %(hours)s hours per turn, "
            "removal or missed-order policy at %(hard)s hours.",
            gm=d.get("game_master", ""),
            seats=d.get("seats"),
            hours=d.get("turn_hours"),
            hard=d.get("hard_hours"),
        )
    if k == "registered":
        return _("%(player)s registers (seat %(seat)s).", player=d["player"], seat=d["seat"])
    if k == "unregistered":
        return _("%(player)s gives the seat back.", player=d["player"])
    if k == "registration-closed":
        return _("Registration is closed: %(players)s.", players=", ".join(d.get("players", [])))
    if k == "draft-started":
        return _("Colour draft: %(player)s was drawn to choose first.", player=d["first"])
    if k in ("colour-chosen", "colour-assigned"):
        text = (
            _("%(player)s chooses %(colour)s.", player=d["player"], colour=_(d["colour"]))
            if k == "colour-chosen"
            else _(
                "%(player)s did not choose in time: %(colour)s was drawn.",
                player=d["player"],
                colour=_(d["colour"]),
            )
        )
        if d.get("next"):
            text += " " + _("%(player)s chooses next.", player=d["next"])
        return text
    if k == "races-open":
        return _(
            "Every player now chooses a race in secret, until %(deadline)s.",
            deadline=when_text(d.get("deadline")),
        )
    if k == "race-chosen":
        return _("%(player)s has chosen a race.", player=d["player"])
    if k == "race-assigned":
        return _("%(player)s did not choose a race in time: one was drawn.", player=d["player"])
    if k == "races-revealed":
        races = ", ".join(f"{_(p)}: {_(r)}" for p, r in d.get("races", {}).items())
        return _("The races are revealed: %(races)s.", races=races)
    if k == "game-started":
        return _("The game starts.")
    if k == "turn-opened":
        return _(
            "Turn %(turn)s opens; orders before %(deadline)s.",
            turn=d["turn"],
            deadline=when_text(d.get("deadline")),
        )
    if k == "reminder":
        if d.get("why") == "late":
            return _(
                "The deadline of turn %(turn)s has passed; the game waits for %(players)s.",
                turn=d["turn"],
                players=_names(d.get("late"), _),
            )
        return _(
            "24 hours left for turn %(turn)s; still to play: %(players)s.",
            turn=d["turn"],
            players=_names(d.get("late"), _),
        )
    if k == "turn-resolved":
        how = HOW.get(d.get("how", ""), "")
        return _("Turn %(turn)s is resolved.", turn=d["turn"]) + (" " + _(how) if how else "")
    if k == "player-removed":
        return _("%(player)s is removed for missing the deadline.", player=_(d["player"]))
    if k == "game-ended":
        return _("The game is over.") + " " + result_text(d.get("result"), _)
    gm = d.get("game_master", "")
    if k == "gm-pause":
        return _("The game master %(gm)s pauses the game.", gm=gm)
    if k == "gm-resume":
        return _(
            "The game master %(gm)s resumes the game; new deadline %(deadline)s.",
            gm=gm,
            deadline=when_text(d.get("deadline")),
        )
    if k == "gm-extend":
        return _(
            "The game master %(gm)s gives %(hours)s more hours; new deadline %(deadline)s.",
            gm=gm,
            hours=d["hours"],
            deadline=when_text(d.get("deadline")),
        )
    if k == "gm-resolve-now":
        return _("The game master %(gm)s resolves turn %(turn)s now.", gm=gm, turn=d.get("turn"))
    if k == "gm-replace":
        return _(
            "The game master %(gm)s gives %(player)s to %(new)s (was %(old)s).",
            gm=gm,
            player=_(d["player"]),
            new=d["new"],
            old=d["old"],
        )
    if k == "gm-cancel":
        return _("The game master %(gm)s cancels the game.", gm=gm)
    if k == "gm-hide-post":
        return _(
            "The game master %(gm)s hides a message of %(author)s.", gm=gm, author=d.get("author")
        )
    if k == "gm-show-post":
        return _(
            "The game master %(gm)s shows a message of %(author)s again.",
            gm=gm,
            author=d.get("author"),
        )
    return k
