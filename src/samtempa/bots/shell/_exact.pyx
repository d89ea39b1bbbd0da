# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""What the Shell expert's exact simultaneous search, compiled (issue 20, item 1).

A shallow exact search over joint picks, not playouts (Saffidine, Finnsson & Buro
2012; Bošanský et al. 2016): at each node both colours get a few tactically
relevant cells (:func:`candidates`: completing or blocking a five, captures, fours,
then the best cells near the pieces), every joint pick is resolved by the fast
path's ``resolve`` (cimported: the rules are never copied here), and the node's
matrix game is solved (:mod:`._solve`: a saddle point, else 2×2 in closed form,
else regret matching+). Iterative deepening adds one simultaneous turn per level; a node whose
depth runs out while either colour can complete a five is searched further over the
five cells (quiescence); a transposition table keeps the values of positions
reached by joint picks in either order. Leaves are scored by :func:`evaluate`
(open windows, turtles), turned into black's chance of winning by a logistic kept
inside [0.1, 0.9]; each turn deeper is discounted a little toward ½, so a win now
beats a win later and a loss is put off.

Values are black's (win 1, draw ½, loss 0). Results and winning-turtle counts
(WTS-6) come from ``resolve`` alone, so a race where both complete a line is
decided by the engine's count, never by a guess here.
"""

from libc.math cimport exp
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from samtempa.games.shell._fast cimport (
    MT, Board, FULL, RES_BLACK, RES_DRAW, RES_NONE, RES_WHITE, load, mt_load, mt_store,
    popcount128, resolve, to_u128, u128,
)
from samtempa.bots.shell._solve cimport MAX_W, solve
from samtempa.bots.shell._threats cimport (
    Policy, ctz128, five_gaps, four_gaps, near_mask, now, run_playout,
)

cdef enum:
    MAX_PLY = 24
    Q_MAX = 1         # quiescence turns after the depth runs out
    TT_BITS = 18

cdef u128 ONE = 1
cdef double DISCOUNT = 0.98

# Every straight window of five squares (WTS-6.1's lines), and the windows through each cell.
cdef u128 WINDOWS[256]
cdef int NWINDOWS = 0
cdef int CELL_WIN[90][20]
cdef int CELL_NWIN[90]


cdef void _init_windows():
    global NWINDOWS
    cdef int r, c, k, dr, dc, sq
    memset(CELL_NWIN, 0, sizeof(CELL_NWIN))
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        for r in range(9):
            for c in range(9):
                if 0 <= r + 4 * dr < 9 and 0 <= c + 4 * dc < 9:
                    WINDOWS[NWINDOWS] = 0
                    for k in range(5):
                        sq = (r + k * dr) * 10 + c + k * dc
                        WINDOWS[NWINDOWS] |= ONE << sq
                        CELL_WIN[sq][CELL_NWIN[sq]] = NWINDOWS
                        CELL_NWIN[sq] += 1
                    NWINDOWS += 1


_init_windows()

cdef struct Weights:
    double w[6]       # a window of k own pieces and no hostile one
    double turtle     # one turtle more than the opponent
    double scale      # the logistic's scale

cdef struct Entry:
    uint64_t key
    int depth
    double value

cdef struct Search:
    Weights wt
    int widths[MAX_PLY]
    double deadline
    long nodes
    long max_nodes
    int aborted
    int rm_iterations
    Entry* table
    MT mt
    Policy policy
    int playouts      # policy playouts per leaf, mixed with the static evaluation
    double mix        # the playouts' share of a leaf's value


cdef void load_weights(Weights* wt, tuple weights) except *:
    if len(weights) != 6 or weights[5] <= 0:
        raise ValueError("weights are (w1, w2, w3, w4, turtle, scale > 0)")
    wt.w[0] = 0.0
    wt.w[1], wt.w[2], wt.w[3], wt.w[4] = weights[0], weights[1], weights[2], weights[3]
    wt.w[5] = 0.0
    wt.turtle = weights[4]
    wt.scale = weights[5]


# --- cells and evaluation ----------------------------------------------------------------

cdef inline u128 capture_dir(u128 own, u128 hostile, int s) noexcept nogil:
    return (((hostile >> s) & (hostile >> (2 * s)) & (own >> (3 * s)))
            | ((hostile << s) & (hostile << (2 * s)) & (own << (3 * s))))


cdef inline u128 setup_dir(u128 own, u128 hostile, u128 empty, int s) noexcept nogil:
    return (((hostile >> s) & (hostile >> (2 * s)) & (empty >> (3 * s)))
            | ((hostile << s) & (hostile << (2 * s)) & (empty << (3 * s))))


cdef inline u128 setup_cells(u128 own, u128 hostile, u128 empty) noexcept nogil:
    """Empty cells where an own turtle would make a capture possible next turn: two
    hostile pieces, then an empty cell (which becomes a capture cell, WTS-4.1)."""
    return (setup_dir(own, hostile, empty, 1) | setup_dir(own, hostile, empty, 10)
            | setup_dir(own, hostile, empty, 11) | setup_dir(own, hostile, empty, 9)) & empty


cdef inline u128 capture_cells(u128 own, u128 hostile, u128 empty) noexcept nogil:
    """Empty cells where an own turtle would close a capture (WTS-4.1) along a ray:
    two hostile pieces, then an own turtle. The guard column stops every wrap."""
    return (capture_dir(own, hostile, 1) | capture_dir(own, hostile, 10)
            | capture_dir(own, hostile, 11) | capture_dir(own, hostile, 9)) & empty


cdef void cell_scores(Board* b, int black_side, u128 cells, double* score) noexcept nogil:
    """How much each of ``cells`` matters to the colour: the windows through it still
    open to one colour only, more pieces weighing more (one pass over the windows)."""
    cdef u128 own = b.black if black_side else b.white
    cdef u128 opp = b.white if black_side else b.black
    cdef u128 w, m
    cdef int i, no, nh
    cdef double add
    m = cells
    while m:
        score[ctz128(m)] = 0.0
        m &= m - 1
    for i in range(NWINDOWS):
        w = WINDOWS[i]
        m = w & cells
        if not m or (w & b.eggs):
            continue
        no = popcount128(w & own)
        nh = popcount128(w & opp)
        if nh == 0:
            add = 1.0 + no * no * 2.0
        elif no == 0:
            add = 0.8 + nh * nh * 1.8
        else:
            continue
        while m:
            score[ctz128(m)] += add
            m &= m - 1


cdef int candidates(Board* b, int black_side, int k, int* out) noexcept nogil:
    """Up to ``k`` cells for one colour, the tactical tiers first (complete a five,
    block one, capture, make a four, stop one, stop a capture, set up a capture, stop
    one being set up), then the cells next to pieces, each tier ordered by
    :func:`cell_scores`."""
    cdef u128 own = b.black if black_side else b.white
    cdef u128 opp = b.white if black_side else b.black
    cdef u128 occ = b.black | b.white | b.eggs
    cdef u128 empty = FULL & ~occ, mask, left
    cdef u128 tiers[9]
    cdef double score[96]
    cdef int cells[96]
    cdef int n = 0, t, i, j, best, tmp
    cdef double bs
    if not occ:
        tiers[0] = ONE << 44
        tiers[1] = near_mask(ONE << 44) & empty
        for t in range(2, 9):
            tiers[t] = 0
    else:
        tiers[0] = five_gaps(own, empty)
        tiers[1] = five_gaps(opp, empty)
        tiers[2] = capture_cells(own, opp | b.eggs, empty)
        tiers[3] = four_gaps(own, empty)
        tiers[4] = four_gaps(opp, empty)
        tiers[5] = capture_cells(opp, own | b.eggs, empty)
        # a capture set up for next turn, own or the opponent's (taking its cell first)
        tiers[6] = setup_cells(own, opp | b.eggs, empty) & near_mask(own | opp)
        tiers[7] = setup_cells(opp, own | b.eggs, empty) & near_mask(own | opp)
        tiers[8] = near_mask(occ) & empty
        if popcount128(tiers[8]) < 2:
            tiers[8] = empty
    mask = 0
    for t in range(9):
        mask |= tiers[t]
    cell_scores(b, black_side, mask & empty, score)
    left = empty
    for t in range(9):
        if n >= k:
            break
        mask = tiers[t] & left
        left &= ~mask
        j = 0
        while mask:
            cells[j] = ctz128(mask)
            mask &= mask - 1
            j += 1
        while j and n < k:  # best first
            best = 0
            bs = score[cells[0]]
            for i in range(1, j):
                if score[cells[i]] > bs:
                    bs = score[cells[i]]
                    best = i
            out[n] = cells[best]
            n += 1
            j -= 1
            cells[best] = cells[j]
    return n


cdef double evaluate(Board* b, Weights* wt) noexcept nogil:
    """Black's estimated chance of winning a quiet position: windows of five still
    open to one colour only (more own pieces, more weight) and the turtle balance."""
    cdef double s = 0.0
    cdef int i, nb, nw
    cdef u128 w
    for i in range(NWINDOWS):
        w = WINDOWS[i]
        if w & b.eggs:
            continue
        nb = popcount128(w & b.black)
        nw = popcount128(w & b.white)
        if nw == 0:
            s += wt.w[nb]
        elif nb == 0:
            s -= wt.w[nw]
    s += wt.turtle * (popcount128(b.black) - popcount128(b.white))
    # Squashed into [0.1, 0.9]: a position is never worth a finished game.
    return 0.1 + 0.8 / (1.0 + exp(-s / wt.scale))


cdef inline uint64_t mix(uint64_t h, uint64_t x) noexcept nogil:
    h ^= x + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2)
    h ^= h >> 31
    h *= 0xBF58476D1CE4E5B9ULL
    return h ^ (h >> 29)


cdef uint64_t key_of(Board* b) noexcept nogil:
    """The position's hash: pieces, the egg queue in order, phase and counts."""
    cdef uint64_t h = 0x1234567ULL
    cdef int i
    h = mix(h, <uint64_t>b.black)
    h = mix(h, <uint64_t>(b.black >> 64))
    h = mix(h, <uint64_t>b.white)
    h = mix(h, <uint64_t>(b.white >> 64))
    for i in range(b.qhead, b.qtail):
        h = mix(h, <uint64_t>(b.queue[i] + 1))
    h = mix(h, <uint64_t>(b.phase * 1000 + b.nb * 31 + b.nw))
    return h | 1


# --- the search ----------------------------------------------------------------------------

cdef inline double terminal(int result) noexcept nogil:
    return 1.0 if result == RES_BLACK else 0.0 if result == RES_WHITE else 0.5


cdef double leaf_value(Search* S, Board* b) noexcept nogil:
    """The static evaluation, mixed with policy playouts when asked (both colours
    complete their fives, block the other's, play near the pieces)."""
    cdef double v = evaluate(b, &S.wt), p = 0.0
    cdef Board c
    cdef int i, r
    if S.playouts <= 0:
        return v
    for i in range(S.playouts):
        c = b[0]
        r = run_playout(&c, &S.mt, &S.policy, 200)
        p += terminal(r)
    p /= S.playouts
    return 0.5 + ((1.0 - S.mix) * v + S.mix * p - 0.5) * DISCOUNT


cdef double node_value(Search* S, Board* b, int depth, int ply, int q) noexcept nogil:
    cdef Entry* e
    cdef uint64_t key
    cdef u128 empty, fb, fw
    cdef int cb[MAX_W]
    cdef int cw[MAX_W]
    cdef double a[MAX_W * MAX_W]
    cdef double pb[MAX_W]
    cdef double pw[MAX_W]
    cdef int kb, kw, i, j, width
    cdef Board child
    cdef double v
    if b.result != RES_NONE:
        return terminal(b.result)
    if S.aborted:
        return 0.5
    key = key_of(b)
    e = &S.table[key & ((1 << TT_BITS) - 1)]
    if e.key == key and e.depth >= depth:
        return e.value
    S.nodes += 1
    if S.nodes >= S.max_nodes or ((S.nodes & 255) == 0 and now() > S.deadline):
        S.aborted = 1
        return 0.5
    if depth <= 0:
        empty = FULL & ~(b.black | b.white | b.eggs)
        fb = five_gaps(b.black, empty)
        fw = five_gaps(b.white, empty)
        if not (fb or fw) or q >= Q_MAX:
            v = leaf_value(S, b)
            e.key, e.depth, e.value = key, 0, v
            return v
        # Quiescence: the five cells of both colours, and one quiet cell each.
        width = popcount128(fb | fw) + 1
        if width > 4:
            width = 4
    else:
        width = S.widths[ply] if ply < MAX_PLY else S.widths[MAX_PLY - 1]
    kb = candidates(b, 1, width, cb)
    kw = candidates(b, 0, width, cw)
    if kb == 0 or kw == 0:
        return evaluate(b, &S.wt)
    for i in range(kb):
        for j in range(kw):
            child = b[0]
            resolve(&child, cb[i], cw[j])
            a[i * kw + j] = node_value(S, &child, depth - 1, ply + 1, q + (depth <= 0))
            if S.aborted:
                return 0.5
    # A turn later is worth a little less: win soon, lose late.
    v = 0.5 + (solve(a, kb, kw, pb, pw, S.rm_iterations) - 0.5) * DISCOUNT
    if depth > e.depth or e.key != key:
        e.key, e.depth, e.value = key, depth, v
    return v


def search(tuple state, double seconds, int max_depth, long max_nodes, tuple widths,
           tuple weights, int root_iterations=3000, int inner_iterations=200,
           int playouts=0, double mix=0.5, tuple policy=(1.0, 1.0, 0.5), object rng=None):
    """Iterative deepening at the root of ``state``, one simultaneous turn per level,
    until ``max_depth``, ``seconds`` or ``max_nodes`` (the last complete level counts).

    ``widths``: candidates per colour at each ply from the root (the last repeats);
    ``weights``: (w1, w2, w3, w4, turtle, scale) of :func:`evaluate`; ``playouts``
    policy playouts per leaf (``policy`` = p_win, p_block, p_near, drawn from ``rng``)
    make ``mix`` of a leaf's value. Returns
    ``(cells_black, strategy_black, cells_white, strategy_white, value, depth, nodes,
    matrix)``, the strategies solved from the deepest complete root matrix (row-major,
    black's values).
    """
    cdef Board root, child
    cdef Search S
    cdef int cb[MAX_W]
    cdef int cw[MAX_W]
    cdef double a[MAX_W * MAX_W]
    cdef double done[MAX_W * MAX_W]
    cdef double pb[MAX_W]
    cdef double pw[MAX_W]
    cdef int kb, kw, i, j, d, reached = 0, nw = len(widths)
    cdef double value = 0.5
    if nw < 1:
        raise ValueError("at least one width")
    for i in range(MAX_PLY):
        S.widths[i] = min(MAX_W, max(1, <int>widths[min(i, nw - 1)]))
    load_weights(&S.wt, weights)
    S.nodes = 0
    S.max_nodes = max_nodes
    S.aborted = 0
    S.rm_iterations = inner_iterations
    S.playouts = playouts if rng is not None else 0
    S.mix = mix
    S.policy.win = <uint64_t>(float(policy[0]) * 4294967296.0)
    S.policy.block = <uint64_t>(float(policy[1]) * 4294967296.0)
    S.policy.near = <uint64_t>(float(policy[2]) * 4294967296.0)
    S.policy.four = 0
    S.policy.stop = 0
    if rng is not None:
        mt_load(&S.mt, rng)
    S.table = <Entry*>calloc(1 << TT_BITS, sizeof(Entry))
    if S.table == NULL:
        raise MemoryError()
    load(&root, state)
    try:
        with nogil:
            S.deadline = now() + seconds
            kb = candidates(&root, 1, S.widths[0], cb)
            kw = candidates(&root, 0, S.widths[0], cw)
            for d in range(1, max_depth + 1):
                for i in range(kb * kw):
                    a[i] = 0.5
                for i in range(kb):
                    for j in range(kw):
                        child = root
                        resolve(&child, cb[i], cw[j])
                        a[i * kw + j] = node_value(&S, &child, d - 1, 1, 0)
                        if S.aborted:
                            break
                    if S.aborted:
                        break
                if S.aborted and reached:
                    break
                for i in range(kb * kw):
                    done[i] = a[i]
                reached = d
                if S.aborted:  # even the first level ran out of time: its values so far
                    break
            value = solve(done, kb, kw, pb, pw, root_iterations)
    finally:
        free(S.table)
    if rng is not None:
        mt_store(&S.mt, rng)
    return ([cb[i] for i in range(kb)], [pb[i] for i in range(kb)],
            [cw[j] for j in range(kw)], [pw[j] for j in range(kw)],
            value, reached, S.nodes, [done[i] for i in range(kb * kw)])


def candidate_cells(tuple state, bint black, int k):
    """The cells :func:`search` would consider for one colour, best first."""
    cdef Board b
    cdef int out[MAX_W]
    cdef int n, i
    load(&b, state)
    n = candidates(&b, black, min(k, MAX_W), out)
    return [out[i] for i in range(n)]


def evaluation(tuple state, tuple weights):
    """:func:`evaluate` of a position (black's chance), for tests and fitting."""
    cdef Board b
    cdef Weights wt
    load(&b, state)
    load_weights(&wt, weights)
    return evaluate(&b, &wt)
