"""The hooks a clock kind other than ``live`` gives the turn code (issue 8).

The correspondence service registers its hooks here when imported
(:func:`register_clock`), so the turn code calls them without importing it:
``correspondence`` imports ``matches``, never the reverse (docs/architecture.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from sqlalchemy.orm import Session

from samtempa.server.models import Match
from samtempa.server.services.matches.values import Reveal


class ClockRules(Protocol):
    """What a clock kind decides about its turns."""

    def turn_opened(self, match: Match, now: datetime) -> datetime | None: ...

    def resolves_when_complete(self, session: Session, match: Match, now: datetime) -> bool: ...

    def due(self, session: Session, match: Match, now: datetime) -> Reveal | None: ...

    def turn_resolved(
        self, session: Session, match: Match, reveal: Reveal, now: datetime
    ) -> None: ...


_CLOCKS: dict[str, ClockRules] = {}


def register_clock(kind: str, rules: ClockRules) -> None:
    _CLOCKS[kind] = rules


def clock_rules(match: Match) -> ClockRules | None:
    """The hooks of the match's clock kind; None for a live clock."""
    kind = match.clock.get("kind")
    if kind in (None, "live"):
        return None
    try:
        return _CLOCKS[kind]
    except KeyError:
        raise LookupError(f"no rules registered for the clock kind {kind!r}") from None
