"""The compiled fast path gives the plain engine's results, turn for turn and game for game."""

from __future__ import annotations

from random import Random

from hypothesis import given
from hypothesis import strategies as st

from samtempa.bench.shell import shell_random_games
from samtempa.games.shell import ShellState, fast, random_empty, resolve
from tests.games.shell.strategies import states


@given(states(), st.integers(0, 2**32))
def test_fast_step_equals_plain_step(state: ShellState, seed: int) -> None:
    rng = Random(seed)
    for _ in range(20):
        if state.result is not None:
            break
        black, white = random_empty(state, rng), random_empty(state, rng)
        plain = resolve(state, black, white)
        assert fast.step(state, black, white) == plain
        state = plain


@given(states(), st.integers(0, 2**32))
def test_fast_playout_plays_the_plain_engines_game(state: ShellState, seed: int) -> None:
    if state.result is not None:
        return
    plain_rng, fast_rng = Random(seed), Random(seed)
    end, turns = state, 0
    while end.result is None:
        end = resolve(end, random_empty(end, plain_rng), random_empty(end, plain_rng))
        turns += 1
    assert fast.playout(state, fast_rng) == (end.result, turns)
    assert fast_rng.getstate() == plain_rng.getstate(), "both consumed the same draws"


def test_same_seeded_games_through_both_paths() -> None:
    for seed in (1, 2, 3):
        assert fast.random_games(300, Random(seed)) == shell_random_games(300, Random(seed))
