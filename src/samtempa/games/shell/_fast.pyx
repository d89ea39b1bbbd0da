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

from samtempa.games.shell.board import CAPTURE_RAYS, FULL_MASK, LINE_NEIGHBOURHOOD

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

# --- tables, filled once at import from board.py ---------------------------------------

cdef u128 RAY_PAIR[NSQ][8]
cdef u128 RAY_END[NSQ][8]
cdef int RAY_N[NSQ]
cdef u128 NEIGHBOURHOOD[NSQ]
cdef u128 FULL
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


cdef inline uint32_t mt_next(MT* m) noexcept nogil:
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


# --- for the bots (issue 6): threat cells, policy playouts, simultaneous-move search -------
#
# Nothing below decides a rule: every turn is resolved by ``resolve`` above. These
# functions only *choose* picks (a playout policy) and keep statistics over joint picks.

from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from libc.math cimport sqrt, log
from cpython.mem cimport PyMem_Malloc, PyMem_Free

cdef extern from *:
    """
    static inline int ctz128(unsigned __int128 x) {
        unsigned long long lo = (unsigned long long)x;
        return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((unsigned long long)(x >> 64));
    }
    """
    int ctz128(u128 x) nogil

cdef enum:
    MAX_CAND = 96

cdef struct Policy:
    uint64_t win     # probability (scaled by 2**32) of completing an own five when one is open
    uint64_t block   # ... of picking a cell where the opponent would complete a five
    uint64_t near    # ... of picking a cell next to a piece rather than anywhere
    uint64_t four    # ... of making a four (a five threat) when one can be made
    uint64_t stop    # ... of taking a cell where the opponent would make a four


cdef double now() noexcept nogil:
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


cdef int run_playout(Board* b, MT* m, Policy* p, int max_turns) noexcept nogil:
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


cdef double BLACK_VALUE[4]
BLACK_VALUE[0] = 0.5
BLACK_VALUE[1] = 1.0
BLACK_VALUE[2] = 0.0
BLACK_VALUE[3] = 0.5


cdef void load_policy(Policy* p, tuple policy) except *:
    p.win = <uint64_t>(float(policy[0]) * 4294967296.0)
    p.block = <uint64_t>(float(policy[1]) * 4294967296.0)
    p.near = <uint64_t>(float(policy[2]) * 4294967296.0)
    p.four = <uint64_t>(float(policy[3]) * 4294967296.0) if len(policy) > 3 else 0
    p.stop = <uint64_t>(float(policy[4]) * 4294967296.0) if len(policy) > 4 else 0


def five_cells(object own, object empty):
    """The empty cells that would complete a straight window of five ``own`` turtles."""
    return from_u128(five_gaps(to_u128(own), to_u128(empty) & FULL))


def four_cells(object own, object empty):
    """The empty cells that would make a window of four ``own`` turtles and one empty cell."""
    return from_u128(four_gaps(to_u128(own), to_u128(empty) & FULL))


def near_cells(object occupied):
    """The squares in the 3×3 neighbourhood of ``occupied`` (the squares themselves included)."""
    return from_u128(near_mask(to_u128(occupied)))


def policy_playout(tuple state, tuple policy, object rng, int max_turns=400):
    """Like :func:`playout`, with the picks of ``policy`` =
    (p_win, p_block, p_near[, p_four, p_stop]), tried in the order win, block, four, stop, near."""
    cdef Board b
    cdef MT m
    cdef Policy p
    cdef int res
    load(&b, state)
    load_policy(&p, policy)
    mt_load(&m, rng)
    with nogil:
        res = run_playout(&b, &m, &p, max_turns)
    mt_store(&m, rng)
    return _RESULTS[res], b.turn - <int>state[4]


cdef int load_candidates(list cands, int* out) except -1:
    cdef int n = len(cands), i
    if n < 1 or n > MAX_CAND:
        raise ValueError("between 1 and 96 candidate squares")
    for i in range(n):
        out[i] = cands[i]
    return n


def duct(tuple state, list cand_black, list cand_white, double seconds, long max_iterations,
         double exploration, tuple policy, object rng, int max_turns=400):
    """Decoupled UCT at the root: each colour runs UCB1 over its own candidates,
    the joint pick is resolved and played out with ``policy``.

    Returns ``(visits_black, sums_black, visits_white, sums_white, iterations)``;
    sums are each colour's own value (win 1, draw ½). Stops after ``seconds`` or
    ``max_iterations``, whichever comes first.
    """
    cdef Board root, b
    cdef MT m
    cdef Policy p
    cdef int cb[MAX_CAND]
    cdef int cw[MAX_CAND]
    cdef long nb_[MAX_CAND]
    cdef long nw_[MAX_CAND]
    cdef double sb[MAX_CAND]
    cdef double sw[MAX_CAND]
    cdef int kb = load_candidates(cand_black, cb), kw = load_candidates(cand_white, cw)
    cdef long it = 0
    cdef int i, ib, iw, res
    cdef double deadline = now() + seconds, lt, best, u, v
    load(&root, state)
    load_policy(&p, policy)
    memset(nb_, 0, sizeof(nb_))
    memset(nw_, 0, sizeof(nw_))
    memset(sb, 0, sizeof(sb))
    memset(sw, 0, sizeof(sw))
    mt_load(&m, rng)
    with nogil:
        while it < max_iterations:
            if (it & 31) == 0 and it and now() > deadline:
                break
            # UCB1 for each colour, decoupled; unvisited arms first, in random order.
            lt = log(<double>(it + 1))
            ib = -1
            best = -1.0
            for i in range(kb):
                if nb_[i] == 0:
                    u = 10.0 + (mt_next(&m) >> 8) * 1e-9
                else:
                    u = sb[i] / nb_[i] + exploration * sqrt(lt / nb_[i])
                if u > best:
                    best = u
                    ib = i
            iw = -1
            best = -1.0
            for i in range(kw):
                if nw_[i] == 0:
                    u = 10.0 + (mt_next(&m) >> 8) * 1e-9
                else:
                    u = sw[i] / nw_[i] + exploration * sqrt(lt / nw_[i])
                if u > best:
                    best = u
                    iw = i
            b = root
            resolve(&b, cb[ib], cw[iw])
            res = b.result
            if res == RES_NONE:
                res = run_playout(&b, &m, &p, max_turns)
            v = BLACK_VALUE[res]
            nb_[ib] += 1
            sb[ib] += v
            nw_[iw] += 1
            sw[iw] += 1.0 - v
            it += 1
    mt_store(&m, rng)
    return ([nb_[i] for i in range(kb)], [sb[i] for i in range(kb)],
            [nw_[i] for i in range(kw)], [sw[i] for i in range(kw)], it)


def joint_matrix(tuple state, list cand_black, list cand_white, double seconds, long max_rounds,
                 tuple policy, object rng, int max_turns=400):
    """Black's mean value of every joint pick (row: black's candidate, column: white's).

    Round-robin over the cells: each round resolves every joint pick once and
    plays it out, until ``seconds`` or ``max_rounds``; a joint pick that ends the
    game is exact after one visit. Returns ``(means, counts, rounds)`` row-major.
    """
    cdef Board root, b
    cdef MT m
    cdef Policy p
    cdef int cb[MAX_CAND]
    cdef int cw[MAX_CAND]
    cdef int kb = load_candidates(cand_black, cb), kw = load_candidates(cand_white, cw)
    cdef int n = kb * kw, i, j, res
    cdef long rounds = 0
    cdef double deadline = now() + seconds
    cdef double* s = <double*>PyMem_Malloc(n * sizeof(double))
    cdef long* c = <long*>PyMem_Malloc(n * sizeof(long))
    cdef char* exact = <char*>PyMem_Malloc(n)
    if s == NULL or c == NULL or exact == NULL:
        raise MemoryError()
    memset(s, 0, n * sizeof(double))
    memset(c, 0, n * sizeof(long))
    memset(exact, 0, n)
    load(&root, state)
    load_policy(&p, policy)
    mt_load(&m, rng)
    try:
        with nogil:
            while rounds < max_rounds and (rounds == 0 or now() < deadline):
                for i in range(kb):
                    for j in range(kw):
                        if exact[i * kw + j]:
                            continue
                        b = root
                        resolve(&b, cb[i], cw[j])
                        res = b.result
                        if res != RES_NONE:
                            exact[i * kw + j] = 1
                        else:
                            res = run_playout(&b, &m, &p, max_turns)
                        s[i * kw + j] += BLACK_VALUE[res]
                        c[i * kw + j] += 1
                rounds += 1
        mt_store(&m, rng)
        means = [s[i] / c[i] if c[i] else 0.5 for i in range(n)]
        counts = [c[i] for i in range(n)]
    finally:
        PyMem_Free(s)
        PyMem_Free(c)
        PyMem_Free(exact)
    return means, counts, rounds


def solve_matrix(list values, int kb, int kw, int iterations):
    """An approximate Nash equilibrium of the zero-sum matrix game ``values``
    (black's payoff, row-major kb × kw) by regret matching+ with linear averaging.

    Returns ``(black's mixed strategy, white's mixed strategy, black's value)``.
    """
    cdef double* a = <double*>PyMem_Malloc(kb * kw * sizeof(double))
    cdef double rb[MAX_CAND]
    cdef double rw[MAX_CAND]
    cdef double pb[MAX_CAND]
    cdef double pw[MAX_CAND]
    cdef double ab[MAX_CAND]
    cdef double aw[MAX_CAND]
    cdef double ub[MAX_CAND]
    cdef double uw[MAX_CAND]
    cdef double tot, v, game_value
    cdef int t, i, j
    if a == NULL:
        raise MemoryError()
    if kb < 1 or kw < 1 or kb > MAX_CAND or kw > MAX_CAND:
        PyMem_Free(a)
        raise ValueError("matrix size")
    for i in range(kb * kw):
        a[i] = values[i]
    for i in range(kb):
        rb[i] = 0.0
        ab[i] = 0.0
        pb[i] = 1.0 / kb
    for j in range(kw):
        rw[j] = 0.0
        aw[j] = 0.0
        pw[j] = 1.0 / kw
    with nogil:
        for t in range(1, iterations + 1):
            # black's regrets against white's current strategy
            v = 0.0
            for i in range(kb):
                ub[i] = 0.0
                for j in range(kw):
                    ub[i] += a[i * kw + j] * pw[j]
                v += pb[i] * ub[i]
            tot = 0.0
            for i in range(kb):
                rb[i] = rb[i] + ub[i] - v
                if rb[i] < 0:
                    rb[i] = 0.0
                tot += rb[i]
            for i in range(kb):
                pb[i] = rb[i] / tot if tot > 0 else 1.0 / kb
                ab[i] += t * pb[i]
            # then white's (alternating updates), white's payoff is 1 - black's
            v = 0.0
            for j in range(kw):
                uw[j] = 0.0
                for i in range(kb):
                    uw[j] += (1.0 - a[i * kw + j]) * pb[i]
                v += pw[j] * uw[j]
            tot = 0.0
            for j in range(kw):
                rw[j] = rw[j] + uw[j] - v
                if rw[j] < 0:
                    rw[j] = 0.0
                tot += rw[j]
            for j in range(kw):
                pw[j] = rw[j] / tot if tot > 0 else 1.0 / kw
                aw[j] += t * pw[j]
        tot = 0.0
        for i in range(kb):
            tot += ab[i]
        for i in range(kb):
            ab[i] /= tot
        tot = 0.0
        for j in range(kw):
            tot += aw[j]
        for j in range(kw):
            aw[j] /= tot
        game_value = 0.0
        for i in range(kb):
            for j in range(kw):
                game_value += ab[i] * aw[j] * a[i * kw + j]
    PyMem_Free(a)
    return [ab[i] for i in range(kb)], [aw[j] for j in range(kw)], game_value


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


# --- decoupled UCT over a tree of joint picks (the expert's search) ------------------------

from libc.stdlib cimport malloc, calloc, free

cdef struct Node:
    int kb
    int kw
    int cb[MAX_CAND]
    int cw[MAX_CAND]
    int nb[MAX_CAND]
    int nw[MAX_CAND]
    float sb[MAX_CAND]
    float sw[MAX_CAND]
    int total

cdef struct Edge:
    long long key      # node * 2**16 + ib * 2**8 + iw, or -1 when the slot is free
    int visits
    int child


cdef inline u128 search_cells(Board* b) noexcept nogil:
    """The cells a node searches: next to a piece, or making a four or a five for
    either colour; the centre's 3×3 on an empty board; all empty cells if fewer than 2."""
    cdef u128 occ = b.black | b.white | b.eggs
    cdef u128 empty = FULL & ~occ, mask
    if not occ:
        return near_mask(ONE << 44) & empty
    mask = near_mask(occ) | five_gaps(b.black, empty) | five_gaps(b.white, empty)
    mask |= four_gaps(b.black, empty) | four_gaps(b.white, empty)
    mask &= empty
    if popcount128(mask) < 2:
        return empty
    return mask


cdef void init_node(Node* n, Board* b) noexcept nogil:
    cdef u128 mask = search_cells(b)
    cdef int k = 0
    while mask and k < MAX_CAND:
        n.cb[k] = ctz128(mask)
        n.cw[k] = n.cb[k]
        mask &= mask - 1
        k += 1
    n.kb = k
    n.kw = k
    memset(n.nb, 0, sizeof(n.nb))
    memset(n.nw, 0, sizeof(n.nw))
    memset(n.sb, 0, sizeof(n.sb))
    memset(n.sw, 0, sizeof(n.sw))
    n.total = 0


cdef inline int ucb_pick(MT* m, int k, int* visits, float* sums, int total, double c) noexcept nogil:
    cdef int i, best_i = 0
    cdef double best = -1.0, u, lt = log(<double>(total + 1))
    for i in range(k):
        if visits[i] == 0:
            u = 10.0 + (mt_next(m) >> 8) * 1e-9
        else:
            u = sums[i] / visits[i] + c * sqrt(lt / visits[i])
        if u > best:
            best = u
            best_i = i
    return best_i


def duct_tree(tuple state, double seconds, long max_iterations, double exploration,
              tuple policy, object rng, int expand_after=6, int max_nodes=8192,
              int max_turns=400):
    """Decoupled UCT (Lanctot et al. 2013) over a tree of joint picks.

    Each node holds, for each colour, UCB1 statistics over its candidate cells
    (:func:`search_cells`); a joint pick visited ``expand_after`` times gets its
    own node. Leaves are played out with ``policy``. Returns the root's
    ``(cells, visits_black, sums_black, visits_white, sums_white, iterations, nodes)``.
    """
    cdef Board root, b
    cdef MT m
    cdef Policy p
    cdef Node* nodes = <Node*>malloc(max_nodes * sizeof(Node))
    cdef long table_size = 1
    cdef Edge* table
    cdef long long key
    cdef long slot, it = 0, n_edges = 0
    cdef int n_nodes = 1, node, ib, iw, depth, res, i, k
    cdef int path_node[512]
    cdef int path_b[512]
    cdef int path_w[512]
    cdef double v, deadline = now() + seconds
    while table_size < 4 * max_nodes * 8:
        table_size *= 2
    table = <Edge*>malloc(table_size * sizeof(Edge))
    if nodes == NULL or table == NULL:
        free(nodes)
        free(table)
        raise MemoryError()
    for slot in range(table_size):
        table[slot].key = -1
    load(&root, state)
    load_policy(&p, policy)
    mt_load(&m, rng)
    with nogil:
        init_node(&nodes[0], &root)
        while it < max_iterations:
            if (it & 15) == 0 and it and now() > deadline:
                break
            b = root
            node = 0
            depth = 0
            while True:
                ib = ucb_pick(&m, nodes[node].kb, nodes[node].nb, nodes[node].sb,
                              nodes[node].total, exploration)
                iw = ucb_pick(&m, nodes[node].kw, nodes[node].nw, nodes[node].sw,
                              nodes[node].total, exploration)
                resolve(&b, nodes[node].cb[ib], nodes[node].cw[iw])
                path_node[depth] = node
                path_b[depth] = ib
                path_w[depth] = iw
                depth += 1
                if b.result != RES_NONE:
                    res = b.result
                    break
                key = ((<long long>node) << 16) | (ib << 8) | iw
                slot = <long>((<unsigned long long>key * 0x9E3779B97F4A7C15ULL) >> 20) & (table_size - 1)
                while table[slot].key != -1 and table[slot].key != key:
                    slot = (slot + 1) & (table_size - 1)
                if table[slot].key == -1:
                    if n_edges * 10 > table_size * 7:  # table full enough: no new edge
                        res = run_playout(&b, &m, &p, max_turns)
                        break
                    n_edges += 1
                    table[slot].key = key
                    table[slot].visits = 0
                    table[slot].child = -1
                table[slot].visits += 1
                if table[slot].child < 0 and table[slot].visits > expand_after \
                        and n_nodes < max_nodes and depth < 500:
                    init_node(&nodes[n_nodes], &b)
                    table[slot].child = n_nodes
                    n_nodes += 1
                if table[slot].child >= 0 and depth < 500:
                    node = table[slot].child
                    continue
                res = run_playout(&b, &m, &p, max_turns)
                break
            v = BLACK_VALUE[res]
            for i in range(depth):
                node = path_node[i]
                nodes[node].total += 1
                nodes[node].nb[path_b[i]] += 1
                nodes[node].sb[path_b[i]] += v
                nodes[node].nw[path_w[i]] += 1
                nodes[node].sw[path_w[i]] += 1.0 - v
            it += 1
    mt_store(&m, rng)
    k = nodes[0].kb
    out = ([nodes[0].cb[i] for i in range(k)],
           [nodes[0].nb[i] for i in range(k)], [nodes[0].sb[i] for i in range(k)],
           [nodes[0].nw[i] for i in range(k)], [nodes[0].sw[i] for i in range(k)],
           it, n_nodes)
    free(nodes)
    free(table)
    return out
