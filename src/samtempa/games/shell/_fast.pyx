# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled fast path of the What the Shell rules, for bots, learning and benchmarks.

The same rules as :mod:`samtempa.games.shell.rules` (placement → capture
waves → hatching → result), on the same 10-column bitboards held in one
128-bit C integer, with the tables of :mod:`samtempa.games.shell.board`
copied into C arrays at import. Random games draw from Python's own Mersenne
Twister state, so a seeded ``random.Random`` gives the same games here as in
the plain engine (``tests/games/shell/test_fast.py`` replays them through
both). Use it through :mod:`samtempa.games.shell.fast`.
"""

from libc.stdint cimport uint32_t, uint64_t
from libc.string cimport memset

from samtempa.games.shell.board import CAPTURE_RAYS, FULL_MASK, LINE_NEIGHBOURHOOD

# --- tables, filled once at import from board.py ---------------------------------------

cdef u128 RAY_PAIR[NSQ][8]
cdef u128 RAY_END[NSQ][8]
cdef int RAY_N[NSQ]
cdef u128 NEIGHBOURHOOD[NSQ]
cdef u128 ONE = 1


cdef u128 to_u128(object value):
    cdef u128 lo = <uint64_t>(value & 0xFFFFFFFFFFFFFFFF)
    cdef u128 hi = <uint64_t>(value >> 64)
    return lo | (hi << 64)


cdef object from_u128(u128 value):
    return (<object>(<uint64_t>value)) | ((<object>(<uint64_t>(value >> 64))) << 64)


cdef void _init_tables():
    global FULL
    cdef int sq, k
    for sq in range(NSQ):
        rays = CAPTURE_RAYS[sq]
        RAY_N[sq] = len(rays)
        for k in range(len(rays)):
            RAY_PAIR[sq][k] = to_u128(rays[k][0])
            RAY_END[sq][k] = to_u128(rays[k][1])
        NEIGHBOURHOOD[sq] = to_u128(LINE_NEIGHBOURHOOD[sq])
    FULL = to_u128(FULL_MASK)


_init_tables()

# --- Mersenne Twister, the same generator as CPython's random.Random ---------------------


cdef void mt_load(MT* m, object rng):
    cdef tuple state = rng.getstate()[1]
    cdef int i
    for i in range(MT_N):
        m.mt[i] = <uint32_t>state[i]
    m.index = state[MT_N]


cdef void mt_store(MT* m, object rng):
    version, _, gauss = rng.getstate()
    rng.setstate((version, tuple([m.mt[i] for i in range(MT_N)] + [m.index]), gauss))


# --- the rules ---------------------------------------------------------------------------


cdef inline u128 runs_of_five(u128 t, int s) noexcept nogil:
    """The turtles in runs of five or more along shift ``s``."""
    cdef u128 r = t & (t >> s), c
    r &= r >> (2 * s)
    r &= t >> (4 * s)
    if not r:
        return 0
    c = r | (r << s)
    return c | (c << (2 * s)) | (r << (4 * s))


cdef inline u128 winning_mask(u128 t) noexcept nogil:
    """board.winning_mask (WTS-6.1)."""
    return runs_of_five(t, 1) | runs_of_five(t, 10) | runs_of_five(t, 11) | runs_of_five(t, 9)


cdef inline int recount(u128 before, u128 after, int count_before, int* added, int nadded) noexcept nogil:
    """rules._recount: only the turtles added this turn can start a five."""
    cdef int i, ok
    if before == after:
        return count_before
    if count_before == 0:
        ok = 0
        for i in range(nadded):
            if popcount128(after & NEIGHBOURHOOD[added[i]]) >= 5:
                ok = 1
                break
        if not ok:
            return 0
    if popcount128(after) < 5:
        return 0
    return popcount128(winning_mask(after))


cdef inline int find_captures(int* new, int nnew, u128 own, u128 hostile, u128* found) noexcept nogil:
    """rules.find_captures (WTS-4.1–4.4, 4.7): pair masks, each pair once."""
    cdef int i, k, j, n = 0, sq, dup
    cdef u128 pair
    for i in range(nnew):
        sq = new[i]
        for k in range(RAY_N[sq]):
            pair = RAY_PAIR[sq][k]
            if (hostile & pair) == pair and (own & RAY_END[sq][k]):
                dup = 0
                if nnew > 1:
                    for j in range(n):
                        if found[j] == pair:
                            dup = 1
                            break
                if not dup:
                    found[n] = pair
                    n += 1
    return n


cdef void resolve(Board* b, int bp, int wp) noexcept nogil:
    """rules.resolve (WTS-2.2): placement, waves of captures and hatching, result."""
    cdef u128 before_black = b.black, before_white = b.white
    cdef u128 black = b.black, white = b.white, eggs = b.eggs, removed, hatched_mask
    cdef int new_black[96]
    cdef int new_white[96]
    cdef int added_black[96]
    cdef int added_white[96]
    cdef u128 caps_b[96]
    cdef u128 caps_w[96]
    cdef int nnb = 0, nnw = 0, nab = 0, naw = 0, kb, kw, m, h, i, j, sq
    if bp == wp:
        # WTS-3.2: a collision lays an egg.
        eggs |= ONE << bp
        b.queue[b.qtail] = bp
        b.qtail += 1
    else:
        # WTS-3.1
        black |= ONE << bp
        white |= ONE << wp
        new_black[0] = bp
        new_white[0] = wp
        added_black[0] = bp
        added_white[0] = wp
        nnb = nnw = nab = naw = 1
        while True:
            # WTS-4.5: all captures found on the board as it stands.
            kb = find_captures(new_black, nnb, black, white | eggs, caps_b)
            kw = find_captures(new_white, nnw, white, black | eggs, caps_w)
            if kb == 0 and kw == 0:
                break
            # WTS-4.6
            removed = 0
            for i in range(kb):
                removed |= caps_b[i]
            for i in range(kw):
                removed |= caps_w[i]
            black &= ~removed
            white &= ~removed
            if eggs & removed:
                eggs &= ~removed
                j = b.qhead
                for i in range(b.qhead, b.qtail):
                    if not ((removed >> b.queue[i]) & 1):
                        b.queue[j] = b.queue[i]
                        j += 1
                b.qtail = j
            # WTS-5.1, 5.2
            m = kb if kb < kw else kw
            h = kb - kw if kb > kw else kw - kb
            if m > b.qtail - b.qhead:
                m = b.qtail - b.qhead
            for i in range(m):
                eggs &= ~(ONE << b.queue[b.qhead])
                b.qhead += 1
            if h > b.qtail - b.qhead:
                h = b.qtail - b.qhead
            if h == 0:
                break
            # WTS-5.3: hatched turtles are the next wave's new turtles.
            hatched_mask = 0
            if kb > kw:
                nnb, nnw = h, 0
            else:
                nnb, nnw = 0, h
            for i in range(h):
                sq = b.queue[b.qhead]
                b.qhead += 1
                hatched_mask |= ONE << sq
                if kb > kw:
                    new_black[i] = sq
                    added_black[nab] = sq
                    nab += 1
                else:
                    new_white[i] = sq
                    added_white[naw] = sq
                    naw += 1
            eggs &= ~hatched_mask
            if kb > kw:
                black |= hatched_mask
            else:
                white |= hatched_mask
    # Keep the queue at the front of its array.
    if b.qhead:
        for i in range(b.qtail - b.qhead):
            b.queue[i] = b.queue[b.qhead + i]
        b.qtail -= b.qhead
        b.qhead = 0
    b.black, b.white, b.eggs = black, white, eggs
    b.turn += 1
    # WTS-6
    b.nb = recount(before_black, black, b.nb, added_black, nab)
    b.nw = recount(before_white, white, b.nw, added_white, naw)
    if b.nb != b.nw:
        b.result = RES_BLACK if b.nb > b.nw else RES_WHITE
    else:
        b.phase = PHASE_SUDDEN if b.nb else PHASE_NORMAL
        if not (FULL & ~(black | white | eggs)):
            b.result = RES_DRAW


# --- Python-facing functions (tuples in, tuples out) -------------------------------------

_PHASES = ("normal", "sudden-death")
_RESULTS = (None, "black", "white", "draw")


cdef void load(Board* b, tuple s) except *:
    cdef int i
    b.black = to_u128(s[0])
    b.white = to_u128(s[1])
    b.eggs = to_u128(s[2])
    q = s[3]
    b.qhead = 0
    b.qtail = len(q)
    for i in range(b.qtail):
        b.queue[i] = q[i]
    b.turn = s[4]
    b.phase = PHASE_SUDDEN if s[5] == "sudden-death" else PHASE_NORMAL
    b.result = _RESULTS.index(s[6])
    b.nb = s[7]
    b.nw = s[8]


cdef tuple dump(Board* b):
    return (
        from_u128(b.black), from_u128(b.white), from_u128(b.eggs),
        tuple([b.queue[i] for i in range(b.qhead, b.qtail)]),
        b.turn, _PHASES[b.phase], _RESULTS[b.result], b.nb, b.nw,
    )


cdef object result_name(int result):
    return _RESULTS[result]


def step_tuple(tuple state, int black_pick, int white_pick):
    """One turn on a state given as the fields of ShellState; picks are not checked."""
    cdef Board b
    load(&b, state)
    resolve(&b, black_pick, white_pick)
    return dump(&b)


def playout(tuple state, object rng):
    """Random picks until the game ends, from ``state``: (result, turns played)."""
    cdef Board b
    cdef MT m
    cdef int turns = 0, bp, wp
    load(&b, state)
    mt_load(&m, rng)
    with nogil:
        while b.result == RES_NONE:
            bp = random_empty(&m, FULL & ~(b.black | b.white | b.eggs))
            wp = random_empty(&m, FULL & ~(b.black | b.white | b.eggs))
            resolve(&b, bp, wp)
            turns += 1
    mt_store(&m, rng)
    return _RESULTS[b.result], turns


def random_games(int games, object rng):
    """``games`` random games from the empty board: (black wins, white wins, draws, turns)."""
    cdef Board b
    cdef MT m
    cdef long wins[4]
    cdef long turns = 0
    cdef int g, bp, wp
    memset(wins, 0, sizeof(wins))
    mt_load(&m, rng)
    with nogil:
        for g in range(games):
            memset(&b, 0, sizeof(Board))
            while b.result == RES_NONE:
                bp = random_empty(&m, FULL & ~(b.black | b.white | b.eggs))
                wp = random_empty(&m, FULL & ~(b.black | b.white | b.eggs))
                resolve(&b, bp, wp)
                turns += 1
            wins[b.result] += 1
    mt_store(&m, rng)
    return wins[RES_BLACK], wins[RES_WHITE], wins[RES_DRAW], turns
