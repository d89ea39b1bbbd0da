"""What the Shell turns per second on one core, through every path researchers use, one run.

    .venv/bin/python benchmarks/bench_envs.py [--repeat 3] [--quick]

Uniformly random games from the empty board, restarted as they end, for: the
plain engine, the Cython fast path, the batched engine on both backends (the
compiled kernel and numpy; N = 1, 64, 1,024 and 16,384 games in lockstep, the
random picks of both players included, and its turns alone), the PettingZoo
environment and the vector environment. Times are the process's CPU time (one
core; this machine's two cores are shared, so wall time says more about the
neighbours than about the code), and ``uptime`` is printed before and after.
The key figures (fast path, batch at 16,384 on each backend, and their ratio)
are repeated ``--repeat`` times, interleaved, so that a neighbour's load
weighs on both sides of a ratio alike.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core: no idle BLAS threads spinning

import argparse
import subprocess
import time
from collections.abc import Callable
from random import Random

import numpy as np

from samtempa.bench.shell import shell_random_games
from samtempa.envs.shell import ShellParallelEnv
from samtempa.envs.vector import ShellVectorEnv
from samtempa.games.shell import fast
from samtempa.games.shell.batch_kernel import Backend, make_batch

Run = Callable[[], int]  # plays some turns, returns how many


def cpu_rate(run: Run) -> float:
    """Turns per CPU second of ``run``."""
    start = time.process_time()
    turns = run()
    return turns / (time.process_time() - start)


def rate_of(run: Run) -> Callable[[], float]:
    return lambda: cpu_rate(run)


def plain(games: int) -> Run:
    return lambda: shell_random_games(games, Random(1))[3]


def fast_path(games: int) -> Run:
    return lambda: fast.random_games(games, Random(1))[3]


def batched(n: int, turns: int, backend: Backend) -> Run:
    """``turns`` lockstep turns of ``n`` games, both players' random picks included."""

    def run() -> int:
        batch = make_batch(n, backend)
        rng = np.random.default_rng(1)
        for _ in range(turns):
            batch.step(*batch.random_pick_pairs(rng), checked=True)
            over = batch.finished()
            if over.size:
                batch.reset(over)
        return n * turns

    return run


def batched_steps(n: int, turns: int, backend: Backend) -> float:
    """Turns per CPU second of the batched engine's ``step`` alone (picks made outside)."""
    batch = make_batch(n, backend)
    rng = np.random.default_rng(1)
    spent = 0.0
    for _ in range(turns):
        black, white = batch.random_pick_pairs(rng)
        start = time.process_time()
        batch.step(black, white, checked=True)
        spent += time.process_time() - start
        over = batch.finished()
        if over.size:
            batch.reset(over)
    return n * turns / spent


def steps_rate(n: int, turns: int, backend: Backend) -> Callable[[], float]:
    return lambda: batched_steps(n, turns, backend)


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


def vector(n: int, turns: int, backend: Backend) -> Callable[[], float]:
    """Turns per CPU second of the vector environment's ``step`` (observations included),
    after two warm-up steps (the first ones map its large observation arrays)."""

    def rate() -> float:
        env = ShellVectorEnv(n, backend=backend)
        env.reset(seed=1)

        def play(steps: int) -> int:
            for _ in range(steps):
                env.step(env.batch.random_picks(env.np_random))
            return n * steps

        play(2)
        return cpu_rate(lambda: play(turns))

    return rate


BACKENDS: tuple[Backend, ...] = ("kernel", "numpy")


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
    ]
    # Turns per backend and N: about a second's work for the kernel, less for numpy.
    sizes = ((1, 20000, 3000), (64, 3000, 600), (1024, 1000, 200), (16384, 300, 60))
    for backend in BACKENDS:
        for n, kernel_turns, numpy_turns in sizes:
            turns = (kernel_turns if backend == "kernel" else numpy_turns) // k
            rows.append((f"batch {backend} N={n:,}", rate_of(batched(n, turns, backend))))
        turns = (300 if backend == "kernel" else 60) // k
        rows.append((f"batch {backend} N=16,384, steps", steps_rate(16384, turns, backend)))
    rows.append(("PettingZoo env", rate_of(pettingzoo(3000 // k))))
    for backend in BACKENDS:
        rows.append((f"vector env {backend} N=16,384", vector(16384, 40 // k, backend)))
    for name, rate in rows:
        print(f"{name:>34}: {rate():>14,.0f} turns/s")
    print("key figures again (batch N=16,384 with its random picks, ratio to the fast path):")
    for i in range(args.repeat):
        f = cpu_rate(fast_path(40000 // k))
        kern = cpu_rate(batched(16384, 300 // k, "kernel"))
        nump = cpu_rate(batched(16384, 60 // k, "numpy"))
        f = (f + cpu_rate(fast_path(40000 // k))) / 2  # before and after: the load drifts
        print(
            f"  run {i + 1}: fast path {f:>12,.0f}  kernel {kern:>12,.0f} ({kern / f:.2f}x)"
            f"  numpy {nump:>12,.0f} ({nump / f:.2f}x)"
        )
    print(f"after: {uptime()}")


if __name__ == "__main__":
    main()
