# cython: language_level=3
"""The matrix-game solvers of ``_solve.pyx``, for ``cimport`` by the exact search
(``_exact.pyx``) and the Monte Carlo search's matrix (``_matrix.pyx``): one regret
matching+ for every caller, never a copy."""

cdef enum:
    MAX_W = 16        # rows or columns of the exact search's matrix games (candidates per colour)
    MAX_CAND = 96     # rows or columns of any game regret_matching solves (the search bots' cells)

cdef double regret_matching(const double* a, const double* b, int kb, int kw,
                            const double* fixed, double p, double* pb, double* pw,
                            int iterations, bint regret_first) noexcept nogil
cdef double solve(double* a, int kb, int kw, double* pb, double* pw, int iterations) noexcept nogil
cdef void restricted(double* a, int kb, int kw, double* fixed, double p, double* pb,
                     int iterations) noexcept nogil
