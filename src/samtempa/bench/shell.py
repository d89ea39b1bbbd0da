"""What the Shell engine speed figures: the plain API against the fast path."""

from __future__ import annotations

import json
import time
from random import Random

from samtempa.games.shell import INITIAL, random_empty, step
from samtempa.games.shell import fast as shell_fast

#: A reference C implementation of the What the Shell rules (gcc -O2, one core
#: of this machine) plays about this many uniformly random games per second.
C_REFERENCE_GAMES_PER_SECOND = 400_000


def shell_random_games(games: int, rng: Random) -> tuple[int, int, int, int]:
    """Random games through the plain engine API: (black, white, draws, turns)."""
    wins = {"black": 0, "white": 0, "draw": 0}
    turns = 0
    for _ in range(games):
        state = INITIAL
        while state.result is None:
            black = random_empty(state, rng)
            white = random_empty(state, rng)
            state = step(state, black, white)
        turns += state.turn
        wins[state.result] += 1
    return wins["black"], wins["white"], wins["draw"], turns


def bench_shell(games: int, seed: int, *, fast: bool = False, as_json: bool = False) -> int:
    rng = Random(seed)
    play = shell_fast.random_games if fast else shell_random_games
    start = time.perf_counter()
    black, white, draw, turns = play(games, rng)
    seconds = time.perf_counter() - start
    figures = {
        "engine": "fast" if fast else "plain",
        "games": games,
        "seed": seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1),
        "turns_per_second": round(turns / seconds, 1),
        "mean_turns": round(turns / games, 3),
        "results": {
            "black": round(black / games, 4),
            "white": round(white / games, 4),
            "draw": round(draw / games, 4),
        },
        "ratio_to_c_reference": round(games / seconds / C_REFERENCE_GAMES_PER_SECOND, 4),
    }
    if as_json:
        print(json.dumps(figures))
    else:
        r = figures["results"]
        assert isinstance(r, dict)
        print(
            f"What the Shell, {games} uniformly random games, seed {seed}, "
            f"{figures['engine']} engine"
        )
        print(f"  {figures['games_per_second']:>12,.0f} games/s")
        print(f"  {figures['turns_per_second']:>12,.0f} turns/s")
        print(f"  {figures['mean_turns']:>12} turns per game")
        print(f"  black {r['black']:.2%}  white {r['white']:.2%}  draw {r['draw']:.2%}")
        print(
            f"  {figures['ratio_to_c_reference']:.2%} of the C reference "
            f"({C_REFERENCE_GAMES_PER_SECOND:,} games/s)"
        )
    return 0
