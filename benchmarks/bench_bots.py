"""Bot figures: every built-in bot's decisions per second and playouts per second.

    .venv/bin/python benchmarks/bench_bots.py [MOVE_MS] [DECISIONS]

The same as ``samtempa bench bots`` (:mod:`samtempa.bench.bots`): positions from
seeded games, each bot given ``MOVE_MS`` per decision (default 250, the ladder's).
"""

from __future__ import annotations

import sys

from samtempa.bench.bots import main

if __name__ == "__main__":
    move_ms = float(sys.argv[1]) if len(sys.argv) > 1 else 250.0
    decisions = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    sys.exit(main(None, move_ms, decisions, seed=1))
