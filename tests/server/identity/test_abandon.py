"""Abandoned games end (no result, no rating) and leave the lists; games someone plays
or watches do not."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from samtempa.server.app import Services
from samtempa.server.core.clock import ManualClock
from samtempa.server.services import lobby
from samtempa.server.services.live import Connection
from samtempa.server.services.matches import Actor

from .conftest import make_user, match_row, new_match, seal

GUEST = Actor(None, "guest-session")


def deadlines(services: Services, clock: ManualClock, match_id: str, n: int) -> list[str]:
    """Let ``n`` turn deadlines pass with nobody playing; the match's status after each."""

    async def run() -> list[str]:
        seen = []
        for _ in range(n):
            clock.advance(seconds=61)
            await services.coordinator.resolve_due(match_id)
            seen.append(match_row(services, match_id).status)
        return seen

    return asyncio.run(run())


def listed(services: Services, match_id: str) -> bool:
    with services.db.read() as session:
        games = lobby.live_matches(session) + lobby.open_matches(session)
        mine = lobby.matches_of(session, GUEST)
        return any(m.id == match_id for m in games + mine)


def test_a_guest_game_nobody_plays_is_abandoned_at_the_third_deadline(
    clocked: Services, clock: ManualClock
) -> None:
    match_id, _ = new_match(clocked, GUEST, ["me", "local"])
    assert listed(clocked, match_id)
    assert deadlines(clocked, clock, match_id, 3) == ["playing", "playing", "abandoned"]
    match = match_row(clocked, match_id)
    assert (match.turn, match.result, match.deadline) == (2, None, None)
    assert not listed(clocked, match_id)


def test_a_connected_player_keeps_the_game_alive(clocked: Services, clock: ManualClock) -> None:
    match_id, _ = new_match(clocked, GUEST, ["me", "local"])
    here = Connection(match_id, frozenset({"black", "white"}), None, GUEST.session_id)
    clocked.hub.add(here)
    assert deadlines(clocked, clock, match_id, 4) == ["playing"] * 4
    # A spectator does not count: once the player has gone, the game is abandoned.
    clocked.hub.remove(here)
    clocked.hub.add(Connection(match_id, frozenset(), None, "spectator"))
    assert deadlines(clocked, clock, match_id, 3)[-1] == "abandoned"


def test_a_player_who_plays_now_and_then_keeps_the_game(
    clocked: Services, clock: ManualClock
) -> None:
    match_id, _ = new_match(clocked, GUEST, ["me", "bot:easy"])
    deadlines(clocked, clock, match_id, 1)
    seal(clocked, match_id, GUEST, "black", "E5")  # the bot has not played: still turn 2
    # Turn 2 resolves with black's pick; from there, three deadlines in a row with nobody.
    assert deadlines(clocked, clock, match_id, 3) == ["playing", "playing", "playing"]
    assert deadlines(clocked, clock, match_id, 1) == ["abandoned"]


def test_a_rule_of_zero_never_abandons(clocked: Services, clock: ManualClock) -> None:
    clocked.settings.abandon_after_idle_turns = 0
    match_id, _ = new_match(clocked, GUEST, ["me", "local"])
    assert deadlines(clocked, clock, match_id, 4) == ["playing"] * 4


def test_an_open_game_nobody_joins_leaves_the_lobby(clocked: Services, clock: ManualClock) -> None:
    alice = make_user(clocked, "alice")
    actor = Actor(alice.id, "alice-session")
    stale, _ = new_match(clocked, actor, ["me", "open"])
    watched, _ = new_match(clocked, actor, ["me", "open"])
    clock.advance(hours=23)
    fresh, _ = new_match(clocked, actor, ["me", "open"])
    clock.advance(hours=2)
    clocked.hub.add(Connection(watched, frozenset(), alice.id, "alice-session"))
    gone = asyncio.run(clocked.controls.sweep())
    assert gone == [stale]
    assert match_row(clocked, stale).status == "abandoned"
    assert match_row(clocked, watched).status == "open"
    assert match_row(clocked, fresh).status == "open"
    with clocked.db.read() as session:
        assert [m.id for m in lobby.open_matches(session)] == [fresh, watched]
    assert clocked.coordinator.now() - match_row(clocked, fresh).created_at < timedelta(hours=3)
