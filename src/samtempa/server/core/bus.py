"""Messages between server processes: Redis pub/sub (``--redis redis://…``, issue 21).

Every process publishes on one channel and reads every other process's
messages from it (its own are skipped by origin). What travels is the fan-out
of :class:`~samtempa.server.services.live.LiveHub` as JSON: the viewers' rights
are decided again by the receiving process, from the seats' holders carried in
the message, so Redis carries orders (like the database does) but no process
ever sends a viewer what the viewer may not read.

One publishing task sends the messages in the order they were given (pub/sub
keeps one connection's order), so a reveal never overtakes the order that
completed it. When the connection to Redis breaks, the reader connects again
and tells the hub (``resync``): what was published meanwhile is lost to this
process, so its viewers get fresh snapshots and its deadlines are read again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from collections.abc import Callable
from typing import Any, TypeVar

import redis.asyncio as aioredis

log = logging.getLogger("samtempa.bus")

T = TypeVar("T")

CHANNEL = "samtempa:live"
Deliver = Callable[[dict[str, Any]], None]


class RedisBus:
    """This process's end of the channel: :meth:`publish` (never blocks), and a reader
    calling ``deliver`` for every message from another process."""

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        self.url = url
        self.channel = channel
        self.origin = uuid.uuid4().hex
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._tasks: list[asyncio.Task[None]] = []
        self._client: aioredis.Redis | None = None
        self.ready = asyncio.Event()

    async def start(self, deliver: Deliver, resync: Callable[[], None]) -> None:
        """Connect, subscribe, then read and write on tasks of the running loop."""
        self._client = aioredis.from_url(self.url)
        await self._client.ping()  # a wrong URL fails the start, not the first message
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._read(deliver, resync)),
            loop.create_task(self._write()),
        ]
        await self.ready.wait()

    def publish(self, message: dict[str, Any]) -> None:
        self._queue.put_nowait(json.dumps({"o": self.origin, **message}, separators=(",", ":")))

    async def stop(self) -> None:
        # Whatever is queued leaves first (a reveal published just before a clean stop).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._drained(), timeout=2)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self._client is not None:
            await self._client.aclose()

    async def _drained(self) -> None:
        while not self._queue.empty():
            await asyncio.sleep(0.01)

    async def _write(self) -> None:
        assert self._client is not None
        channel = self.channel
        await send_in_order(
            self._client, self._queue, lambda pipe, text: pipe.publish(channel, text), "publishing"
        )

    async def _read(self, deliver: Deliver, resync: Callable[[], None]) -> None:
        assert self._client is not None

        def subscribed(first: bool) -> None:
            if not first:
                resync()
            self.ready.set()

        def heard(data: bytes) -> None:
            message = json.loads(data)
            if message.get("o") == self.origin:
                return
            try:
                deliver(message)
            except Exception:
                log.exception("a message from another process failed: %.200s", data)

        await listen(self._client, self.channel, heard, subscribed)


async def send_in_order(
    client: aioredis.Redis,
    queue: asyncio.Queue[T],
    add: Callable[[Any, T], object],
    what: str,
) -> None:
    """Forever: what is queued goes to Redis in batches (one pipeline, up to 500), in the
    order given; while Redis is unreachable the batch is tried again every second, so
    nothing queued is reordered or dropped by a short outage."""
    while True:
        batch = [await queue.get()]
        while not queue.empty() and len(batch) < 500:
            batch.append(queue.get_nowait())
        while True:
            try:
                async with client.pipeline(transaction=False) as pipe:
                    for item in batch:
                        add(pipe, item)
                    await pipe.execute()
                break
            except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
                log.warning("Redis unreachable; %s again in a second", what)
                await asyncio.sleep(1)


async def listen(
    client: aioredis.Redis,
    channel: str,
    heard: Callable[[bytes], None],
    subscribed: Callable[[bool], None],
) -> None:
    """Forever: subscribe to ``channel`` and call ``heard`` with each message's data; a lost
    connection subscribes again a second later, and ``subscribed(first)`` says each time
    the subscription holds (not ``first``: what was published meanwhile is lost)."""
    first = True
    while True:
        pubsub = client.pubsub()
        try:
            await pubsub.subscribe(channel)
            subscribed(first)
            first = False
            async for item in pubsub.listen():
                if item.get("type") == "message":
                    heard(item["data"])
        except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
            log.warning("lost Redis; subscribing to %s again in a second", channel)
            await asyncio.sleep(1)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()  # type: ignore[no-untyped-call]
