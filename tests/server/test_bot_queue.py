"""Bots in ``samtempa bots work`` processes fed through Redis (issue 21): a match's calls
go to one worker in order, which keeps each seat's bot; no worker never stalls a game."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from sqlalchemy import func, select

from samtempa.server.app import Services, build_services
from samtempa.server.core.config import Settings
from samtempa.server.models import PendingOrder
from samtempa.server.services import bot_pool, bot_queue
from samtempa.server.services.matches import TurnOpen
from tests.servers import RedisServer

from .test_coordinator import GUEST, new_match


@pytest.fixture
def remote(tmp_path: Path, redis_server: RedisServer) -> Iterator[Services]:
    redis.Redis.from_url(redis_server.url).flushdb()
    settings = Settings(
        data_dir=tmp_path, bot_budget_s=0.05, redis_url=redis_server.url, bot_shards=1
    )
    built = build_services(settings)
    built.db.migrate()
    yield built
    built.db.close()


async def _bot_sealed(services: Services) -> None:
    for _ in range(1500):
        await asyncio.sleep(0.02)
        with services.db.read() as session:
            if session.scalar(select(func.count()).select_from(PendingOrder)):
                return
    raise AssertionError("the bot never played")


def test_a_worker_plays_every_turn_of_a_match_with_one_bot_object(remote: Services) -> None:
    bot_pool._SEATS.clear()
    mid = new_match(remote, ["me", "bot:easy"])
    assert isinstance(remote.coordinator.bot_pool, bot_queue.RemoteBotPool)
    # Three choices and the two reveals between them: five jobs, then the worker stops.
    worker = threading.Thread(
        target=bot_queue.work, args=(remote.settings.redis_url, 0, 1), kwargs={"jobs": 5}
    )
    worker.start()

    async def main() -> list[int]:
        remote.coordinator.turn_opened(TurnOpen(mid, 1, None, [("white", "easy")]))
        seen = []
        for turn, cell in ((1, "E5"), (2, "C3"), (3, "G7")):
            await _bot_sealed(remote)
            seen.append(id(bot_pool._SEATS[(mid, "white", "easy")]))
            out = await remote.coordinator.submit(mid, GUEST, "black", cell, turn)
            assert out.revealed is not None
            assert out.revealed.missed == []  # the worker's order was in
        await remote.coordinator.close()
        return seen

    seen = asyncio.run(main())
    worker.join(timeout=60)
    assert not worker.is_alive()  # it ran exactly the five jobs: the reveals reached it
    assert seen[0] == seen[1] == seen[2]  # the same bot object, kept for the match


def test_with_no_worker_the_server_plays_the_bot_itself(remote: Services) -> None:
    mid = new_match(remote, ["me", "bot:easy"])
    remote.coordinator.bot_pool = bot_queue.RemoteBotPool(remote.settings.redis_url, 1, grace_s=0.3)

    async def main() -> None:
        remote.coordinator.turn_opened(TurnOpen(mid, 1, None, [("white", "easy")]))
        await _bot_sealed(remote)
        out = await remote.coordinator.submit(mid, GUEST, "black", "E5", 1)
        assert out.revealed is not None
        assert out.revealed.missed == []  # thought here, not the missed-order policy
        await remote.coordinator.close()

    asyncio.run(main())


def test_a_worker_drops_a_choice_whose_time_is_over(redis_server: RedisServer) -> None:
    client = redis.Redis.from_url(redis_server.url)
    pubsub = client.pubsub()  # type: ignore[no-untyped-call]
    pubsub.subscribe("samtempa:bots:r:test")
    pubsub.get_message(timeout=5)  # the subscription's confirmation
    job = {
        "op": "choose", "id": 7, "reply": "samtempa:bots:r:test",
        "seat": ["m", "white", "easy"], "game": "what-the-shell", "state": None,
        "budget": 0.05, "seed": "s", "until": 100.0,
    }  # fmt: skip
    assert bot_queue.run_job(client, job, now=101.0) is False
    assert pubsub.get_message(timeout=0.5) is None
    # A bad state is answered with an error, never silence (the server then plays itself).
    assert bot_queue.run_job(client, job, now=99.0) is True
    answer = pubsub.get_message(timeout=5)
    assert answer is not None
    assert json.loads(answer["data"])["id"] == 7
    assert "error" in json.loads(answer["data"])


def test_a_match_always_goes_to_the_same_list() -> None:
    lists = {bot_queue.queue_of(f"match{i}", 4) for i in range(200)}
    assert lists == {f"samtempa:bots:q:{k}" for k in range(4)}
    assert bot_queue.queue_of("abc", 4) == bot_queue.queue_of("abc", 4)


def test_a_busy_worker_is_waited_for_never_thought_for_in_the_server(
    redis_server: RedisServer,
) -> None:
    """A worker alive but behind (more bot games than it can think for): the web process
    waits past the grace, so the bots' thinking never lands on the human games' cores."""
    client = redis.Redis.from_url(redis_server.url)
    client.flushdb()
    shard = bot_queue.shard_of("busy", 1)
    client.set(bot_queue.ALIVE.format(shard=shard), "1", ex=60)  # its worker says it lives

    async def main() -> object:
        pool = bot_queue.RemoteBotPool(redis_server.url, 1, grace_s=0.2)
        asking = asyncio.ensure_future(
            pool.choose(("busy", "white", "easy"), "what-the-shell", {}, 0.05, "s")
        )
        await asyncio.sleep(0.8)  # four graces: still waiting
        assert not asking.done()
        raw = client.lpop(bot_queue.QUEUE.format(shard=shard))
        assert isinstance(raw, bytes)
        job = json.loads(raw)
        client.publish(job["reply"], json.dumps({"id": job["id"], "orders": "E5"}))
        answer = await asyncio.wait_for(asking, timeout=10)
        await pool.aclose()
        return answer

    assert asyncio.run(main()) == "E5"
