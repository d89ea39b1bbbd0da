"""Players' identity: profiles, leaderboards, "my games", who opened a game.

Children's accounts (``User.parent_id``) are shown conservatively: to anyone but
the child and their parent, a child's profile shows the name only (no games,
results or ratings), the child is on no leaderboard, and the lobby names them
without a link. A profile lists private games (not in the lobby) only to its
owner and their parent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session

from samtempa.games.registry import GAME_NAMES, get_game
from samtempa.server.models import Match, PendingOrder, Seat, User
from samtempa.server.models_identity import MatchStanding, Rating, RatingChange
from samtempa.server.services.accounts import LOGIN_RE
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import Actor
from samtempa.server.services.standings import ordinal
from samtempa.server.services.verdicts import short_result, verdict

Gettext = Callable[..., str]
#: What a game's list leaves out: games that ended without being played out.
UNLISTED = ("abandoned", "aborted")


@dataclass(frozen=True, slots=True)
class Person:
    """Someone as a page names them: a name, and a login to link to (None: no link)."""

    name: str
    login: str | None


def person(user: User | None) -> Person | None:
    """A user as others see them: children without a link to their profile."""
    if user is None:
        return None
    return Person(user.name, user.login if user.parent_id is None else None)


def may_see_all(owner: User, viewer: User | None) -> bool:
    """The owner of a profile and their parent see all of it."""
    return viewer is not None and viewer.id in (owner.id, owner.parent_id)


@dataclass(slots=True)
class RatingLine:
    game: str
    rating: float
    mu: float
    sigma: float
    games: int
    rank: int | None  # on the leaderboard (children are on none)


@dataclass(slots=True)
class GameLine:
    """One game on a profile or in "my games", from its player's side."""

    match: Match
    result: str
    opponents: list[Person | str] = field(default_factory=list)
    change: float | None = None  # rating points won or lost


@dataclass(slots=True)
class Profile:
    user: User
    complete: bool  # False: a child's profile seen by others (name only)
    ratings: list[RatingLine] = field(default_factory=list)
    games: list[GameLine] = field(default_factory=list)


def user_by_login(session: Session, login: str) -> User:
    user = None
    if LOGIN_RE.match(login):  # anything else is no login (and never reaches the database)
        user = session.scalar(select(User).where(func.lower(User.login) == login.lower()))
    if user is None:
        raise Refusal("no-such-player", "there is no player called %(login)s", 404, login=login)
    return user


def rank_of(session: Session, game: str, rating: float) -> int:
    """1 + the adults with a better rating in ``game``."""
    better = session.scalar(
        select(func.count())
        .select_from(Rating)
        .join(User, User.id == Rating.user_id)
        .where(
            Rating.game == game,
            User.parent_id.is_(None),
            Rating.mu - 3 * Rating.sigma > rating,
        )
    )
    return int(better or 0) + 1


def profile_tx(
    session: Session, login: str, viewer: User | None, _: Gettext, limit: int = 50
) -> Profile:
    owner = user_by_login(session, login)
    everything = may_see_all(owner, viewer)
    if owner.parent_id is not None and not everything:
        return Profile(owner, complete=False)
    profile = Profile(owner, complete=True)
    rows = session.scalars(select(Rating).where(Rating.user_id == owner.id))
    by_game = {r.game: r for r in rows}
    for game in GAME_NAMES:
        r = by_game.get(game)
        if r is None:
            continue
        value = ordinal(r.mu, r.sigma)
        rank = rank_of(session, game, value) if owner.parent_id is None else None
        profile.ratings.append(RatingLine(game, value, r.mu, r.sigma, r.games, rank))
    query = (
        select(Match)
        .where(Match.id.in_(select(Seat.match_id).where(Seat.user_id == owner.id)))
        .where(Match.status.not_in(UNLISTED))
        .order_by(Match.created_at.desc(), Match.id)
        .limit(limit)
    )
    if not everything:
        query = query.where(Match.public.is_(True))
    matches = list(session.scalars(query))
    profile.games = game_lines(session, matches, Actor(owner.id, None), _, owner.id)
    return profile


def game_lines(
    session: Session, matches: list[Match], actor: Actor, _: Gettext, user_id: int | None
) -> list[GameLine]:
    """Each match from ``actor``'s side: result, opponents, rating change."""
    ids = [m.id for m in matches]
    if not ids:
        return []
    seats: dict[str, list[Seat]] = {}
    for seat in session.scalars(select(Seat).where(Seat.match_id.in_(ids)).order_by(Seat.index)):
        seats.setdefault(seat.match_id, []).append(seat)
    places = {
        s.match_id: s.places
        for s in session.scalars(select(MatchStanding).where(MatchStanding.match_id.in_(ids)))
    }
    changes: dict[str, float] = {}
    if user_id is not None:
        for c in session.scalars(
            select(RatingChange).where(
                RatingChange.match_id.in_(ids), RatingChange.user_id == user_id
            )
        ):
            changes[c.match_id] = ordinal(c.mu_after, c.sigma_after) - ordinal(
                c.mu_before, c.sigma_before
            )
    users = _users(session, (s.user_id for ss in seats.values() for s in ss))
    lines = []
    for match in matches:
        here = seats.get(match.id, [])
        mine = [s.player for s in here if s.kind == "human" and actor.controls(s)]
        players = [s.player for s in here]
        if len(mine) == 1:
            result = short_result(
                _, match.status, match.result, places.get(match.id), players, mine[0]
            )
        else:
            told = verdict(_, match.status, match.result, places.get(match.id), players, mine)
            result = told or short_result(_, match.status, None, None, players, "")
        others: list[Person | str] = []
        for s in here:
            if s.player in mine:
                continue
            if s.kind == "bot":
                others.append(_("computer (%(level)s)", level=_(s.bot_level or "easy")))
            elif (who := person(users.get(s.user_id or -1))) is not None:
                others.append(who)
            else:
                others.append(_("guest") if s.session_id is not None else _("free seat"))
        lines.append(GameLine(match, result, others, changes.get(match.id)))
    return lines


def _users(session: Session, ids: Iterable[int | None]) -> dict[int, User]:
    wanted = {i for i in ids if i is not None}
    if not wanted:
        return {}
    return {u.id: u for u in session.scalars(select(User).where(User.id.in_(wanted)))}


@dataclass(slots=True)
class BoardLine:
    rank: int
    who: Person
    rating: float
    mu: float
    sigma: float
    games: int


def leaderboard_tx(session: Session, game: str, limit: int = 100) -> list[BoardLine]:
    """The best-rated adults of ``game``, best first (ties share a rank)."""
    if game not in GAME_NAMES:
        raise Refusal("unknown-game", "there is no game called %(name)s", 404, name=game)
    score = Rating.mu - 3 * Rating.sigma
    rows = session.execute(
        select(Rating, User)
        .join(User, User.id == Rating.user_id)
        .where(Rating.game == game, User.parent_id.is_(None))
        .order_by(score.desc(), Rating.games.desc(), User.login)
        .limit(limit)
    )
    lines: list[BoardLine] = []
    for n, (r, u) in enumerate(rows, 1):
        value = ordinal(r.mu, r.sigma)
        rank = lines[-1].rank if lines and abs(lines[-1].rating - value) < 1e-9 else n
        lines.append(BoardLine(rank, Person(u.name, u.login), value, r.mu, r.sigma, r.games))
    return lines


@dataclass(slots=True)
class MyGames:
    """A visitor's games: those waiting for their orders first (soonest deadline first)."""

    waiting: list[GameLine] = field(default_factory=list)
    playing: list[GameLine] = field(default_factory=list)
    open: list[GameLine] = field(default_factory=list)
    finished: list[GameLine] = field(default_factory=list)


def my_games_tx(session: Session, actor: Actor, _: Gettext, limit: int = 100) -> MyGames:
    conds = []
    if actor.user_id is not None:
        conds.append(Seat.user_id == actor.user_id)
    if actor.session_id is not None:
        conds.append(Seat.session_id == actor.session_id)
    if not conds:
        return MyGames()
    matches = list(
        session.scalars(
            select(Match)
            .where(Match.id.in_(select(Seat.match_id).where(or_(*conds))))
            .where(Match.status.not_in(UNLISTED))
            .order_by(Match.created_at.desc(), Match.id)
            .limit(limit)
        )
    )
    due = _due(session, [m for m in matches if m.status == "playing"], actor)
    out = MyGames()
    for line in game_lines(session, matches, actor, _, actor.user_id):
        m = line.match
        if m.status == "playing":
            (out.waiting if m.id in due else out.playing).append(line)
        elif m.status == "finished":
            out.finished.append(line)
        else:
            out.open.append(line)
    out.waiting.sort(key=lambda g: (g.match.deadline is None, g.match.deadline or datetime.min))
    return out


def _due(session: Session, matches: list[Match], actor: Actor) -> set[str]:
    """The matches waiting for orders from one of ``actor``'s seats."""
    ids = [m.id for m in matches]
    if not ids:
        return set()
    seats: dict[str, list[Seat]] = {}
    for seat in session.scalars(select(Seat).where(Seat.match_id.in_(ids))):
        if seat.kind == "human" and actor.controls(seat):
            seats.setdefault(seat.match_id, []).append(seat)
    sealed: set[tuple[str, int, str]] = set()
    for row in session.execute(
        select(PendingOrder.match_id, PendingOrder.turn, PendingOrder.player).where(
            PendingOrder.match_id.in_(ids)
        )
    ):
        sealed.add((row[0], row[1], row[2]))
    due = set()
    for m in matches:
        if m.state is None:
            continue
        game = get_game(m.game)
        waiting = set(game.players(game.from_json(m.state)))
        for seat in seats.get(m.id, []):
            if seat.player in waiting and (m.id, m.turn + 1, seat.player) not in sealed:
                due.add(m.id)
    return due


def openers(session: Session, matches: Iterable[Match]) -> dict[str, Person]:
    """Who opened each match (a guest's games are missing: no account to name)."""
    listed = list(matches)
    users = _users(session, (m.created_by_user for m in listed))
    out = {}
    for m in listed:
        who = person(users.get(m.created_by_user or -1))
        if who is not None:
            out[m.id] = who
    return out


def profile_json(profile: Profile) -> dict[str, Any]:
    """A profile for API clients: the same things the page shows."""
    out: dict[str, Any] = {"login": profile.user.login, "name": profile.user.name}
    if not profile.complete:
        return {**out, "private": True}
    return {
        **out,
        "ratings": [
            {"game": r.game, "rating": round(r.rating, 2), "mu": r.mu, "sigma": r.sigma,
             "games": r.games, "rank": r.rank}
            for r in profile.ratings
        ],
        "games": [
            {"match": g.match.id, "game": g.match.game, "status": g.match.status,
             "result": g.result, "change": None if g.change is None else round(g.change, 2)}
            for g in profile.games
        ],
    }  # fmt: skip
