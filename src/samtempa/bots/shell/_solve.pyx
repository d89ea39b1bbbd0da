# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Zero-sum matrix games for the What the Shell searches: :func:`regret_matching`, the
one regret matching+ (cimported by ``_matrix.pyx`` for the Monte Carlo search's matrix,
so the algorithm exists once); for the exact search (:mod:`._exact`) the value and
both mixed strategies (a saddle point, 2×2 in closed form, else regret matching+),
and a restricted Nash response to an opponent who plays fixed cells part of the time.
Values are the row player's (black's), in [0, 1]; the column player minimises them.
"""


cdef inline void _respond(const double* m, int n, int k, const double* opp, double* cur,
                          double* regret, double* avg, double* u, int t,
                          bint regret_first) noexcept nogil:
    """One player's regret matching+ step, the same for black and white: the payoffs
    ``m`` (n × k, row-major, the player's own, to maximise) against the opponent's
    ``opp``, the regrets updated and floored at 0, the current strategy ``cur`` made
    from them and added to ``avg`` with weight ``t`` (linear averaging).

    ``regret_first``: add a payoff to its regret before taking off the value,
    ``(r + u) − v``, instead of ``r + (u − v)``. The two round differently, and each
    caller keeps the order its recorded answers came from (see :func:`regret_matching`).
    """
    cdef double v = 0.0, tot = 0.0
    cdef int i, j
    for i in range(n):
        u[i] = 0.0
        for j in range(k):
            u[i] += m[i * k + j] * opp[j]
        v += cur[i] * u[i]
    for i in range(n):
        if regret_first:
            regret[i] = regret[i] + u[i] - v
        else:
            regret[i] += u[i] - v
        if regret[i] < 0.0:
            regret[i] = 0.0
        tot += regret[i]
    for i in range(n):
        cur[i] = regret[i] / tot if tot > 0.0 else 1.0 / n
        avg[i] += t * cur[i]


cdef inline void _normalise(double* x, int n) noexcept nogil:
    """Scale ``x`` to sum 1 (the weighted averages into a mixed strategy)."""
    cdef double tot = 0.0
    cdef int i
    for i in range(n):
        tot += x[i]
    for i in range(n):
        x[i] /= tot


cdef double regret_matching(const double* a, const double* b, int kb, int kw,
                            const double* fixed, double p, double* pb, double* pw,
                            int iterations, bint regret_first) noexcept nogil:
    """Regret matching+ with alternating updates and linearly weighted averages
    (Tammelin 2014) on a zero-sum game of at most MAX_CAND × MAX_CAND: black's
    payoffs ``a`` (kb × kw, row-major) and white's ``b`` (kw × kb, row-major: the
    transpose, so white's sums run along memory too). Fills black's and white's
    average strategies ``pb`` and ``pw`` and returns black's value of them under ``a``.

    White's payoffs are a separate matrix so one step (:func:`_respond`) serves both
    players, each maximising its own: ``1 − a`` for ``_matrix.solve_matrix``, ``−a``
    for :func:`solve` and :func:`restricted` (negation is exact, so their regrets are
    bit for bit those of a white minimising ``a``, as they were computed before).
    ``fixed`` (or NULL): black answers a white who plays ``fixed`` with probability
    ``p`` and its current strategy otherwise (:func:`restricted`). ``regret_first``:
    True for ``solve_matrix``, whose answers tests/bots/fixtures/shell_decisions.json
    records to the last bit; False for the exact search's order. One order for both
    would change those recorded answers in their last bits.
    """
    cdef double rb[MAX_CAND]
    cdef double rw[MAX_CAND]
    cdef double cb[MAX_CAND]
    cdef double cw[MAX_CAND]
    cdef double ew[MAX_CAND]
    cdef double ub[MAX_CAND]
    cdef double uw[MAX_CAND]
    cdef const double* against = cw  # whom black answers: white, or the mixture
    cdef double v
    cdef int i, j, t
    for i in range(kb):
        rb[i] = 0.0
        cb[i] = 1.0 / kb
        pb[i] = 0.0
    for j in range(kw):
        rw[j] = 0.0
        cw[j] = 1.0 / kw
        pw[j] = 0.0
    if fixed != NULL:
        against = ew
    for t in range(1, iterations + 1):
        if fixed != NULL:
            for j in range(kw):
                ew[j] = (1.0 - p) * cw[j] + p * fixed[j]
        _respond(a, kb, kw, against, cb, rb, pb, ub, t, regret_first)
        _respond(b, kw, kb, cb, cw, rw, pw, uw, t, regret_first)
    _normalise(pb, kb)
    _normalise(pw, kw)
    v = 0.0
    for i in range(kb):
        for j in range(kw):
            v += pb[i] * pw[j] * a[i * kw + j]
    return v


cdef void _negated_transpose(const double* a, int kb, int kw, double* b) noexcept nogil:
    """White's payoffs ``−a``, transposed (kw × kb), for :func:`regret_matching`."""
    cdef int i, j
    for i in range(kb):
        for j in range(kw):
            b[j * kb + i] = -a[i * kw + j]


cdef double solve(double* a, int kb, int kw, double* pb, double* pw, int iterations) noexcept nogil:
    """Black's value of the zero-sum game ``a`` (kb × kw, black's payoff) and both
    mixed strategies: a pure saddle point if there is one, 2×2 in closed form,
    else regret matching+ with linearly weighted averages."""
    cdef double lower = -1.0, upper = 2.0, m, d
    cdef int i, j, bi = 0, bj = 0
    cdef double b[MAX_W * MAX_W]
    for i in range(kb):
        pb[i] = 0.0
    for j in range(kw):
        pw[j] = 0.0
    for i in range(kb):  # black's maximin row
        m = 2.0
        for j in range(kw):
            if a[i * kw + j] < m:
                m = a[i * kw + j]
        if m > lower:
            lower = m
            bi = i
    for j in range(kw):  # white's minimax column
        m = -1.0
        for i in range(kb):
            if a[i * kw + j] > m:
                m = a[i * kw + j]
        if m < upper:
            upper = m
            bj = j
    if upper - lower <= 1e-12:
        pb[bi] = 1.0
        pw[bj] = 1.0
        return lower
    if kb == 2 and kw == 2:
        d = a[0] - a[1] - a[2] + a[3]
        pb[0] = (a[3] - a[2]) / d
        pb[1] = 1.0 - pb[0]
        pw[0] = (a[3] - a[1]) / d
        pw[1] = 1.0 - pw[0]
        return (a[0] * a[3] - a[1] * a[2]) / d
    _negated_transpose(a, kb, kw, b)
    return regret_matching(a, b, kb, kw, NULL, 0.0, pb, pw, iterations, False)


cdef void restricted(double* a, int kb, int kw, double* fixed, double p, double* pb,
                     int iterations) noexcept nogil:
    """Black's part of a restricted Nash response (Johanson, Zinkevich & Bowling 2008):
    white plays ``fixed`` (the obvious cells) with probability ``p`` and otherwise
    its best against black; black's strategy is safe against the rest and exploits
    the obvious part. Regret matching+ with linear averages."""
    cdef double b[MAX_W * MAX_W]
    cdef double pw[MAX_W]  # white's average: not asked for
    _negated_transpose(a, kb, kw, b)
    regret_matching(a, b, kb, kw, fixed, p, pb, pw, iterations, False)


def restricted_response(list values, int kb, int kw, list fixed, double p, int iterations=3000):
    """Black's restricted Nash response to a white who plays ``fixed`` with probability
    ``p`` (a kb × kw matrix of black's values, row-major). For white's response, pass
    the transposed matrix of white's values (1 − black's)."""
    cdef double a[MAX_W * MAX_W]
    cdef double f[MAX_W]
    cdef double pb[MAX_W]
    cdef int i
    if kb < 1 or kw < 1 or kb > MAX_W or kw > MAX_W or len(values) != kb * kw or len(fixed) != kw:
        raise ValueError("a kb × kw matrix, 1 to 16 each, and kw fixed probabilities")
    for i in range(kb * kw):
        a[i] = values[i]
    for i in range(kw):
        f[i] = fixed[i]
    with nogil:
        restricted(a, kb, kw, f, p, pb, iterations)
    return [pb[i] for i in range(kb)]


def solve_game(list values, int kb, int kw, int iterations=3000):
    """The matrix solver on its own, for tests: (black's strategy, white's, value)."""
    cdef double a[MAX_W * MAX_W]
    cdef double pb[MAX_W]
    cdef double pw[MAX_W]
    cdef int i
    cdef double v
    if kb < 1 or kw < 1 or kb > MAX_W or kw > MAX_W or len(values) != kb * kw:
        raise ValueError("a kb × kw matrix, 1 to 16 each")
    for i in range(kb * kw):
        a[i] = values[i]
    v = solve(a, kb, kw, pb, pw, iterations)
    return [pb[i] for i in range(kb)], [pw[i] for i in range(kw)], v
