"""Live updates between server processes over Redis pub/sub (issue 21).

Two apps' services on one PostgreSQL database and one Redis stand for two
processes: each has its own hub, coordinator and bus (its own origin), as a
``samtempa serve --workers 2`` has.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from samtempa.server.app import Services, build_services
from samtempa.server.core.bus import RedisBus
from samtempa.server.core.config import Settings
from samtempa.server.models import Turn
from samtempa.server.models_correspondence import Notification
from samtempa.server.services import notices
from samtempa.server.services.live import Connection
from samtempa.server.services.matches import hot, utcnow
from tests.conftest import TEMPLATE
from tests.servers import PostgresServer, RedisServer

from .conftest import make_user
from .test_coordinator import GUEST, new_match, turns_of

SPECTATOR_SESSION = "session-spectator"


@pytest.fixture
def two(
    tmp_path: Path, postgres_server: PostgresServer, redis_server: RedisServer
) -> Iterator[tuple[Services, Services]]:
    url = postgres_server.create_database(TEMPLATE)
    made = []
    for name in ("a", "b"):
        settings = Settings(data_dir=tmp_path / name, database_url=url, redis_url=redis_server.url)
        made.append(build_services(settings))
    yield made[0], made[1]
    for services in made:
        services.db.close()
    postgres_server.drop_database(url)


async def _start(services: Services) -> RedisBus:
    bus = RedisBus(services.settings.redis_url)
    services.hub.bus = bus
    await bus.start(services.hub.from_bus, services.coordinator.resync)
    return bus


async def _next(conn: Connection) -> dict[str, Any]:
    item = await asyncio.wait_for(conn.queue.get(), timeout=10)
    assert isinstance(item, str), item
    message: dict[str, Any] = json.loads(item)
    return message


def test_orders_and_reveals_reach_the_other_process_each_viewer_its_own(
    two: tuple[Services, Services],
) -> None:
    a, b = two
    mid = new_match(a, ["me", "local"])  # both seats held by GUEST's browser session

    async def main() -> dict[str, list[dict[str, Any]]]:
        buses = [await _start(a), await _start(b)]
        player_on_b = Connection(mid, frozenset({"black", "white"}), None, GUEST.session_id)
        spectator_on_b = Connection(mid, frozenset(), None, SPECTATOR_SESSION)
        spectator_on_a = Connection(mid, frozenset(), None, "another-spectator")
        b.hub.add(player_on_b)
        b.hub.add(spectator_on_b)
        a.hub.add(spectator_on_a)
        seen: dict[str, list[dict[str, Any]]] = {"player": [], "spectator": [], "on_a": []}
        await a.coordinator.submit(mid, GUEST, "black", "E5", 1)  # sealed in process a
        seen["player"].append(await _next(player_on_b))
        seen["spectator"].append(await _next(spectator_on_b))
        outcome = await b.coordinator.submit(mid, GUEST, "white", "D4", 1)  # completes it in b
        assert outcome.revealed is not None
        for name, conn in (("player", player_on_b), ("spectator", spectator_on_b)):
            seen[name] += [await _next(conn), await _next(conn)]  # white's notice, the reveal
        seen["on_a"] += [await _next(spectator_on_a) for _ in range(3)]
        # The next turn's deadline is armed in process a too, though b resolved the turn.
        assert mid in {m for _, m in a.scheduler._heap}
        # A session ended in a (a logout) closes its sockets in b.
        a.hub.close_sessions([GUEST.session_id])
        assert await asyncio.wait_for(player_on_b.queue.get(), timeout=10) is None
        assert not spectator_on_b.closed
        for services in (a, b):
            await services.coordinator.close()
        for bus in buses:
            await bus.stop()
        return seen

    seen = asyncio.run(main())
    # Orders go to the seat's holder only, whichever process sealed them.
    assert seen["player"][0] == {"type": "submitted", "turn": 1, "player": "black", "orders": "E5"}
    assert seen["spectator"][0] == {"type": "submitted", "turn": 1, "player": "black"}
    assert seen["player"][1] == {"type": "submitted", "turn": 1, "player": "white", "orders": "D4"}
    assert [m["type"] for m in seen["player"]] == ["submitted", "submitted", "reveal"]
    assert [m["type"] for m in seen["on_a"]] == ["submitted", "submitted", "reveal"]
    assert not any("orders" in m for m in seen["on_a"][:2] + seen["spectator"][:2])
    reveal = seen["spectator"][2]
    assert reveal["turn"] == 1
    assert reveal["orders"] == {"black": "E5", "white": "D4"}
    assert turns_of(a, mid) == 1


# --- one process acts (issue 21, row locks) --------------------------------------------------


def _copies_at_the_same_turn(a: Services, b: Services, mid: str) -> None:
    """Each process holds its own in-memory copy of the match, neither told of the other's
    orders (as when a message between them is still on its way)."""
    for services in (a, b):
        services.hub.on_remote = None
        with services.db.read() as session:
            live = hot.load(session, mid)
        assert live is not None
        services.coordinator._live[mid] = live


def test_two_orders_sealed_in_two_processes_resolve_the_turn_once(
    two: tuple[Services, Services],
) -> None:
    a, b = two
    mid = new_match(a, ["me", "local"])
    _copies_at_the_same_turn(a, b, mid)

    async def main() -> list[Any]:
        first = await a.coordinator.submit(mid, GUEST, "black", "E5", 1)
        second = await b.coordinator.submit(mid, GUEST, "white", "D4", 1)
        for services in (a, b):
            await services.coordinator.close()
        return [first, second]

    first, second = asyncio.run(main())
    assert first.revealed is None
    # b's copy knew nothing of black's order: the row lock made it read it again.
    assert second.revealed is not None
    assert second.revealed.orders == {"black": "E5", "white": "D4"}
    assert turns_of(a, mid) == 1


def test_a_deadline_armed_in_two_processes_fires_once(two: tuple[Services, Services]) -> None:
    a, b = two
    mid = new_match(a, ["me", "local"], clock=5)
    later = utcnow() + timedelta(seconds=30)
    for services in (a, b):
        services.coordinator.now = lambda: later  # both past the deadline

    async def main() -> list[Any]:
        got = await asyncio.gather(a.coordinator.resolve_due(mid), b.coordinator.resolve_due(mid))
        for services in (a, b):
            await services.coordinator.close()
        return list(got)

    reveals = [r for r in asyncio.run(main()) if r is not None]
    assert len(reveals) == 1
    assert turns_of(a, mid) == 1
    with a.db.read() as session:
        turn = session.scalars(select(Turn).where(Turn.match_id == mid)).one()
    assert sorted(turn.orders) == ["black", "white"]  # the missed-order policy, once


def test_two_mailers_send_each_email_once(
    two: tuple[Services, Services], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = two
    sent: list[str] = []
    lock = threading.Lock()

    def slow_send(_settings: Settings, to: str, _subject: str, _text: str) -> None:
        time.sleep(0.02)  # the SMTP exchange: long enough for the other mailer to overlap
        with lock:
            sent.append(to)

    monkeypatch.setattr(notices, "send_mail", slow_send)
    ids = [make_user(a, f"mailer{i}").id for i in range(6)]
    with a.db.write() as session:
        for n, uid in enumerate(ids * 5):
            session.add(
                Notification(
                    user_id=uid,
                    kind="turn-resolved",
                    data={"turn": n},
                    created_at=utcnow(),
                    email=True,
                )
            )
    settings = a.settings.model_copy(update={"smtp_host": "mail.invalid"})
    with ThreadPoolExecutor(2) as pool:
        counts = list(
            pool.map(lambda s: notices.deliver_outbox(s.db, settings, s.catalogs, utcnow), [a, b])
        )
    assert sum(counts) == 30
    assert len(sent) == 30
    assert sorted(set(sent)) == sorted(f"mailer{i}@example.org" for i in range(6))
    with a.db.read() as session:
        rows = list(session.scalars(select(Notification)))
    assert all(r.emailed_at is not None and r.email_attempts == 1 for r in rows)
