"""Setting up a correspondence game: the rule book's ritual, step by step.

Snake Synapse (``seeds/snake-synapse.fr.txt``): the game master chooses the
terrain, whose changes at each death count everyone sees from the start; the
registration fills 6 or 8 seats (2 to the terrain's count here); then the
colour draft: a player drawn at random chooses a colour and names the next
player, who chooses and names the next, and so on; then every player chooses
a race in secret, and the races are revealed together once all are in (a
terrain that allows one race only skips this step). Then turn 1 opens.

What the Shell by correspondence has no ritual: two registrations, the first
player plays black, and the game starts.

A choice not made within the time of one turn is made at random for the
late player (logged), so one silent player never blocks an edition.
Functions named ``*_tx`` run inside the caller's write transaction and lock
the match row, like the coordinator's.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from random import Random
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from samtempa import words
from samtempa.server.models import Match, Seat, User
from samtempa.server.models_correspondence import Edition, SecretRace
from samtempa.server.services.correspondence import announce_turn, edition_title
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import log_event
from samtempa.server.services.lobby import (
    GAMES,
    RACES,
    SHELL,
    SHELL_PLAYERS,
    SNAKE,
    SNAKE_COLOURS,
    terrains,
)
from samtempa.server.services.matches import TurnOpen, lock_match, seats_of, start_match_tx
from samtempa.server.services.notices import notify
from samtempa.server.services.seat_hands import refuse_game_master

HOUR = 3600

#: Clock limits per game, in hours: (default turn, min turn, max turn, default grace, max grace).
CLOCKS = {
    SNAKE: (72, 1, 14 * 24, 24, 14 * 24),
    SHELL: (3 * 24, 24, 14 * 24, 0, 7 * 24),
}


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    return message


#: The terrains' names (msgids of the games' vocabulary, samtempa/words.py).
TERRAIN_NAMES = words.TERRAINS

PHASES = {
    "registration": N_("registration"),
    "colours": N_("colour draft"),
    "races": N_("secret races"),
    "playing": N_("being played"),
    "finished": N_("finished"),
    "cancelled": N_("cancelled"),
}


@dataclass
class NewEdition:
    """The game master's form. Hours: time per turn, then extra time before the hard deadline."""

    game: str = SNAKE
    terrain: str = "classic"
    seats: int | None = None  # None: the terrain's number of players
    turn_hours: int | None = None
    grace_hours: int | None = None
    early: bool = True
    title: str = ""
    public: bool = True
    seed: int | None = None  # None: drawn; a simulation gives one so that it replays


# --- terrains, in words ------------------------------------------------------------------


def terrain_data(terrain_id: str) -> dict[str, Any] | None:
    return terrains().get(terrain_id)


def _cells(cells: list[str]) -> str:
    return ", ".join(c.replace(":", "–") for c in cells)


def change_sentences(ops: list[dict[str, Any]], _: Callable[..., str]) -> list[str]:
    """A terrain change's ops (SS-1.6) in words, in the reader's language."""
    out = []
    for op in ops:
        kind = op["op"]
        if kind == "remove":
            if op.get("diggable", True):
                out.append(_("Cells %(cells)s become walls.", cells=_cells(op["cells"])))
            else:
                out.append(
                    _(
                        "Cells %(cells)s become walls that Diggers cannot cross.",
                        cells=_cells(op["cells"]),
                    )
                )
        elif kind == "restore":
            out.append(_("Cells %(cells)s open again.", cells=_cells(op["cells"])))
        elif kind == "set-diggable":
            if op.get("diggable", True):
                out.append(_("Diggers may now cross %(cells)s.", cells=_cells(op["cells"])))
            else:
                out.append(_("Diggers may no longer cross %(cells)s.", cells=_cells(op["cells"])))
        elif kind == "wrap":
            rows = ", ".join(str(r) for r in op.get("rows", []))
            cols = ", ".join(op.get("columns", []))
            if not rows and not cols:
                out.append(_("No edge wraps any more."))
            else:
                out.append(
                    _(
                        "Only these edges wrap now: rows %(rows)s; columns %(cols)s.",
                        rows=rows or "–",
                        cols=cols or "–",
                    )
                )
        elif kind == "clear-corpses":
            out.append(_("Corpses on %(cells)s are cleared.", cells=_cells(op["cells"])))
        elif kind == "clear-corpses-except-last":
            out.append(_("Every corpse but the last %(n)s is cleared.", n=op["keep"]))
        elif kind == "path-length":
            out.append(_("Paths have %(n)s steps from now on.", n=op["value"]))
        elif kind == "grant-shot":
            out.append(_("Every survivor gains a shot (up to %(n)s).", n=op["max"]))
        else:  # pragma: no cover - the terrain files use only the ops above
            out.append(str(kind))
    return out


def terrain_changes(terrain_id: str, _: Callable[..., str]) -> list[tuple[int, list[str]]]:
    """Every death count that changes the terrain, with its changes in words (SS-7)."""
    data = terrain_data(terrain_id)
    if data is None:
        return []
    return [(c["deaths"], change_sentences(c["ops"], _)) for c in data["changes"]]


def allowed_races(terrain_id: str) -> list[str]:
    data = terrain_data(terrain_id) or {}
    return list(data.get("races") or RACES)


# --- creating and registering -----------------------------------------------------------


def create_edition_tx(session: Session, gm: User, form: NewEdition, now: datetime) -> Match:
    """A new correspondence game, open for registration; ``gm`` is its game master."""
    if form.game not in GAMES:
        raise Refusal("unknown-game", "there is no game called %(name)s", name=form.game)
    default_turn, min_turn, max_turn, default_grace, max_grace = CLOCKS[form.game]
    turn_h = default_turn if form.turn_hours is None else form.turn_hours
    grace_h = default_grace if form.grace_hours is None else form.grace_hours
    if form.game == SHELL:
        if turn_h % 24 or not min_turn <= turn_h <= max_turn:
            raise Refusal("bad-clock", "What the Shell by correspondence has 1 to 14 days per move")
    elif not min_turn <= turn_h <= max_turn:
        raise Refusal(
            "bad-clock", "the time per turn is %(lo)s to %(hi)s hours", lo=min_turn, hi=max_turn
        )
    if not 0 <= grace_h <= max_grace:
        raise Refusal(
            "bad-clock",
            "the extra time before the hard deadline is 0 to %(hi)s hours",
            hi=max_grace,
        )
    setup: dict[str, Any] = {}
    if form.game == SNAKE:
        terrain = terrain_data(form.terrain)
        if terrain is None:
            raise Refusal(
                "unknown-terrain", "there is no terrain called %(name)s", name=form.terrain
            )
        seats = terrain["players"] if form.seats is None else form.seats
        if not 2 <= seats <= terrain["players"]:
            raise Refusal("bad-seats", "this terrain takes 2 to %(n)s snakes", n=terrain["players"])
        setup = {"terrain": terrain["id"]}
    else:
        seats = 2
    title = " ".join(form.title.split())  # one line: it goes into email subjects
    if len(title) > 120:
        raise Refusal("bad-title", "a title has at most 120 characters")
    match = Match(
        id=secrets.token_urlsafe(6),
        game=form.game,
        status="setup",
        mode="online",
        public=form.public,
        setup=setup,
        clock={
            "kind": "correspondence",
            "turn_hours": turn_h,
            "grace_hours": grace_h,
            "early": form.early,
        },
        state=None,
        turn=0,
        seed=secrets.randbits(31) if form.seed is None else form.seed,
        created_by_user=gm.id,
        created_at=now,
    )
    session.add(match)
    session.flush()
    session.add(
        Edition(
            match_id=match.id,
            gm_user_id=gm.id,
            title=title,
            phase="registration",
            seats=seats,
            turn_s=turn_h * HOUR,
            grace_s=grace_h * HOUR,
            early=form.early,
            day_reminded=0,
            force_resolve=False,
            created_at=now,
        )
    )
    log_event(
        session,
        match.id,
        "edition-created",
        now,
        gm.id,
        game=form.game,
        terrain=setup.get("terrain"),
        seats=seats,
        turn_hours=turn_h,
        hard_hours=turn_h + grace_h,
        early=form.early,
        game_master=gm.name,
    )
    return match


def edition_of(session: Session, match_id: str) -> Edition:
    edition = session.get(Edition, match_id)
    if edition is None:
        raise Refusal("not-an-edition", "this game is not played by correspondence", 404)
    return edition


def register_tx(session: Session, user: User, match_id: str, now: datetime) -> TurnOpen | None:
    """Take the next seat; the last one starts the colour draft (or the game)."""
    match = lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if edition.phase != "registration":
        raise Refusal("registration-closed", "registration for this game is closed", 409)
    refuse_game_master(edition, user.id)
    seats = seats_of(session, match_id)
    if any(s.user_id == user.id for s in seats):
        raise Refusal("already-seated", "you already have a seat in this game", 409)
    if len(seats) >= edition.seats:
        raise Refusal("seat-taken", "every seat is taken", 409)
    seat = Seat(
        match_id=match_id,
        index=len(seats),
        player=f"seat{len(seats) + 1}",
        kind="human",
        user_id=user.id,
        label=user.name,
        options={},
    )
    session.add(seat)
    seats.append(seat)
    log_event(session, match_id, "registered", now, user.id, player=user.name, seat=seat.index + 1)
    if len(seats) < edition.seats:
        return None
    log_event(session, match_id, "registration-closed", now, players=[s.label for s in seats])
    if match.game == SHELL:
        for s, player in zip(seats, SHELL_PLAYERS, strict=True):
            s.player = player
        return _start_tx(session, match, edition, seats, now)
    _start_draft(session, match, edition, seats, now)
    return None


def unregister_tx(session: Session, user: User, match_id: str, now: datetime) -> None:
    """Give one's seat back while registration is open; later seats move up one."""
    lock_match(session, match_id)
    edition = edition_of(session, match_id)
    if edition.phase != "registration":
        raise Refusal("registration-closed", "registration for this game is closed", 409)
    seats = seats_of(session, match_id)
    mine = next((s for s in seats if s.user_id == user.id), None)
    if mine is None:
        raise Refusal("not-seated", "you have no seat in this game", 409)
    session.execute(delete(Seat).where(Seat.id == mine.id))
    session.flush()
    for s in seats:
        if s.index > mine.index:
            s.index -= 1
            s.player = f"seat{s.index + 1}"
            session.flush()
    log_event(session, match_id, "unregistered", now, user.id, player=user.name)


# --- the colour draft --------------------------------------------------------------------


def _start_draft(
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
    return _take_colour(session, match, edition, seats, seat, colour, next_seat, now, "player")


def _take_colour(
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
    return _start_races(session, match, edition, seats, now)


# --- secret races -----------------------------------------------------------------------------


def _start_races(
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
        return _reveal_races(session, match, edition, seats, now)
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
        return _reveal_races(session, match, edition, seats, now)
    return None


def _reveal_races(
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
    return _start_tx(session, match, edition, seats, now)


def _start_tx(
    session: Session, match: Match, edition: Edition, seats: list[Seat], now: datetime
) -> TurnOpen:
    edition.phase = "playing"
    edition.drafter = None
    edition.phase_deadline = None
    opened = start_match_tx(session, match, seats, now)
    log_event(session, match.id, "game-started", now, players={s.player: s.label for s in seats})
    announce_turn(session, match, edition, seats, now)
    return opened


# --- choices not made in time -------------------------------------------------------------


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
        return _take_colour(session, match, edition, seats, seat, colour, chosen, now, "assigned")
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
    return _reveal_races(session, match, edition, seats, now)


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
