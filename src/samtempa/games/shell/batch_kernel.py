"""The batched engine on its compiled kernel: :class:`ShellBatch`'s arrays, stepped in C.

:class:`KernelBatch` keeps every array and method of the numpy
:class:`~.batch.ShellBatch` (observations, states in and out) and replaces
what runs every turn (``step``, ``check``, ``random_picks``, ``reset``) by
one call each into ``_batch.pyx``, a loop over the games in compiled code.
The numpy batch stays the reference and the engine the authority:
``tests/games/shell/test_batch_kernel.py`` plays the three side by side.

:func:`make_batch` gives the kernel's batch when it is compiled (``AVAILABLE``),
the numpy one otherwise.
"""

from __future__ import annotations

from typing import Final, Literal

import numpy as np
import numpy.typing as npt

from samtempa.games.shell.batch import ShellBatch

try:
    from samtempa.games.shell import _batch
except ImportError:  # not compiled (a source checkout before setup.py build_ext)
    AVAILABLE: bool = False
else:
    AVAILABLE = True

Cells = npt.NDArray[np.intp]
U64 = npt.NDArray[np.uint64]
Backend = Literal["kernel", "numpy"]

#: ``check``'s fault codes, in WTS-2.3's order, and their messages.
_FAULTS: Final = {
    1: "the game is over; no more picks",
    2: "a pick is off the board",
    3: "a pick is not empty (WTS-2.1)",
}


class KernelBatch(ShellBatch):
    """``n`` What the Shell games stepped by the compiled kernel (:mod:`.batch_kernel`)."""

    def __init__(self, n: int) -> None:
        if not AVAILABLE:
            raise RuntimeError("the batch kernel is not compiled: run setup.py build_ext")
        super().__init__(n)

    def _masks(self) -> tuple[U64, U64, U64, U64, U64, U64]:
        b, w, e = self.black, self.white, self.eggs
        return b.lo, b.hi, w.lo, w.hi, e.lo, e.hi

    def check(self, black: Cells, white: Cells) -> None:
        fault, game = _batch.check(*self._masks(), self.result, black, white)
        if fault:
            raise ValueError(f"game {game}: {_FAULTS[fault]}")

    def step(self, black: Cells, white: Cells, *, checked: bool = False) -> None:
        black = np.ascontiguousarray(black, dtype=np.intp)
        white = np.ascontiguousarray(white, dtype=np.intp)
        if black.shape != (self.n,) or white.shape != (self.n,):
            raise ValueError(f"one pick per game for each colour: {self.n} each")
        if not checked:
            self.check(black, white)
        _batch.step(
            *self._masks(),
            self.queue,
            self.queue_len,
            self.turn,
            self.phase,
            self.result,
            self.winning_black,
            self.winning_white,
            black,
            white,
        )

    def random_picks(self, rng: np.random.Generator) -> Cells:
        """A uniformly random empty cell in every game going on, 0 in the others; the
        draws come from a stream seeded by one draw of ``rng`` (not numpy's own)."""
        picks = np.empty(self.n, dtype=np.intp)
        seed = int(rng.integers(0, 2**63, dtype=np.int64))
        _batch.random_picks(*self._masks(), self.result, seed, picks)
        return picks

    def random_pick_pairs(self, rng: np.random.Generator) -> tuple[Cells, Cells]:
        """Black's and white's random picks (independent), in one pass over the games."""
        black = np.empty(self.n, dtype=np.intp)
        white = np.empty(self.n, dtype=np.intp)
        seed = int(rng.integers(0, 2**63, dtype=np.int64))
        _batch.random_picks(*self._masks(), self.result, seed, black, white)
        return black, white

    def reset(self, games: Cells) -> None:
        _batch.reset(
            *self._masks(),
            self.queue_len,
            self.turn,
            self.phase,
            self.result,
            self.winning_black,
            self.winning_white,
            np.ascontiguousarray(games, dtype=np.intp),
        )


def make_batch(n: int, backend: Backend | None = None) -> ShellBatch:
    """``n`` games on ``backend``: the kernel when compiled unless ``"numpy"`` is asked."""
    if backend is None:
        backend = "kernel" if AVAILABLE else "numpy"
    if backend == "kernel":
        return KernelBatch(n)
    if backend == "numpy":
        return ShellBatch(n)
    raise ValueError(f"unknown batch backend {backend!r}: 'kernel' or 'numpy'")
