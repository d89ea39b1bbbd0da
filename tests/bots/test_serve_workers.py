"""``samtempa bot serve`` with worker processes: simultaneous moves think in parallel,
in different processes, and each (match, snake) keeps its bot object (issue 20 item 5,
issue 18 item 6)."""

from __future__ import annotations

import multiprocessing
import os
import queue
import socket
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from random import Random
from typing import Any

import httpx
import pytest
import uvicorn
from starlette.testclient import TestClient

from samtempa.bots.base import RandomBot
from samtempa.bots.serve import WARM_UP_S, create_app
from samtempa.games.base import Game, PlayerId
from samtempa.games.shell import INITIAL, WhatTheShell

SHELL = WhatTheShell()
CONTEXT = multiprocessing.get_context("spawn")


class MeetingBot(RandomBot):
    """Answers a move only once ``parties`` moves are being thought at the same moment
    (a barrier), then says which process and which bot object answered. The warm-up
    decision (``WARM_UP_S``) does not wait."""

    def __init__(self, barrier: Any, out: Any) -> None:
        self.barrier, self.out = barrier, out
        self.moves = 0

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        if budget_s > WARM_UP_S:
            self.moves += 1
            self.barrier.wait(timeout=60)  # a BrokenBarrierError unless both think at once
            self.out.put((os.getpid(), id(self), self.moves))
        return super().choose(game, state, player, budget_s, rng)


class MeetingFactory:
    """Picklable: it crosses to the worker processes."""

    def __init__(self, barrier: Any, out: Any) -> None:
        self.barrier, self.out = barrier, out

    def __call__(self, game: str, level: str) -> MeetingBot:
        return MeetingBot(self.barrier, self.out)


@pytest.fixture
def served() -> Iterator[tuple[str, Any]]:
    barrier = CONTEXT.Barrier(2)
    out = CONTEXT.Queue()
    app = create_app(
        "what-the-shell", "easy", seed=1, workers=2, factory=MeetingFactory(barrier, out)
    )
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline, "test server did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}", out
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def move(url: str, match: str, you: str) -> dict[str, Any]:
    body = {
        "game": "what-the-shell",
        "match": match,
        "you": you,
        "turn": 0,
        "timeout_ms": 2000,
        "state": SHELL.to_json(INITIAL),
    }
    response = httpx.post(url + "/move", json=body, timeout=120)
    assert response.status_code == 200, response.text
    answer: dict[str, Any] = response.json()
    return answer


def test_two_simultaneous_moves_are_thought_in_two_processes(served: tuple[str, Any]) -> None:
    url, out = served
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda m: move(url, *m), [("m1", "black"), ("m2", "white")]))
    for answer in answers:
        SHELL.validate(INITIAL, "black", SHELL.parse_orders(INITIAL, "black", answer["orders"]))
    who = [out.get(timeout=30), out.get(timeout=30)]
    pids = {pid for pid, _, _ in who}
    assert len(pids) == 2  # both met at the barrier, each in its own process...
    assert os.getpid() not in pids  # ...neither of them the server's


def test_a_snake_keeps_its_bot_object_for_the_match(served: tuple[str, Any]) -> None:
    url, out = served
    with ThreadPoolExecutor(2) as pool:
        list(pool.map(lambda m: move(url, *m), [("m1", "black"), ("m2", "white")]))
        first = {out.get(timeout=30)[:2] for _ in range(2)}
        list(pool.map(lambda m: move(url, *m), [("m1", "black"), ("m2", "white")]))
    again = [out.get(timeout=30) for _ in range(2)]
    # The same process and the same bot object, now at its second move.
    assert {(pid, bot) for pid, bot, _ in again} == first
    assert all(moves == 2 for _, _, moves in again)
    with pytest.raises(queue.Empty):
        out.get(timeout=0.01)


def test_the_workers_stop_with_the_server() -> None:
    out = CONTEXT.Queue()
    factory = MeetingFactory(CONTEXT.Barrier(1), out)
    app = create_app("what-the-shell", "easy", seed=1, workers=1, factory=factory)
    with TestClient(app) as client:
        body = {"game": "what-the-shell", "match": "m", "you": "black", "turn": 0}
        body |= {"timeout_ms": 2000, "state": SHELL.to_json(INITIAL)}
        assert client.post("/move", json=body).status_code == 200
        pid = out.get(timeout=30)[0]
        os.kill(pid, 0)  # the worker is there while the server runs
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # and gone (and reaped) once it has stopped
