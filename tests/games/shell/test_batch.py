"""The batched engine plays the engine's games: canonical JSON compared every turn.

Every test runs on both backends, the numpy batch (the reference) and the compiled
kernel (:mod:`samtempa.games.shell.batch_kernel`).
"""

from __future__ import annotations

from random import Random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.games.shell import INITIAL, ShellState, random_empty, resolve
from samtempa.games.shell.batch import CELL_OF_SQUARE, ENGINE_SQUARE, ShellBatch
from samtempa.games.shell.batch_kernel import Backend, make_batch
from samtempa.games.shell.board import SQUARES, winning_count
from samtempa.games.shell.notation import to_json
from tests.games.shell.strategies import crowded_states


def _play_alongside(
    batch: ShellBatch, states: list[ShellState], rng: Random, turns: int
) -> dict[str, int]:
    """Random picks for every game, through the engine and the batch; returns how often
    each kind of turn happened (so that a test knows it saw them)."""
    seen = {"captures": 0, "hatching": 0, "collisions": 0, "sudden-death": 0, "draw": 0, "won": 0}
    for _ in range(turns):
        black = np.zeros(batch.n, dtype=np.intp)
        white = np.zeros(batch.n, dtype=np.intp)
        for i, state in enumerate(states):
            if state.result is not None:
                states[i] = state = INITIAL
                batch.reset(np.array([i]))
            b, w = random_empty(state, rng), random_empty(state, rng)
            black[i], white[i] = CELL_OF_SQUARE[b], CELL_OF_SQUARE[w]
            after = resolve(state, b, w)
            seen["collisions"] += b == w
            seen["captures"] += (after.black | after.white | after.eggs).bit_count() < (
                state.black | state.white | state.eggs
            ).bit_count() + (1 if b == w else 2)
            seen["hatching"] += state.eggs & (after.black | after.white) != 0
            seen["sudden-death"] += after.phase == "sudden-death"
            seen["draw"] += after.result == "draw"
            seen["won"] += after.result in ("black", "white")
            states[i] = after
        batch.step(black, white)
        for i, state in enumerate(states):
            assert to_json(batch.state(i)) == to_json(state), f"game {i}"
    return seen


BACKENDS = pytest.mark.parametrize("backend", ["numpy", "kernel"])


@BACKENDS
def test_random_games_match_the_engine_turn_for_turn(backend: Backend) -> None:
    n = 200
    seen = _play_alongside(make_batch(n, backend), [INITIAL] * n, Random(3), 150)
    for kind in ("captures", "hatching", "collisions", "sudden-death", "won"):
        assert seen[kind] > 0, f"no turn with {kind}: the test saw too little"


@BACKENDS
@settings(max_examples=25, deadline=None)
@given(st.lists(crowded_states(), min_size=1, max_size=8), st.integers(0, 2**32))
def test_crowded_positions_match_the_engine(
    backend: Backend, states: list[ShellState], seed: int
) -> None:
    """Dense egg positions: chains of waves, hatching queues, sudden deaths and full boards."""
    batch = make_batch(len(states), backend)
    for i, state in enumerate(states):
        batch.set_state(i, state)
    _play_alongside(batch, list(states), Random(seed), 12)


def test_games_stepped_in_several_blocks_agree() -> None:
    """Blocks of 8,192 games in real use; here blocks of 5 (the last one shorter)."""
    seen = _play_alongside(ShellBatch(23, block=5), [INITIAL] * 23, Random(11), 80)
    assert seen["won"] > 0


@BACKENDS
def test_filling_the_board_draws_as_the_engine_does(backend: Backend) -> None:
    """WTS-6.4: positions with two empty cells left, played out by both engines."""
    rng = Random(2)
    draws = 0
    for _ in range(300):
        cells = list(SQUARES)
        rng.shuffle(cells)
        black = sum(1 << sq for sq in cells[2:41])
        white = sum(1 << sq for sq in cells[41:])
        if winning_count(black) or winning_count(white):
            continue
        state = ShellState(black, white, turn=40)
        after = resolve(state, cells[0], cells[1])
        batch = make_batch(1, backend)
        batch.set_state(0, state)
        batch.step(np.array([CELL_OF_SQUARE[cells[0]]]), np.array([CELL_OF_SQUARE[cells[1]]]))
        assert to_json(batch.state(0)) == to_json(after)
        draws += after.result == "draw"
    assert draws > 0


@BACKENDS
def test_states_go_in_and_out_unchanged(backend: Backend) -> None:
    rng = Random(5)
    state = INITIAL
    for _ in range(15):
        state = resolve(state, random_empty(state, rng), random_empty(state, rng))
        if state.result is not None:
            break
    batch = make_batch(2, backend)
    batch.set_state(1, state)
    assert batch.state(1) == state
    assert batch.state(0) == INITIAL


@BACKENDS
def test_bad_picks_are_refused_and_change_nothing(backend: Backend) -> None:
    batch = make_batch(2, backend)
    e5 = CELL_OF_SQUARE[44]
    batch.step(np.array([e5, 0]), np.array([1, 2]))
    before = [batch.state(i) for i in range(2)]
    with pytest.raises(ValueError, match="game 0: a pick is not empty"):
        batch.step(np.array([e5, 3]), np.array([4, 5]))
    with pytest.raises(ValueError, match="off the board"):
        batch.step(np.array([81, 3]), np.array([4, 5]))
    assert [batch.state(i) for i in range(2)] == before


@BACKENDS
def test_faults_are_reported_in_the_order_of_wts_2_3(backend: Backend) -> None:
    """WTS-2.3: a game over first (whichever game), then a pick off the board (black's or
    white's), then an occupied cell, each in the first game that has it; nothing changes."""
    batch = make_batch(4, backend)
    e5 = CELL_OF_SQUARE[44]
    batch.step(np.array([e5, e5, e5, 0]), np.array([1, 2, 3, 4]))
    batch.result[3] = 0  # game 3 is over (black won)
    cases = [
        ((e5, 81, 5, 6), (7, 8, 9, 10), "game 3: the game is over"),
        ((e5, 81, 5, 6), (7, 8, 9, 10), "game 1: a pick is off the board"),
        ((e5, 5, 5, 6), (7, 8, -1, 10), "game 2: a pick is off the board"),
        ((11, 12, 13, 14), (15, e5, 16, 17), "game 1: a pick is not empty"),
        ((11, 12, 13, 14), (15, 16, 17, 4), "game 3: a pick is not empty"),
    ]
    for i, (black, white, message) in enumerate(cases):
        if i == 1:
            batch.result[3] = -1
        before = [batch.state(g) for g in range(4)]
        with pytest.raises(ValueError, match=message):
            batch.step(np.array(black), np.array(white))
        assert [batch.state(g) for g in range(4)] == before


@BACKENDS
def test_random_picks_are_empty_cells_and_cover_them(backend: Backend) -> None:
    batch = make_batch(500, backend)
    rng = np.random.default_rng(0)
    for _ in range(10):
        batch.step(batch.random_picks(rng), batch.random_picks(rng))
        over = np.flatnonzero(batch.result != -1)
        batch.reset(over)
    free = batch.empty_cells()
    picks = batch.random_picks(rng)
    assert free[np.arange(batch.n), picks].all()
    # Every empty cell of game 0 comes up (uniform choice among the empty cells).
    counts = np.bincount([batch.random_picks(rng)[0] for _ in range(3000)], minlength=81)
    assert ((counts > 0) == free[0]).all()


def test_cells_are_the_engines_squares_in_reading_order() -> None:
    assert ENGINE_SQUARE[0] == 0
    assert ENGINE_SQUARE[8] == 8
    assert ENGINE_SQUARE[9] == 10
    assert CELL_OF_SQUARE[44] == 40  # E5, the centre
