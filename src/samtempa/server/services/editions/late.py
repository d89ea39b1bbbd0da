"""Choices not made in time: a colour or a race is chosen at random for the late player."""

from __future__ import annotations

from datetime import datetime
from random import Random

from sqlalchemy.orm import Session

from samtempa.server.models_correspondence import SecretRace
from samtempa.server.services.editions.draft import free_colours, take_colour
from samtempa.server.services.editions.lookup import edition_of
from samtempa.server.services.editions.races import races_chosen, reveal_races
from samtempa.server.services.events import log_event
from samtempa.server.services.matches import TurnOpen, lock_match, seats_of
from samtempa.server.services.terrains import allowed_races


def ritual_due_tx(session: Session, match_id: str, now: datetime) -> TurnOpen | None:
    """A drafter or a race chooser ran out of time: the choice is made at random for them."""
    match = lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if match.status != "setup" or edition.phase not in ("colours", "races"):
        edition.next_at = None
        return None
    if edition.phase_deadline is None or now < edition.phase_deadline:
        edition.next_at = edition.phase_deadline
        return None
    seats = seats_of(session, match_id)
    rng = Random(f"{match.seed}/late/{edition.phase}/{len(free_colours(seats))}")
    if edition.phase == "colours":
        seat = next(s for s in seats if s.index == edition.drafter)
        waiting = [s for s in seats if not s.options.get("colour") and s is not seat]
        colour = rng.choice(free_colours(seats))
        chosen = rng.choice(waiting).index if waiting else None
        return take_colour(session, match, edition, seats, seat, colour, chosen, now, "assigned")
    done = races_chosen(session, match_id)
    allowed = allowed_races(match.setup["terrain"])
    for seat in seats:
        if seat.index not in done:
            session.add(
                SecretRace(
                    match_id=match_id,
                    seat_index=seat.index,
                    race=rng.choice(allowed),
                    source="assigned",
                    chosen_at=now,
                )
            )
            log_event(session, match_id, "race-assigned", now, player=seat.label)
    session.flush()
    return reveal_races(session, match, edition, seats, now)
