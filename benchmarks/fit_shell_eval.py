"""Fits the exact search's evaluation (bots/shell/exact.py ``weights``) on self-play positions.

    PYTHONPATH=src python benchmarks/fit_shell_eval.py [GAMES] [NODES]

Plays ``GAMES`` games of the exact search against itself (``NODES`` nodes a move, so
the games do not depend on the clock; the first two picks of each colour at random
for variety), keeps every quiet position (no five can be completed by either colour)
with the game's result, and fits a logistic regression of black winning on the
evaluation's features: for k = 1…4, the windows of five holding k black pieces and
no other piece minus those holding k white ones, and the turtle balance. Prints the
fitted weights in the form of ``ExactSettings.weights`` (scale 1) and the log loss
of the fit and of the current weights on the same positions.
"""

from __future__ import annotations

import math
import sys
from dataclasses import replace
from random import Random

import numpy as np

from samtempa.bots.shell import EXACT, ShellExactBot, _matrix, _search
from samtempa.games.shell import INITIAL, ShellState, fast, random_empty
from samtempa.games.shell.board import FULL_MASK


def features(state: ShellState) -> list[float]:
    mine = _matrix.window_counts(state.black, state.white | state.eggs)
    theirs = _matrix.window_counts(state.white, state.black | state.eggs)
    turtles = state.black.bit_count() - state.white.bit_count()
    return [float(mine[k] - theirs[k]) for k in range(1, 5)] + [float(turtles)]


def quiet(state: ShellState) -> bool:
    empty = FULL_MASK & ~state.occupied
    return not (_search.five_cells(state.black, empty) or _search.five_cells(state.white, empty))


def self_play(games: int, nodes: int, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    bot = ShellExactBot("fit", replace(EXACT, max_nodes=nodes))
    rng = Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for _ in range(games):
        state = INITIAL
        seen: list[ShellState] = []
        while state.result is None:
            if state.turn < 2:
                b, w = random_empty(state, rng), random_empty(state, rng)
            else:
                b = bot.pick(state, "black", 10.0, rng)
                w = bot.pick(state, "white", 10.0, rng)
            state = fast.step(state, b, w)
            if state.result is None and quiet(state):
                seen.append(state)
        if state.result == "draw":
            continue
        y = 1.0 if state.result == "black" else 0.0
        for s in seen:
            xs.append(features(s))
            ys.append(y)
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 4000, l2: float = 1e-3) -> np.ndarray:
    """Logistic regression without intercept (the colours are symmetric), by Newton steps."""
    theta = np.zeros(x.shape[1])
    for _ in range(min(steps, 50)):
        p = 1.0 / (1.0 + np.exp(-x @ theta))
        grad = x.T @ (p - y) / len(y) + l2 * theta
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(theta))
        theta -= np.linalg.solve(hess, grad)
    return theta


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main(games: int = 120, nodes: int = 4000) -> None:
    x, y = self_play(games, nodes)
    theta = fit(x, y)
    w = EXACT.weights
    current = np.array([w[0], w[1], w[2], w[3], w[4]]) / w[5]
    print(f"{len(y)} quiet positions from {games} games, black won {y.mean():.3f}")
    print(f"fitted weights (scale 1): {tuple(round(float(t), 4) for t in theta)} + (1.0,)")
    print(
        f"log loss: fitted {log_loss(1 / (1 + np.exp(-x @ theta)), y):.4f}, "
        f"current {log_loss(1 / (1 + np.exp(-x @ current)), y):.4f}, "
        f"constant {log_loss(np.full(len(y), y.mean()), y):.4f} (ln 2 = {math.log(2):.4f})"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
