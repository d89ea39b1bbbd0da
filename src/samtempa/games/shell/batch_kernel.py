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
from samtempa.games.shell.batch_waves import Boards

try:
    from samtempa.games.shell import _batch
except ImportError:  # not compiled (a source checkout before setup.py build_ext)
    AVAILABLE: bool = False
else:
    AVAILABLE = True

Cells = npt.NDArray[np.intp]
Backend = Literal["kernel", "numpy"]

#: ``check``'s fault codes, in WTS-2.3's order, and their messages.
_FAULTS: Final = {
    1: "the game is over; no more picks",
    2: "a pick is off the board",
    3: "a pick is not empty (WTS-2.1)",
}


#: The arrays the kernel writes to: a batch changes them in place, never rebinds them.
_KERNEL_ARRAYS: Final = (
    "black", "white", "eggs", "queue", "queue_len", "turn", "phase", "result",
    "winning_black", "winning_white",
)  # fmt: skip


class KernelBatch(ShellBatch):
    """``n`` What the Shell games stepped by the compiled kernel (:mod:`.batch_kernel`)."""

    def __init__(self, n: int) -> None:
        if not AVAILABLE:
            raise RuntimeError("the batch kernel is not compiled: run setup.py build_ext")
        super().__init__(n)
        # Each game's six mask words side by side (n x 6): the kernel then needs one
        # pointer for them, not six (fewer registers in its loop; about 5% faster).
        boards = np.zeros((n, 6), dtype=np.uint64)
        self.black = Boards(boards[:, 0], boards[:, 1])
        self.white = Boards(boards[:, 2], boards[:, 3])
        self.eggs = Boards(boards[:, 4], boards[:, 5])
        self._kernel = _batch.Kernel(
            boards, self.queue, self.queue_len, self.turn, self.phase, self.result,
            self.winning_black, self.winning_white,
        )  # fmt: skip
        self._finished = np.empty(n, dtype=np.intp)

    def __setattr__(self, name: str, value: object) -> None:
        if name in _KERNEL_ARRAYS and hasattr(self, "_kernel"):
            raise AttributeError(f"{name} belongs to the kernel: change it in place")
        super().__setattr__(name, value)

    def check(self, black: Cells, white: Cells) -> None:
        fault, game = self._kernel.check(_cells(black, self.n), _cells(white, self.n))
        if fault:
            raise ValueError(f"game {game}: {_FAULTS[fault]}")

    def step(self, black: Cells, white: Cells, *, checked: bool = False) -> None:
        black, white = _cells(black, self.n), _cells(white, self.n)
        if not checked:
            self.check(black, white)
        self._kernel.step(black, white)

    def random_picks(self, rng: np.random.Generator) -> Cells:
        """A uniformly random empty cell in every game going on, 0 in the others; the
        draws come from a stream seeded by one draw of ``rng`` (not numpy's own)."""
        picks = np.empty(self.n, dtype=np.intp)
        self._kernel.random_picks(_seed(rng), picks)
        return picks

    def random_pick_pairs(self, rng: np.random.Generator) -> tuple[Cells, Cells]:
        """Black's and white's random picks (independent), in one pass over the games."""
        black = np.empty(self.n, dtype=np.intp)
        white = np.empty(self.n, dtype=np.intp)
        self._kernel.random_picks(_seed(rng), black, white)
        return black, white

    def reset(self, games: Cells) -> None:
        self._kernel.reset(np.ascontiguousarray(games, dtype=np.intp))

    def finished(self) -> Cells:
        count = self._kernel.finished(self._finished)
        return self._finished[:count].copy()


def _cells(picks: Cells, n: int) -> Cells:
    out = np.ascontiguousarray(picks, dtype=np.intp)
    if out.shape != (n,):
        raise ValueError(f"one pick per game for each colour: {n} each")
    return out


def _seed(rng: np.random.Generator) -> int:
    """One 64-bit draw of ``rng``'s generator (a tenth of the cost of ``rng.integers``)."""
    return int(rng.bit_generator.random_raw())


def make_batch(n: int, backend: Backend | None = None) -> ShellBatch:
    """``n`` games on ``backend``: the kernel when compiled unless ``"numpy"`` is asked."""
    if backend is None:
        backend = "kernel" if AVAILABLE else "numpy"
    if backend == "kernel":
        return KernelBatch(n)
    if backend == "numpy":
        return ShellBatch(n)
    raise ValueError(f"unknown batch backend {backend!r}: 'kernel' or 'numpy'")
