"""Who is watching which match, across server processes (Redis, issue 21).

One process knows only its own sockets. The platform's promise that a game
somebody has open is never abandoned (services/abandon.py: a live game whose
players are all away, an open game nobody looks at) must hold whichever
process a player's socket landed on. So each process writes, every few
seconds, the matches it has viewers of (and whether one of them is a player)
under its own key with a short expiry, and reads the others' keys: a process
that dies stops counting when its key expires.

What is shared is a match id and one flag: no seat, no order, no account.
Errors reaching Redis are logged and the last reading kept, then forgotten
once it is older than the keys' expiry — from then on each process judges by
its own sockets, as on one machine.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable

import redis.asyncio as aioredis

log = logging.getLogger("samtempa.presence")

PROCESSES = "samtempa:presence:processes"
KEY = "samtempa:presence:{origin}"

#: ``{match id: a player is among its viewers}`` for this process's sockets.
Here = Callable[[], dict[str, bool]]


class RedisPresence:
    """This process's end: :meth:`beat` writes its viewers and reads everybody else's."""

    def __init__(
        self, url: str, origin: str, here: Here, every_s: float = 5.0, ttl_s: float = 20.0
    ) -> None:
        self.url = url
        self.origin = origin
        self.here = here
        self.every_s = every_s
        self.ttl_s = ttl_s
        self._elsewhere: dict[str, bool] = {}
        self._read_at = float("-inf")  # time.monotonic() of the last good reading
        self._client: aioredis.Redis | None = None
        self._task: asyncio.Task[None] | None = None

    def elsewhere(self, match_id: str, players_only: bool) -> bool:
        """Has the match a viewer (``players_only``: a player) in another process?"""
        if time.monotonic() - self._read_at > self.ttl_s:
            return False  # too old to trust: each process by its own sockets
        if match_id not in self._elsewhere:
            return False
        return self._elsewhere[match_id] or not players_only

    async def start(self) -> None:
        self._client = aioredis.from_url(self.url)
        await self.beat()
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._client is not None:
            with contextlib.suppress(Exception):
                await self._client.delete(KEY.format(origin=self.origin))
                await self._client.srem(PROCESSES, self.origin)
            await self._client.aclose()

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every_s)
            await self.beat()

    async def beat(self) -> None:
        """Write this process's viewers, read the others' (a failure keeps the last)."""
        assert self._client is not None
        mine = json.dumps(self.here(), separators=(",", ":"))
        try:
            async with self._client.pipeline(transaction=False) as pipe:
                pipe.set(KEY.format(origin=self.origin), mine, px=int(self.ttl_s * 1000))
                pipe.sadd(PROCESSES, self.origin)
                pipe.smembers(PROCESSES)
                *_, members = await pipe.execute()
            others = sorted(m.decode() for m in members if m.decode() != self.origin)
            keys = [KEY.format(origin=o) for o in others]
            texts = await self._client.mget(keys) if keys else []
        except (aioredis.ConnectionError, aioredis.TimeoutError, OSError):
            log.warning("Redis unreachable: who watches what elsewhere is not known now")
            return
        seen: dict[str, bool] = {}
        gone = []
        for origin, text in zip(others, texts, strict=True):
            if text is None:
                gone.append(origin)  # its key expired: that process is gone
                continue
            for match_id, player in json.loads(text).items():
                seen[match_id] = seen.get(match_id, False) or bool(player)
        if gone:
            with contextlib.suppress(aioredis.RedisError, OSError):
                await self._client.srem(PROCESSES, *gone)
        self._elsewhere = seen
        self._read_at = time.monotonic()
