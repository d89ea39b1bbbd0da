"""Game controls and identity: services on a clock the tests move, and a few games."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from functools import cache
from typing import Any

import pytest

from samtempa.server.app import Services, build_services
from samtempa.server.core.clock import ManualClock
from samtempa.server.core.config import Settings
from samtempa.server.core.security import hash_password
from samtempa.server.models import Match, User
from samtempa.server.services import accounts, lobby
from samtempa.server.services.matches import Actor, TurnOpen, submit_tx

START = datetime(2026, 5, 4, 10, 0, 0)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
def clocked(settings: Settings, clock: ManualClock) -> Iterator[Services]:
    """Services whose every "now" is ``clock`` (deadlines fire only when it is moved)."""
    built = build_services(settings, clock=clock)
    built.db.migrate()
    yield built
    built.db.close()


@cache
def _hash() -> str:
    return hash_password("password123")


def make_user(
    services: Services, login: str, birth: date = date(1990, 1, 1), parent: User | None = None
) -> User:
    """An account (its password hashed once for all the tests: argon2 is slow on purpose)."""
    now = services.coordinator.now()
    with services.db.write() as session:
        if parent is not None:
            return accounts.create_child(
                session, parent, login, login.title(), "password123", birth, now, _hash()
            )
        form = accounts.SignUp(login, login.title(), f"{login}@example.org", "password123", birth)
        return accounts.sign_up(session, form, now, 16, password_hash=_hash())


def new_match(
    services: Services,
    actor: Actor,
    seats: list[str],
    game: str = "what-the-shell",
    clock_s: int = 60,
    public: bool = True,
) -> tuple[str, TurnOpen | None]:
    """A match created by ``actor`` (its account, if any, is ``actor.user_id``)."""
    now = services.coordinator.now()
    with services.db.write() as session:
        user = session.get(User, actor.user_id) if actor.user_id else None
        terrain = "classic" if game == "snake-synapse" else None
        match, opened = lobby.create_match(
            session,
            actor,
            user,
            lobby.NewMatch(game, seats, clock_s, public, terrain),
            now,
            (5, 3600),
        )
        return match.id, opened


def join(services: Services, actor: Actor, match_id: str) -> TurnOpen | None:
    with services.db.write() as session:
        user = session.get(User, actor.user_id)
        _, opened = lobby.join_match(session, actor, user, match_id, services.coordinator.now())
        return opened


def seal(services: Services, match_id: str, actor: Actor, player: str, orders: Any) -> Any:
    """Orders through the database path, for the turn being played."""
    with services.db.write() as session:
        match = session.get(Match, match_id)
        assert match is not None
        number = match.turn + 1
        return submit_tx(
            session, match_id, actor, player, orders, number, services.coordinator.now()
        )


def match_row(services: Services, match_id: str) -> Match:
    with services.db.read() as session:
        match = session.get(Match, match_id)
        assert match is not None
        session.expunge(match)
        return match
