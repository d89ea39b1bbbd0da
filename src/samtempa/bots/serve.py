"""``samtempa bot serve``: any built-in bot behind the HTTP bot protocol.

A small Starlette application (``GET /``, ``POST /start``, ``/move``,
``/end``; ``shared/design/bot-protocol.md``) served by uvicorn. The bot's
thinking is CPU-bound: with ``workers`` it runs in that many worker processes
(:class:`Workers`), so several snakes or matches asked at the same moment think
in parallel instead of sharing one interpreter lock (issue 20); each snake of
each match keeps its own bot object in its process for the life of the match
(what the hard bot reads of its opponents carries over, issue 18). Without
workers a move runs in a thread of the server's process. Either way the bot
thinks for a share of the request's ``timeout_ms`` and leaves the rest for the
network.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from random import Random
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from samtempa import __version__
from samtempa.bots.base import Bot
from samtempa.bots.registry import make_bot
from samtempa.games.base import StateError
from samtempa.games.registry import get_game

#: Share of ``timeout_ms`` the bot thinks for, and the time kept for the answer's trip.
THINK_SHARE = 0.85
RESERVE_S = 0.03
#: Thinking time of the decision made at start-up.
WARM_UP_S = 0.02


def think_budget(timeout_ms: float) -> float:
    """Seconds of thinking for a move request allowing ``timeout_ms``."""
    return max(0.005, timeout_ms / 1000 * THINK_SHARE - RESERVE_S)


#: Makes a bot for ``(game, level)``; must be picklable (it crosses to the workers).
BotFactory = Callable[[str, str], Bot]
#: Bot objects a worker keeps at most (the oldest match's go first).
KEPT_BOTS = 256
#: How often a worker checks that its server is still there.
WATCH_S = 0.5

# --- inside a worker process --------------------------------------------------------

_WORKER: dict[str, Any] = {}


def _start_worker(game_name: str, level: str, factory: BotFactory) -> None:
    """A worker's start: its game, its bot factory, an empty table of bots, a warm-up,
    and a watch on the server: a worker whose server is gone (killed, or ended without
    stopping it) ends too, never left behind."""
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(WATCH_S)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
    game = get_game(game_name)
    _WORKER.update(game=game, game_name=game_name, level=level, factory=factory)
    _WORKER["bots"] = OrderedDict()
    warm = game.initial_state()
    factory(game_name, level).choose(game, warm, game.players(warm)[0], WARM_UP_S, Random(0))


def _decide(key: tuple[str, str], state_json: Any, player: str, budget: float, seed: str) -> Any:
    """One move in a worker, by the bot object of this (match, snake)."""
    game = _WORKER["game"]
    bots: OrderedDict[tuple[str, str], Bot] = _WORKER["bots"]
    bot = bots.get(key)
    if bot is None:
        bot = bots[key] = _WORKER["factory"](_WORKER["game_name"], _WORKER["level"])
        while len(bots) > KEPT_BOTS:
            bots.popitem(last=False)
    bots.move_to_end(key)
    return bot.choose(game, game.from_json(state_json), player, budget, Random(seed))


def _ready() -> bool:
    return True


def _forget(match: str) -> None:
    bots: OrderedDict[tuple[str, str], Bot] = _WORKER["bots"]
    for key in [k for k in bots if k[0] == match]:
        del bots[key]


class Workers:
    """Processes that think: each (match, snake) has a home process, chosen as the one
    with the fewest moves in flight when the snake first asks, where its bot lives."""

    def __init__(
        self, game_name: str, level: str, count: int, factory: BotFactory = make_bot
    ) -> None:
        context = multiprocessing.get_context("spawn")  # no threads or sockets inherited
        self._pools = [
            ProcessPoolExecutor(
                1,
                mp_context=context,
                initializer=_start_worker,
                initargs=(game_name, level, factory),
            )
            for _ in range(count)
        ]
        self._home: dict[tuple[str, str], int] = {}
        self._busy = [0] * count
        # Start and warm every worker now, so the first moves are not late (a process
        # spawned at the first request would take seconds to answer).
        for ready in [pool.submit(_ready) for pool in self._pools]:
            ready.result()

    def decide(
        self, match: str, player: str, state_json: Any, budget: float, seed: str
    ) -> Future[Any]:
        key = (match, player)
        home = self._home.get(key)
        if home is None:
            home = min(range(len(self._pools)), key=lambda i: self._busy[i])
            self._home[key] = home
        self._busy[home] += 1
        future = self._pools[home].submit(_decide, key, state_json, player, budget, seed)

        def done(_: Future[Any]) -> None:
            self._busy[home] -= 1

        future.add_done_callback(done)
        return future

    def end(self, match: str) -> None:
        """The match is over: its bots are dropped."""
        for key in [k for k in self._home if k[0] == match]:
            self._pools[self._home.pop(key)].submit(_forget, match)

    def close(self) -> None:
        """Stop the workers (moves in flight are cancelled) and wait until they are gone."""
        for pool in self._pools:
            pool.shutdown(wait=True, cancel_futures=True)


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def create_app(
    game_name: str,
    level: str,
    *,
    seed: int | None = None,
    workers: int = 0,
    factory: BotFactory = make_bot,
) -> Starlette:
    """The bot server for one game and level; ``seed`` makes its answers replay;
    ``workers``: processes that think (0: a thread of this process, one bot object)."""
    game = get_game(game_name)
    base_seed = seed if seed is not None else Random().getrandbits(64)
    pool = Workers(game_name, level, workers, factory) if workers > 0 else None
    bot = factory(game_name, level)  # the thread mode's (unused with workers)
    if pool is None:
        # A bot's first decision also fills its caches (about 90 ms for Snake Synapse
        # hard): make it now, so the first real move is not late (workers warm up too).
        warm = game.initial_state()
        bot.choose(game, warm, game.players(warm)[0], WARM_UP_S, Random(0))

    async def info(request: Request) -> JSONResponse:
        return JSONResponse(
            {
                "name": f"samtempa {level}",
                "author": "samtempa",
                "games": [game_name],
                "version": __version__,
                "level": level,
            }
        )

    async def start(request: Request) -> JSONResponse:
        return JSONResponse({})

    async def end(request: Request) -> JSONResponse:
        if pool is not None:
            try:
                body = await request.json()
            except ValueError:
                body = None
            if isinstance(body, dict) and "match" in body:
                pool.end(str(body["match"]))
        return JSONResponse({})

    async def move(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except ValueError:
            return JSONResponse({"error": "the body is not JSON"}, status_code=400)
        if not isinstance(body, dict):
            return JSONResponse({"error": "the body is not a JSON object"}, status_code=400)
        if body.get("game", game_name) != game_name:
            return JSONResponse({"error": f"this bot plays {game_name}"}, status_code=400)
        try:
            state = game.from_json(body["state"])
            player = str(body["you"])
            timeout_ms = float(body.get("timeout_ms", 1000))
        except (KeyError, TypeError, ValueError, StateError) as exc:
            return JSONResponse({"error": f"bad move request: {exc}"}, status_code=400)
        seed_text = f"{base_seed}:{body.get('match')}:{player}:{body.get('turn')}"
        budget = think_budget(timeout_ms)
        if pool is not None:
            future = pool.decide(str(body.get("match")), player, body["state"], budget, seed_text)
            orders = await asyncio.wrap_future(future)
            return JSONResponse({"orders": orders})
        rng = Random(seed_text)

        def decide() -> Any:
            return bot.choose(game, state, player, budget, rng)

        orders = await run_in_threadpool(decide)
        return JSONResponse({"orders": orders})

    return Starlette(
        routes=[
            Route("/", info, methods=["GET"]),
            Route("/start", start, methods=["POST"]),
            Route("/move", move, methods=["POST"]),
            Route("/end", end, methods=["POST"]),
        ],
        lifespan=_closing(pool),
    )


def _closing(pool: Workers | None) -> Callable[[Starlette], AbstractAsyncContextManager[None]]:
    """The app's lifespan: the worker processes stop with the server."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            if pool is not None:
                pool.close()

    return lifespan


def serve(
    game_name: str,
    level: str,
    port: int,
    host: str = "127.0.0.1",
    seed: int | None = None,
    workers: int | None = None,
) -> int:
    """Run the bot server until interrupted (``workers``: thinking processes, default one
    per core)."""
    count = default_workers() if workers is None else workers
    app = create_app(game_name, level, seed=seed, workers=count)
    print(
        f"samtempa bot: {game_name} {level} on http://{host}:{port}, {count} workers",
        flush=True,
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
