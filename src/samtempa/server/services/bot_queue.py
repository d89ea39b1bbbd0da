"""Bots in separate ``samtempa bots work`` processes, fed through Redis (issue 21).

Past one machine the bots should not think on the web servers' cores at all:
``SAMTEMPA_BOT_SHARDS=N`` (with ``--redis``) sends every bot call to one of N
Redis lists, and N worker processes (``samtempa bots work --shard K --shards
N``, on any machine that reaches Redis) each read one of them. A match's
calls always go to the list of the match id's hash, in the order the web
process made them, so one worker keeps each seat's bot object for the whole
match and hears every reveal before it plays again — the same promise as
:mod:`.bot_pool` (whose seat functions the workers run).

A choice is answered on the asking process's own pub/sub channel. Each
worker says it is alive (a key per shard, refreshed at every read, expiring in
``ALIVE_S``). A shard whose worker is down does not stall a game: past
``budget + grace`` with no live worker the web process stops waiting
(:class:`BotsUnavailableError`) and the coordinator thinks for that move
itself. A worker that is alive but behind (more bot games than it can think
for) is waited for, up to ``MAX_WAIT_S``: the bot games are slower then, but
their thinking never moves into the web process, whose human games stay as
fast as without bots. A worker that gets to a job past its time drops it.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import time
import uuid
import zlib
from typing import Any

import redis
import redis.asyncio as aioredis

from samtempa.server.core.bus import listen, send_in_order
from samtempa.server.services import bot_pool
from samtempa.server.services.bot_pool import Seat

log = logging.getLogger("samtempa.bots")

QUEUE = "samtempa:bots:q:{shard}"
REPLY = "samtempa:bots:r:{origin}"
#: How long past its budget a choice is waited for before the web process thinks itself.
GRACE_S = 5.0
#: How long a choice is waited for at most while its shard's worker is alive.
MAX_WAIT_S = 120.0
#: A worker's "alive" key expires this long after its last read.
ALIVE_S = 15
ALIVE = "samtempa:bots:alive:{shard}"
#: How long a worker's blocking read waits for a job before it reads again.
BLOCK_S = 5


class BotsUnavailableError(Exception):
    """No worker answered in time: the caller plays the move another way."""


def shard_of(match_id: str, shards: int) -> int:
    return zlib.crc32(match_id.encode()) % shards


def queue_of(match_id: str, shards: int) -> str:
    return QUEUE.format(shard=shard_of(match_id, shards))


class RemoteBotPool:
    """The web process's end: the interface of :class:`.bot_pool.BotPool`, over Redis."""

    def __init__(self, url: str, shards: int, grace_s: float = GRACE_S) -> None:
        if shards < 1:
            raise ValueError("a remote bot pool needs at least one shard")
        self.url = url
        self.shards = shards
        self.grace_s = grace_s
        self.reply = REPLY.format(origin=uuid.uuid4().hex)
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Any]] = {}
        self._outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self._matches: set[str] = set()
        self._client: aioredis.Redis | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._started: asyncio.Event | None = None

    async def _start(self) -> None:
        """Connect on the first call, in the loop that makes it (no lifespan hook needed)."""
        if self._started is not None:
            await self._started.wait()
            return
        self._started = asyncio.Event()
        self._client = aioredis.from_url(self.url)
        subscribed = asyncio.Event()
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._read(subscribed)),
            loop.create_task(self._write()),
        ]
        await subscribed.wait()
        self._started.set()

    async def choose(
        self, seat: Seat, game_name: str, state_json: Any, budget: float, seed: str
    ) -> Any:
        await self._start()
        job = next(self._ids)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[job] = future
        self._matches.add(seat[0])
        wait = budget + self.grace_s
        longest = budget + MAX_WAIT_S
        self._send(
            seat[0],
            {
                "op": "choose",
                "id": job,
                "reply": self.reply,
                "seat": list(seat),
                "game": game_name,
                "state": state_json,
                "budget": budget,
                "seed": seed,
                "until": time.time() + longest,
            },
        )
        alive = ALIVE.format(shard=shard_of(seat[0], self.shards))
        try:
            waited = 0.0
            while True:
                try:
                    return await asyncio.wait_for(asyncio.shield(future), timeout=wait)
                except TimeoutError:
                    waited += wait
                    if waited >= longest or not await self._alive(alive):
                        message = f"no bot worker answered for {seat} in {waited:.1f} s"
                        raise BotsUnavailableError(message) from None
                    wait = min(self.grace_s, longest - waited)  # busy, not gone: wait on
        finally:
            self._waiting.pop(job, None)
            future.cancel()

    async def _alive(self, key: str) -> bool:
        assert self._client is not None
        try:
            return bool(await self._client.exists(key))
        except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
            return False

    def observe(self, match_id: str, game_name: str, state_json: Any, report: Any) -> None:
        """Tell the match's bots the reveal (sent before any later ``choose``)."""
        if match_id in self._matches:
            self._send(
                match_id,
                {"op": "observe", "match": match_id, "game": game_name, "state": state_json,
                 "report": report},
            )  # fmt: skip

    def drop(self, match_id: str) -> None:
        if match_id in self._matches:
            self._matches.discard(match_id)
            self._send(match_id, {"op": "drop", "match": match_id})

    def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for future in self._waiting.values():
            future.cancel()

    async def aclose(self) -> None:
        self.close()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            await self._client.aclose()

    def _send(self, match_id: str, job: dict[str, Any]) -> None:
        self._outbox.put_nowait((queue_of(match_id, self.shards), json.dumps(job)))

    async def _write(self) -> None:
        """One task pushes every job, in the order given (an observe before the next choose)."""
        assert self._client is not None
        await send_in_order(
            self._client, self._outbox, lambda pipe, job: pipe.rpush(*job), "sending bot jobs"
        )

    async def _read(self, subscribed: asyncio.Event) -> None:
        assert self._client is not None
        await listen(
            self._client,
            self.reply,
            lambda data: self._answer(json.loads(data)),
            lambda _first: subscribed.set(),
        )

    def _answer(self, message: dict[str, Any]) -> None:
        future = self._waiting.get(int(message.get("id", 0)))
        if future is None or future.done():
            return  # given up on already
        if "error" in message:
            future.set_exception(RuntimeError(f"the bot failed: {message['error']}"))
        else:
            future.set_result(message.get("orders"))


def run_job(client: redis.Redis, job: dict[str, Any], now: float) -> bool:
    """One job in a worker; True when a choice was answered."""
    op = job.get("op")
    if op == "observe":
        bot_pool._observe(job["match"], job["game"], job["state"], job["report"])
    elif op == "drop":
        bot_pool._drop(job["match"])
    elif op == "choose":
        if now > float(job["until"]):
            return False  # its game went on without it
        seat: Seat = (str(job["seat"][0]), str(job["seat"][1]), str(job["seat"][2]))
        answer: dict[str, Any] = {"id": job["id"]}
        try:
            answer["orders"] = bot_pool._choose(
                seat, job["game"], job["state"], float(job["budget"]), str(job["seed"])
            )
        except Exception as error:
            log.exception("bot %s failed", seat)
            answer["error"] = f"{type(error).__name__}: {error}"
        client.publish(job["reply"], json.dumps(answer))
        return True
    return False


def work(url: str, shard: int, shards: int, *, jobs: int | None = None) -> int:
    """``samtempa bots work``: serve one shard's list until stopped (``jobs``: at most that
    many jobs, for tests). A lost Redis connection is retried every second."""
    if not 0 <= shard < shards:
        raise ValueError(f"--shard is 0 to {shards - 1}")
    key = QUEUE.format(shard=shard)
    # A blocking read waits BLOCK_S in Redis: the socket must wait longer than that (redis-py's
    # default socket timeout, 5 s, would cut every quiet wait short as an error).
    client = redis.Redis.from_url(url, socket_timeout=BLOCK_S + 10)
    log.info("bot worker %d of %d reading %s", shard, shards, key)
    done = 0
    alive = ALIVE.format(shard=shard)
    while jobs is None or done < jobs:
        try:
            client.set(alive, "1", ex=ALIVE_S)  # the web processes wait for a live worker
            item = client.blpop([key], timeout=BLOCK_S)
        except (redis.ConnectionError, redis.TimeoutError, OSError) as error:
            log.warning("Redis unreachable (%s); trying again in a second", error)
            time.sleep(1)
            continue
        if item is None:
            continue
        try:
            job = json.loads(item[1])
        except ValueError:
            log.error("an unreadable job was dropped: %.200r", item[1])
            continue
        try:
            run_job(client, job, time.time())
        except Exception:
            log.exception("a job failed: %.200r", item[1])
        done += 1
    client.close()
    return 0
