"""``samtempa bot serve``: any built-in bot behind the HTTP bot protocol.

A small Starlette application (``GET /``, ``POST /start``, ``/move``,
``/end``; ``shared/design/bot-protocol.md``) served by uvicorn. The bot's
thinking is CPU-bound, so each move runs in a worker thread and the server
keeps answering; it thinks for a share of the request's ``timeout_ms`` and
leaves the rest for the network.
"""

from __future__ import annotations

from random import Random
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from samtempa import __version__
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


def create_app(game_name: str, level: str, *, seed: int | None = None) -> Starlette:
    """The bot server for one game and level; ``seed`` makes its answers replay."""
    game = get_game(game_name)
    bot = make_bot(game_name, level)
    base_seed = seed if seed is not None else Random().getrandbits(64)
    # A bot's first decision also fills its caches (about 90 ms for Snake Synapse
    # hard): make it now, so the first real move is not late.
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
        rng = Random(f"{base_seed}:{body.get('match')}:{player}:{body.get('turn')}")
        budget = think_budget(timeout_ms)

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
        ]
    )


def serve(
    game_name: str, level: str, port: int, host: str = "127.0.0.1", seed: int | None = None
) -> int:
    """Run the bot server until interrupted."""
    import uvicorn

    app = create_app(game_name, level, seed=seed)
    print(f"samtempa bot: {game_name} {level} on http://{host}:{port}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
    return 0
