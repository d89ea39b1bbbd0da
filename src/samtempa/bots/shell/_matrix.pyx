# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Zero-sum matrix games and window counts for the What the Shell bots.

``solve_matrix`` approximates an equilibrium by regret matching+; ``window_counts``
feeds the medium bot's evaluation. Neither plays a turn.
"""

from cpython.mem cimport PyMem_Malloc, PyMem_Free
from libc.string cimport memset

from samtempa.games.shell._fast cimport popcount128, to_u128, u128
from samtempa.bots.shell._solve cimport MAX_CAND, regret_matching

cdef u128 ONE = 1


def solve_matrix(list values, int kb, int kw, int iterations):
    """An approximate Nash equilibrium of the zero-sum matrix game ``values``
    (black's payoff, row-major kb × kw) by regret matching+ with linear averaging
    (``_solve.regret_matching``, shared with the exact search).

    Returns ``(black's mixed strategy, white's mixed strategy, black's value)``.
    """
    cdef double* a
    cdef double* b
    cdef double pb[MAX_CAND]
    cdef double pw[MAX_CAND]
    cdef double game_value
    cdef int i, j
    if kb < 1 or kw < 1 or kb > MAX_CAND or kw > MAX_CAND:
        raise ValueError("matrix size")
    a = <double*>PyMem_Malloc(2 * kb * kw * sizeof(double))
    if a == NULL:
        raise MemoryError()
    b = a + kb * kw
    try:
        for i in range(kb * kw):
            a[i] = values[i]
        # White's payoff is 1 − black's, transposed (kw × kb) for the shared solver.
        for i in range(kb):
            for j in range(kw):
                b[j * kb + i] = 1.0 - a[i * kw + j]
        with nogil:
            # regret_first: the rounding order this solver's recorded answers came from
            game_value = regret_matching(a, b, kb, kw, NULL, 0.0, pb, pw, iterations, True)
    finally:
        PyMem_Free(a)
    return [pb[i] for i in range(kb)], [pw[j] for j in range(kw)], game_value


# Every straight window of five squares (WTS-6.1's lines), for the heuristic's line counts.
cdef u128 WINDOWS[256]
cdef int NWINDOWS = 0


cdef void _init_windows():
    global NWINDOWS
    cdef int r, c, k, dr, dc
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(9):
            for c in range(9):
                if 0 <= r + 4 * dr < 9 and 0 <= c + 4 * dc < 9:
                    WINDOWS[NWINDOWS] = 0
                    for k in range(5):
                        WINDOWS[NWINDOWS] |= ONE << ((r + k * dr) * 10 + c + k * dc)
                    NWINDOWS += 1


_init_windows()


def window_counts(object own, object hostile):
    """How many windows of five hold 0, 1, … 5 ``own`` pieces and no ``hostile`` one."""
    cdef u128 o = to_u128(own), h = to_u128(hostile)
    cdef long counts[6]
    cdef int i
    memset(counts, 0, sizeof(counts))
    for i in range(NWINDOWS):
        if not (WINDOWS[i] & h):
            counts[popcount128(WINDOWS[i] & o)] += 1
    return [counts[i] for i in range(6)]

