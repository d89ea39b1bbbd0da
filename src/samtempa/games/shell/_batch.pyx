# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled kernel of the batched What the Shell engine: every game of a batch in one call.

A third implementation of ``rules/what-the-shell.md``, on the arrays of
:class:`samtempa.games.shell.batch.ShellBatch` (cells ``row * 9 + col``, each
81-bit mask as two ``uint64``, joined here into one ``unsigned __int128``),
checked game for game against the engine and the numpy batch in
``tests/games/shell/test_batch_kernel.py``. Use it through
:mod:`samtempa.games.shell.batch_kernel`.

The common turn (two turtles placed, no capture, no five, about 90% in random
play) is settled without a loop over cells: each pick's neighbourhood is
shifted into one 64-bit word with the pick at bit 30 (:data:`CENTRE`), where
fixed masks test the eight capture rays (WTS-4.1) and the runs of four through
the pick (a five needs one, WTS-6.1). Any other turn (a collision, a capture,
a possible five, a sudden death) goes through :func:`settle`, the waves of
WTS-4 and WTS-5 on whole-board masks and the full count of WTS-6.
"""

from libc.stdint cimport int8_t, int32_t, intptr_t, uint8_t, uint32_t, uint64_t
from libc.string cimport memmove

cdef extern from *:
    """
    typedef unsigned __int128 u128;
    /* Portable popcount: without -mpopcnt the builtin is a library call. */
    static inline int wts_popcount64(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (int)((x * 0x0101010101010101ULL) >> 56);
    }
    static inline int wts_popcount128(u128 x) {
        return wts_popcount64((unsigned long long)x)
             + wts_popcount64((unsigned long long)(x >> 64));
    }
    """
    ctypedef unsigned long long u128
    int popcount128 "wts_popcount128"(u128 x) nogil

cdef enum:
    SIZE = 9
    CELLS = 81
    CENTRE = 30
    ONGOING = -1
    BLACK_WINS = 0
    WHITE_WINS = 1
    DRAW = 2
    NORMAL = 0
    SUDDEN_DEATH = 1
    MAX_NEW = 96

# --- tables, filled once at import ---------------------------------------------------

cdef u128 ONE = 1
cdef u128 FULL
cdef uint64_t FULL_LO = 0xFFFFFFFFFFFFFFFFULL
cdef uint64_t FULL_HI = 0x1FFFFULL
#: Per cell: each capture ray's pair (p+d, p+2d) and end (p+3d), rays on the board only.
cdef u128 RAY_PAIR[CELLS][8]
cdef u128 RAY_END[CELLS][8]
cdef int RAY_N[CELLS]
cdef int COLUMN[CELLS]
#: Window masks (pick at bit CENTRE): per column the cells on the board within three
#: rows and columns; the eight rays and the pairs they capture; the hostile and own
#: rings; per column the cells of the pick's four lines within three steps.
cdef uint64_t WIN_COLUMN[SIZE]
cdef uint64_t WIN_RAY[8]
cdef uint64_t WIN_PAIR[8]
cdef uint64_t WIN_HOSTILE
cdef uint64_t WIN_OWN
cdef uint64_t WIN_LINES[SIZE]
#: The four lines' shifts, and for each where a five through the pick starts inside the
#: window (one to three steps back) and where a four with the pick at one end starts.
cdef int LINE_STEP[4]
cdef uint64_t WIN_FIVE_STARTS[4]
cdef uint64_t WIN_FOUR_ENDS[4]
#: Whole-board masks: the cells where a run of five along each line may start.
cdef u128 RUN_STARTS[4]
#: For random picks: ``SELECT_IN_BYTE[b][k]``, the k-th set bit of the byte b.
cdef uint8_t SELECT_IN_BYTE[256][8]
cdef uint64_t BYTES = 0x0101010101010101ULL
cdef uint64_t HIGH_BITS = 0x8080808080808080ULL


cdef u128 to_u128(object value):
    return (<u128>(<uint64_t>(value & 0xFFFFFFFFFFFFFFFF))) | ((<u128>(<uint64_t>(value >> 64))) << 64)


def _window_bit(dr, dc):
    """The window bit of the cell ``dr`` rows and ``dc`` columns from the pick."""
    return 1 << (30 + dr * 9 + dc)


cdef void _init_tables():
    global FULL, WIN_HOSTILE, WIN_OWN
    cdef int cell, k, n
    lines = ((0, 1), (1, 0), (1, 1), (1, -1))
    directions = [d for dr, dc in lines for d in ((dr, dc), (-dr, -dc))]
    FULL = to_u128(sum(1 << x for x in range(CELLS)))
    for cell in range(CELLS):
        r, c = divmod(cell, SIZE)
        COLUMN[cell] = c
        n = 0
        for dr, dc in directions:
            if 0 <= r + 3 * dr < SIZE and 0 <= c + 3 * dc < SIZE:
                step = dr * SIZE + dc
                RAY_PAIR[cell][n] = to_u128((1 << (cell + step)) | (1 << (cell + 2 * step)))
                RAY_END[cell][n] = to_u128(1 << (cell + 3 * step))
                n += 1
        RAY_N[cell] = n
    for c in range(SIZE):
        inside = 0
        for dr in range(-3, 4):
            for dc in range(-3, 4):
                if 0 <= c + dc < SIZE:
                    inside |= _window_bit(dr, dc)
        WIN_COLUMN[c] = inside
        WIN_LINES[c] = inside & sum(  # a set: the pick is on all four lines
            {_window_bit(j * dr, j * dc) for dr, dc in lines for j in range(-3, 4)}
        )
    for k, (dr, dc) in enumerate(directions):
        WIN_RAY[k] = sum(_window_bit(j * dr, j * dc) for j in (1, 2, 3))
        WIN_PAIR[k] = sum(_window_bit(j * dr, j * dc) for j in (1, 2))
    WIN_HOSTILE = sum(_window_bit(j * dr, j * dc) for dr, dc in directions for j in (1, 2))
    WIN_OWN = sum(_window_bit(3 * dr, 3 * dc) for dr, dc in directions)
    for k, (dr, dc) in enumerate(lines):
        LINE_STEP[k] = dr * SIZE + dc
        WIN_FIVE_STARTS[k] = sum(_window_bit(-j * dr, -j * dc) for j in (1, 2, 3))
        WIN_FOUR_ENDS[k] = sum(_window_bit(-j * dr, -j * dc) for j in (0, 3))
        RUN_STARTS[k] = to_u128(
            sum(1 << x for x in range(CELLS) if 0 <= x % SIZE + 4 * dc < SIZE)
        )


    for byte in range(256):
        bits = [j for j in range(8) if byte >> j & 1]
        for j in range(8):
            SELECT_IN_BYTE[byte][j] = bits[j] if j < len(bits) else 0


_init_tables()

# --- masks --------------------------------------------------------------------------


cdef inline u128 join(uint64_t lo, uint64_t hi) noexcept nogil:
    return (<u128>lo) | ((<u128>hi) << 64)


cdef inline uint64_t window(u128 board, int pick) noexcept nogil:
    """The cells around ``pick`` as one word, ``pick`` at bit CENTRE (rows beyond the
    board read as empty; columns beyond it are removed by WIN_COLUMN)."""
    return <uint64_t>((board << 34) >> (pick + 4))


cdef inline u128 unwindow(uint64_t bits, int pick) noexcept nogil:
    """The inverse of :func:`window`: window bits back on the board's cells."""
    return ((<u128>bits) << (pick + 4)) >> 34


cdef inline uint64_t captured_pairs(uint64_t own, uint64_t hostile, int column,
                                    int* count) noexcept nogil:
    """WTS-4.1, 4.4 in the window: the cells the new turtle captures, and in ``count``
    how many captures it makes (branch-free over the eight directions)."""
    cdef uint64_t rays = ((hostile & WIN_HOSTILE) | (own & WIN_OWN)) & WIN_COLUMN[column]
    cdef uint64_t pairs = 0, hit
    cdef int k, n = 0
    for k in range(8):
        hit = (rays & WIN_RAY[k]) == WIN_RAY[k]
        n += <int>hit
        pairs |= WIN_PAIR[k] & (0 - hit)
    count[0] = n
    return pairs


cdef inline bint may_make_five(uint64_t own, int column) noexcept nogil:
    """False only if no run of five own turtles goes through the pick (WTS-6.1): one
    needs four cells of the pick's lines within three steps, and a run of four there."""
    cdef uint64_t near = own & WIN_LINES[column], pairs, fours, runs = 0
    cdef int k, s
    near &= near - 1
    near &= near - 1
    near &= near - 1
    if near == 0:  # fewer than four
        return False
    own &= WIN_COLUMN[column]
    for k in range(4):
        s = LINE_STEP[k]
        pairs = own & (own >> s)
        fours = pairs & (pairs >> (2 * s))
        runs |= (fours & (fours >> s) & WIN_FIVE_STARTS[k]) | (fours & WIN_FOUR_ENDS[k])
    return runs != 0


cdef inline u128 fives_along(u128 t, int k) noexcept nogil:
    cdef int s = LINE_STEP[k]
    cdef u128 r = t & (t >> s), c
    r &= r >> (2 * s)
    r &= (t >> (4 * s)) & RUN_STARTS[k]
    if not r:
        return 0
    c = r | (r << s)
    return c | (c << (2 * s)) | (r << (4 * s))


cdef inline int winning(u128 t) noexcept nogil:
    """WTS-6.1: the turtles in a straight run of five or more, each counted once."""
    return popcount128(fives_along(t, 0) | fives_along(t, 1) | fives_along(t, 2)
                       | fives_along(t, 3))


# --- the turns out of the ordinary ----------------------------------------------------

cdef struct Game:
    u128 black
    u128 white
    u128 eggs
    uint8_t* queue  # the egg queue, oldest first (WTS-1.3)
    intptr_t head
    intptr_t tail


cdef inline int find_captures(int* new, int nnew, u128 own, u128 hostile, u128* found) noexcept nogil:
    """WTS-4.1–4.4, 4.7: the pairs the new turtles of one colour capture, each pair once."""
    cdef int i, k, j, n = 0, cell, dup
    cdef u128 pair
    for i in range(nnew):
        cell = new[i]
        for k in range(RAY_N[cell]):
            pair = RAY_PAIR[cell][k]
            if (hostile & pair) == pair and (own & RAY_END[cell][k]):
                dup = 0
                for j in range(n):
                    if found[j] == pair:
                        dup = 1
                        break
                if not dup:
                    found[n] = pair
                    n += 1
    return n


cdef int remove_and_hatch(Game* g, u128 removed, int kb, int kw, int* new) noexcept nogil:
    """The end of a wave: WTS-4.6, every captured piece leaves at once (a captured egg
    leaves the queue); WTS-5.1, 5.2, ``min(kb, kw)`` oldest eggs vanish and the next
    ``|kb - kw|`` hatch for the colour that captured more. Returns how many hatched,
    their cells in ``new``."""
    cdef int m, h, i, cell
    cdef intptr_t j, q
    cdef u128 hatched = 0
    g.black &= ~removed
    g.white &= ~removed
    if g.eggs & removed:
        g.eggs &= ~removed
        j = g.head
        for q in range(g.head, g.tail):
            if not ((removed >> g.queue[q]) & ONE):
                g.queue[j] = g.queue[q]
                j += 1
        g.tail = j
    m = kb if kb < kw else kw
    h = kb - kw if kb > kw else kw - kb
    if m > g.tail - g.head:
        m = <int>(g.tail - g.head)
    for i in range(m):
        g.eggs &= ~(ONE << g.queue[g.head])
        g.head += 1
    if h > g.tail - g.head:
        h = <int>(g.tail - g.head)
    for i in range(h):
        cell = g.queue[g.head]
        g.head += 1
        hatched |= ONE << cell
        new[i] = cell
    g.eggs &= ~hatched
    if kb > kw:
        g.black |= hatched
    else:
        g.white |= hatched
    return h


cdef void later_waves(Game* g, int* new, int h, bint black) noexcept nogil:
    """WTS-5.3: the turtles hatched by a wave (``h`` of them, in ``new``, ``black``'s or
    white's) are the new turtles of the next, until a wave captures or hatches nothing."""
    cdef u128 caps[MAX_NEW * 8]
    cdef u128 removed
    cdef int k, i
    while h:
        # WTS-4.5: one colour has new turtles, so only it captures in this wave.
        if black:
            k = find_captures(new, h, g.black, g.white | g.eggs, caps)
        else:
            k = find_captures(new, h, g.white, g.black | g.eggs, caps)
        if k == 0:
            return
        removed = 0
        for i in range(k):
            removed |= caps[i]
        if black:
            h = remove_and_hatch(g, removed, k, 0, new)
        else:
            h = remove_and_hatch(g, removed, 0, k, new)


# --- whole batches --------------------------------------------------------------------


def step(
    uint64_t[::1] black_lo, uint64_t[::1] black_hi,
    uint64_t[::1] white_lo, uint64_t[::1] white_hi,
    uint64_t[::1] eggs_lo, uint64_t[::1] eggs_hi,
    uint8_t[:, ::1] queue, intptr_t[::1] queue_len,
    int32_t[::1] turn, int8_t[::1] phase, int8_t[::1] result,
    int32_t[::1] winning_black, int32_t[::1] winning_white,
    intptr_t[::1] black, intptr_t[::1] white,
):
    """One turn of every game (WTS-2.2), picks not checked (``check`` does)."""
    cdef intptr_t n = black.shape[0], i
    cdef int bp, wp, nb, nw, cb, cw, kb, kw, h
    cdef int new[MAX_NEW]
    cdef u128 b, w, e, occ
    cdef uint64_t own_b, own_w, pairs_b, pairs_w
    cdef Game g
    with nogil:
        for i in range(n):
            bp = <int>black[i]
            wp = <int>white[i]
            b = join(black_lo[i], black_hi[i])
            w = join(white_lo[i], white_hi[i])
            e = join(eggs_lo[i], eggs_hi[i])
            nb = winning_black[i]
            nw = winning_white[i]
            turn[i] += 1
            if bp == wp:
                # WTS-3.2: an egg, nothing captured, nothing hatched; the turtles and
                # so their counts are unchanged.
                e |= ONE << bp
                queue[i, queue_len[i]] = <uint8_t>bp
                queue_len[i] += 1
            else:
                b |= ONE << bp  # WTS-3.1
                w |= ONE << wp
                cb = COLUMN[bp]
                cw = COLUMN[wp]
                own_b = window(b, bp)
                own_w = window(w, wp)
                pairs_b = captured_pairs(own_b, window(w | e, bp), cb, &kb)
                pairs_w = captured_pairs(own_w, window(b | e, wp), cw, &kw)
                if kb | kw:
                    # Wave 0 from the windows (one new turtle per colour: no pair twice,
                    # WTS-4.7), then the later waves on whole-board masks.
                    g.black, g.white, g.eggs = b, w, e
                    g.queue = &queue[i, 0]
                    g.head = 0
                    g.tail = queue_len[i]
                    h = remove_and_hatch(&g, unwindow(pairs_b, bp) | unwindow(pairs_w, wp),
                                         kb, kw, new)
                    if h:
                        later_waves(&g, new, h, kb > kw)
                    if g.head:
                        memmove(g.queue, g.queue + g.head, g.tail - g.head)
                    queue_len[i] = g.tail - g.head
                    b, w, e = g.black, g.white, g.eggs
                    if h or nb or nw:  # hatched turtles may start fives anywhere
                        nb = winning(b)
                        nw = winning(w)
                    else:  # removals make no five: a new one goes through a pick
                        if may_make_five(window(b, bp), cb):
                            nb = winning(b)
                        if may_make_five(window(w, wp), cw):
                            nw = winning(w)
                elif nb or nw:  # a sudden death in progress: every run counts
                    nb = winning(b)
                    nw = winning(w)
                else:  # no five before: a new one goes through a pick
                    if may_make_five(own_b, cb):
                        nb = winning(b)
                    if may_make_five(own_w, cw):
                        nw = winning(w)
                black_lo[i] = <uint64_t>b
                black_hi[i] = <uint64_t>(b >> 64)
                white_lo[i] = <uint64_t>w
                white_hi[i] = <uint64_t>(w >> 64)
                winning_black[i] = nb
                winning_white[i] = nw
            eggs_lo[i] = <uint64_t>e
            eggs_hi[i] = <uint64_t>(e >> 64)
            # WTS-6.2, 6.4
            if nb != nw:
                result[i] = BLACK_WINS if nb > nw else WHITE_WINS
            else:
                phase[i] = SUDDEN_DEATH if nb else NORMAL
                occ = b | w | e
                if occ == FULL:
                    result[i] = DRAW


def check(
    uint64_t[::1] black_lo, uint64_t[::1] black_hi,
    uint64_t[::1] white_lo, uint64_t[::1] white_hi,
    uint64_t[::1] eggs_lo, uint64_t[::1] eggs_hi,
    int8_t[::1] result, intptr_t[::1] black, intptr_t[::1] white,
):
    """WTS-2.1, 2.3: ``(fault, game)``, the first fault in WTS-2.3's order over all games
    (0 none, 1 a game is over, 2 a pick off the board, 3 a pick not empty) and its game."""
    cdef intptr_t n = black.shape[0], i, over = -1, off = -1, taken = -1
    cdef intptr_t bp, wp
    cdef u128 occ
    with nogil:
        for i in range(n):
            if result[i] != ONGOING and over < 0:
                over = i
            bp = black[i]
            wp = white[i]
            if bp < 0 or bp >= CELLS or wp < 0 or wp >= CELLS:
                if off < 0:
                    off = i
            elif taken < 0:
                occ = join(black_lo[i] | white_lo[i] | eggs_lo[i],
                           black_hi[i] | white_hi[i] | eggs_hi[i])
                if ((occ >> bp) | (occ >> wp)) & ONE:
                    taken = i
    if over >= 0:
        return 1, over
    if off >= 0:
        return 2, off
    if taken >= 0:
        return 3, taken
    return 0, -1


cdef struct Rng:
    uint64_t state
    uint64_t spare
    int have


cdef inline uint32_t draw32(Rng* r) noexcept nogil:
    """32 random bits: splitmix64, each output used as two halves."""
    cdef uint64_t z
    if r.have:
        r.have = 0
        return <uint32_t>(r.spare >> 32)
    r.state += 0x9E3779B97F4A7C15ULL
    z = r.state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL
    r.spare = z ^ (z >> 31)
    r.have = 1
    return <uint32_t>r.spare


cdef inline uint64_t below(Rng* r, uint32_t bound) noexcept nogil:
    """A uniform integer in [0, bound) (Lemire's multiply-and-reject: exact; the
    division runs only when the draw lands in the first ``bound`` values)."""
    cdef uint64_t m = <uint64_t>draw32(r) * bound
    cdef uint32_t threshold
    if <uint32_t>m < bound:
        threshold = <uint32_t>(-bound) % bound
        while <uint32_t>m < threshold:
            m = <uint64_t>draw32(r) * bound
    return m >> 32


cdef inline uint64_t byte_counts(uint64_t x) noexcept nogil:
    """The number of set bits of each byte of ``x``, in that byte."""
    x = x - ((x >> 1) & 0x5555555555555555ULL)
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL)
    return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL


cdef inline int select_bit(uint64_t x, uint64_t counts, uint64_t k) noexcept nogil:
    """The index of the ``k``-th set bit (from 0) of ``x``, ``counts`` its byte counts:
    the byte found by comparing ``k`` with every byte's running count at once, the bit
    in it from a table. No branch, no loop."""
    cdef uint64_t prefix = counts * BYTES  # byte i: the set bits of bytes 0…i
    cdef uint64_t reached = ((k * BYTES) | HIGH_BITS) - prefix  # high bit: k >= prefix
    cdef uint64_t before = ((((reached & HIGH_BITS) >> 7) * BYTES) >> 56) * 8
    cdef uint64_t rank = k - (((prefix << 8) >> before) & 0xFF)
    return <int>before + SELECT_IN_BYTE[(x >> before) & 0xFF][rank]


def random_picks(
    uint64_t[::1] black_lo, uint64_t[::1] black_hi,
    uint64_t[::1] white_lo, uint64_t[::1] white_hi,
    uint64_t[::1] eggs_lo, uint64_t[::1] eggs_hi,
    int8_t[::1] result, uint64_t seed, intptr_t[::1] out,
):
    """A uniformly random empty cell in every game still going (WTS-2.1), 0 elsewhere:
    ``k`` uniform below the number of empty cells, then the ``k``-th empty cell."""
    cdef intptr_t n = out.shape[0], i
    cdef Rng rng
    cdef uint64_t lo, hi, counts_lo, counts_hi, free_lo, free, k, word, counts
    cdef int high
    rng.state = seed
    rng.have = 0
    with nogil:
        for i in range(n):
            lo = ~(black_lo[i] | white_lo[i] | eggs_lo[i])
            hi = ~(black_hi[i] | white_hi[i] | eggs_hi[i]) & FULL_HI
            counts_lo = byte_counts(lo)
            counts_hi = byte_counts(hi)
            free_lo = (counts_lo * BYTES) >> 56
            free = free_lo + ((counts_hi * BYTES) >> 56)
            if result[i] != ONGOING or free == 0:
                out[i] = 0
                continue
            k = below(&rng, <uint32_t>free)
            high = k >= free_lo
            word = hi if high else lo
            counts = counts_hi if high else counts_lo
            k = k - free_lo if high else k
            out[i] = select_bit(word, counts, k) + (64 if high else 0)


def reset(
    uint64_t[::1] black_lo, uint64_t[::1] black_hi,
    uint64_t[::1] white_lo, uint64_t[::1] white_hi,
    uint64_t[::1] eggs_lo, uint64_t[::1] eggs_hi,
    intptr_t[::1] queue_len, int32_t[::1] turn, int8_t[::1] phase, int8_t[::1] result,
    int32_t[::1] winning_black, int32_t[::1] winning_white, intptr_t[::1] games,
):
    """The games ``games`` back to the empty board."""
    cdef intptr_t k, i
    with nogil:
        for k in range(games.shape[0]):
            i = games[k]
            black_lo[i] = black_hi[i] = white_lo[i] = white_hi[i] = 0
            eggs_lo[i] = eggs_hi[i] = 0
            queue_len[i] = 0
            turn[i] = winning_black[i] = winning_white[i] = 0
            phase[i] = NORMAL
            result[i] = ONGOING
