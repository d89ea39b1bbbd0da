"""Snake Synapse engine figures, and where the time goes.

    .venv/bin/python benchmarks/bench_snake.py [TURNS] [--cases DIR]

Prints, in one run: the conformance cases replayed three times (the figure of
issue 3, against the plain list-based reading's 2,600 turns/s), random-safe
games on the big (8 snakes) and classic (6 snakes) terrains, then where the
replay's time goes: by phase (reading the start, parsing orders, checking
them, resolving the turn) and, inside resolving, by frame step (SS-5.1).
Process time is used for the breakdown, so that other work on the machine
counts less; the figures are still noisy on a shared machine.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from samtempa.bench import snake as bench_snake
from samtempa.games.base import OrderError
from samtempa.games.snake import SnakeSynapse, State, frame, orders, turn
from samtempa.games.snake.board import Board

ROOT = Path(__file__).resolve().parents[1]
Plays = list[tuple[State, Any, dict[str, orders.Order]]]


def collect(cases: list[dict[str, Any]]) -> tuple[list[Any], Plays]:
    """Every case's start, and every accepted turn with the state before it."""
    game = SnakeSynapse()
    starts: list[Any] = []
    plays: Plays = []
    for case in cases:
        start = case.get("start")
        state = game.from_json(start) if "game" in (start or {}) else game.initial_state(start)
        starts.append(start)
        for raw in case.get("turns", []):
            try:
                step = game.play(state, raw)
            except OrderError:
                break
            plays.append((state, raw, orders.parse_orders(raw)))
            state = step.state
    return starts, plays


def best_of(work: Callable[[], object], rounds: int = 15) -> float:
    best = float("inf")
    for _ in range(rounds):
        t0 = time.process_time()
        work()
        best = min(best, time.process_time() - t0)
    return best


def phases(starts: list[Any], plays: Plays) -> dict[str, float]:
    game = SnakeSynapse()

    def read() -> None:
        for s in starts:
            game.from_json(s) if "game" in (s or {}) else game.initial_state(s)

    def parse() -> None:
        for _, raw, _ in plays:
            orders.parse_orders(raw)

    def check() -> None:
        for state, _, parsed in plays:
            orders.check_orders(state, parsed)

    def resolve() -> None:
        for state, _, parsed in plays:
            turn.resolve(state, parsed)

    return {
        name: best_of(work)
        for name, work in (("read start", read), ("parse", parse), ("check", check),
                           ("resolve", resolve))
    }  # fmt: skip


def steps(plays: Plays, rounds: int = 10) -> dict[str, float]:
    """Process time inside each frame step, plus the snapshot kept after each frame."""
    spent: dict[str, float] = defaultdict(float)
    clock = time.process_time

    def timed(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            t0 = clock()
            out = fn(*args)
            spent[name] += clock() - t0
            return out

        return run

    saved = (frame._ALL_STEPS, frame._PLAIN_STEPS, Board.snapshot)
    wrapped = {fn: timed(name, fn) for name, fn in frame.STEPS}
    frame._ALL_STEPS = tuple(wrapped[f] for f in saved[0])
    frame._PLAIN_STEPS = tuple(wrapped[f] for f in saved[1])
    Board.snapshot = timed("snapshot", saved[2])  # type: ignore[method-assign]
    t0 = clock()
    try:
        for _ in range(rounds):
            for state, _, parsed in plays:
                turn.resolve(state, parsed)
    finally:
        frame._ALL_STEPS, frame._PLAIN_STEPS, Board.snapshot = saved  # type: ignore[method-assign]
    spent["(turn set-up, frames, end of turn)"] = clock() - t0 - sum(spent.values())
    return dict(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("turns", nargs="?", type=int, default=500, help="turns per terrain")
    parser.add_argument("--cases", default=str(ROOT / "tests" / "conformance" / "cases"))
    args = parser.parse_args()

    figures = bench_snake.case_figures(Path(args.cases))
    print(f"Conformance cases ({figures['cases']}), replayed 3 times:")
    ratio = figures["ratio_to_plain_reference"]
    print(f"  {figures['turns_per_second']:>10,.0f} turns/s  {figures['frames_per_second']:>10,.0f}"
          f" frames/s  = {ratio}× the plain list-based reading")  # fmt: skip
    print(f"Random-safe games, {args.turns} turns per terrain (engine time only):")
    for terrain, snakes in bench_snake.WORKLOADS:
        g = bench_snake.game_figures(terrain, snakes, args.turns, seed=1)
        print(f"  {terrain:<8} {snakes} snakes  {g['turns_per_second']:>9,.0f} turns/s"
              f"  {g['frames_per_second']:>9,.0f} frames/s  ({g['games']} games)")  # fmt: skip

    starts, plays = collect(bench_snake.load_cases(Path(args.cases)))
    by_phase = phases(starts, plays)
    total = sum(by_phase.values())
    print(f"Where one replay of the cases spends its time ({len(plays)} turns, process time):")
    for name, seconds in by_phase.items():
        print(f"  {name:<12} {seconds * 1e6 / len(plays):7.1f} µs/turn  {seconds / total:6.1%}")
    by_step = steps(plays)
    total = sum(by_step.values())
    print("Inside resolve, by frame step (SS-5.1):")
    for name, seconds in sorted(by_step.items(), key=lambda kv: -kv[1]):
        print(f"  {name:<36} {seconds / total:6.1%}")


if __name__ == "__main__":
    main()
