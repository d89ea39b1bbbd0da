"""A seat that changes hands while its match is held in memory (the coordinator's fast path).

Logging in during a game played as a guest gives its seats to the account
(:func:`.accounts.log_in`); the in-memory copy of the match still has the
guest's seats, so its refusal ``not-your-seat`` is checked again against the
database instead of being final.
"""

from __future__ import annotations

import asyncio

from samtempa.server.app import Services
from samtempa.server.models import User
from samtempa.server.services import accounts, lobby
from samtempa.server.services.matches import Actor, utcnow

from .conftest import make_user


def test_orders_after_a_login_mid_game_are_taken_though_the_match_is_in_memory(
    services: Services,
) -> None:
    now = utcnow()
    with services.db.write() as session:
        _, guest_row = accounts.new_browser_session(session, None, now)
        guest = Actor(None, guest_row.id)
        match, _ = lobby.create_match(
            session, guest, None, lobby.NewMatch("what-the-shell", ["me", "local"]), now, (5, 3600)
        )
        match_id = match.id
    alice = make_user(services, "alice")

    async def scenario() -> None:
        coordinator = services.coordinator
        await coordinator.submit(match_id, guest, "black", "E5", 1)  # loads the match in memory
        assert match_id in coordinator._live
        with services.db.write() as session:
            old = accounts.browser_session_by_id(session, guest_row.id)
            user = session.get(User, alice.id)
            assert user is not None
            _, row = accounts.log_in(session, old, user, now)
            account = Actor(alice.id, row.id)
        done = await coordinator.submit(match_id, account, "white", "D4", 1)
        assert done.revealed is not None
        assert done.revealed.number == 1

    asyncio.run(scenario())
