# cython: language_level=3
"""Bit tricks over the fast path's boards that the compiled bots share: threat cells
(fives, fours), neighbourhoods, a uniform square of a mask, the playout policy.

Inline bodies only (no module behind this file): each bot module that cimports it
compiles its own copy, and the rules come from ``samtempa.games.shell._fast``.
None of this decides a rule; it only chooses picks.
"""

from libc.stdint cimport uint32_t, uint64_t
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

from samtempa.games.shell._fast cimport (
    FULL, MT, RES_DRAW, RES_NONE, Board, mt_next, popcount128, random_empty, resolve, u128,
)

cdef extern from *:
    """
    static inline int ctz128(unsigned __int128 x) {
        unsigned long long lo = (unsigned long long)x;
        return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(x >> 64));
    }
    """
    int ctz128(u128 x) nogil

cdef struct Policy:
    uint64_t win     # probability (scaled by 2**32) of completing an own five when one is open
    uint64_t block   # ... of picking a cell where the opponent would complete a five
    uint64_t near    # ... of picking a cell next to a piece rather than anywhere
    uint64_t four    # ... of making a four (a five threat) when one can be made
    uint64_t stop    # ... of taking a cell where the opponent would make a four


cdef inline double now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


cdef inline u128 five_gaps_dir(u128 own, u128 empty, int s) noexcept nogil:
    """Empty cells completing a window of five own turtles along shift ``s``.

    Bit w of ``own >> (j*s)`` says that ``w + j*s`` is own; a window missing only
    its k-th cell is shifted back by ``k*s`` onto that cell. The guard column is
    neither own nor empty, so no window wraps.
    """
    cdef u128 a0 = own, a1 = own >> s, a2 = own >> (2 * s), a3 = own >> (3 * s)
    cdef u128 a4 = own >> (4 * s)
    return ((empty & a1 & a2 & a3 & a4)
            | ((a0 & (empty >> s) & a2 & a3 & a4) << s)
            | ((a0 & a1 & (empty >> (2 * s)) & a3 & a4) << (2 * s))
            | ((a0 & a1 & a2 & (empty >> (3 * s)) & a4) << (3 * s))
            | ((a0 & a1 & a2 & a3 & (empty >> (4 * s))) << (4 * s)))


cdef inline u128 five_gaps(u128 own, u128 empty) noexcept nogil:
    if popcount128(own) < 4:
        return 0
    return (five_gaps_dir(own, empty, 1) | five_gaps_dir(own, empty, 10)
            | five_gaps_dir(own, empty, 11) | five_gaps_dir(own, empty, 9)) & empty


cdef inline u128 four_gaps_dir(u128 own, u128 empty, int s) noexcept nogil:
    """Empty cells that turn a window of three own turtles and two empty cells
    along shift ``s`` into a four (the next turn's five threat)."""
    cdef u128 a[5]
    cdef u128 e[5]
    cdef u128 t, out = 0
    cdef int k, i, j
    for k in range(5):
        a[k] = own >> (k * s)
        e[k] = empty >> (k * s)
    for i in range(4):
        for j in range(i + 1, 5):
            t = e[i] & e[j]
            for k in range(5):
                if k != i and k != j:
                    t &= a[k]
            if t:
                out |= (t << (i * s)) | (t << (j * s))
    return out


cdef inline u128 four_gaps(u128 own, u128 empty) noexcept nogil:
    if popcount128(own) < 3:
        return 0
    return (four_gaps_dir(own, empty, 1) | four_gaps_dir(own, empty, 10)
            | four_gaps_dir(own, empty, 11) | four_gaps_dir(own, empty, 9)) & empty


cdef inline u128 near_mask(u128 occ) noexcept nogil:
    """The 3×3 neighbourhood of the pieces (guard bits dropped)."""
    cdef u128 d = occ | (occ << 1) | (occ >> 1)
    d |= (d << 10) | (d >> 10)
    return d & FULL


cdef inline int pick_bit(MT* m, u128 mask) noexcept nogil:
    """A uniformly chosen square of a non-empty mask."""
    cdef int k = <int>(mt_next(m) % <uint32_t>popcount128(mask))
    while k:
        mask &= mask - 1
        k -= 1
    return ctz128(mask)


cdef inline int policy_pick(MT* m, Policy* p, u128 own, u128 opp, u128 empty, u128 occ) noexcept nogil:
    cdef u128 w
    if p.win:
        w = five_gaps(own, empty)
        if w and mt_next(m) < p.win:
            return pick_bit(m, w)
    if p.block:
        w = five_gaps(opp, empty)
        if w and mt_next(m) < p.block:
            return pick_bit(m, w)
    if p.four:
        w = four_gaps(own, empty)
        if w and mt_next(m) < p.four:
            return pick_bit(m, w)
    if p.stop:
        w = four_gaps(opp, empty)
        if w and mt_next(m) < p.stop:
            return pick_bit(m, w)
    if p.near and occ:
        w = near_mask(occ) & empty
        if w and mt_next(m) < p.near:
            return pick_bit(m, w)
    return random_empty(m, empty)


cdef inline int run_playout(Board* b, MT* m, Policy* p, int max_turns) noexcept nogil:
    """Plays ``b`` to the end with policy ``p`` for both sides; a game longer than
    ``max_turns`` counts as a draw (it never is in practice: the board fills)."""
    cdef int t = 0, bp, wp
    cdef u128 occ, empty
    while b.result == RES_NONE:
        if t >= max_turns:
            return RES_DRAW
        occ = b.black | b.white | b.eggs
        empty = FULL & ~occ
        bp = policy_pick(m, p, b.black, b.white, empty, occ)
        wp = policy_pick(m, p, b.white, b.black, empty, occ)
        resolve(b, bp, wp)
        t += 1
    return b.result
