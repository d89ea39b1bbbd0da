"""The secret races: every player chooses in secret, and the races are revealed together
once all are in (a terrain that allows one race only skips this step)."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.server.models import Match, Seat, User
from samtempa.server.models_correspondence import Edition, SecretRace
from samtempa.server.services.editions.lookup import edition_of
from samtempa.server.services.editions.opening import edition_title, start_tx
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import log_event
from samtempa.server.services.matches import TurnOpen, lock_match, seats_of
from samtempa.server.services.notices import notify
from samtempa.server.services.terrains import allowed_races


def start_races(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> TurnOpen | None:
    races = allowed_races(match.setup["terrain"])
    if len(races) == 1:  # Aperture Science: every snake is a shooter (SS-2.2)
        for seat in seats:
            session.add(
                SecretRace(
                    match_id=match.id,
                    seat_index=seat.index,
                    race=races[0],
                    source="terrain",
                    chosen_at=now,
                )
            )
        session.flush()
        return reveal_races(session, match, edition, seats, now)
    edition.phase = "races"
    edition.phase_deadline = now + timedelta(seconds=edition.turn_s)
    edition.next_at = edition.phase_deadline
    log_event(session, match.id, "races-open", now, deadline=edition.phase_deadline.isoformat())
    notify(
        session,
        [s.user_id for s in seats],
        "race-turn",
        match.id,
        now,
        title=edition_title(match, edition),
        deadline=edition.phase_deadline.isoformat(),
    )
    return None


def choose_race_tx(
    session: Session, user: User, match_id: str, race: str, now: datetime
) -> TurnOpen | None:
    """A race chosen in secret (it may be changed until the last player has chosen)."""
    match = lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if edition.phase != "races":
        raise Refusal("not-choosing-races", "races are not being chosen now", 409)
    seats = seats_of(session, match_id)
    seat = next((s for s in seats if s.user_id == user.id), None)
    if seat is None:
        raise Refusal("not-seated", "you have no seat in this game", 403)
    allowed = allowed_races(match.setup["terrain"])
    if race not in allowed:
        raise Refusal(
            "bad-race",
            "there is no race %(name)s on this terrain; races: %(races)s",
            name=race,
            races=", ".join(allowed),
        )
    row = session.get(SecretRace, (match_id, seat.index))
    if row is None:
        session.add(
            SecretRace(
                match_id=match_id, seat_index=seat.index, race=race, source="player", chosen_at=now
            )
        )
        log_event(session, match_id, "race-chosen", now, user.id, player=seat.label)
    else:
        row.race, row.chosen_at = race, now
    session.flush()
    return _reveal_if_complete(session, match, edition, seats, now)


def my_secret_race(session: Session, user: User, match_id: str) -> str | None:
    """The race this user chose (shown to them only) before the reveal; never to the game
    master (who holds no seat: :mod:`.seat_hands`)."""
    edition = session.get(Edition, match_id)
    if edition is not None and edition.gm_user_id == user.id:
        return None
    seat = session.scalar(select(Seat).where(Seat.match_id == match_id, Seat.user_id == user.id))
    if seat is None:
        return None
    row = session.get(SecretRace, (match_id, seat.index))
    return row.race if row is not None else None


def races_chosen(session: Session, match_id: str) -> set[int]:
    """Which seats have chosen (who, never what)."""
    return set(
        session.scalars(select(SecretRace.seat_index).where(SecretRace.match_id == match_id))
    )


def _reveal_if_complete(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> TurnOpen | None:
    if races_chosen(session, match.id) >= {s.index for s in seats}:
        return reveal_races(session, match, edition, seats, now)
    return None


def reveal_races(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> TurnOpen:
    """All races are in: reveal them together, build the setup (SS-2.5) and open turn 1."""
    rows = {
        r.seat_index: r.race
        for r in session.scalars(select(SecretRace).where(SecretRace.match_id == match.id))
    }
    snakes = []
    for seat in seats:
        seat.options = {**seat.options, "race": rows[seat.index]}
        snakes.append({"id": seat.player, "colour": seat.player, "race": rows[seat.index]})
    match.setup = {"terrain": match.setup["terrain"], "snakes": snakes}
    log_event(
        session, match.id, "races-revealed", now, races={s.player: rows[s.index] for s in seats}
    )
    return start_tx(session, match, edition, seats, now)
