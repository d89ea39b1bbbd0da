"""What the Shell turns per second on one core, through every path researchers use, one run.

    .venv/bin/python benchmarks/bench_envs.py [--repeat 3] [--quick]

Uniformly random games from the empty board, restarted as they end, for: the
plain engine, the Cython fast path, the batched engine (N = 1, 64, 1,024 and
16,384 games in lockstep, its random picks included, and its turns alone),
the PettingZoo environment and the vector environment. Times are the
process's CPU time (one core; this machine's two cores are shared, so wall
time says more about the neighbours than about the code), and ``uptime`` is
printed before and after. The key figures (fast path, batch at 16,384) are
repeated ``--repeat`` times.
"""

from __future__ import annotations

import argparse
import subprocess
import time
from collections.abc import Callable
from random import Random

import numpy as np

from samtempa.bench import shell_random_games
from samtempa.envs.shell import ShellParallelEnv
from samtempa.envs.vector import ShellVectorEnv
from samtempa.games.shell import fast
from samtempa.games.shell.batch import ShellBatch

Run = Callable[[], int]  # plays some turns, returns how many


def cpu_rate(run: Run) -> float:
    """Turns per CPU second of ``run``."""
    start = time.process_time()
    turns = run()
    return turns / (time.process_time() - start)


def plain(games: int) -> Run:
    return lambda: shell_random_games(games, Random(1))[3]


def fast_path(games: int) -> Run:
    return lambda: fast.random_games(games, Random(1))[3]


def batched(n: int, turns: int) -> Run:
    """``turns`` lockstep turns of ``n`` games, random picks included."""

    def run() -> int:
        batch = ShellBatch(n)
        rng = np.random.default_rng(1)
        for _ in range(turns):
            batch.step(batch.random_picks(rng), batch.random_picks(rng), checked=True)
            over = np.flatnonzero(batch.result != -1)
            if over.size:
                batch.reset(over)
        return n * turns

    return run


def batched_steps(n: int, turns: int) -> float:
    """Turns per CPU second of the batched engine's ``step`` alone (picks made outside)."""
    batch = ShellBatch(n)
    rng = np.random.default_rng(1)
    spent = 0.0
    for _ in range(turns):
        black, white = batch.random_picks(rng), batch.random_picks(rng)
        start = time.process_time()
        batch.step(black, white, checked=True)
        spent += time.process_time() - start
        over = np.flatnonzero(batch.result != -1)
        if over.size:
            batch.reset(over)
    return n * turns / spent


def pettingzoo(turns: int) -> Run:
    def run() -> int:
        env = ShellParallelEnv()
        obs, _ = env.reset(seed=1)
        rng = np.random.default_rng(1)
        for _ in range(turns):
            if not env.agents:
                obs, _ = env.reset()
            actions = {
                a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in env.agents
            }
            obs, *_ = env.step(actions)
        return turns

    return run


def vector(n: int, turns: int) -> Run:
    def run() -> int:
        env = ShellVectorEnv(n)
        env.reset(seed=1)
        for _ in range(turns):
            env.step(env.batch.random_picks(env.np_random))
        return n * turns

    return run


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="fewer turns (a smoke run)")
    args = parser.parse_args()
    k = 10 if args.quick else 1
    print(f"before: {uptime()}")
    rows: list[tuple[str, Callable[[], float]]] = [
        ("plain engine", lambda: cpu_rate(plain(4000 // k))),
        ("Cython fast path", lambda: cpu_rate(fast_path(40000 // k))),
        ("batch N=1", lambda: cpu_rate(batched(1, 3000 // k))),
        ("batch N=64", lambda: cpu_rate(batched(64, 600 // k))),
        ("batch N=1,024", lambda: cpu_rate(batched(1024, 200 // k))),
        ("batch N=16,384", lambda: cpu_rate(batched(16384, 60 // k))),
        ("batch N=16,384, steps alone", lambda: batched_steps(16384, 60 // k)),
        ("PettingZoo env", lambda: cpu_rate(pettingzoo(3000 // k))),
        ("vector env N=16,384", lambda: cpu_rate(vector(16384, 40 // k))),
    ]
    for name, rate in rows:
        print(f"{name:>28}: {rate():>14,.0f} turns/s")
    print("key figures again:")
    for i in range(args.repeat):
        f, b = cpu_rate(fast_path(40000 // k)), cpu_rate(batched(16384, 60 // k))
        print(
            f"  run {i + 1}: fast path {f:>12,.0f}  batch N=16,384 {b:>12,.0f}  ratio {b / f:.2f}"
        )
    print(f"after: {uptime()}")


if __name__ == "__main__":
    main()
