"""The compiled batch kernel against the numpy batch, array for array, on many games.

``test_batch.py`` checks both backends against the engine, game for game, on a
few hundred games; here thousands of games go through the kernel and the numpy
batch with the same picks, and every array must agree after every turn.
"""

from __future__ import annotations

from random import Random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.games.shell import INITIAL, ShellState, random_empty, resolve
from samtempa.games.shell.batch import CELL_OF_SQUARE, ShellBatch
from samtempa.games.shell.batch_kernel import AVAILABLE, KernelBatch, make_batch
from samtempa.games.shell.board import SQUARES
from samtempa.games.shell.notation import to_json
from tests.games.shell.strategies import crowded_states


def _arrays(batch: ShellBatch) -> dict[str, np.ndarray]:
    live = np.arange(batch.queue.shape[1])[None, :] < batch.queue_len[:, None]
    out = {
        name: getattr(batch, name)
        for name in ("queue_len", "turn", "phase", "result", "winning_black", "winning_white")
    }
    out["queue"] = np.where(live, batch.queue, 0)
    for name, boards in zip(("black", "white", "eggs"), batch.boards(), strict=True):
        out[name + "_lo"], out[name + "_hi"] = boards.lo, boards.hi
    return out


def _assert_same(kernel: ShellBatch, reference: ShellBatch) -> None:
    mine, theirs = _arrays(kernel), _arrays(reference)
    for name, expected in theirs.items():
        wrong = np.flatnonzero((mine[name] != expected).reshape(len(expected), -1).any(axis=1))
        assert not wrong.size, f"{name} differs in games {wrong[:10].tolist()}"


def test_the_kernel_is_the_default_backend_when_compiled() -> None:
    assert AVAILABLE
    assert isinstance(make_batch(3), KernelBatch)
    assert type(make_batch(3, "numpy")) is ShellBatch
    with pytest.raises(ValueError, match="unknown batch backend"):
        make_batch(3, "gpu")  # type: ignore[arg-type]


def test_thousands_of_random_games_agree_with_the_numpy_batch() -> None:
    """4,000 games for 120 turns (about four games each), restarted as they end."""
    n = 4000
    kernel, reference = KernelBatch(n), ShellBatch(n)
    rng = np.random.default_rng(7)
    ended = sudden = hatched = 0
    for _ in range(120):
        black, white = kernel.random_picks(rng), kernel.random_picks(rng)
        eggs_before = kernel.eggs.count()
        kernel.step(black, white)
        reference.step(black, white)
        _assert_same(kernel, reference)
        sudden += int((kernel.phase == 1).sum())
        hatched += int((kernel.eggs.count() < eggs_before).sum())
        over = np.flatnonzero(kernel.result != -1)
        ended += over.size
        kernel.reset(over)
        reference.reset(over)
        _assert_same(kernel, reference)
    assert ended > n, "the test saw too little"
    assert sudden > 0
    assert hatched > 0


@settings(max_examples=10, deadline=None)
@given(st.lists(crowded_states(), min_size=40, max_size=40), st.integers(0, 2**32))
def test_crowded_positions_agree_with_the_numpy_batch(crowded: list[ShellState], seed: int) -> None:
    """Dense eggs (chains of waves, long queues, sudden deaths) among 300 games."""
    rng = Random(seed)
    states = crowded + [INITIAL] * 260
    rng.shuffle(states)
    n = len(states)
    kernel, reference = KernelBatch(n), ShellBatch(n)
    for i, state in enumerate(states):
        kernel.set_state(i, state)
        reference.set_state(i, state)
    waves = 0
    for _ in range(15):
        black = np.zeros(n, dtype=np.intp)
        white = np.zeros(n, dtype=np.intp)
        for i, state in enumerate(states):
            b, w = random_empty(state, rng), random_empty(state, rng)
            black[i], white[i] = CELL_OF_SQUARE[b], CELL_OF_SQUARE[w]
            states[i] = resolve(state, b, w)
            waves += len(states[i].queue) < len(state.queue)  # eggs captured or hatched
        kernel.step(black, white)
        reference.step(black, white)
        _assert_same(kernel, reference)
        for i, state in enumerate(states):
            assert to_json(kernel.state(i)) == to_json(state), f"game {i}"
            if state.result is not None:
                states[i] = INITIAL
                kernel.reset(np.array([i]))
                reference.reset(np.array([i]))
    assert waves > 0


def test_random_picks_are_uniform_on_nearly_full_boards() -> None:
    """Boards with few empty cells take the kernel's second way of drawing (the k-th
    empty cell): every empty cell comes up about equally often, nothing else does."""
    rng = Random(9)
    batch = KernelBatch(1000)
    free_cells = []
    for i in range(batch.n):
        cells = list(SQUARES)
        rng.shuffle(cells)
        empty = 1 + i % 6
        batch.set_state(i, ShellState(eggs=sum(1 << sq for sq in cells[empty:])))
        free_cells.append(sorted(CELL_OF_SQUARE[sq] for sq in cells[:empty]))
    draws = np.stack([batch.random_picks(np.random.default_rng(s)) for s in range(600)])
    for i, free in enumerate(free_cells):
        values, counts = np.unique(draws[:, i], return_counts=True)
        assert values.tolist() == free, f"game {i}"
        assert counts.min() > 600 / len(free) * 0.6
    # the same generator state gives the same picks
    assert (batch.random_picks(np.random.default_rng(3)) == draws[3]).all()


def test_finished_games_get_no_pick_and_reset_clears_them() -> None:
    batch = KernelBatch(3)
    batch.step(np.array([0, 1, 2]), np.array([3, 3, 4]))
    batch.result[1] = 2
    assert batch.random_picks(np.random.default_rng(0))[1] == 0
    batch.reset(np.array([1, 2]))
    assert batch.state(1) == INITIAL
    assert batch.state(2) == INITIAL
    assert batch.state(0).turn == 1
    with pytest.raises(ValueError, match="one pick per game"):
        batch.step(np.array([5]), np.array([6]))


def test_the_kernels_arrays_are_changed_in_place_never_replaced() -> None:
    """The kernel holds the batch's arrays: rebinding one would leave it stepping the old."""
    batch = KernelBatch(2)
    with pytest.raises(AttributeError, match="in place"):
        batch.turn = np.zeros(2, dtype=np.int32)
    with pytest.raises(IndexError, match="no game 2"):
        batch.reset(np.array([2]))


def test_finished_games_are_the_same_on_both_backends() -> None:
    kernel, reference = KernelBatch(300), ShellBatch(300)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(40):
        picks = kernel.random_pick_pairs(rng)
        kernel.step(*picks)
        reference.step(*picks)
        over = kernel.finished()
        assert over.tolist() == reference.finished().tolist()
        ended += over.size
        kernel.reset(over)
        reference.reset(over)
    assert ended > 100
