"""Hypothesis strategies for What the Shell positions."""

from __future__ import annotations

from random import Random

from hypothesis import strategies as st

from samtempa.games.shell import INITIAL, ShellState, random_empty, step
from samtempa.games.shell.board import FULL_MASK, SQUARES, winning_count
from samtempa.games.shell.state import NORMAL, SUDDEN_DEATH


@st.composite
def reachable_states(draw: st.DrawFn) -> ShellState:
    """A state reached by uniformly random picks from the empty board (maybe over)."""
    rng = Random(draw(st.integers(0, 2**32)))
    depth = draw(st.integers(0, 70))
    state = INITIAL
    for _ in range(depth):
        if state.result is not None:
            break
        state = step(state, random_empty(state, rng), random_empty(state, rng))
    return state


@st.composite
def crowded_states(draw: st.DrawFn) -> ShellState:
    """A random game-in-progress position, dense in eggs, where waves and chains are common."""
    weights = draw(st.tuples(*(st.integers(1, 6) for _ in range(4))))
    rng = Random(draw(st.integers(0, 2**32)))
    black = white = eggs = 0
    egg_squares = []
    for sq in SQUARES:
        kind = rng.choices(".BWO", weights=weights)[0]
        if kind == "B":
            black |= 1 << sq
        elif kind == "W":
            white |= 1 << sq
        elif kind == "O":
            eggs |= 1 << sq
            egg_squares.append(sq)
    rng.shuffle(egg_squares)
    nb, nw = winning_count(black), winning_count(white)
    free = FULL_MASK & ~(black | white | eggs)
    # Keep positions a game could be in: equal counts and an empty cell to play.
    if nb != nw or free.bit_count() < 2:
        black = white = 0
        nb = nw = 0
    return ShellState(
        black, white, eggs, tuple(egg_squares), 20, SUDDEN_DEATH if nb else NORMAL, None, nb, nw
    )


def states() -> st.SearchStrategy[ShellState]:
    return st.one_of(reachable_states(), crowded_states())
