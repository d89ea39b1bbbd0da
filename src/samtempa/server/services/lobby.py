"""The lobby: create a game, join, leave, rematch, list open games.

A seat is a person (an account, or this browser for games on one screen),
an open place someone joins through the invite link, or a built-in bot.
Online games (open seats) need an account; one-screen games and games
against the computer do not. When no seat is left open the match starts:
the coordinator's :func:`~.matches.start_match_tx` builds the initial state.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from importlib import resources
from random import Random
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from samtempa.bots.registry import LEVELS
from samtempa.games.registry import GAME_NAMES, get_spec
from samtempa.games.shell.spec import SPEC as SHELL_SPEC
from samtempa.games.snake.spec import SPEC as SNAKE_SPEC
from samtempa.server.models import Match, Seat, User
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import Actor, TurnOpen, lock_match, seats_of, start_match_tx

# The games' names and seats come from their specs (no game is named here).
SHELL = SHELL_SPEC.name
SNAKE = SNAKE_SPEC.name
GAMES = GAME_NAMES
SHELL_PLAYERS = SHELL_SPEC.seats
# SS-2.2: the races (the engine's list).
RACES = SNAKE_SPEC.races
SNAKE_COLOURS = SNAKE_SPEC.seats


@cache
def terrains() -> dict[str, dict[str, Any]]:
    """The Snake Synapse terrains' data files (name, seats, allowed races), by id."""
    folder = resources.files("samtempa.games.snake") / "terrains"
    found = {}
    for entry in folder.iterdir():
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text())
            found[data["id"]] = data
    return dict(sorted(found.items()))


@dataclass
class NewMatch:
    """The create-game form.

    ``seats``: ``me``, ``local`` (someone on this screen), ``open``, ``bot:LEVEL``.
    """

    game: str
    seats: list[str]
    clock_s: int = 60
    public: bool = True
    terrain: str | None = None
    races: list[str] = field(default_factory=list)  # per seat, "" or "random": drawn at start


def create_match(
    session: Session,
    actor: Actor,
    user: User | None,
    form: NewMatch,
    now: datetime,
    clock_range: tuple[int, int],
) -> tuple[Match, TurnOpen | None]:
    """A new match; it starts at once when no seat is open (one screen, against bots)."""
    if form.game not in GAMES:
        raise Refusal("unknown-game", "there is no game called %(name)s", name=form.game)
    lo, hi = clock_range
    if not lo <= form.clock_s <= hi:
        raise Refusal(
            "bad-clock",
            "the clock must be between %(lo)s and %(hi)s seconds per turn",
            lo=lo,
            hi=hi,
        )
    players, setup = _players_and_setup(form)
    if len(form.seats) != len(players):
        raise Refusal("bad-seats", "this game needs %(n)s seats", n=len(players))
    kinds = [_seat_kind(spec, form.game) for spec in form.seats]
    if sum(1 for k, _ in kinds if k == "me") != 1:
        raise Refusal("bad-seats", "choose exactly one seat for yourself")
    has_open = any(k == "open" for k, _ in kinds)
    if has_open and user is None:
        raise Refusal(
            "account-needed",
            "games against other people online need an account; without one you can play "
            "on one screen or against the computer",
            403,
        )
    mode = (
        "online" if has_open else "hotseat" if any(k == "local" for k, _ in kinds) else "computer"
    )
    match = Match(
        id=secrets.token_urlsafe(6),
        game=form.game,
        status="open",
        mode=mode,
        public=form.public,
        setup=setup,
        clock={"kind": "live", "seconds": form.clock_s},
        state=None,
        turn=0,
        seed=secrets.randbits(31),
        created_by_user=user.id if user else None,
        created_by_session=actor.session_id,
        created_at=now,
    )
    session.add(match)
    seats = []
    for index, ((kind, level), player) in enumerate(zip(kinds, players, strict=True)):
        race = form.races[index] if index < len(form.races) else ""
        seat = Seat(
            match_id=match.id,
            index=index,
            player=player,
            kind="bot" if kind == "bot" else "human",
            bot_level=level,
            options={"race": race} if get_spec(form.game).races else {},
            label="",
        )
        if kind in ("me", "local"):
            seat.user_id = user.id if user else None
            seat.session_id = actor.session_id
            seat.label = user.name if user else ""
        seats.append(seat)
        session.add(seat)
    session.flush()
    return match, _start_if_full(session, match, seats, now)


def join_match(
    session: Session,
    actor: Actor,
    user: User | None,
    match_id: str,
    now: datetime,
    seat_index: int | None = None,
    race: str = "",
) -> tuple[Match, TurnOpen | None]:
    """Take an open seat (the first one unless ``seat_index`` says which)."""
    if user is None:
        raise Refusal("account-needed", "log in or sign up to join a game online", 403)
    match = lock_match(session, match_id)
    if match.status != "open":
        raise Refusal("not-open", "this game has no free seat any more", 409)
    seats = seats_of(session, match_id)
    if any(s.user_id == user.id for s in seats):
        raise Refusal("already-seated", "you already have a seat in this game", 409)
    free = [s for s in seats if _is_open(s)]
    if seat_index is not None:
        free = [s for s in free if s.index == seat_index]
    if not free:
        raise Refusal("seat-taken", "that seat is already taken", 409)
    seat = free[0]
    seat.user_id = user.id
    seat.session_id = actor.session_id
    seat.label = user.name
    races = get_spec(match.game).races
    if races and race:
        if race not in races:
            raise Refusal("bad-race", "there is no race called %(name)s", name=race)
        seat.options = {**seat.options, "race": race}
    session.flush()
    return match, _start_if_full(session, match, seats, now)


def leave_match(session: Session, actor: Actor, match_id: str) -> Match:
    """Give back a seat before the game starts; the creator leaving cancels the game."""
    match = lock_match(session, match_id)
    if match.status != "open":
        raise Refusal("already-started", "the game has started; seats can no longer be left", 409)
    seats = seats_of(session, match_id)
    mine = [s for s in seats if s.kind == "human" and actor.controls(s)]
    if not mine:
        raise Refusal("not-seated", "you have no seat in this game", 409)
    creator = actor.user_id is not None and actor.user_id == match.created_by_user
    if creator:
        match.status = "abandoned"
    else:
        for seat in mine:
            seat.user_id = None
            seat.session_id = None
            seat.label = ""
    return match


def rematch(
    session: Session, actor: Actor, user: User | None, match_id: str, now: datetime
) -> tuple[Match, TurnOpen | None]:
    """The same game again with colours turned round; asked twice, it is still one rematch."""
    old = lock_match(session, match_id)
    if old.status != "finished":
        raise Refusal("not-finished", "a rematch can only follow a finished game", 409)
    old_seats = seats_of(session, match_id)
    if not any(s.kind == "human" and actor.controls(s) for s in old_seats):
        raise Refusal("not-seated", "only the players of a game can ask for its rematch", 403)
    if old.rematch_id is not None:
        existing = session.get(Match, old.rematch_id)
        assert existing is not None
        return existing, None
    new = Match(
        id=secrets.token_urlsafe(6),
        game=old.game,
        status="open",
        mode=old.mode,
        public=old.public,
        setup=old.setup,
        clock=old.clock,
        turn=0,
        seed=secrets.randbits(31),
        created_by_user=old.created_by_user,
        created_by_session=old.created_by_session,
        rematch_of=old.id,
        created_at=now,
    )
    session.add(new)
    n = len(old_seats)
    seats = []
    for seat in old_seats:
        # Seat i takes the place of seat i+1: black and white swap in What the Shell.
        target = (seat.index + 1) % n
        copy = Seat(
            match_id=new.id,
            index=target,
            player=old_seats[target].player,
            kind=seat.kind,
            bot_level=seat.bot_level,
            user_id=seat.user_id,
            session_id=seat.session_id,
            label=seat.label,
            options=dict(old_seats[target].options),
        )
        seats.append(copy)
        session.add(copy)
    seats.sort(key=lambda s: s.index)
    old.rematch_id = new.id
    session.flush()
    return new, _start_if_full(session, new, seats, now)


def open_matches(session: Session, limit: int = 50) -> list[Match]:
    """Public games with a free seat, newest first."""
    return list(
        session.scalars(
            select(Match)
            .where(Match.status == "open", Match.public.is_(True))
            .order_by(Match.created_at.desc())
            .limit(limit)
        )
    )


def live_matches(session: Session, limit: int = 50) -> list[Match]:
    """Public games being played, for spectators."""
    return list(
        session.scalars(
            select(Match)
            .where(Match.status == "playing", Match.public.is_(True))
            .order_by(Match.created_at.desc())
            .limit(limit)
        )
    )


def matches_of(session: Session, actor: Actor, limit: int = 50) -> list[Match]:
    """The games where ``actor`` has a seat, newest first."""
    conds = []
    if actor.user_id is not None:
        conds.append(Seat.user_id == actor.user_id)
    if actor.session_id is not None:
        conds.append(Seat.session_id == actor.session_id)
    if not conds:
        return []
    return list(
        session.scalars(
            select(Match)
            .where(Match.id.in_(select(Seat.match_id).where(or_(*conds))))
            .where(Match.status != "abandoned")
            .order_by(Match.created_at.desc())
            .limit(limit)
        )
    )


def _is_open(seat: Seat) -> bool:
    return seat.kind == "human" and seat.user_id is None and seat.session_id is None


def _seat_kind(spec: str, game: str) -> tuple[str, str | None]:
    if spec in ("me", "local", "open"):
        return spec, None
    if spec.startswith("bot:"):
        level = spec[4:]
        if level not in LEVELS[game]:
            raise Refusal(
                "bad-level",
                "there is no bot level %(level)s; levels: %(levels)s",
                level=level,
                levels=", ".join(LEVELS[game]),
            )
        return "bot", level
    raise Refusal("bad-seats", "a seat is me, local, open or bot:LEVEL, not %(spec)s", spec=spec)


def _players_and_setup(form: NewMatch) -> tuple[list[str], dict[str, Any]]:
    spec = get_spec(form.game)
    if not spec.terrains:
        return list(spec.seats), {}
    terrain = terrains().get(form.terrain or "classic")
    if terrain is None:
        raise Refusal("unknown-terrain", "there is no terrain called %(name)s", name=form.terrain)
    n = len(form.seats)
    if not 2 <= n <= terrain["players"]:
        raise Refusal("bad-seats", "this terrain takes 2 to %(n)s snakes", n=terrain["players"])
    for race in form.races:
        if race not in ("", "random", *spec.races):
            raise Refusal("bad-race", "there is no race called %(name)s", name=race)
    players = list(spec.seat_ids(n))
    return players, {"terrain": terrain["id"]}


def _start_if_full(
    session: Session, match: Match, seats: list[Seat], now: datetime
) -> TurnOpen | None:
    if any(_is_open(s) for s in seats):
        return None
    if get_spec(match.game).terrains:
        match.setup = _snake_setup(match, seats)
    return start_match_tx(session, match, seats, now)


def _snake_setup(match: Match, seats: list[Seat]) -> dict[str, Any]:
    """SS-2.5 setup: one snake per seat; a race left open is drawn (seeded by the match)."""
    terrain = terrains()[match.setup["terrain"]]
    allowed = terrain.get("races") or list(RACES)
    rng = Random(f"{match.seed}/races")
    snakes = []
    for seat in seats:
        race = seat.options.get("race") or "random"
        if race == "random" or race not in allowed:
            race = rng.choice(allowed)
        snakes.append({"id": seat.player, "colour": seat.player, "race": race})
    return {"terrain": terrain["id"], "snakes": snakes}
