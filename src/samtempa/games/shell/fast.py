"""The compiled fast path: the same rules as :mod:`.rules`, for bots and learning.

Written in Cython (``_fast.pyx``) on 128-bit C integers: a turn costs about
as much as one Python function call on the plain path. It is built at install
time with the system's C compiler; the results are identical to the plain
engine's, random games included (same generator state, same draws).

>>> import random
>>> from samtempa.games.shell import INITIAL
>>> result, turns = playout(INITIAL, random.Random(7))
>>> result in ("black", "white", "draw")
True
"""

from __future__ import annotations

from random import Random

from samtempa.games.shell import _fast
from samtempa.games.shell.state import ShellState


def step(state: ShellState, black: int, white: int) -> ShellState:
    """One turn, like :func:`.rules.resolve` (picks are not checked)."""
    return ShellState(*_fast.step_tuple(tuple(state), black, white))


def playout(state: ShellState, rng: Random) -> tuple[str, int]:
    """Uniformly random picks until the game ends: (result, turns played).

    Consumes ``rng`` exactly as repeated :func:`.game.random_empty` calls would.
    """
    return _fast.playout(tuple(state), rng)


def random_games(games: int, rng: Random) -> tuple[int, int, int, int]:
    """``games`` random games from the empty board: (black wins, white wins, draws, turns)."""
    return _fast.random_games(games, rng)
