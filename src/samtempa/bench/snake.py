"""``samtempa bench snake-synapse``: Snake Synapse engine speed figures.

Two workloads, both timing the engine's work only (never process start,
file reading or the bots' thinking):

- games: 8 random-safe snakes on the big terrain and 6 on the classic one,
  powers included, game after game until ``turns`` turns; the clock runs
  around ``step`` alone;
- ``--cases DIR``: every Snake Synapse conformance case under DIR replayed
  three times (its start read with ``from_json`` or set up, then its turns
  through ``play``, a rejected turn ending the case), the JSON already parsed.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

from samtempa.bots.snake_safe import safe_order
from samtempa.games.base import OrderError
from samtempa.games.snake import SnakeSynapse, State, load_terrain
from samtempa.games.snake.game import NAME as SNAKE_NAME

#: A plain, list-based Python reading of the rules replays the public cases at
#: about this many turns per second on the project's machine (issue 3).
PLAIN_REFERENCE_TURNS_PER_SECOND = 2_600
RACES = ("breaker", "dasher", "trapper", "digger", "ghost", "shooter")
#: The two game workloads: terrain and number of snakes.
WORKLOADS = (("big", 8), ("classic", 6))

Clock = Callable[[], float]


def game_figures(
    terrain_id: str, snakes: int, turns: int, seed: int, clock: Clock = time.perf_counter
) -> dict[str, Any]:
    """Random-safe games on one terrain until ``turns`` turns; engine time only."""
    game = SnakeSynapse()
    terrain = load_terrain(terrain_id)
    rng = Random(seed)
    engine = bots = 0.0
    played = frames = games = 0
    while played < turns:
        races = terrain.races or RACES
        setup = {
            "terrain": terrain_id,
            "snakes": [{"id": f"s{i}", "race": rng.choice(races)} for i in range(snakes)],
        }
        state: State = game.initial_state(setup)
        games += 1
        while state.result is None and played < turns:
            t0 = clock()
            orders = {p: safe_order(state, p, rng) for p in game.players(state)}
            t1 = clock()
            step = game.step(state, orders)
            t2 = clock()
            bots += t1 - t0
            engine += t2 - t1
            played += 1
            frames += len(step.frames)
            state = step.state
    return {
        "terrain": terrain_id,
        "snakes": snakes,
        "games": games,
        "turns": played,
        "frames": frames,
        "engine_seconds": round(engine, 4),
        "turns_per_second": round(played / engine, 1),
        "frames_per_second": round(frames / engine, 1),
        "bot_decisions_per_second": round(played * snakes / bots, 1) if bots else None,
    }


def load_cases(root: Path) -> list[dict[str, Any]]:
    """The Snake Synapse cases under ``root`` (files read here, outside any timing)."""
    cases = []
    for path in sorted(root.rglob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(case, dict) and case.get("game") == SNAKE_NAME:
            cases.append(case)
    return cases


def replay_cases(cases: list[dict[str, Any]]) -> tuple[int, int, int]:
    """One replay of every case: (accepted turns, frames, rejected turns)."""
    game = SnakeSynapse()
    turns = frames = rejected = 0
    for case in cases:
        start = case.get("start")
        if isinstance(start, dict) and "game" in start:
            state = game.from_json(start)
        else:
            state = game.initial_state(start)
        for orders in case.get("turns", []):
            try:
                step = game.play(state, orders)
            except OrderError:
                rejected += 1
                break
            turns += 1
            frames += len(step.frames)
            state = step.state
    return turns, frames, rejected


def case_figures(root: Path, rounds: int = 3, clock: Clock = time.perf_counter) -> dict[str, Any]:
    """Every case replayed ``rounds`` times; engine time only."""
    cases = load_cases(root)
    replay_cases(cases)  # warm the caches a long-running server would have warm
    times = []
    turns = frames = rejected = 0
    for _ in range(rounds):
        t0 = clock()
        t, f, r = replay_cases(cases)
        times.append(clock() - t0)
        turns, frames, rejected = turns + t, frames + f, rejected + r
    seconds = sum(times)
    best = min(times)
    return {
        "cases": len(cases),
        "rounds": rounds,
        "turns": turns,
        "frames": frames,
        "rejected_turns": rejected,
        "seconds": round(seconds, 4),
        "turns_per_second": round(turns / seconds, 1),
        "frames_per_second": round(frames / seconds, 1),
        "best_round_turns_per_second": round(turns / rounds / best, 1),
        "ratio_to_plain_reference": round(turns / seconds / PLAIN_REFERENCE_TURNS_PER_SECOND, 2),
    }


def main(turns: int, seed: int, cases: str | None = None, as_json: bool = False) -> int:
    if cases is not None:
        root = Path(cases)
        if not root.is_dir():
            print(f"samtempa bench: {cases} is not a directory")
            return 2
        figures = case_figures(root)
        if as_json:
            print(json.dumps(figures))
            return 0
        print(
            f"Snake Synapse, {figures['cases']} conformance cases under {cases}, "
            f"replayed {figures['rounds']} times"
        )
        print(f"  {figures['turns_per_second']:>12,.0f} turns/s")
        print(f"  {figures['frames_per_second']:>12,.0f} frames/s")
        print(f"  {figures['best_round_turns_per_second']:>12,.0f} turns/s in the best round")
        print(
            f"  {figures['ratio_to_plain_reference']:.2f}× the plain list-based reading "
            f"({PLAIN_REFERENCE_TURNS_PER_SECOND:,} turns/s)"
        )
        return 0
    results = [game_figures(t, n, turns, seed) for t, n in WORKLOADS]
    total_turns = sum(r["turns"] for r in results)
    total_frames = sum(r["frames"] for r in results)
    engine = sum(r["engine_seconds"] for r in results)
    summary = {
        "turns_per_second": round(total_turns / engine, 1),
        "frames_per_second": round(total_frames / engine, 1),
        "seed": seed,
        "workloads": results,
    }
    if as_json:
        print(json.dumps(summary))
        return 0
    print(f"Snake Synapse, random-safe snakes, {turns} turns per terrain, seed {seed}")
    for r in results:
        print(
            f"  {r['terrain']:<8} {r['snakes']} snakes: {r['turns_per_second']:>10,.0f} turns/s "
            f"{r['frames_per_second']:>10,.0f} frames/s  ({r['games']} games; the bots "
            f"decide {r['bot_decisions_per_second']:,.0f} times/s)"
        )
    print(
        f"  overall:          {summary['turns_per_second']:>10,.0f} turns/s "
        f"{summary['frames_per_second']:>10,.0f} frames/s"
    )
    return 0
