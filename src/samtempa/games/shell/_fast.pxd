# cython: language_level=3
"""The shared C parts of What the Shell's fast path, for ``cimport`` by compiled bots.

The rules themselves (``resolve``) are implemented once, in ``_fast.pyx``; a module
that cimports this file calls them through Cython's C API (a function pointer), and
gets the generator's inline draw (``mt_next``) from the body below. Nothing here
may import ``samtempa.bots``: the bots cimport the rules, never the other way round.
"""

from libc.stdint cimport uint32_t, uint64_t

cdef extern from *:
    """
    typedef unsigned __int128 u128;
    static inline int popcount128(u128 x) {
        return __builtin_popcountll((unsigned long long)x)
             + __builtin_popcountll((unsigned long long)(x >> 64));
    }
    """
    ctypedef unsigned long long u128
    int popcount128(u128 x) nogil

cdef enum:
    NSQ = 90
    MT_N = 624
    MT_M = 397

cdef enum:
    PHASE_NORMAL = 0
    PHASE_SUDDEN = 1

cdef enum:
    RES_NONE = 0
    RES_BLACK = 1
    RES_WHITE = 2
    RES_DRAW = 3

cdef struct Board:
    u128 black
    u128 white
    u128 eggs
    int queue[96]
    int qhead
    int qtail
    int turn
    int phase
    int result
    int nb
    int nw

cdef struct MT:
    uint32_t mt[MT_N]
    int index

#: The 81 board squares (the guard column of the 10-column layout left out).
cdef u128 FULL

cdef u128 to_u128(object value)
cdef object from_u128(u128 value)
cdef void mt_load(MT* m, object rng)
cdef void mt_store(MT* m, object rng)
cdef void resolve(Board* b, int bp, int wp) noexcept nogil
cdef void load(Board* b, tuple s) except *
cdef tuple dump(Board* b)
cdef object result_name(int result)


cdef inline uint32_t mt_next(MT* m) noexcept nogil:
    """The next 32 bits of CPython's Mersenne Twister (``random.getrandbits(32)``)."""
    cdef uint32_t y
    cdef int kk
    if m.index >= MT_N:
        for kk in range(MT_N - MT_M):
            y = (m.mt[kk] & 0x80000000U) | (m.mt[kk + 1] & 0x7fffffffU)
            m.mt[kk] = m.mt[kk + MT_M] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        for kk in range(MT_N - MT_M, MT_N - 1):
            y = (m.mt[kk] & 0x80000000U) | (m.mt[kk + 1] & 0x7fffffffU)
            m.mt[kk] = m.mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        y = (m.mt[MT_N - 1] & 0x80000000U) | (m.mt[0] & 0x7fffffffU)
        m.mt[MT_N - 1] = m.mt[MT_M - 1] ^ (y >> 1) ^ (0x9908b0dfU if y & 1 else 0U)
        m.index = 0
    y = m.mt[m.index]
    m.index += 1
    y ^= (y >> 11)
    y ^= (y << 7) & 0x9d2c5680U
    y ^= (y << 15) & 0xefc60000U
    y ^= (y >> 18)
    return y


cdef inline int random_empty(MT* m, u128 empty) noexcept nogil:
    """game.random_empty: getrandbits(7) until it names an empty square."""
    cdef int r, sq
    while True:
        r = <int>(mt_next(m) >> 25)
        if r < 81:
            sq = r + r // 9
            if (empty >> sq) & 1:
                return sq
