"""The bot protocol: the client against `bot serve` (in-process and over real HTTP),
timeouts and bad answers falling back on the missed-order policy, recorded."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from random import Random
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from samtempa.bots.http import BotError, HttpBot, ask
from samtempa.bots.serve import create_app, think_budget
from samtempa.games.shell import INITIAL, WhatTheShell, square
from samtempa.games.snake import SnakeSynapse
from tests.servers import free_port

SHELL = WhatTheShell()


@pytest.fixture
def serve_app() -> Iterator[Any]:
    """Serve Starlette apps with uvicorn in a thread, on a free loopback port."""
    servers: list[tuple[uvicorn.Server, threading.Thread]] = []

    def start(app: Starlette) -> str:
        port = free_port()
        server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
        thread = threading.Thread(target=server.run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            assert time.monotonic() < deadline, "test server did not start"
            time.sleep(0.01)
        servers.append((server, thread))
        return f"http://127.0.0.1:{port}"

    yield start
    for server, thread in servers:
        server.should_exit = True
        thread.join(timeout=5)


def misbehaving_app(kind: str) -> Starlette:
    async def info(request: Request) -> Response:
        return JSONResponse({"name": kind, "games": ["what-the-shell"]})

    async def move(request: Request) -> Response:
        if kind == "slow":
            await asyncio.sleep(2.0)
            return JSONResponse({"orders": "E5"})
        if kind == "occupied":
            return JSONResponse({"orders": "E5"})
        if kind == "crash":
            return PlainTextResponse("boom", status_code=500)
        if kind == "not-json":
            return PlainTextResponse("E5")
        return JSONResponse({"order": "E5"})  # no "orders" key

    return Starlette(routes=[Route("/", info), Route("/move", move, methods=["POST"])])


def test_bot_serve_answers_the_protocol_in_process() -> None:
    app = create_app("what-the-shell", "medium", seed=1)
    with TestClient(app) as client:
        bot = HttpBot("http://testserver", client=client)
        info = bot.info()
        assert info["games"] == ["what-the-shell"]
        assert set(info) >= {"name", "author", "games", "version"}
        bot.start(SHELL, INITIAL, "black", None)
        state = SHELL.play(INITIAL, "E5/D4").state
        answer = bot.choose(SHELL, state, "white", 0.05, Random(1))
        pick = SHELL.parse_orders(state, "white", answer)
        SHELL.validate(state, "white", pick)
        bot.end(SHELL, state, "white", {"winner": "black"})
        bad = client.post("/move", json={"game": "what-the-shell", "you": "black"})
        assert bad.status_code == 400


def test_bot_serve_plays_snake_synapse_in_process() -> None:
    game = SnakeSynapse()
    state = game.initial_state(None)
    app = create_app("snake-synapse", "medium", seed=1)
    with TestClient(app) as client:
        bot = HttpBot("http://testserver", client=client)
        orders, failure, _ = ask(game, state, "red", bot, 0.2, Random(1))
        assert failure is None
        game.validate(state, "red", orders)


def test_think_budget_leaves_time_for_the_network() -> None:
    assert think_budget(1000) < 0.9
    assert think_budget(250) < 0.25
    assert think_budget(1) > 0


@pytest.mark.parametrize(
    ("kind", "failure_kind"),
    [
        ("slow", "timeout"),
        ("occupied", "illegal"),
        ("crash", "error"),
        ("not-json", "bad-answer"),
        ("no-orders", "bad-answer"),
    ],
)
def test_misbehaving_bot_gets_a_random_empty_cell_and_is_recorded(
    serve_app: Any, kind: str, failure_kind: str
) -> None:
    url = serve_app(misbehaving_app(kind))
    state = SHELL.play(INITIAL, "E5/D4").state  # E5 is taken now
    bot = HttpBot(url, grace_s=0.05)
    started = time.perf_counter()
    pick, failure, _ = ask(SHELL, state, "black", bot, 0.1, Random(7), label="B")
    assert time.perf_counter() - started < 1.5, "the client must not wait past the timeout"
    assert failure is not None
    assert failure.kind == failure_kind
    assert failure.bot == "B"
    assert failure.turn == 1
    assert failure.to_json()["player"] == "black"
    SHELL.validate(state, "black", pick)  # the missed-order policy: an empty cell
    assert pick != square("E5")


def test_missed_order_policy_is_uniform_over_empty_cells(serve_app: Any) -> None:
    url = serve_app(misbehaving_app("crash"))
    bot = HttpBot(url)
    rng = Random(1)
    seen = set()
    for _ in range(60):
        pick, failure, _ = ask(SHELL, INITIAL, "black", bot, 0.1, rng)
        assert failure is not None
        seen.add(pick)
    assert len(seen) > 25


def test_unreachable_bot_is_an_error() -> None:
    bot = HttpBot(f"http://127.0.0.1:{free_port()}")
    with pytest.raises(BotError) as caught:
        bot.info(timeout_s=1)
    assert caught.value.kind in ("error", "timeout")


def test_snake_bot_failure_gets_the_games_missed_order(serve_app: Any) -> None:
    game = SnakeSynapse()
    state = game.initial_state(None)
    state = game.play(state, {s.id: {"path": "LLDDR"} for s in state.snakes if s.alive}).state
    alive = game.players(state)
    assert alive, "some snakes survive a spiral (fixture)"
    url = serve_app(misbehaving_app("crash"))
    orders, failure, _ = ask(game, state, alive[0], HttpBot(url), 0.1, Random(2))
    assert failure is not None
    assert failure.kind == "error"
    assert orders == game.missed_order(state, alive[0], Random(2))
