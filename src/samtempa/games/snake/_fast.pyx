# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""Compiled fast path of a Snake Synapse turn, for search and benchmarks.

A second implementation of the turn of :mod:`samtempa.games.snake.turn` (SS-4 to
SS-8: moves, blocking, head-ons, growth, deaths, terrain changes and settling
frames, wrap, ladders, every race's power, portals and their links) on one C
struct: the grid, the neighbour table, pending deletions, portals by owner and
slot, and each snake's body as a ring buffer with a count of its segments per
cell. ``tests/games/snake/test_fast.py`` plays seeded random games on every
terrain with every race through both and compares every turn's state.

What it does not cover it refuses rather than guesses (:meth:`FastState.after`
returns None and the caller asks the engine): removals (SS-9.1), a game already
over, bodies or link lists longer than the buffers, 63 deaths. The engine stays the rules' one home; use this through
:mod:`samtempa.games.snake.fast`.
"""

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

include "_fast_board.pxi"
include "_fast_portals.pxi"
include "_fast_changes.pxi"
include "_fast_frame.pxi"

#: Race names in the order of the codes above; causes likewise (index 0: none).
RACE_NAMES = ("breaker", "dasher", "trapper", "digger", "ghost", "shooter")
CAUSE_NAMES = (None, "body", "self", "wall", "head-on", "ghost")


cdef class FastOrders:
    """One turn's orders by seat, compiled once (a search tries many against one position).

    ``orders[seat]`` is None (no order: a dead snake) or
    ``(dirs, dash, breaker, trap_frame, trap_dir, dig_frame, ghost, shots)``: ``dirs`` a
    sequence of direction ints (``DIRS`` indices), empty for a Breaker; frames 0 when
    unused; ``shots`` a sequence of ``(frame, portal, dir)``.
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
            dirs, dash, breaker, trap_frame, trap_dir, dig_frame, ghost, shots = order
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
            for frame_k, portal, d in shots:
                if not 1 <= frame_k <= MAXP:
                    raise ValueError("bad shot frame")
                self.o.shot_slot[s][frame_k - 1] = portal
                self.o.shot_dir[s][frame_k - 1] = d
                self.o.shots[s] += 1


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
                 tuple pending, tuple snakes, int turn, int deaths, int twd, int path_length,
                 tuple portals=()):
        """``snakes``: per seat ``(race code, body, alive, removed, pending_growth, charges,
        ghost_turns_left, digging, death, links)`` with ``death`` None or
        ``(number, turn, frame, cause code, killer seat or -1)`` and ``links``
        ``((index, owner seat), ...)``; ``portals``: ``(owner seat, slot, cell, dir,
        doomed)``."""
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
            race, body, alive, removed, growth, charges, ghost, digging, death, links = sn
            if len(links) > MAXL:
                raise ValueError("too many portal links for the fast path")
            self.p.nlinks[s] = len(links)
            for i, (index, owner) in enumerate(links):
                self.p.link_index[s][i] = index
                self.p.link_owner[s][i] = owner
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

        for owner, slot, cell, d, doomed in portals:
            self.p.pt_on[owner][slot - 1] = 1
            self.p.pt_cell[owner][slot - 1] = cell
            self.p.pt_dir[owner][slot - 1] = d
            self.p.pt_doomed[owner][slot - 1] = doomed
            self.p.nportals += 1

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

    def portals(self):
        """``((owner seat, slot, cell, dir, doomed), ...)`` by seat, then slot."""
        if not self.p.nportals:
            return ()
        return tuple([(o, k + 1, self.p.pt_cell[o][k], self.p.pt_dir[o][k],
                       bool(self.p.pt_doomed[o][k]))
                      for o in range(self.p.nseats) for k in range(2) if self.p.pt_on[o][k]])

    def links(self, int s):
        if not self.p.nlinks[s]:
            return ()
        return tuple([(self.p.link_index[s][i], self.p.link_owner[s][i])
                      for i in range(self.p.nlinks[s])])

    def grid(self):
        return bytes(self.p.grid[:self.p.n])

    def pending(self):
        if not self.p.npend:
            return ()
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
