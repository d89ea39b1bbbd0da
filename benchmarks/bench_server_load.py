"""Load benchmark of the web platform: N live What the Shell games of scripted websocket clients.

Starts ``samtempa serve`` in its own process on a free loopback port with a
fresh SQLite database, signs up 2·N accounts, creates N online games (each
joined by a second account), then every player connects its websocket and
plays: it waits a random "thinking" time, sends a random empty cell, and
waits for the reveal. A finished game is followed by its rematch.

Printed: move-to-reveal latency (from the turn's last order sent to the reveal
received, measured for both players of every turn) p50/p99/max, turns
played, and errors (refusals, disconnections, reveals that never came).
Not a test: a figure-printing run (``python benchmarks/bench_server_load.py``).

Past one process (issue 21): ``--database postgresql://…`` and ``--redis
redis://…`` run the server on them (the database must be empty), ``--workers
N`` as N processes; ``--bot-games K`` makes K of the games against a built-in
bot (``--bot-level``, ``--bot-budget`` seconds per move) and prints the
latencies of the human games and of the bot games (from the human's order)
separately. ``--bot-shards K`` (with ``--redis``) starts K ``samtempa bots work``
processes and has the server send its bots' thinking there (at nice +10, as
the in-server pool of ``--bot-workers`` runs).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import httpx
import websockets

COLS = "ABCDEFGHI"


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)  # human games
    bot_latencies: list[float] = field(default_factory=list)  # games against a bot
    turns: int = 0
    games_finished: int = 0
    server_cpu: float = 0.0  # cores used by the server while the games played
    client_cpu: float = 0.0  # cores used by this script's clients
    errors: list[str] = field(default_factory=list)


@dataclass
class Player:
    login: str
    http: httpx.AsyncClient
    csrf: str = ""
    cookie: str = ""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _jar(token: str) -> httpx.Cookies:
    jar = httpx.Cookies()
    jar.set("samtempa_session", token, domain="127.0.0.1")
    return jar


def make_accounts(data_dir: str, n: int, database: str = "") -> list[tuple[str, str, str]]:
    """(login, session token, CSRF token) for ``n`` accounts written straight into the database.

    Signing up through the pages costs an argon2 hash each (on purpose); the
    benchmark measures live play, so its accounts share one hash and their
    sessions are made here, before the server starts.
    """
    from samtempa.server.core.config import Settings
    from samtempa.server.core.database import Database
    from samtempa.server.core.security import hash_password
    from samtempa.server.services import accounts
    from samtempa.server.services.matches import utcnow

    db = Database(Settings(data_dir=Path(data_dir), database_url=database).sqlalchemy_url())
    db.migrate()
    hashed = hash_password("load-test-password")
    out = []
    with db.write() as session:
        for i in range(n):
            login = f"load{i}"
            form = accounts.SignUp(login, login, f"{login}@example.org", "x" * 8, date(1990, 1, 1))
            user = accounts.sign_up(session, form, utcnow(), 16, password_hash=hashed)
            token, row = accounts.new_browser_session(session, user.id, utcnow())
            out.append((login, token, row.csrf_token))
    db.close()
    return out


async def create_game(a: Player, b: Player | str, clock: int) -> str:
    """A game of ``a`` against ``b``: another account, or a bot level (``bot:hard``)."""
    seats = ["me", b if isinstance(b, str) else "open"]
    r = await a.http.post(
        "/api/matches",
        json={"game": "what-the-shell", "seats": seats, "clock_s": clock, "public": True},
        headers={"x-csrf-token": a.csrf},
    )
    r.raise_for_status()
    match: str = r.json()["match"]
    if not isinstance(b, str):
        r = await b.http.post(f"/api/matches/{match}/join", headers={"x-csrf-token": b.csrf})
        r.raise_for_status()
    return match


def empty_cells(view: dict[str, Any]) -> list[str]:
    return [f"{COLS[c]}{r + 1}" for r in range(9) for c in range(9) if view["board"][r][c] == "."]


class Game:
    """One game's two clients and the shared timing of each turn."""

    def __init__(self, players: tuple[Player, ...], match: str, stats: Stats) -> None:
        self.players = players  # one: a game against a bot
        self.match = match
        self.stats = stats
        self.sent: dict[int, list[float]] = {}
        self.latencies = stats.latencies if len(players) == 2 else stats.bot_latencies

    async def play(self, ws_base: str, think: tuple[float, float], until: float) -> None:
        while time.monotonic() < until:
            results = await asyncio.gather(
                *(self._client(i, ws_base, think, until) for i in range(len(self.players))),
                return_exceptions=True,
            )
            for res in results:
                if isinstance(res, BaseException):
                    self.stats.errors.append(f"{self.match}: {type(res).__name__}: {res}")
            if any(isinstance(res, BaseException) for res in results):
                return
            if time.monotonic() >= until:
                return
            self.stats.games_finished += 1
            a = self.players[0]
            r = await a.http.post(
                f"/matches/{self.match}/rematch", headers={"x-csrf-token": a.csrf}
            )
            if r.status_code != 303:
                self.stats.errors.append(f"rematch {r.status_code}")
                return
            self.match = r.headers["location"].rsplit("/", 1)[1]
            self.sent.clear()

    async def _client(
        self, index: int, ws_base: str, think: tuple[float, float], until: float
    ) -> None:
        me = self.players[index]
        rng = random.Random(hash((self.match, index)))
        url = f"{ws_base}/ws/matches/{self.match}"
        async with websockets.connect(
            url,
            additional_headers={"Cookie": f"samtempa_session={me.cookie}"},
            max_queue=None,
            compression=None,
        ) as ws:
            snap = json.loads(await ws.recv())
            assert snap["type"] == "snapshot", snap
            player = snap["yours"][0]
            view = snap["view"]
            while snap["status"] == "playing":
                turn = view["turn"] + 1
                # Past the end, a turn is finished only if the partner already played it.
                if time.monotonic() >= until and turn not in self.sent:
                    return
                await asyncio.sleep(rng.uniform(*think))
                if time.monotonic() >= until and turn not in self.sent:
                    return
                cell = rng.choice(empty_cells(view))
                self.sent.setdefault(turn, []).append(time.monotonic())
                await ws.send(
                    json.dumps({"type": "orders", "player": player, "orders": cell, "turn": turn})
                )
                while True:
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=15)
                    except TimeoutError:
                        seen = (await me.http.get(f"/api/matches/{self.match}")).json()
                        self.stats.errors.append(
                            f"{self.match}: no reveal of turn {turn} in 15 s; the server says "
                            f"turn {seen['turn']} played, {seen['submitted']} sent, "
                            f"status {seen['status']}, orders sent here at "
                            f"{[round(t - until, 2) for t in self.sent.get(turn, [])]}"
                        )
                        return
                    m = json.loads(raw)
                    if m["type"] == "error":
                        self.stats.errors.append(f"{self.match}: refused {m['error']}")
                        return
                    if m["type"] == "reveal":
                        break
                now = time.monotonic()
                self.latencies.append(now - max(self.sent[turn]))
                if index == 0:
                    self.stats.turns += 1
                view = m["view"]
                snap["status"] = m["status"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


async def run(args: argparse.Namespace, base: str) -> Stats:
    stats = Stats()
    t0 = time.monotonic()
    players = [
        Player(
            login, httpx.AsyncClient(base_url=base, timeout=60, cookies=_jar(token)), csrf, token
        )
        for login, token, csrf in args.accounts
    ]
    humans = args.games - args.bot_games
    pairs: list[tuple[Player, ...]] = [(players[2 * i], players[2 * i + 1]) for i in range(humans)]
    pairs += [(players[2 * humans + i],) for i in range(args.bot_games)]
    matches = await asyncio.gather(
        *(
            create_game(pair[0], pair[1] if len(pair) == 2 else f"bot:{args.bot_level}", args.clock)
            for pair in pairs
        )
    )
    print(
        f"setup: {len(players)} accounts, {args.games} games ({args.bot_games} against "
        f"bot:{args.bot_level}) in {time.monotonic() - t0:.1f} s"
    )
    ws_base = base.replace("http://", "ws://")
    until = time.monotonic() + args.seconds
    cpu0 = _cpu_seconds(args.server_pid), time.process_time()
    games = [Game(pair, match, stats) for pair, match in zip(pairs, matches, strict=True)]
    await asyncio.gather(*(g.play(ws_base, (args.think_min, args.think_max), until) for g in games))
    stats.server_cpu = (_cpu_seconds(args.server_pid) - cpu0[0]) / args.seconds
    stats.client_cpu = (time.process_time() - cpu0[1]) / args.seconds
    for p in players:
        await p.http.aclose()
    return stats


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process and its children (``--workers``; Linux ``/proc``)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(_cpu_seconds(int(child)) for child in children)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the games play")
    parser.add_argument("--think-min", type=float, default=0.5)
    parser.add_argument("--think-max", type=float, default=1.5)
    parser.add_argument(
        "--clock", type=int, default=600, help="seconds per turn (no deadline fires by default)"
    )
    parser.add_argument("--profile", default="", help="write the server's cProfile stats here")
    parser.add_argument("--workers", type=int, default=1, help="server processes (--workers)")
    parser.add_argument("--database", default="", help="an empty database (default: SQLite)")
    parser.add_argument("--redis", default="", help="Redis URL (needed with --workers > 1)")
    parser.add_argument("--bot-games", type=int, default=0, help="games against a built-in bot")
    parser.add_argument("--bot-level", default="hard")
    parser.add_argument("--bot-budget", type=float, default=0.25, help="a bot's seconds per move")
    parser.add_argument("--bot-workers", type=int, default=0, help="SAMTEMPA_BOT_WORKERS")
    parser.add_argument("--bot-shards", type=int, default=0, help="`samtempa bots work` processes")
    args = parser.parse_args()
    if not 0 <= args.bot_games <= args.games:
        parser.error("--bot-games is a share of --games")
    if args.bot_shards and not args.redis:
        parser.error("--bot-shards needs --redis")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        humans = args.games - args.bot_games
        args.accounts = make_accounts(data, 2 * humans + args.bot_games, args.database)
        log = Path(data) / "server.log"
        env = {
            **os.environ,
            "SAMTEMPA_BOT_BUDGET_S": str(args.bot_budget),
            "SAMTEMPA_BOT_WORKERS": str(args.bot_workers),
            "SAMTEMPA_BOT_SHARDS": str(args.bot_shards),
        }
        work = ["nice", "-n", "10", sys.executable, "-m", "samtempa.cli", "bots", "work"]
        bot_workers = [
            subprocess.Popen(
                [*work, "--redis", args.redis, "--shard", str(k), "--shards", str(args.bot_shards)],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            for k in range(args.bot_shards)
        ]
        with log.open("w") as out:
            server = subprocess.Popen(
                [
                    sys.executable,
                    *(["-m", "cProfile", "-o", args.profile] if args.profile else []),
                    "-m",
                    "samtempa.cli",
                    "serve",
                    "--port",
                    str(port),
                    "--data",
                    data,
                    *(["--database", args.database] if args.database else []),
                    *(["--redis", args.redis] if args.redis else []),
                    "--workers",
                    str(args.workers),
                ],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
            )
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    if httpx.get(base + "/lobby", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    print(log.read_text()[-2000:])
                    return 1
                time.sleep(0.2)
            try:
                import uvloop

                uvloop.install()
            except ImportError:
                pass
            args.server_pid = server.pid
            stats = asyncio.run(run(args, base))
        finally:
            server.send_signal(signal.SIGINT)  # a clean stop, so a profile gets written
            server.wait(timeout=60)
            for worker in bot_workers:
                worker.terminate()
                worker.wait(timeout=60)
        server_log = log.read_text()
        errors_in_log = server_log.count("Traceback")
        first_error = server_log[server_log.find("Traceback") :][:1500] if errors_in_log else ""
    lat = stats.latencies + stats.bot_latencies
    where = args.database.split("://")[0] if args.database else "sqlite"
    print(
        f"{args.games} concurrent games ({args.bot_games} against bot:{args.bot_level} at "
        f"{1000 * args.bot_budget:.0f} ms), {args.seconds:.0f} s, think "
        f"{args.think_min}-{args.think_max} s; {where}, {args.workers} process(es)"
        + (", redis" if args.redis else "")
        + (f", bots in {args.bot_workers} worker process(es)" if args.bot_workers else "")
        + (f", bots in {args.bot_shards} `bots work` process(es)" if args.bot_shards else "")
    )
    print(
        f"turns resolved: {stats.turns} ({stats.turns / args.seconds:.0f}/s), "
        f"games finished: {stats.games_finished}"
    )
    for name, values in (("human games", stats.latencies), ("bot games", stats.bot_latencies)):
        if values:
            print(
                f"move-to-reveal latency, {name}: p50 {1000 * statistics.median(values):.1f} ms, "
                f"p99 {1000 * percentile(values, 99):.1f} ms, max {1000 * max(values):.1f} ms "
                f"({len(values)} samples)"
            )
    print(
        f"CPU: server {stats.server_cpu:.2f} cores, clients {stats.client_cpu:.2f} cores; "
        f"load average at the end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    print(f"errors: {len(stats.errors)} (server tracebacks: {errors_in_log})")
    for e in stats.errors[:10]:
        print("  ", e)
    if first_error:
        print("first server traceback:\n" + first_error)
    return 0 if not stats.errors and lat else 1


if __name__ == "__main__":
    sys.exit(main())
