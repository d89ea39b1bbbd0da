"""Final standings and ratings: what a finished match counts for, counted once.

When a match finishes (by its rules, a resignation or an agreed draw) its places
come from the engine (:meth:`Game.placings`) and are kept in a
:class:`MatchStanding` row; that row is the mark that the match was counted,
so ratings move exactly once whatever calls :func:`settle_tx` again.

Rated games: every person in the match is an account, at least two accounts
take part and none holds two seats (a game on one screen is not rated). Bots
are not rated: in a Snake Synapse game with bots, the accounts are ranked by
their places among themselves. Ratings are openskill's Plackett–Luce model per
account and game (placements rank any number of players, ties share a rank);
a rating is shown as its ordinal, μ − 3σ, which starts at 0.
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import exists, select
from sqlalchemy.orm import Session

from samtempa.games.base import Outcome
from samtempa.games.registry import get_game
from samtempa.server.models import Match, Seat
from samtempa.server.models_identity import MatchStanding, Rating, RatingChange
from samtempa.server.services.matches import lock_match, seats_of


@cache
def model() -> PlackettLuce:
    return PlackettLuce()


def ordinal(mu: float, sigma: float) -> float:
    """The rating shown: μ − 3σ (a conservative estimate of the skill)."""
    return mu - 3 * sigma


def places_of(match: Match) -> list[list[str]]:
    """The engine's places of a finished match, best first."""
    game = get_game(match.game)
    state = game.from_json(match.state)
    outcome = Outcome.from_json(match.result) if match.result is not None else None
    return [list(place) for place in game.placings(state, outcome)]


def rated_accounts(seats: list[Seat]) -> dict[str, int] | None:
    """Each seat's account in a rated match (player -> user id), or None if unrated."""
    people = [s for s in seats if s.kind == "human"]
    if any(s.user_id is None for s in people):
        return None
    accounts = {s.player: s.user_id for s in people if s.user_id is not None}
    users = list(accounts.values())
    if len(set(users)) < 2 or len(set(users)) != len(users):
        return None
    return accounts


def settle_tx(session: Session, match_id: str, now: datetime) -> MatchStanding | None:
    """Count a finished match once: its standing, and the ratings it moves if rated.

    None when the match is not finished or was counted already."""
    match = lock_match(session, match_id)
    if match.status != "finished" or match.result is None or match.state is None:
        return None
    if session.get(MatchStanding, match_id) is not None:
        return None
    places = places_of(match)
    accounts = rated_accounts(seats_of(session, match_id))
    standing = MatchStanding(
        match_id=match_id, places=places, rated=accounts is not None, settled_at=now
    )
    session.add(standing)
    if accounts is not None:
        _rate(session, match, places, accounts, now)
    session.flush()
    return standing


def unsettled(session: Session, limit: int = 500) -> list[str]:
    """Finished matches not counted yet (a crash between the end and the count, or games
    finished before standings existed), in the order they finished."""
    counted = exists().where(MatchStanding.match_id == Match.id)
    return list(
        session.scalars(
            select(Match.id)
            .where(Match.status == "finished", ~counted)
            .order_by(Match.finished_at, Match.id)
            .limit(limit)
        )
    )


def _rate(
    session: Session,
    match: Match,
    places: list[list[str]],
    accounts: dict[str, int],
    now: datetime,
) -> None:
    """One openskill update over the accounts, ranked by their places among themselves."""
    ranked: list[tuple[int, int]] = []  # (user id, rank from 0), best first
    rank = 0
    for place in places:
        here = [accounts[p] for p in place if p in accounts]
        ranked.extend((user, rank) for user in here)
        rank += 1 if here else 0
    users = [u for u, _ in ranked]
    rows = {
        r.user_id: r
        for r in session.scalars(
            select(Rating)
            .where(Rating.game == match.game, Rating.user_id.in_(users))
            .with_for_update()
        )
    }
    m = model()
    before: dict[int, tuple[float, float]] = {}
    teams: list[list[Any]] = []
    for user in users:
        row = rows.get(user)
        mu, sigma = (row.mu, row.sigma) if row is not None else (m.mu, m.sigma)
        before[user] = (mu, sigma)
        teams.append([m.rating(mu=mu, sigma=sigma)])
    new = m.rate(teams, ranks=[float(r) for _, r in ranked])
    for (user, r), team in zip(ranked, new, strict=True):
        after = team[0]
        row = rows.get(user)
        if row is None:
            row = Rating(user_id=user, game=match.game, games=0)
            session.add(row)
        row.mu, row.sigma = float(after.mu), float(after.sigma)
        row.games = (row.games or 0) + 1
        row.updated_at = now
        mu0, sigma0 = before[user]
        session.add(
            RatingChange(
                match_id=match.id,
                user_id=user,
                game=match.game,
                place=1 + sum(1 for _, other in ranked if other < r),
                of=len(ranked),
                mu_before=mu0,
                sigma_before=sigma0,
                mu_after=row.mu,
                sigma_after=row.sigma,
                at=now,
            )
        )
