# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The What the Shell bots' Monte Carlo search, compiled: policy playouts, decoupled UCT
at the root (``duct``) and over a tree of joint picks (``duct_tree``), payoff matrices of
joint picks (``joint_matrix``).

Nothing here decides a rule: every turn is resolved by the fast path's ``resolve``,
cimported from :mod:`samtempa.games.shell._fast` (its ``.pxd``). These functions only
*choose* picks (a playout policy) and keep statistics over joint picks. Random draws
use Python's Mersenne Twister state, so a seeded ``random.Random`` repeats a search.
"""

from libc.math cimport sqrt, log
from libc.stdint cimport uint64_t
from libc.stdlib cimport malloc, free
from cpython.mem cimport PyMem_Malloc, PyMem_Free
from libc.string cimport memset

from samtempa.games.shell._fast cimport (
    Board, FULL, MT, RES_NONE, RES_DRAW, load, mt_load, mt_next, mt_store, resolve,
    result_name, from_u128, to_u128, u128, popcount128,
)
from samtempa.bots.shell._threats cimport (
    Policy, ctz128, five_gaps, four_gaps, near_mask, now, policy_pick, run_playout,
)

cdef enum:
    MAX_CAND = 96

cdef u128 ONE = 1


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
    return result_name(res), b.turn - <int>state[4]


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
