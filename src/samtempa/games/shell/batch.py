"""What the Shell for learning: N games stepped in lockstep on numpy arrays.

A second implementation of ``rules/what-the-shell.md``, like the Cython fast
path (:mod:`.fast`), checked against the engine (:mod:`.rules`) game for game
in ``tests/games/shell/test_batch.py``. Nothing loops over games in Python:
every step is a handful of whole-array operations over N.

Layout. A cell is ``row * 9 + col`` (0…80, row 0 is row ``1``: WTS-1.1), the
action index of :mod:`samtempa.envs`. A set of cells of each game is an 81-bit
mask kept in two ``uint64`` arrays, ``lo`` (cells 0…63) and ``hi`` (64…80).

Most turns of a game end with two turtles placed and nothing else (about 90%
in random play). The common path settles them for all N games at once: each
pick's neighbourhood is shifted into one machine word with the pick at bit 30
(:data:`CENTRE`), where fixed masks test every capture ray (WTS-4.1) and
every run of four through the pick (a five, WTS-6.1, needs one). Games with a
collision (WTS-3.2), a capture, a possible five or a sudden death in progress
go through :mod:`.batch_waves` (:func:`~.batch_waves.settle`) together: waves
of captures and hatching (WTS-4, WTS-5) and the full count of WTS-6.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from samtempa.games.shell import batch_waves as waves
from samtempa.games.shell.batch_waves import (
    BLACK_WINS,
    DRAW,
    NORMAL,
    ONGOING,
    SUDDEN_DEATH,
    WHITE_WINS,
    Boards,
    bit_of,
    cells_mask,
)
from samtempa.games.shell.board import SIZE, STRIDE
from samtempa.games.shell.state import BLACK, WHITE, ShellState
from samtempa.games.shell.state import DRAW as DRAW_NAME
from samtempa.games.shell.state import NORMAL as NORMAL_NAME
from samtempa.games.shell.state import SUDDEN_DEATH as SUDDEN_NAME

U64 = npt.NDArray[np.uint64]
Cells = npt.NDArray[np.intp]

CELLS: Final = SIZE * SIZE
#: Games stepped together: 8,192 keeps each array at 64 KiB, in the second-level cache
#: and below the allocator's threshold for mapping fresh memory (128 KiB), which
#: would cost a page fault per temporary array (five times slower at 16,384 games).
BLOCK: Final = 8192
#: The bit a pick lands on once its neighbourhood is shifted into one word.
CENTRE: Final = 30
#: The four lines (row, column, diagonal, anti-diagonal) as offsets in cells, and both
#: senses of each: the eight directions of WTS-4.1.
LINES: Final = ((0, 1), (1, 0), (1, 1), (1, -1))
DIRECTIONS: Final = tuple(d for dr, dc in LINES for d in ((dr, dc), (-dr, -dc)))

_RESULT_NAMES: Final = {ONGOING: None, BLACK_WINS: BLACK, WHITE_WINS: WHITE, DRAW: DRAW_NAME}
_PHASE_NAMES: Final = {NORMAL: NORMAL_NAME, SUDDEN_DEATH: SUDDEN_NAME}


def _window_bit(dr: int, dc: int) -> int:
    return 1 << (CENTRE + dr * SIZE + dc)


def _build_tables() -> tuple[U64, list[int], list[tuple[int, int]], int, int]:
    """Per column: the window cells on the board; per direction: the capture ray and the
    starts of runs of four through the pick; the ring masks of WTS-4.1."""
    columns = []
    for c in range(SIZE):
        m = 0
        for dr in range(-3, 4):
            for dc in range(-3, 4):
                if 0 <= c + dc < SIZE:
                    m |= _window_bit(dr, dc)
        columns.append(m)
    rays = [sum(_window_bit(k * dr, k * dc) for k in (1, 2, 3)) for dr, dc in DIRECTIONS]
    # Where a run of five through the pick starts inside the window (three cells back to
    # one), and where a run of four with the pick at one end does (three back, or the pick).
    starts = [
        (
            sum(_window_bit(-k * dr, -k * dc) for k in (1, 2, 3)),
            sum(_window_bit(-k * dr, -k * dc) for k in (0, 3)),
        )
        for dr, dc in LINES
    ]
    hostile_ring = sum(_window_bit(k * dr, k * dc) for dr, dc in DIRECTIONS for k in (1, 2))
    own_ring = sum(_window_bit(3 * dr, 3 * dc) for dr, dc in DIRECTIONS)
    return np.array(columns, dtype=np.uint64), rays, starts, hostile_ring, own_ring


_COLUMN_WINDOW, _RAYS, _RUN_STARTS_PAIRS, _HOSTILE_RING, _OWN_RING = _build_tables()
_RAYS_U64: Final = [np.uint64(r) for r in _RAYS]
#: Each ray without its third cell: the pair it captures.
_PAIRS_U64: Final = [
    np.uint64(r & ~_window_bit(3 * dr, 3 * dc))
    for r, (dr, dc) in zip(_RAYS, DIRECTIONS, strict=True)
]
_FULL_HI: Final = np.uint64(2 ** (SIZE * SIZE - 64) - 1)
_RUN_STARTS: Final = [(np.uint64(f), np.uint64(e)) for f, e in _RUN_STARTS_PAIRS]
_HOSTILE_RING_U64: Final = np.uint64(_HOSTILE_RING)
_OWN_RING_U64: Final = np.uint64(_OWN_RING)
_LINE_SHIFTS: Final = [np.uint64(dr * SIZE + dc) for dr, dc in LINES]
_LINE_SHIFTS_2: Final = [np.uint64(2 * (dr * SIZE + dc)) for dr, dc in LINES]
_COLUMN_OF: Final = np.array([c % SIZE for c in range(CELLS)], dtype=np.intp)
#: Engine squares (``row * 10 + col``, :mod:`.board`) and batch cells, both ways.
ENGINE_SQUARE: Final = tuple(r * STRIDE + c for r in range(SIZE) for c in range(SIZE))
CELL_OF_SQUARE: Final = {sq: i for i, sq in enumerate(ENGINE_SQUARE)}


def window(lo: U64, hi: U64, pick: Cells) -> U64:
    """The 81-bit mask shifted so that cell ``pick`` sits at bit :data:`CENTRE`: every
    cell within three rows and columns of it is then at a fixed bit (numpy's shifts of
    64 or more give 0, which fills the edges of the board with empty cells)."""
    p = pick.astype(np.uint64)
    right: U64 = np.subtract(p, np.uint64(CENTRE))  # wraps left of the centre: shifts to 0
    out: U64 = (lo >> right) | (hi << np.subtract(np.uint64(64), right))
    return out | (lo << np.subtract(np.uint64(CENTRE), p))


def unwindow(masks: U64, pick: Cells) -> Boards:
    """The inverse of :func:`window`: window bits back on the board's cells."""
    p = pick.astype(np.uint64)
    left: U64 = np.subtract(p, np.uint64(CENTRE))  # wraps left of the centre: shifts to 0
    lo: U64 = (masks << left) | (masks >> np.subtract(np.uint64(CENTRE), p))
    hi: U64 = (masks >> np.subtract(np.uint64(64), left)) & _FULL_HI
    return Boards(lo, hi)


def scan(own: U64, hostile: U64, column: Cells) -> tuple[npt.NDArray[np.bool_], U64, U64]:
    """For one colour's new turtle: does it close a capture (WTS-4.1), the cells of its
    rays (hostile on the first two of each, own on the third), and the runs of four own
    turtles through it (a five through it contains one: WTS-6.1)? ``own`` and
    ``hostile`` are :func:`window` masks; ``column`` is the pick's column."""
    inside = _COLUMN_WINDOW[column]
    own &= inside
    rays = ((hostile & _HOSTILE_RING_U64) | (own & _OWN_RING_U64)) & inside
    capture = (rays & _RAYS_U64[0]) == _RAYS_U64[0]
    for ray in _RAYS_U64[1:]:
        capture |= (rays & ray) == ray
    runs = np.zeros_like(own)
    for step, double, (fives, ends) in zip(_LINE_SHIFTS, _LINE_SHIFTS_2, _RUN_STARTS, strict=True):
        pairs = own & (own >> step)
        fours = pairs & (pairs >> double)
        # A five inside the window, or a four with the pick at one end (the fifth
        # turtle may be beyond the window: the full count decides).
        runs |= (fours & (fours >> step) & fives) | (fours & ends)
    return capture, rays, runs


def captured(rays: U64, pick: Cells) -> tuple[Boards, npt.NDArray[np.int32]]:
    """The cells a lone new turtle captures and how many captures it makes (WTS-4.1,
    4.4), from the :func:`scan` rays of its pick."""
    pairs = np.zeros_like(rays)
    count = np.zeros(len(rays), dtype=np.int32)
    for ray, pair in zip(_RAYS_U64, _PAIRS_U64, strict=True):
        hit = (rays & ray) == ray
        count += hit
        pairs |= pair * hit
    return unwindow(pairs, pick), count


class ShellBatch:
    """``n`` What the Shell games, each between two turns (all start empty).

    Arrays, one entry per game: ``black``, ``white``, ``eggs`` (:class:`Boards`),
    ``queue`` (n × 81, the egg queue's cells oldest first, WTS-1.3) with ``queue_len``,
    ``turn``, ``phase`` (0 normal, 1 sudden death), ``result`` (-1 ongoing, 0 black,
    1 white, 2 draw), ``winning_black``, ``winning_white`` (WTS-6.1).
    """

    def __init__(self, n: int, block: int = BLOCK) -> None:
        self.n = n
        self.block = block
        self.black = Boards.empty(n)
        self.white = Boards.empty(n)
        self.eggs = Boards.empty(n)
        self.queue = np.zeros((n, CELLS), dtype=np.uint8)
        self.queue_len = np.zeros(n, dtype=np.intp)
        self.turn = np.zeros(n, dtype=np.int32)
        self.phase = np.zeros(n, dtype=np.int8)
        self.result = np.full(n, ONGOING, dtype=np.int8)
        self.winning_black = np.zeros(n, dtype=np.int32)
        self.winning_white = np.zeros(n, dtype=np.int32)
        #: Set by :mod:`.batch_waves` for the games where eggs hatched this turn.
        self.hatched = np.zeros(n, dtype=np.bool_)

    # --- what the players see -------------------------------------------------------

    def occupied(self) -> Boards:
        return self.black | self.white | self.eggs

    def empty_cells(self) -> npt.NDArray[np.bool_]:
        """n × 81: the cells each game's players may pick (WTS-2.1); none once over."""
        free = self.occupied().cells()
        free ^= True
        free[self.result != ONGOING] = False
        return free

    def planes(self) -> npt.NDArray[np.bool_]:
        """n × 3 × 81: black turtles, white turtles, eggs."""
        return np.stack([self.black.cells(), self.white.cells(), self.eggs.cells()], axis=1)

    def egg_order(self) -> npt.NDArray[np.uint8]:
        """n × 81: each egg's place in the queue, 1 for the oldest (WTS-1.3), 0 elsewhere."""
        order = np.zeros((self.n, CELLS), dtype=np.uint8)
        games = np.flatnonzero(self.queue_len)
        if games.size:
            width = int(self.queue_len[games].max())
            rank = np.arange(1, width + 1, dtype=np.uint8)
            live = rank[None, :] <= self.queue_len[games, None]
            rows = np.broadcast_to(games[:, None], live.shape)
            cells = self.queue[games, :width]
            order[rows[live], cells[live]] = np.broadcast_to(rank, live.shape)[live]
        return order

    def random_picks(self, rng: np.random.Generator) -> Cells:
        """A uniformly random empty cell in every game (the random bot's pick, WTS-2.1).

        Draws a cell and keeps it if empty, a few times over for the games still
        without one, then picks among the last games' few empty cells directly.
        """
        free = self.occupied()
        free = Boards(~free.lo, ~free.hi & _FULL_HI)
        picks = np.zeros(self.n, dtype=np.intp)
        todo = np.flatnonzero(self.result == ONGOING)
        for _ in range(6):
            if not todo.size:
                return picks
            cells = rng.integers(0, CELLS, todo.size)
            ok = bit_of(free.take(todo), cells)
            picks[todo[ok]] = cells[ok]
            todo = todo[~ok]
        if todo.size:
            keys = rng.random((todo.size, CELLS))
            keys[~free.take(todo).cells()] = -1.0
            picks[todo] = keys.argmax(axis=1)
        return picks

    def finished(self) -> Cells:
        """The games that are over (to :meth:`reset` them)."""
        return np.flatnonzero(self.result != ONGOING)

    def random_pick_pairs(self, rng: np.random.Generator) -> tuple[Cells, Cells]:
        """Black's and white's random picks (independent: both may name the same cell)."""
        return self.random_picks(rng), self.random_picks(rng)

    # --- one turn -------------------------------------------------------------------

    def check(self, black: Cells, white: Cells) -> None:
        """WTS-2.1 for every game: raise ``ValueError`` naming the first bad game."""
        over = self.result != ONGOING  # the faults in WTS-2.3's order
        if over.any():
            raise ValueError(f"game {int(np.argmax(over))}: the game is over; no more picks")
        bad_range = (black < 0) | (black >= CELLS) | (white < 0) | (white >= CELLS)
        if bad_range.any():
            raise ValueError(f"game {int(np.argmax(bad_range))}: a pick is off the board")
        occupied = self.occupied()
        taken = bit_of(occupied, black) | bit_of(occupied, white)
        if taken.any():
            raise ValueError(f"game {int(np.argmax(taken))}: a pick is not empty (WTS-2.1)")

    def step(self, black: Cells, white: Cells, *, checked: bool = False) -> None:
        """Play one turn in every game (WTS-2.2); ``checked=True`` skips :meth:`check`."""
        black = np.asarray(black, dtype=np.intp)
        white = np.asarray(white, dtype=np.intp)
        if not checked:
            self.check(black, white)
        self.turn += 1
        for start in range(0, self.n, self.block):
            end = start + self.block
            self._step_block(start, black[start:end], white[start:end])

    def _step_block(self, start: int, black: Cells, white: Cells) -> None:
        """One turn of the games from ``start`` on, as many as there are picks."""
        end = start + len(black)
        b, w, e = (Boards(x.lo[start:end], x.hi[start:end]) for x in self.boards())
        collide = black == white
        b |= cells_mask(black, ~collide)
        w |= cells_mask(white, ~collide)
        # The common path: shift each pick's neighbourhood into one word and test it.
        hostile_b, hostile_w = w | e, b | e
        cap_b, rays_b, run_b = scan(
            window(b.lo, b.hi, black), window(hostile_b.lo, hostile_b.hi, black), black % SIZE
        )
        cap_w, rays_w, run_w = scan(
            window(w.lo, w.hi, white), window(hostile_w.lo, hostile_w.hi, white), white % SIZE
        )
        # A sudden death in progress (WTS-6.2) needs a count whatever happens.
        again = (run_b != 0) | (run_w != 0) | (self.winning_black[start:end] != 0)
        laid = np.flatnonzero(collide)
        if laid.size:
            waves.lay_eggs(self, laid + start, black[laid])
        capturing = np.flatnonzero((cap_b | cap_w) & ~collide)
        if capturing.size:
            pb, pw = black[capturing], white[capturing]
            taken_b, kb = captured(rays_b[capturing], pb)
            taken_w, kw = captured(rays_w[capturing], pw)
            waves.first_wave(self, capturing + start, taken_b | taken_w, kb, kw)
            hatched = self.hatched[start:end]
            again |= hatched
            hatched[capturing] = False
        counted = np.flatnonzero(again)
        if counted.size:
            waves.recount(self, counted + start)
        # WTS-6.4: a game that goes on with no empty cell left is a draw.
        result = self.result[start:end]
        result[(b | w | e).is_full() & (result == ONGOING)] = DRAW

    def boards(self) -> tuple[Boards, Boards, Boards]:
        """Black turtles, white turtles, eggs."""
        return self.black, self.white, self.eggs

    # --- to and from the engine -----------------------------------------------------

    def state(self, game: int) -> ShellState:
        """Game ``game`` as the engine's state (compare with ``notation.to_json``)."""
        queue = tuple(ENGINE_SQUARE[c] for c in self.queue[game, : self.queue_len[game]])
        return ShellState(
            black=self.black.engine_mask(game),
            white=self.white.engine_mask(game),
            eggs=self.eggs.engine_mask(game),
            queue=queue,
            turn=int(self.turn[game]),
            phase=_PHASE_NAMES[int(self.phase[game])],
            result=_RESULT_NAMES[int(self.result[game])],
            winning_black=int(self.winning_black[game]),
            winning_white=int(self.winning_white[game]),
        )

    def set_state(self, game: int, state: ShellState) -> None:
        """Put the engine's ``state`` in game ``game`` (a reset is ``set_state(i, INITIAL)``)."""
        for boards, mask in ((self.black, state.black), (self.white, state.white)):
            boards.set_engine_mask(game, mask)
        self.eggs.set_engine_mask(game, state.eggs)
        self.queue[game] = 0
        self.queue[game, : len(state.queue)] = [CELL_OF_SQUARE[sq] for sq in state.queue]
        self.queue_len[game] = len(state.queue)
        self.turn[game] = state.turn
        self.phase[game] = SUDDEN_DEATH if state.phase == SUDDEN_NAME else NORMAL
        codes = {v: k for k, v in _RESULT_NAMES.items()}
        self.result[game] = codes[state.result]
        self.winning_black[game] = state.winning_black
        self.winning_white[game] = state.winning_white

    def reset(self, games: Cells) -> None:
        """Start the games ``games`` again from the empty board."""
        for boards in (self.black, self.white, self.eggs):
            boards.assign(games, Boards.empty(len(games)))
        self.queue_len[games] = 0
        for arr in (self.turn, self.phase, self.winning_black, self.winning_white):
            arr[games] = 0
        self.result[games] = ONGOING
