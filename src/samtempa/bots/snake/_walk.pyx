# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The walk search of :meth:`samtempa.bots.snake.evaluation.Position.walk_length`, compiled.

The bots' evaluation, not a rule: how far a snake can still go alone. The same
depth-first search as the Python it replaces (same order, same node count), so
every decision stays the same (``tests/bots/test_snake_decisions.py``), in a
fraction of the time: the hard bot's search is mostly evaluation once its turns
run on the fast path.
"""

from libc.stdlib cimport free, malloc
from libc.string cimport memset

cdef struct Walk:
    int* nb
    unsigned char* blocked
    int* count
    int* buf
    int best, nodes, limit, budget


cdef void dfs(Walk* w, int h, int e, int grow, int depth) noexcept nogil:
    """The snake is ``buf[h:e]`` (head first); ``grow`` steps of its tail left to stay."""
    cdef int head, tail, i, t
    cdef bint frees
    if depth > w.best:
        w.best = depth
    if w.best >= w.limit or w.nodes >= w.budget:
        return
    head = w.buf[h]
    tail = w.buf[e - 1]
    frees = grow == 0 and w.count[tail] == 1
    for i in range(4):
        t = w.nb[head * 4 + i]
        if t < 0 or w.blocked[t]:
            continue
        if w.count[t] and not (frees and t == tail):
            continue
        w.nodes += 1
        w.count[t] += 1
        w.buf[h - 1] = t
        if grow:
            dfs(w, h - 1, e, grow - 1, depth + 1)
        else:
            w.count[tail] -= 1
            dfs(w, h - 1, e - 1, 0, depth + 1)
            w.count[tail] += 1
        w.count[t] -= 1
        if w.best >= w.limit or w.nodes >= w.budget:
            return


def walk_length(list nb, bytes blocked, tuple body, int grow, int limit, int budget):
    """The most steps (up to ``limit``) from ``body`` with ``grow`` pending growth, over
    the cells whose bit is clear in ``blocked`` (little-endian bytes of a cell set),
    ``nb[cell * 4 + d]`` the step table; a search of at most ``budget`` nodes."""
    cdef Walk w
    cdef int size = len(nb) // 4, n = len(body), i, c
    if n == 0 or limit <= 0:
        return 0
    w.nb = <int*>malloc(size * 4 * sizeof(int))
    w.blocked = <unsigned char*>malloc(size)
    w.count = <int*>malloc(size * sizeof(int))
    w.buf = <int*>malloc((n + limit + 2) * sizeof(int))
    if w.nb == NULL or w.blocked == NULL or w.count == NULL or w.buf == NULL:
        free(w.nb); free(w.blocked); free(w.count); free(w.buf)
        raise MemoryError()
    try:
        for i in range(size * 4):
            w.nb[i] = nb[i]
        memset(w.count, 0, size * sizeof(int))
        for c in range(size):
            w.blocked[c] = (blocked[c >> 3] >> (c & 7)) & 1 if (c >> 3) < len(blocked) else 0
        for i in range(n):
            c = body[i]
            w.count[c] += 1
            w.buf[limit + 1 + i] = c
        w.best = 0
        w.nodes = 0
        w.limit = limit
        w.budget = budget
        dfs(&w, limit + 1, limit + 1 + n, grow, 0)
        return w.best
    finally:
        free(w.nb)
        free(w.blocked)
        free(w.count)
        free(w.buf)
