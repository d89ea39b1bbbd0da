"""Who watches which match, across processes (issue 21): a game somebody has open on
another server process is not abandoned (services/abandon.py)."""

from __future__ import annotations

import asyncio

import redis

from samtempa.server.core.presence import RedisPresence
from samtempa.server.services.live import Connection, LiveHub
from tests.servers import RedisServer


def test_a_viewer_on_another_process_counts_and_stops_counting_when_it_goes(
    redis_server: RedisServer,
) -> None:
    redis.Redis.from_url(redis_server.url).flushdb()

    async def main() -> list[tuple[bool, ...]]:
        a, b = LiveHub(), LiveHub()
        a.presence = RedisPresence(redis_server.url, "a", a.here, every_s=60)
        b.presence = pb = RedisPresence(redis_server.url, "b", b.here, every_s=60)
        a.add(Connection("played", frozenset({"black"}), 1, "s1"))
        a.add(Connection("watched", frozenset(), None, "s2"))  # a spectator only
        seen: list[tuple[bool, ...]] = []
        await pb.start()
        await a.presence.start()
        await pb.beat()
        seen.append(
            (
                b.watched("played", players_only=True),
                b.watched("watched", players_only=True),
                b.watched("watched", players_only=False),
                b.watched("nobody", players_only=False),
                a.watched("played", players_only=True),  # its own socket
            )
        )
        await a.presence.stop()  # the process goes (its key with it)
        await pb.beat()
        seen.append((b.watched("played", players_only=True),))
        await pb.stop()
        return seen

    before, after = asyncio.run(main())
    assert before == (True, False, True, False, True)
    assert after == (False,)


def test_an_old_reading_is_not_trusted() -> None:
    presence = RedisPresence("redis://unused", "a", lambda: {}, ttl_s=20)
    presence._elsewhere = {"m": True}
    assert not presence.elsewhere("m", players_only=True)  # never read: nobody elsewhere
