"""Seeded What the Shell positions, the picks the bots choose there and what the search
primitives return.

The fixture ``fixtures/shell_decisions.json`` was recorded before the bots' search
left the rules' fast path (``games/shell/_fast.pyx`` → ``bots/shell/_search.pyx``,
issue 18); ``test_shell_decisions.py`` checks that the code still gives exactly the
same answers. Every search is bounded by iterations or rounds, never by the clock
(the time budgets are far out of reach), so an answer depends on the seed alone.
Record again with ``PYTHONPATH=src python tests/bots/shell_decisions.py`` only for a
deliberate change of play.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

from samtempa.bots.shell import (
    EXPERT,
    HARD,
    ShellMediumBot,
    ShellSearchBot,
    _matrix,
    _search,
    candidate_mask,
)
from samtempa.games.shell import INITIAL, ShellState, WhatTheShell, fast, random_empty
from samtempa.games.shell.board import FULL_MASK, squares_of

GAME = WhatTheShell()
FIXTURE = Path(__file__).parent / "fixtures" / "shell_decisions.json"
#: Never reached: the iteration caps stop every search first.
BUDGET_S = 1e6
HARD_CAPPED = replace(HARD, max_iterations=1500)
EXPERT_CAPPED = replace(EXPERT, max_iterations=1500, max_matrix_rounds=4)


def positions() -> list[tuple[str, ShellState]]:
    """Twelve positions of random games (turns 4–40) and eight of medium-bot games
    (turns 6–30, where lines and five threats are common)."""
    out: list[tuple[str, ShellState]] = []
    medium = ShellMediumBot()
    k = 0
    while len(out) < 20:
        rng = Random(f"shell-decisions/{k}")
        k += 1
        by_medium = len(out) >= 12
        stop = rng.randint(6, 30) if by_medium else rng.randint(4, 40)
        state = INITIAL
        while state.result is None and state.turn < stop:
            if by_medium:
                b, w = medium.pick(state, "black", rng), medium.pick(state, "white", rng)
            else:
                b, w = random_empty(state, rng), random_empty(state, rng)
            after = fast.step(state, b, w)
            if after.result is not None:
                break
            state = after
        out.append((f"{k - 1}-{'medium' if by_medium else 'random'}-{state.turn}", state))
    return out


def primitive_answers(name: str, state: ShellState) -> dict[str, Any]:
    st = tuple(state)
    empty = FULL_MASK & ~state.occupied
    cells = squares_of(candidate_mask(state))
    policy = (1.0, 1.0, 0.5, 0.3, 0.3)
    out: dict[str, Any] = {
        "five_cells": [_search.five_cells(c, empty) for c in (state.black, state.white)],
        "four_cells": [_search.four_cells(c, empty) for c in (state.black, state.white)],
        "near_cells": _search.near_cells(state.occupied),
        "window_counts": [
            _matrix.window_counts(state.black, state.white | state.eggs),
            _matrix.window_counts(state.white, state.black | state.eggs),
        ],
    }
    rng = Random(f"{name}/playout")
    out["policy_playout"] = [_search.policy_playout(st, policy, rng) for _ in range(3)]
    out["duct"] = _search.duct(
        st, cells, cells, BUDGET_S, 800, 0.6, (1.0, 1.0, 0.5), Random(f"{name}/duct")
    )
    out["duct_tree"] = _search.duct_tree(
        st, BUDGET_S, 800, 0.3, (1.0, 1.0, 0.5), Random(f"{name}/tree"), 4, 512
    )
    few = cells[:5]
    means, counts, rounds = _search.joint_matrix(
        st, few, few[::-1], BUDGET_S, 3, policy, Random(f"{name}/matrix")
    )
    out["joint_matrix"] = [means, counts, rounds]
    out["solve_matrix"] = _matrix.solve_matrix(means, len(few), len(few), 500)
    return out


def decisions() -> dict[str, Any]:
    out: dict[str, Any] = {}
    bots = (
        ("medium", ShellMediumBot()),
        ("hard", ShellSearchBot("hard", HARD_CAPPED)),
        ("expert", ShellSearchBot("expert", EXPERT_CAPPED)),
    )
    for name, state in positions():
        entry: dict[str, Any] = {"state": list(state)}
        for level, bot in bots:
            for player in ("black", "white"):
                entry[f"{level}/{player}"] = bot.choose(
                    GAME,
                    state,
                    player,
                    BUDGET_S,
                    Random(f"{name}/{level}/{player}"),
                )
        entry["primitives"] = primitive_answers(name, state)
        out[name] = entry
    # Through JSON and back, so lists and tuples compare alike.
    result: dict[str, Any] = json.loads(json.dumps(out))
    return result


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(decisions(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
