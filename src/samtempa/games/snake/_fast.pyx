# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled fast path of a Snake Synapse turn, for search and benchmarks.

A second implementation of the turn of :mod:`samtempa.games.snake.turn` (SS-4,
SS-5, SS-6, SS-8 but shots) on one C struct: the grid, the neighbour table,
pending deletions, and each snake's body as a ring buffer with a count of its
segments per cell. ``tests/games/snake/test_fast.py`` plays seeded random games
on every terrain with every race through both and compares every turn's state.

What it does not cover it refuses rather than guesses (:meth:`FastState.after`
returns None and the caller asks the engine): portals or shots (SS-8.6), removals
(SS-9.1), a queued or triggered terrain change (SS-7), a game already over, bodies
longer than the buffers. The engine stays the rules' one home; use this through
:mod:`samtempa.games.snake.fast`.
"""

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

cdef enum:
    MAXN = 256      # cells (the largest terrain has 169)
    MAXS = 8        # seats
    CAP = 256       # body ring buffer, a power of two
    MASK = 255
    MAXP = 16       # path length
    MAXLEN = 250    # longer bodies fall back (segment counts are bytes)
    CAP_GROWTH = 12 # SS-6.3

cdef enum:
    C_OPEN = 46     # '.'
    C_LADDER = 72   # 'H'
    C_WALL = 35     # '#'
    C_HARD = 88     # 'X'
    C_TRAP = 84     # 'T'

cdef enum:
    R_BREAKER = 0
    R_DASHER = 1
    R_TRAPPER = 2
    R_DIGGER = 3
    R_GHOST = 4
    R_SHOOTER = 5

cdef enum:
    D_NONE = 0
    D_BODY = 1
    D_SELF = 2
    D_WALL = 3
    D_HEAD_ON = 4
    D_GHOST = 5

cdef enum:
    OK = 0
    FALLBACK = 1

cdef enum:
    OP_END = 0
    OP_REMOVE = 1
    OP_RESTORE = 2
    OP_SET_DIGGABLE = 3
    OP_WRAP = 4
    OP_CLEAR = 5
    OP_CLEAR_EXCEPT = 6
    OP_PATH_LENGTH = 7
    OP_GRANT_SHOT = 8

#: Race names in the order of the codes above; causes likewise (index 0: none).
RACE_NAMES = ("breaker", "dasher", "trapper", "digger", "ghost", "shooter")
CAUSE_NAMES = (None, "body", "self", "wall", "head-on", "ghost")



cdef struct Pos:
    int n, area, nseats
    int turn, deaths, twd, path_length
    int result_kind          # 0 none, 1 winner (result_seats: the seat), 2 draw (a seat mask)
    int result_seats
    unsigned long long change_at   # bit d: the terrain changes at death count d (SS-7.1)
    int npend
    int nqueue
    int queue[MAXS]          # death numbers whose terrain change waits (SS-7.2)
    int wrap_index           # -1: the wrap sets packed; else the terrain's k-th wrap op
    const int* prog          # the terrain's changes (FastTerrain)
    const short* wrap_nb
    int change_off[64]
    unsigned char grid[MAXN]
    signed char pend[MAXN]   # -1 none, 0 a pending X, 1 a pending #
    short nb[MAXN * 4]
    unsigned char alive[MAXS]
    unsigned char removed[MAXS]
    unsigned char race[MAXS]
    unsigned char digging[MAXS]
    unsigned char ghost[MAXS]
    int charges[MAXS]
    int growth[MAXS]
    int length[MAXS]
    int head[MAXS]
    short ring[MAXS][CAP]
    unsigned char cnt[MAXS][MAXN]
    int d_number[MAXS]
    int d_turn[MAXS]
    int d_frame[MAXS]
    int d_cause[MAXS]
    int d_by[MAXS]


cdef struct Ord:
    unsigned char given[MAXS]     # an order for this seat (a living snake)
    unsigned char plen[MAXS]      # 0: no path (a Breaker)
    unsigned char dirs[MAXS][MAXP]
    unsigned char dash[MAXS]
    unsigned char breaker[MAXS]
    unsigned char trap_frame[MAXS]   # 0: no trap
    unsigned char trap_dir[MAXS]
    unsigned char dig_frame[MAXS]    # 0: no dig
    unsigned char ghost[MAXS]


cdef inline int body_at(Pos* p, int s, int i) noexcept nogil:
    return p.ring[s][(p.head[s] + i) & MASK]


cdef inline int tail_of(Pos* p, int s) noexcept nogil:
    return p.ring[s][(p.head[s] + p.length[s] - 1) & MASK]


cdef inline bint any_segment(Pos* p, int c) noexcept nogil:
    """A living segment or a corpse on ``c`` (removed snakes have no body)."""
    cdef int s
    for s in range(p.nseats):
        if p.cnt[s][c]:
            return True
    return False


cdef inline bint living_on(Pos* p, int c) noexcept nogil:
    cdef int s
    for s in range(p.nseats):
        if p.alive[s] and p.cnt[s][c]:
            return True
    return False


cdef inline bint corpse_on(Pos* p, int c) noexcept nogil:
    cdef int s
    for s in range(p.nseats):
        if not p.alive[s] and p.cnt[s][c]:
            return True
    return False


cdef inline bint is_wall(Pos* p, int c) noexcept nogil:
    """SS-5.3."""
    cdef unsigned char ch
    if c < 0:
        return True
    ch = p.grid[c]
    return ch == C_WALL or ch == C_HARD or ch == C_TRAP or p.pend[c] >= 0 or corpse_on(p, c)


cdef inline bint is_diggable(Pos* p, int c) noexcept nogil:
    """SS-8.4: never X, a pending X or the edge."""
    if c < 0:
        return False
    if p.pend[c] >= 0:
        return p.pend[c] == 1
    return p.grid[c] != C_HARD


cdef inline bint vacates_tail(Pos* p, int s) noexcept nogil:
    """SS-5.4."""
    return p.growth[s] == 0 and p.length[s] > 1 and p.cnt[s][tail_of(p, s)] == 1


cdef inline bint allowed_to_dig(Pos* p, Ord* o, int s, int k) noexcept nogil:
    return p.race[s] == R_DIGGER and (p.digging[s] or o.dig_frame[s] == k)


cdef inline void grow(Pos* p, int s, int amount, bint capped) noexcept nogil:
    """SS-6.3, SS-6.5: pending growth only, the cap never shrinking a target."""
    cdef int old, new
    if amount <= 0:
        return
    old = p.length[s] + p.growth[s]
    if capped:
        new = old + amount
        if new > CAP_GROWTH:
            new = CAP_GROWTH
        if new < old:
            new = old
    else:
        new = old + amount
    p.growth[s] += new - old


cdef bint crosses_itself(Pos* p, int s) noexcept nogil:
    """SS-8.5: a cell held twice, consecutive stacked copies counted once."""
    cdef unsigned char seen[MAXN]
    cdef int i, c, previous = -1
    memset(seen, 0, MAXN)
    for i in range(p.length[s]):
        c = body_at(p, s, i)
        if c != previous:
            if seen[c]:
                return True
            seen[c] = 1
            previous = c
    return False


cdef void clear_body(Pos* p, int s) noexcept nogil:
    cdef int i
    for i in range(p.length[s]):
        p.cnt[s][body_at(p, s, i)] -= 1
    p.length[s] = 0


cdef void apply_change(Pos* p, int deaths) noexcept nogil:
    """SS-7.3: the ops of the change for death number ``deaths``, in order."""
    cdef const int* op = p.prog + p.change_off[deaths]
    cdef int code, a, ncells, i, c, s, j, kept, best
    cdef unsigned char ch
    cdef unsigned char hit[MAXS]
    cdef unsigned char done[MAXS]
    while op[0] != OP_END:
        code, a, ncells = op[0], op[1], op[2]
        op += 3
        if code == OP_REMOVE:
            for i in range(ncells):
                c = op[i]
                ch = p.grid[c]
                if p.pend[c] >= 0:
                    p.pend[c] = a  # SS-13.8
                elif ch == C_WALL or ch == C_HARD:
                    p.grid[c] = C_WALL if a else C_HARD
                elif ch == C_TRAP:
                    continue
                elif any_segment(p, c):
                    p.pend[c] = a  # SS-7.4
                    p.npend += 1
                else:
                    p.grid[c] = C_WALL if a else C_HARD
        elif code == OP_RESTORE:
            for i in range(ncells):
                c = op[i]
                if p.pend[c] >= 0:
                    p.pend[c] = -1
                    p.npend -= 1
                elif p.grid[c] == C_WALL or p.grid[c] == C_HARD:
                    p.grid[c] = C_OPEN
        elif code == OP_SET_DIGGABLE:
            for i in range(ncells):
                c = op[i]
                if p.pend[c] >= 0:
                    p.pend[c] = a
                elif p.grid[c] == C_WALL or p.grid[c] == C_HARD:
                    p.grid[c] = C_WALL if a else C_HARD
        elif code == OP_WRAP:
            memcpy(p.nb, p.wrap_nb + a * MAXN * 4, MAXN * 4 * sizeof(short))
            p.wrap_index = a
        elif code == OP_CLEAR:
            for s in range(p.nseats):
                hit[s] = 0
                if p.alive[s] or not p.length[s]:
                    continue
                for i in range(ncells):
                    if p.cnt[s][op[i]]:
                        hit[s] = 1
                        break
            for s in range(p.nseats):
                if hit[s]:
                    clear_body(p, s)
        elif code == OP_CLEAR_EXCEPT:
            # keep the `a` corpses with the latest deaths, clear the others
            for s in range(p.nseats):
                done[s] = p.alive[s] or not p.length[s]
            kept = 0
            while True:
                best = -1
                for s in range(p.nseats):
                    if not done[s] and (best < 0 or p.d_number[s] > p.d_number[best]):
                        best = s
                if best < 0:
                    break
                done[best] = 1
                if kept < a:
                    kept += 1
                else:
                    clear_body(p, best)
        elif code == OP_PATH_LENGTH:
            p.path_length = a
        elif code == OP_GRANT_SHOT:
            for s in range(p.nseats):
                if p.alive[s] and p.race[s] == R_SHOOTER and p.charges[s] < a:
                    p.charges[s] += 1
        op += ncells
    # SS-8.4, SS-13.3: digging stops where the wall under the head went
    for s in range(p.nseats):
        if p.alive[s] and p.digging[s] and not is_wall(p, body_at(p, s, 0)):
            p.digging[s] = 0


cdef int frame(Pos* p, Ord* o, int number, int* offset, int P) noexcept nogil:
    """One frame (SS-5.1; step 1's portal check has nothing to do without portals)."""
    cdef int movers[MAXS]
    cdef int step[MAXS]
    cdef int target[MAXS]
    cdef unsigned char tw[MAXS]
    cdef int firm[MAXS]
    cdef unsigned int soft[MAXS]
    cdef unsigned char selfhit[MAXS]
    cdef unsigned char expiring[MAXS]
    cdef int found[MAXS]
    cdef int nm = 0, i, j, m, s, k, t, h, c, g, d
    cdef unsigned int mover_mask = 0, blocked = 0, dying = 0, already
    cdef int cause[MAXS]
    cdef int by[MAXS]
    cdef bint changed, any_exp, overlap
    cdef int ndeaths, nkill, alive_count, last_alive
    cdef int killers[MAXS]
    # step 1 (SS-7.2): the oldest queued terrain change
    if p.nqueue:
        apply_change(p, p.queue[0])
        p.nqueue -= 1
        for i in range(p.nqueue):
            p.queue[i] = p.queue[i + 1]
    # step 2 (SS-5.2, SS-4.2): movers and their targets: neighbour, then ladder
    for s in range(p.nseats):
        if offset[s] < 0 or not p.alive[s]:
            continue
        k = number - offset[s]
        if k < 1 or k > P:
            continue
        movers[nm] = s
        step[s] = k
        h = body_at(p, s, 0)
        t = p.nb[h * 4 + o.dirs[s][k - 1]]
        if t >= 0 and p.grid[t] == C_LADDER:
            t = t - p.area if t >= p.area else t + p.area  # SS-1.5
        target[s] = t
        mover_mask |= 1u << s
        nm += 1
    # step 3 (SS-5.5, SS-13.1): blocking as a fixpoint
    for i in range(nm):
        m = movers[i]
        t = target[m]
        firm[m] = -1
        soft[m] = 0
        selfhit[m] = 0
        tw[m] = is_wall(p, t)
        if not tw[m] and not living_on(p, t):
            continue
        if t >= 0 and not p.ghost[m]:
            for j in range(p.nseats):
                if not p.alive[j] or not p.cnt[j][t]:
                    continue
                if j == m:
                    if not (t == tail_of(p, j) and vacates_tail(p, j)):
                        selfhit[m] = 1
                elif p.ghost[j]:
                    continue
                elif t == tail_of(p, j) and (mover_mask >> j) & 1 and vacates_tail(p, j):
                    soft[m] |= 1u << j
                elif firm[m] < 0:
                    firm[m] = j
        if firm[m] >= 0 or selfhit[m]:
            blocked |= 1u << m
        elif tw[m] and not (allowed_to_dig(p, o, m, step[m]) and is_diggable(p, t)):
            blocked |= 1u << m
    changed = blocked != 0
    while changed:
        changed = False
        for i in range(nm):
            m = movers[i]
            if not (blocked >> m) & 1 and soft[m] & blocked:
                blocked |= 1u << m
                changed = True
    for i in range(nm):
        m = movers[i]
        if not (blocked >> m) & 1:
            continue
        dying |= 1u << m
        by[m] = firm[m]
        if by[m] < 0 and soft[m] & blocked:
            j = 0
            while not ((soft[m] & blocked) >> j) & 1:
                j += 1
            by[m] = j
        if by[m] >= 0:
            cause[m] = D_BODY
        elif selfhit[m]:
            cause[m] = D_SELF
        else:
            cause[m] = D_WALL
    # step 4 (SS-5.6): head-on
    for i in range(nm):
        m = movers[i]
        if (blocked >> m) & 1 or p.ghost[m]:
            continue
        for j in range(nm):
            s = movers[j]
            if s != m and not (blocked >> s) & 1 and not p.ghost[s] and target[s] == target[m]:
                dying |= 1u << m
                cause[m] = D_HEAD_ON
                by[m] = -1
                break
    # step 5 (SS-5.7): the unblocked movers step
    for i in range(nm):
        m = movers[i]
        if (blocked >> m) & 1:
            continue
        t = target[m]
        if p.length[m] >= MAXLEN or p.cnt[m][t] >= 250:
            return FALLBACK
        if p.race[m] == R_DIGGER:  # SS-8.4, judged before the move
            p.digging[m] = tw[m] and allowed_to_dig(p, o, m, step[m])
        p.head[m] = (p.head[m] - 1) & MASK
        p.ring[m][p.head[m]] = t
        p.cnt[m][t] += 1
        p.length[m] += 1
        if p.growth[m]:
            p.growth[m] -= 1
        else:
            c = tail_of(p, m)
            p.cnt[m][c] -= 1
            p.length[m] -= 1
    # step 6 (SS-8.5, SS-13.2): ghost expiry
    any_exp = False
    for i in range(nm):
        m = movers[i]
        expiring[m] = step[m] == 1 and p.ghost[m] == 1
        if expiring[m]:
            any_exp = True
    if any_exp:
        already = dying
        for s in range(p.nseats):
            found[s] = D_NONE
        for i in range(nm):
            if expiring[movers[i]]:
                p.ghost[movers[i]] = 0
        for i in range(nm):
            g = movers[i]
            if not expiring[g]:
                continue
            for j in range(p.nseats):
                if j == g or not p.alive[j] or p.ghost[j] or (already >> j) & 1:
                    continue
                overlap = False
                for d in range(p.length[g]):
                    if p.cnt[j][body_at(p, g, d)]:
                        overlap = True
                        break
                if overlap:
                    found[g] = D_GHOST
                    found[j] = D_GHOST
            if found[g] == D_NONE and crosses_itself(p, g):
                found[g] = D_SELF
        for s in range(p.nseats):
            if found[s] != D_NONE and not (already >> s) & 1:
                dying |= 1u << s
                cause[s] = found[s]
                by[s] = -1
    # step 7: deaths in seat order (SS-5.8), changes (SS-7.1), growth (SS-6.1)
    if dying:
        nkill = 0
        ndeaths = 0
        for s in range(p.nseats):
            if not (dying >> s) & 1:
                continue
            p.deaths += 1
            ndeaths += 1
            if p.deaths >= 63:
                return FALLBACK
            if (p.change_at >> p.deaths) & 1:
                p.queue[p.nqueue] = p.deaths  # SS-7.1
                p.nqueue += 1
            p.d_number[s] = p.deaths
            p.d_turn[s] = p.turn
            p.d_frame[s] = number
            p.d_cause[s] = cause[s]
            p.d_by[s] = by[s]
            p.alive[s] = 0
            p.growth[s] = 0
            p.ghost[s] = 0
            p.digging[s] = 0
            killers[nkill] = by[s]
            nkill += 1
        for s in range(p.nseats):
            if p.alive[s]:
                k = 0
                for i in range(nkill):
                    if killers[i] == s:
                        k += 1
                grow(p, s, ndeaths + 2 * k, True)
    # step 8 (SS-8.3): traps, in seat order
    for i in range(nm):
        m = movers[i]
        if o.trap_frame[m] == 0 or o.trap_frame[m] != step[m] or not p.alive[m]:
            continue
        c = p.nb[body_at(p, m, 0) * 4 + o.trap_dir[m]]
        if c >= 0 and p.grid[c] == C_OPEN and p.pend[c] < 0 and not any_segment(p, c):
            p.grid[c] = C_TRAP
    # step 10 (SS-7.4): pending deletions settle
    if p.npend:
        for c in range(p.n):
            if p.pend[c] >= 0 and not any_segment(p, c):
                p.grid[c] = C_WALL if p.pend[c] == 1 else C_HARD
                p.pend[c] = -1
                p.npend -= 1
    # step 11 (SS-10.1): game end
    if dying:
        alive_count = 0
        last_alive = -1
        for s in range(p.nseats):
            if p.alive[s]:
                alive_count += 1
                last_alive = s
        if alive_count == 1:
            p.result_kind = 1
            p.result_seats = last_alive
        elif alive_count == 0:
            p.result_kind = 2
            p.result_seats = dying
    return OK


cdef int play_turn(Pos* p, Ord* o) noexcept nogil:
    """SS-4.1: accept (charges, ghosts, turn), the movement frames, the end of the turn."""
    cdef int offset[MAXS]
    cdef int s, dash = 0, spent, number, deaths_before, alive_count, two, P = p.path_length
    for s in range(p.nseats):
        if p.alive[s] and o.given[s] and o.dash[s] > dash:
            dash = o.dash[s]
    for s in range(p.nseats):
        offset[s] = -1
        if not p.alive[s] or not o.given[s]:
            continue
        if o.plen[s]:
            offset[s] = dash - o.dash[s]
        spent = o.breaker[s] + o.dash[s] + (o.trap_frame[s] != 0) + (o.dig_frame[s] != 0) + o.ghost[s]
        p.charges[s] -= spent  # SS-3.2
        if o.ghost[s]:
            p.ghost[s] = 3  # SS-8.5
    p.turn += 1
    deaths_before = p.deaths
    number = 0
    while number < P + dash or p.nqueue:  # SS-4.2, SS-4.3: then settling frames
        number += 1
        if frame(p, o, number, offset, P) == FALLBACK:
            return FALLBACK
        if p.result_kind:
            break
    # SS-4.4
    if p.deaths > deaths_before:
        p.twd = 0
    else:
        p.twd += 1
    if not p.result_kind:
        alive_count = 0
        two = 1
        for s in range(p.nseats):
            if p.alive[s]:
                alive_count += 1
                if p.length[s] + p.growth[s] < CAP_GROWTH:
                    two = 0
        two = two and alive_count == 2
        if p.twd == 3:
            p.twd = 0
            for s in range(p.nseats):
                if p.alive[s]:
                    grow(p, s, 1, not two)
        elif two:
            for s in range(p.nseats):
                if p.alive[s]:
                    grow(p, s, 1, False)
    for s in range(p.nseats):
        if p.alive[s] and p.ghost[s] >= 2:
            p.ghost[s] -= 1
    return OK


cdef class FastOrders:
    """One turn's orders by seat, compiled once (a search tries many against one position).

    ``orders[seat]`` is None (no order: a dead snake) or
    ``(dirs, dash, breaker, trap_frame, trap_dir, dig_frame, ghost)``: ``dirs`` a sequence
    of direction ints (``DIRS`` indices), empty for a Breaker; frames 0 when unused.
    """

    cdef Ord o

    def __init__(self, orders):
        cdef int s, k
        memset(&self.o, 0, sizeof(Ord))
        if len(orders) > MAXS:
            raise ValueError("at most 8 seats")
        for s, order in enumerate(orders):
            if order is None:
                continue
            dirs, dash, breaker, trap_frame, trap_dir, dig_frame, ghost = order
            if len(dirs) > MAXP:
                raise ValueError("path too long")
            self.o.given[s] = 1
            self.o.plen[s] = len(dirs)
            for k in range(len(dirs)):
                self.o.dirs[s][k] = dirs[k]
            self.o.dash[s] = dash
            self.o.breaker[s] = breaker
            self.o.trap_frame[s] = trap_frame
            self.o.trap_dir[s] = trap_dir
            self.o.dig_frame[s] = dig_frame
            self.o.ghost[s] = ghost


cdef class FastTerrain:
    """A terrain's changes compiled for :func:`apply_change` (shared by every position).

    ``program``: ints, for each death count ``change_off[d]`` points at its ops, each
    ``code, a, ncells, cells...``, ended by ``OP_END``; ``wrap_tables``: the neighbour
    table of each wrap op, in order.
    """

    cdef int* prog
    cdef short* wrap_nb
    cdef int change_off[64]
    cdef unsigned long long change_at
    cdef public object wraps

    def __init__(self, dict offsets, list program, list wrap_tables, list wraps):
        cdef int i, k
        self.prog = <int*>malloc((len(program) + 1) * sizeof(int))
        self.wrap_nb = <short*>malloc((len(wrap_tables) + 1) * MAXN * 4 * sizeof(short))
        if self.prog == NULL or self.wrap_nb == NULL:
            raise MemoryError()
        for i in range(len(program)):
            self.prog[i] = program[i]
        for k, table in enumerate(wrap_tables):
            for i in range(len(table)):
                self.wrap_nb[k * MAXN * 4 + i] = table[i]
        self.change_at = 0
        for d, off in offsets.items():
            if d < 63:
                self.change_off[d] = off
                self.change_at |= 1ull << d
            else:
                self.change_at |= 1ull << 63
        self.wraps = wraps

    def __dealloc__(self):
        free(self.prog)
        free(self.wrap_nb)


cdef class FastState:
    """A position on compact arrays. Build it with :func:`samtempa.games.snake.fast.pack`."""

    cdef Pos p
    cdef FastTerrain terrain

    def __init__(self, FastTerrain terrain, int n, int area, tuple nb, bytes grid,
                 tuple pending, tuple snakes, int turn, int deaths, int twd, int path_length):
        """``snakes``: per seat ``(race code, body, alive, removed, pending_growth, charges,
        ghost_turns_left, digging, death)`` with ``death`` None or
        ``(number, turn, frame, cause code, killer seat or -1)``."""
        cdef int s, i, c
        memset(&self.p, 0, sizeof(Pos))
        if n > MAXN or len(snakes) > MAXS:
            raise ValueError("terrain or seats too large for the fast path")
        self.p.n = n
        self.p.area = area
        self.p.nseats = len(snakes)
        self.p.turn = turn
        self.p.deaths = deaths
        self.p.twd = twd
        self.p.path_length = path_length
        self.terrain = terrain
        self.p.change_at = terrain.change_at
        self.p.prog = terrain.prog
        self.p.wrap_nb = terrain.wrap_nb
        memcpy(self.p.change_off, terrain.change_off, sizeof(terrain.change_off))
        self.p.wrap_index = -1
        for i in range(n * 4):
            self.p.nb[i] = nb[i]
        for i in range(n):
            self.p.grid[i] = grid[i]
            self.p.pend[i] = -1
        for c, diggable in pending:
            self.p.pend[c] = 1 if diggable else 0
            self.p.npend += 1
        for s, sn in enumerate(snakes):
            race, body, alive, removed, growth, charges, ghost, digging, death = sn
            if len(body) >= MAXLEN:
                raise ValueError("body too long for the fast path")
            self.p.race[s] = race
            self.p.alive[s] = alive
            self.p.removed[s] = removed
            self.p.growth[s] = growth
            self.p.charges[s] = charges
            self.p.ghost[s] = ghost
            self.p.digging[s] = digging
            self.p.length[s] = len(body)
            self.p.head[s] = 0
            for i, c in enumerate(body):
                self.p.ring[s][i] = c
                self.p.cnt[s][c] += 1
            self.p.d_cause[s] = D_NONE
            self.p.d_by[s] = -1
            if death is not None:
                (self.p.d_number[s], self.p.d_turn[s], self.p.d_frame[s],
                 self.p.d_cause[s], self.p.d_by[s]) = death

    def copy(self):
        cdef FastState out = FastState.__new__(FastState)
        out.p = self.p
        out.terrain = self.terrain
        return out

    def after(self, FastOrders orders):
        """The position after a turn of checked orders, or None where the engine must play it."""
        cdef FastState out
        if self.p.result_kind:
            return None
        out = FastState.__new__(FastState)
        out.p = self.p
        out.terrain = self.terrain
        if play_turn(&out.p, &orders.o) == FALLBACK:
            return None
        return out

    def play(self, FastOrders orders):
        """:meth:`after` in place (the state is unusable after a False)."""
        if self.p.result_kind:
            return False
        return play_turn(&self.p, &orders.o) == OK

    @property
    def turn(self):
        return self.p.turn

    @property
    def path_length(self):
        return self.p.path_length

    @property
    def wrap(self):
        """None (as packed) or the ``(rows, columns)`` of the last wrap op applied."""
        return None if self.p.wrap_index < 0 else self.terrain.wraps[self.p.wrap_index]

    def queued(self):
        return tuple([self.p.queue[i] for i in range(self.p.nqueue)])

    @property
    def deaths(self):
        return self.p.deaths

    @property
    def turns_without_death(self):
        return self.p.twd

    @property
    def result(self):
        """None, ``("winner", seat)`` or ``("draw", [seats])``."""
        if self.p.result_kind == 1:
            return ("winner", self.p.result_seats)
        if self.p.result_kind == 2:
            return ("draw", [s for s in range(self.p.nseats) if (self.p.result_seats >> s) & 1])
        return None

    def grid(self):
        return bytes(self.p.grid[:self.p.n])

    def pending(self):
        return tuple((c, self.p.pend[c] == 1) for c in range(self.p.n) if self.p.pend[c] >= 0)

    def alive(self, int s):
        return bool(self.p.alive[s])

    def head(self, int s):
        return body_at(&self.p, s, 0) if self.p.length[s] else -1

    def snake(self, int s):
        """``(body, alive, pending_growth, charges, ghost_turns_left, digging, death)``."""
        body = tuple([body_at(&self.p, s, i) for i in range(self.p.length[s])])
        death = None
        if self.p.d_cause[s] != D_NONE:
            death = (self.p.d_number[s], self.p.d_turn[s], self.p.d_frame[s],
                     self.p.d_cause[s], self.p.d_by[s])
        return (body, bool(self.p.alive[s]), self.p.growth[s], self.p.charges[s],
                self.p.ghost[s], bool(self.p.digging[s]), death)
