"""How well the hard Snake Synapse bot predicts other snakes: the rank of each order
actually played in :func:`samtempa.bots.snake.predicted_orders`, against the
weights the bot draws with (:data:`samtempa.bots.snake.RANK_WEIGHTS`).

    .venv/bin/python benchmarks/bench_snake_prediction.py RECORDS_DIR [LABEL] [GAMES]

``RECORDS_DIR`` holds arena records (``samtempa arena --out``); ``LABEL`` is the
bot whose snakes are predicted (default ``medium``), as the records name it
(their ``meta.arena.bots``). Orders with a power are left out: the prediction
proposes paths only.
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from random import Random

from samtempa.bots.snake import (
    HARD_RANDOM_SAFE,
    RANK_WEIGHTS,
    Model,
    predicted_orders,
    random_safe_scenarios,
)
from samtempa.games.snake import SnakeSynapse
from samtempa.records import Record


def main(folder: str, label: str = "medium", games: int = 40) -> int:
    game = SnakeSynapse()
    ranks: Counter[int] = Counter()
    total = 0
    for path in sorted(Path(folder).glob("*.json"))[:games]:
        record = Record.load(path)
        bots = record.meta.get("arena", {}).get("bots", {})
        states = record.states()
        for k, turn in enumerate(record.turns):
            state = states[k]
            if state.result is not None:
                continue
            rng = Random(k)
            model = Model(state)
            drawn = random_safe_scenarios(state, "", rng, HARD_RANDOM_SAFE)
            for snake in state.snakes:
                played = turn.orders.get(snake.id)
                if not snake.alive or bots.get(snake.id) != label or not isinstance(played, dict):
                    continue
                if set(played) != {"path"}:
                    continue
                predicted = ["".join(o.path) for o in predicted_orders(
                    game, state, model, snake, drawn)]  # fmt: skip
                path_played = "".join(played["path"])
                rank = predicted.index(path_played) if path_played in predicted else -1
                ranks[rank] += 1
                total += 1
    if not total:
        print(f"no orders of {label!r} in {folder}")
        return 1
    print(f"{total} orders of {label!r}: rank played / weight drawn")
    for r in range(len(RANK_WEIGHTS)):
        print(f"  {r:2d}  {ranks[r] / total:.3f} / {RANK_WEIGHTS[r]:.3f}")
    print(f"  not predicted  {ranks[-1] / total:.3f} / {1 - sum(RANK_WEIGHTS):.3f}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        print(__doc__)
        sys.exit(2)
    sys.exit(
        main(
            sys.argv[1],
            sys.argv[2] if len(sys.argv) > 2 else "medium",
            int(sys.argv[3]) if len(sys.argv) > 3 else 40,
        )
    )
