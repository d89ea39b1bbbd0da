"""The colour draft (Snake Synapse): a player drawn at random chooses a colour and names
the next player, who chooses and names the next, and so on."""

from __future__ import annotations

from datetime import datetime, timedelta
from random import Random

from sqlalchemy.orm import Session

from samtempa.server.models import Match, Seat, User
from samtempa.server.models_correspondence import Edition
from samtempa.server.services.editions.lookup import edition_of
from samtempa.server.services.editions.opening import edition_title
from samtempa.server.services.editions.races import start_races
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import log_event
from samtempa.server.services.lobby import SNAKE_COLOURS
from samtempa.server.services.matches import TurnOpen, lock_match, seats_of
from samtempa.server.services.notices import notify


def start_draft(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> None:
    """A player drawn at random chooses first (seeded by the match: replays draw the same)."""
    first = Random(f"{match.seed}/draft").randrange(len(seats))
    edition.phase = "colours"
    _next_drafter(session, match, edition, seats[first], now)
    log_event(session, match.id, "draft-started", now, first=seats[first].label)


def _next_drafter(
    session: Session, match: Match, edition: Edition, seat: Seat, now: datetime
) -> None:
    edition.drafter = seat.index
    edition.phase_deadline = now + timedelta(seconds=edition.turn_s)
    edition.next_at = edition.phase_deadline
    notify(
        session,
        [seat.user_id],
        "colour-turn",
        match.id,
        now,
        title=edition_title(match, edition),
        deadline=edition.phase_deadline.isoformat(),
    )


def free_colours(seats: list[Seat]) -> list[str]:
    taken = {s.options.get("colour") for s in seats}
    return [c for c in SNAKE_COLOURS if c not in taken]


def choose_colour_tx(
    session: Session,
    user: User,
    match_id: str,
    colour: str,
    next_seat: int | None,
    now: datetime,
) -> TurnOpen | None:
    """The drafter's colour and who chooses next (seat index; the last one needs none)."""
    match = lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if edition.phase != "colours":
        raise Refusal("not-drafting", "the colour draft is not under way", 409)
    seats = seats_of(session, match_id)
    seat = next((s for s in seats if s.user_id == user.id), None)
    if seat is None:
        raise Refusal("not-seated", "you have no seat in this game", 403)
    if seat.index != edition.drafter:
        drafter = next(s for s in seats if s.index == edition.drafter)
        raise Refusal(
            "not-your-turn", "it is %(name)s's turn to choose a colour", 409, name=drafter.label
        )
    return take_colour(session, match, edition, seats, seat, colour, next_seat, now, "player")


def take_colour(
    session: Session,
    match: Match,
    edition: Edition,
    seats: list[Seat],
    seat: Seat,
    colour: str,
    next_seat: int | None,
    now: datetime,
    source: str,
) -> TurnOpen | None:
    free = free_colours(seats)
    if colour not in free:
        raise Refusal(
            "colour-taken",
            "%(colour)s is not free; free colours: %(free)s",
            409,
            colour=colour,
            free=", ".join(free),
        )
    waiting = [s for s in seats if not s.options.get("colour") and s is not seat]
    chosen: Seat | None = None
    if waiting:
        if next_seat is None and len(waiting) == 1:
            chosen = waiting[0]
        else:
            chosen = next((s for s in waiting if s.index == next_seat), None)
            if chosen is None:
                raise Refusal(
                    "bad-next-player",
                    "name the next player among those who have no colour yet: %(names)s",
                    names=", ".join(s.label for s in waiting),
                )
    seat.player = colour
    seat.options = {**seat.options, "colour": colour}
    log_event(
        session,
        match.id,
        "colour-chosen" if source == "player" else "colour-assigned",
        now,
        seat.user_id if source == "player" else None,
        player=seat.label,
        colour=colour,
        next=chosen.label if chosen else None,
    )
    if chosen is not None:
        _next_drafter(session, match, edition, chosen, now)
        return None
    edition.drafter = None
    return start_races(session, match, edition, seats, now)
