"""The match coordinator: sealed orders, one resolution per turn, refusals that say why."""

from __future__ import annotations

import asyncio
import json
import threading
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from samtempa.games.shell.board import SQUARES, square_name
from samtempa.server.app import Services
from samtempa.server.models import Match, PendingOrder, Turn, User
from samtempa.server.services import lobby
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection
from samtempa.server.services.matches import (
    BOT,
    Actor,
    live_info_tx,
    resolve_due_tx,
    snapshot_message,
    submit_tx,
    utcnow,
)

from .conftest import make_user

GUEST = Actor(None, "session-a")


def new_match(services: Services, seats: list[str], actor: Actor = GUEST, clock: int = 60) -> str:
    with services.db.write() as session:
        user = session.get(User, actor.user_id) if actor.user_id else None
        match, _ = lobby.create_match(
            session,
            actor,
            user,
            lobby.NewMatch("what-the-shell", seats, clock),
            utcnow(),
            (5, 3600),
        )
        return match.id


def submit(
    services: Services,
    match_id: str,
    actor: Actor,
    player: str,
    orders: Any,
    turn: int | None = None,
) -> Any:
    with services.db.write() as session:
        return submit_tx(session, match_id, actor, player, orders, turn, utcnow())


def turns_of(services: Services, match_id: str) -> int:
    with services.db.read() as session:
        return (
            session.scalar(select(func.count()).select_from(Turn).where(Turn.match_id == match_id))
            or 0
        )


def test_hotseat_turn_resolves_when_both_picks_are_in(services: Services) -> None:
    mid = new_match(services, ["me", "local"])
    first = submit(services, mid, GUEST, "black", "E5", 1)
    assert first.revealed is None
    second = submit(services, mid, GUEST, "white", "B4", 1)
    assert second.revealed is not None
    assert second.revealed.orders == {"black": "E5", "white": "B4"}
    assert second.revealed.state["turn"] == 1
    assert second.revealed.report["black"] == "E5"
    with services.db.read() as session:
        match = session.get(Match, mid)
        assert match is not None
        assert match.turn == 1
        assert session.scalar(select(func.count()).select_from(PendingOrder)) == 0


def test_lowercase_pick_is_refused_with_the_engines_reason(services: Services) -> None:
    mid = new_match(services, ["me", "local"])
    with pytest.raises(Refusal) as err:
        submit(services, mid, GUEST, "black", "e5")
    assert err.value.code == "bad-notation"
    assert err.value.message


@pytest.mark.parametrize(
    ("actor", "player", "orders", "turn", "code"),
    [
        (Actor(None, "someone-else"), "black", "E5", None, "not-your-seat"),
        (GUEST, "green", "E5", None, "unknown-player"),
        (GUEST, "black", "J5", None, "off-board"),
        (GUEST, "black", 42, None, "bad-notation"),
        (GUEST, "black", "E5", 3, "wrong-turn"),
        (BOT, "black", "E5", None, "not-your-seat"),
    ],
)
def test_refusals_say_why(
    services: Services, actor: Actor, player: str, orders: Any, turn: int | None, code: str
) -> None:
    mid = new_match(services, ["me", "local"])
    with pytest.raises(Refusal) as err:
        submit(services, mid, actor, player, orders, turn)
    assert err.value.code == code
    assert len(err.value.message) > 10


def test_second_order_for_the_same_turn_is_refused_and_the_first_kept(services: Services) -> None:
    mid = new_match(services, ["me", "local"])
    submit(services, mid, GUEST, "black", "E5")
    with pytest.raises(Refusal) as err:
        submit(services, mid, GUEST, "black", "A1")
    assert err.value.code == "already-submitted"
    out = submit(services, mid, GUEST, "white", "A2")
    assert out.revealed is not None
    assert out.revealed.orders["black"] == "E5"


def test_occupied_cell_refused_state_unchanged(services: Services) -> None:
    mid = new_match(services, ["me", "local"])
    submit(services, mid, GUEST, "black", "E5")
    submit(services, mid, GUEST, "white", "E5")  # collision: an egg on E5
    with pytest.raises(Refusal) as err:
        submit(services, mid, GUEST, "black", "E5")
    assert err.value.code == "occupied"
    with services.db.read() as session:
        match = session.get(Match, mid)
        assert match is not None
        assert match.state is not None
        assert match.state["eggs"] == ["E5"]
        assert match.turn == 1


def test_snapshot_never_holds_the_opponents_pending_pick(services: Services) -> None:
    alice = make_user(services, "alice")
    bob = make_user(services, "bob")
    a, b = Actor(alice.id, "sa"), Actor(bob.id, "sb")
    mid = new_match(services, ["me", "open"], a)
    with services.db.write() as session:
        lobby.join_match(session, b, session.get(User, bob.id), mid, utcnow())
    submit(services, mid, a, "black", "C7")
    with services.db.read() as session:
        seen_by_bob = snapshot_message(live_info_tx(session, mid, b), b, utcnow())
        seen_by_alice = snapshot_message(live_info_tx(session, mid, a), a, utcnow())
        seen_by_spectator = snapshot_message(live_info_tx(session, mid, Actor()), Actor(), utcnow())
    assert seen_by_bob["submitted"] == ["black"]
    assert "C7" not in repr(seen_by_bob)
    assert "C7" not in repr(seen_by_spectator)
    assert seen_by_alice["your_orders"] == {"black": "C7"}


def test_deadline_plays_the_missed_order_policy_once(services: Services) -> None:
    mid = new_match(services, ["me", "local"], clock=5)
    submit(services, mid, GUEST, "black", "E5")
    with services.db.write() as session:
        assert resolve_due_tx(session, mid, utcnow()) is None  # not yet due
    later = utcnow() + timedelta(seconds=6)
    with services.db.write() as session:
        reveal = resolve_due_tx(session, mid, later)
    assert reveal is not None
    assert reveal.missed == ["white"]
    assert reveal.orders["black"] == "E5"
    # Any empty cell, E5 included (a collision then lays an egg, WTS-3.2): 1 chance in 81.
    assert reveal.orders["white"] in {square_name(s) for s in SQUARES}
    with services.db.write() as session:
        assert resolve_due_tx(session, mid, later) is None  # the new turn's deadline is later
    assert turns_of(services, mid) == 1


def test_many_threads_submitting_at_once_resolve_the_turn_exactly_once(services: Services) -> None:
    mid = new_match(services, ["me", "local"])
    results: list[str] = []
    lock = threading.Lock()
    barrier = threading.Barrier(24)

    def worker(i: int) -> None:
        player = "black" if i % 2 else "white"
        cell = "ABCDEFGHI"[i % 9] + str(1 + i // 9)
        barrier.wait()
        try:
            out = submit(services, mid, GUEST, player, cell, 1)
            label = "revealed" if out.revealed else "accepted"
        except Refusal as refusal:
            label = refusal.code
        with lock:
            results.append(label)

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results.count("revealed") == 1
    assert results.count("accepted") == 1
    # Everyone else is told why: the colour already played, or the turn is over.
    assert set(results) - {"revealed", "accepted"} <= {"already-submitted", "wrong-turn"}
    assert turns_of(services, mid) == 1


def test_concurrent_coordinator_submissions_resolve_once_and_tell_everyone(
    services: Services,
) -> None:
    mid = new_match(services, ["me", "local"])

    async def main() -> tuple[list[Any], list[dict[str, Any]]]:
        conn = Connection(mid, frozenset(), None, None)  # a spectator
        services.hub.add(conn)
        calls = [
            services.coordinator.submit(
                mid, GUEST, "black" if i % 2 else "white", f"A{1 + i % 9}", 1
            )
            for i in range(40)
        ]
        results = await asyncio.gather(*calls, return_exceptions=True)
        messages = []
        while not conn.queue.empty():
            m = conn.queue.get_nowait()
            assert m is not None
            messages.append(json.loads(m) if isinstance(m, str) else m)
        await services.coordinator.close()
        return results, messages

    results, messages = asyncio.run(main())
    accepted = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(accepted) == 2
    assert len(refused) == 38
    assert sum(1 for r in accepted if r.revealed) == 1
    kinds = [m["type"] for m in messages]
    assert kinds == ["submitted", "submitted", "reveal"]
    # The spectator's "submitted" notices name the player, never the pick.
    assert all("orders" not in m for m in messages if m["type"] == "submitted")
    assert turns_of(services, mid) == 1


def test_bot_seat_plays_its_turns(services: Services) -> None:
    mid = new_match(services, ["me", "bot:easy"])

    async def main() -> None:
        with services.db.read() as session:
            match = session.get(Match, mid)
            assert match is not None
            assert match.deadline is not None
        from samtempa.server.services.matches import TurnOpen

        services.coordinator.turn_opened(TurnOpen(mid, 1, None, [("white", "easy")]))
        for _ in range(100):
            await asyncio.sleep(0.02)
            with services.db.read() as session:
                if session.scalar(select(func.count()).select_from(PendingOrder)):
                    break
        out = await services.coordinator.submit(mid, GUEST, "black", "E5", 1)
        assert out.revealed is not None
        assert out.revealed.orders["black"] == "E5"
        assert out.revealed.missed == []
        await services.coordinator.close()

    asyncio.run(main())


def test_memory_behind_the_database_falls_back_and_resolves_once(services: Services) -> None:
    """Another process (here: the database path directly) moves the match on behind the
    coordinator's in-memory copy; the coordinator notices and still resolves each turn once."""
    mid = new_match(services, ["me", "local"])

    async def main() -> None:
        await services.coordinator.submit(mid, GUEST, "black", "A1", 1)  # now held in memory
        submit(services, mid, GUEST, "white", "B1", 1)  # resolved elsewhere
        # The memory still believes turn 1 waits for white: the database says otherwise.
        out = await services.coordinator.submit(mid, GUEST, "black", "C1", 2)
        assert out.turn == 2
        assert out.revealed is None
        with pytest.raises(Refusal) as err:
            await services.coordinator.submit(mid, GUEST, "white", "B1", 2)
        assert err.value.code == "occupied"
        out = await services.coordinator.submit(mid, GUEST, "white", "D1", 2)
        assert out.revealed is not None
        assert out.revealed.orders == {"black": "C1", "white": "D1"}
        await services.coordinator.close()

    asyncio.run(main())
    assert turns_of(services, mid) == 2
