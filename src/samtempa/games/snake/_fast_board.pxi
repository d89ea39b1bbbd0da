# Included by _fast.pyx (one compiled module; split for reading).
# The fast path's position and orders (C structs) and the questions a frame asks of them:
# walls (SS-5.3), digging (SS-8.4), tails (SS-5.4), growth (SS-6), a ghost's own body (SS-8.5).

cdef enum:
    MAXN = 256      # cells (the largest terrain has 169)
    MAXS = 8        # seats
    CAP = 256       # body ring buffer, a power of two
    MASK = 255
    MAXP = 16       # path length
    MAXLEN = 250    # longer bodies fall back (segment counts are bytes)
    MAXL = 32       # portal links per snake
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
    # portals (SS-8.6), by owner seat and slot - 1: the order of State.portals
    unsigned char pt_on[MAXS][2]
    short pt_cell[MAXS][2]
    unsigned char pt_dir[MAXS][2]
    unsigned char pt_doomed[MAXS][2]
    int nportals
    # portal links by snake, in order: body[index] came out of owner's pair
    int nlinks[MAXS]
    short link_index[MAXS][MAXL]
    signed char link_owner[MAXS][MAXL]


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
    unsigned char shots[MAXS]          # shots this turn (one charge each)
    unsigned char shot_slot[MAXS][MAXP]  # by step k - 1: 0 no shot, else the portal 1|2
    unsigned char shot_dir[MAXS][MAXP]


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
