"""What the Shell engine figures: plain API and fast path, same seed, same machine, one run.

    .venv/bin/python benchmarks/bench_shell.py [GAMES]

Prints games/s and turns/s of both paths, their ratio to the C reference, and
checks that both played the very same games (same results, same turn count).
"""

from __future__ import annotations

import sys
import time
from random import Random

from samtempa.bench.shell import C_REFERENCE_GAMES_PER_SECOND, shell_random_games
from samtempa.games.shell import fast


def main(games: int = 20_000, seed: int = 1) -> None:
    for name, play, n in (
        ("plain", shell_random_games, games),
        ("fast", fast.random_games, games * 10),
    ):
        start = time.perf_counter()
        black, white, draw, turns = play(n, Random(seed))
        seconds = time.perf_counter() - start
        gps = n / seconds
        print(
            f"{name:>5}: {gps:>10,.0f} games/s {turns / seconds:>12,.0f} turns/s "
            f"({gps / C_REFERENCE_GAMES_PER_SECOND:.2%} of C)  "
            f"black {black / n:.3f} white {white / n:.3f} draw {draw / n:.4f}  "
            f"mean turns {turns / n:.3f}"
        )
    same = shell_random_games(1000, Random(seed)) == fast.random_games(1000, Random(seed))
    print(f"same 1000 seeded games through both paths: {same}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
