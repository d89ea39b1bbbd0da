"""Redis restarts under running server processes (issue 21): each bus subscribes again,
resyncs its viewers (fresh snapshots, deadlines read again), and live updates flow again."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from samtempa.server.core.bus import RedisBus
from tests.servers import RedisServer


def test_the_bus_comes_back_after_redis_restarts(tmp_path: Path) -> None:
    server = RedisServer(tmp_path / "redis")
    server.start()

    async def main() -> tuple[list[str], int]:
        got: list[dict[str, Any]] = []
        resyncs: list[str] = []
        a, b = RedisBus(server.url), RedisBus(server.url)
        await a.start(got.append, lambda: resyncs.append("a"))
        await b.start(lambda _m: None, lambda: resyncs.append("b"))
        b.publish({"k": "all", "m": "before"})
        await _until(lambda: any(m.get("m") == "before" for m in got))
        server.stop()
        await asyncio.sleep(0.5)  # both readers see the connection drop
        server.start()
        await _until(lambda: sorted(resyncs) == ["a", "b"])
        b.publish({"k": "all", "m": "after"})
        await _until(lambda: any(m.get("m") == "after" for m in got))
        await a.stop()
        await b.stop()
        return resyncs, len(got)

    try:
        resyncs, count = asyncio.run(main())
    finally:
        server.stop()
    assert sorted(resyncs) == ["a", "b"]  # once each, after the restart only
    assert count >= 2


async def _until(done: Any, seconds: float = 30.0) -> None:
    """Wait for a state (polling: the bus reconnects on its own schedule)."""
    for _ in range(int(seconds / 0.05)):
        if done():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("never happened")
