# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled kernel of the batched What the Shell engine: every game of a batch in one call.

A third implementation of ``rules/what-the-shell.md``, on the arrays of
:class:`samtempa.games.shell.batch.ShellBatch` (cells ``row * 9 + col``, each
81-bit mask as two ``uint64``), checked game for game against the engine and
the numpy batch (``tests/games/shell/test_batch.py``,
``tests/games/shell/test_batch_kernel.py``). Use it through
:mod:`samtempa.games.shell.batch_kernel`.

The rules are in C, ``_batch.h`` (portable: no ``-march``, no intrinsics). The
common turn (two turtles placed, no capture, no five: about 90% in random play)
is settled without a loop over cells: each pick's neighbourhood is shifted into
one 64-bit word with the pick at bit 30, where fixed masks test the eight
capture rays (WTS-4.1) and the runs of four through the pick (a five needs one,
WTS-6.1), black's and white's side by side in the two lanes of a vector. Any
other turn (a collision, a capture, a possible five, a sudden death) goes
through the waves of WTS-4 and WTS-5 on whole-board masks and the full count
of WTS-6.
"""

from libc.stdint cimport int8_t, int32_t, intptr_t, uint8_t, uint64_t
from libc.string cimport memcpy, memset

cdef extern from "_batch.h":
    ctypedef struct wts_batch:
        uint64_t* boards
        uint8_t* queue
        intptr_t* queue_len
        int32_t* turn
        int8_t* phase
        int8_t* result
        int32_t* winning_black
        int32_t* winning_white
    void wts_init() nogil
    void wts_step(const wts_batch* a, intptr_t n, const intptr_t* black,
                  const intptr_t* white) nogil
    void wts_random_picks(const wts_batch* a, intptr_t n, uint64_t seed, intptr_t* first,
                          intptr_t* second) nogil

cdef enum:
    CELLS = 81
    ONGOING = -1

wts_init()


cdef class Kernel:
    """The kernel bound to one batch's arrays (held here, so that they outlive it): each
    call then only takes the picks. The arrays must be changed in place, never replaced.
    ``boards`` is n x 6: each game's black, white and egg masks (low word, high word)
    side by side, one pointer for the kernel instead of six."""

    cdef wts_batch a
    cdef intptr_t n
    cdef object arrays

    def __init__(
        self,
        uint64_t[:, ::1] boards,
        uint8_t[:, ::1] queue, intptr_t[::1] queue_len,
        int32_t[::1] turn, int8_t[::1] phase, int8_t[::1] result,
        int32_t[::1] winning_black, int32_t[::1] winning_white,
    ):
        cdef intptr_t n = result.shape[0]
        if n < 1:
            raise ValueError("a batch has at least one game")
        if (boards.shape[0] != n or boards.shape[1] != 6 or queue_len.shape[0] != n or turn.shape[0] != n or phase.shape[0] != n
                or winning_black.shape[0] != n or winning_white.shape[0] != n):
            raise ValueError("the batch's arrays differ in length")
        if queue.shape[0] != n or queue.shape[1] != CELLS:
            raise ValueError("the egg queues are n x 81")
        self.n = n
        self.arrays = (boards, queue, queue_len, turn, phase, result, winning_black,
                       winning_white)
        self.a.boards = &boards[0, 0]
        self.a.queue = &queue[0, 0]
        self.a.queue_len = &queue_len[0]
        self.a.turn = &turn[0]
        self.a.phase = &phase[0]
        self.a.result = &result[0]
        self.a.winning_black = &winning_black[0]
        self.a.winning_white = &winning_white[0]

    def step(self, intptr_t[::1] black, intptr_t[::1] white):
        """One turn of every game (WTS-2.2), picks not checked (``check`` does)."""
        if black.shape[0] != self.n or white.shape[0] != self.n:
            raise ValueError("one pick per game")
        with nogil:
            wts_step(&self.a, self.n, &black[0], &white[0])

    def random_picks(self, uint64_t seed, intptr_t[::1] out, intptr_t[::1] out_white=None):
        """A uniformly random empty cell in every game still going (WTS-2.1), 0 elsewhere,
        in ``out`` (and an independent one in ``out_white`` if given), from a stream
        seeded by ``seed``."""
        cdef intptr_t* second = NULL
        if out.shape[0] != self.n or (out_white is not None and out_white.shape[0] != self.n):
            raise ValueError("one pick per game")
        if out_white is not None:
            second = &out_white[0]
        with nogil:
            wts_random_picks(&self.a, self.n, seed, &out[0], second)

    def check(self, intptr_t[::1] black, intptr_t[::1] white):
        """WTS-2.1, 2.3: ``(fault, game)``, the first fault in WTS-2.3's order over all
        games (0 none, 1 a game is over, 2 a pick off the board, 3 a pick not empty)."""
        cdef intptr_t i, over = -1, off = -1, taken = -1, bp, wp
        cdef uint64_t lo, hi
        cdef wts_batch* a = &self.a
        if black.shape[0] != self.n or white.shape[0] != self.n:
            raise ValueError("one pick per game")
        with nogil:
            for i in range(self.n):
                if a.result[i] != ONGOING and over < 0:
                    over = i
                bp = black[i]
                wp = white[i]
                if bp < 0 or bp >= CELLS or wp < 0 or wp >= CELLS:
                    if off < 0:
                        off = i
                elif taken < 0:
                    lo = a.boards[6 * i] | a.boards[6 * i + 2] | a.boards[6 * i + 4]
                    hi = a.boards[6 * i + 1] | a.boards[6 * i + 3] | a.boards[6 * i + 5]
                    if ((lo >> bp) & 1 if bp < 64 else (hi >> (bp - 64)) & 1) or (
                            (lo >> wp) & 1 if wp < 64 else (hi >> (wp - 64)) & 1):
                        taken = i
        if over >= 0:
            return 1, over
        if off >= 0:
            return 2, off
        if taken >= 0:
            return 3, taken
        return 0, -1

    def reset(self, intptr_t[::1] games):
        """The games ``games`` back to the empty board."""
        cdef intptr_t k, i
        cdef wts_batch* a = &self.a
        for k in range(games.shape[0]):
            if games[k] < 0 or games[k] >= self.n:
                raise IndexError(f"no game {games[k]} in a batch of {self.n}")
        with nogil:
            for k in range(games.shape[0]):
                i = games[k]
                memset(&a.boards[6 * i], 0, 6 * sizeof(uint64_t))
                a.queue_len[i] = 0
                a.turn[i] = a.winning_black[i] = a.winning_white[i] = 0
                a.phase[i] = 0
                a.result[i] = ONGOING

    def finished(self, intptr_t[::1] out):
        """The games that are over, in ``out`` (room for every game); returns how many."""
        cdef intptr_t i, j, m = 0, n = self.n
        cdef int8_t* result = self.a.result
        cdef uint64_t word
        if out.shape[0] != n:
            raise ValueError("room for every game")
        with nogil:
            i = 0
            while i < n:
                if i + 8 <= n:  # eight games at a time: most are going on (-1, all ones)
                    memcpy(&word, result + i, 8)
                    if word == 0xFFFFFFFFFFFFFFFFULL:
                        i += 8
                        continue
                for j in range(i, i + 8 if i + 8 <= n else n):
                    out[m] = j
                    m += result[j] != ONGOING
                i += 8
        return m
