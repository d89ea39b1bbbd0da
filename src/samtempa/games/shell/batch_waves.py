"""The batched engine's masks, and its turns out of the ordinary: collisions, capture
waves, hatching and the count of winning turtles (WTS-3.2, WTS-4, WTS-5, WTS-6).

:mod:`.batch` sends here, together, the games of a turn that need more than
two turtles placed; each rule runs for all of them at once, wave after wave,
until no game's wave hatches an egg (WTS-5.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np
import numpy.typing as npt

from samtempa.games.shell.board import SIZE, STRIDE

if TYPE_CHECKING:
    from samtempa.games.shell.batch import ShellBatch

U64 = npt.NDArray[np.uint64]
Cells = npt.NDArray[np.intp]
Flags = npt.NDArray[np.bool_]

CELLS: Final = SIZE * SIZE
ONGOING, BLACK_WINS, WHITE_WINS, DRAW = -1, 0, 1, 2
NORMAL, SUDDEN_DEATH = 0, 1

_SIXTY_FOUR: Final = np.uint64(64)
_ONE: Final = np.uint64(1)
_FULL_LO: Final = np.uint64(2**64 - 1)
_FULL_HI: Final = np.uint64(2 ** (CELLS - 64) - 1)


@dataclass(slots=True)
class Boards:
    """One 81-bit cell mask per game, as two ``uint64`` arrays (cells 0…63 and 64…80)."""

    lo: U64
    hi: U64

    @classmethod
    def empty(cls, n: int) -> Boards:
        return cls(np.zeros(n, dtype=np.uint64), np.zeros(n, dtype=np.uint64))

    def copy(self) -> Boards:
        return Boards(self.lo.copy(), self.hi.copy())

    def take(self, games: Cells) -> Boards:
        return Boards(self.lo[games], self.hi[games])

    def assign(self, games: Cells, other: Boards) -> None:
        self.lo[games] = other.lo
        self.hi[games] = other.hi

    def __or__(self, other: Boards) -> Boards:
        return Boards(self.lo | other.lo, self.hi | other.hi)

    def __ior__(self, other: Boards) -> Boards:
        self.lo |= other.lo
        self.hi |= other.hi
        return self

    def __and__(self, other: Boards) -> Boards:
        return Boards(self.lo & other.lo, self.hi & other.hi)

    def without(self, other: Boards) -> Boards:
        return Boards(self.lo & ~other.lo, self.hi & ~other.hi)

    def any(self) -> Flags:
        return (self.lo | self.hi) != 0

    def count(self) -> npt.NDArray[np.int32]:
        return (np.bitwise_count(self.lo) + np.bitwise_count(self.hi)).astype(np.int32)

    def is_full(self) -> Flags:
        return (self.lo == _FULL_LO) & (self.hi == _FULL_HI)

    def cells(self) -> Flags:
        """n × 81 booleans."""
        raw = np.stack([self.lo, self.hi], axis=1).view(np.uint8)
        return np.unpackbits(raw, axis=1, bitorder="little")[:, :CELLS].view(np.bool_)

    def shifted(self, by: int) -> Boards:
        """Every cell moved ``by`` cells on (negative: back); what leaves the 81 bits is lost."""
        lo, hi = self.lo, self.hi
        if by > 0:
            s = np.uint64(by)
            new_hi = (hi << s) | (lo >> (_SIXTY_FOUR - s))
            return Boards(lo << s, new_hi & _FULL_HI)
        s = np.uint64(-by)
        return Boards((lo >> s) | (hi << (_SIXTY_FOUR - s)), hi >> s)

    def engine_mask(self, game: int) -> int:
        """Game ``game``'s mask in the engine's squares (``row * 10 + col``)."""
        bits = int(self.lo[game]) | int(self.hi[game]) << 64
        out = 0
        for cell in range(CELLS):
            if bits >> cell & 1:
                out |= 1 << (cell // SIZE * STRIDE + cell % SIZE)
        return out

    def set_engine_mask(self, game: int, mask: int) -> None:
        bits = 0
        for cell in range(CELLS):
            if mask >> (cell // SIZE * STRIDE + cell % SIZE) & 1:
                bits |= 1 << cell
        self.lo[game] = bits & (2**64 - 1)
        self.hi[game] = bits >> 64


def cells_mask(cells: Cells, keep: Flags | None = None) -> Boards:
    """The one-cell masks of ``cells`` (empty where ``keep`` is False)."""
    c = cells.astype(np.uint64)
    lo = _ONE << c  # cells of 64 and more shift the bit out: 0
    hi = _ONE << (c - _SIXTY_FOUR)  # and cells below 64 wrap to a huge shift: 0
    if keep is not None:
        lo *= keep
        hi *= keep
    return Boards(lo, hi)


def bit_of(boards: Boards, cells: Cells) -> Flags:
    """Whether cell ``cells[i]`` is in mask ``i``."""
    c = cells.astype(np.uint64)
    return (((boards.lo >> c) | (boards.hi >> (c - _SIXTY_FOUR))) & _ONE) != 0


def _column_masks() -> dict[int, Boards]:
    """For a column shift ``dc``: the cells whose column ``+ dc`` stays on the board."""
    out = {}
    for dc in range(-4, 5):
        bits = sum(1 << c for c in range(CELLS) if 0 <= c % SIZE + dc < SIZE)
        out[dc] = Boards(
            np.array([bits & (2**64 - 1)], dtype=np.uint64), np.array([bits >> 64], dtype=np.uint64)
        )
    return out


_COLUMNS: Final = _column_masks()
_LINES: Final = ((0, 1), (1, 0), (1, 1), (1, -1))


def look(boards: Boards, dr: int, dc: int, k: int) -> Boards:
    """Mask ``m`` with cell ``q`` set when ``boards`` holds ``q + k·(dr, dc)`` on the board."""
    return boards.shifted(-k * (dr * SIZE + dc)) & _COLUMNS[k * dc]


def captures(new: Boards, own: Boards, hostile: Boards) -> tuple[Boards, npt.NDArray[np.int32]]:
    """WTS-4.1–4.4, 4.7: the cells the new turtles of one colour capture, and how many
    captures they make (the same pair closed from both ends counts once)."""
    taken = Boards.empty(len(new.lo))
    count = np.zeros(len(new.lo), dtype=np.int32)
    for dr, dc in _LINES:
        step = dr * SIZE + dc
        forward = new & look(hostile, dr, dc, 1) & look(hostile, dr, dc, 2) & look(own, dr, dc, 3)
        back = new & look(hostile, -dr, -dc, 1) & look(hostile, -dr, -dc, 2)
        back = back & look(own, -dr, -dc, 3)
        # Each pair by its cell nearest to the board's start: one key, counted once.
        keys = forward.shifted(step) | back.shifted(-2 * step)
        count += keys.count()
        taken |= keys | keys.shifted(step)
    return taken, count


def winning(turtles: Boards) -> npt.NDArray[np.int32]:
    """WTS-6.1: the turtles in a straight run of five or more, each counted once."""
    won = Boards.empty(len(turtles.lo))
    for dr, dc in _LINES:
        starts = turtles
        for k in range(1, 5):
            starts = starts & look(turtles, dr, dc, k)
        step = dr * SIZE + dc
        for k in range(5):
            won |= starts.shifted(k * step)
    return won.count()


def _queue_bits(queue: npt.NDArray[np.uint8], live: Flags) -> Boards:
    """The mask of the queue entries flagged ``live`` (one row per game)."""
    c = queue.astype(np.uint64)
    lo = np.where(live & (c < _SIXTY_FOUR), _ONE << c, np.uint64(0))
    hi = np.where(live & (c >= _SIXTY_FOUR), _ONE << (c - _SIXTY_FOUR), np.uint64(0))
    return Boards(np.bitwise_or.reduce(lo, axis=1), np.bitwise_or.reduce(hi, axis=1))


def settle(batch: ShellBatch, games: Cells, black: Cells, white: Cells) -> None:
    """Finish the turn of the games ``games`` (picks ``black``, ``white``): the two
    turtles of WTS-3.1 are already placed where the picks differ, and ``batch.turn``
    already counts the turn."""
    b, w, e = batch.black.take(games), batch.white.take(games), batch.eggs.take(games)
    queue, qlen = batch.queue[games], batch.queue_len[games]
    collide = black == white
    # WTS-3.2: a collision lays an egg at the end of the queue; nothing else happens.
    e |= cells_mask(black, collide)
    rows = np.flatnonzero(collide)
    queue[rows, qlen[rows]] = black[rows]
    qlen = qlen + collide
    # WTS-3.1: the two turtles placed are the new turtles of wave 0.
    new_b, new_w = cells_mask(black, ~collide), cells_mask(white, ~collide)
    index = np.arange(CELLS)[None, :]
    while True:
        # WTS-4.5: all the wave's captures are found before anything is removed.
        taken_b, kb = captures(new_b, b, w | e)
        taken_w, kw = captures(new_w, w, b | e)
        removed = taken_b | taken_w
        if not removed.any().any():
            break
        # WTS-4.6: removed at once; captured eggs leave the queue (order kept).
        live = index < qlen[:, None]
        c = queue.astype(np.uint64)
        gone = ((removed.lo[:, None] >> c) | (removed.hi[:, None] >> (c - _SIXTY_FOUR))) & _ONE
        keep = live & (gone == 0)
        order = np.argsort(~keep, axis=1, kind="stable")
        queue = np.take_along_axis(queue, order, axis=1)
        qlen = keep.sum(axis=1)
        b, w, e = b.without(removed), w.without(removed), e.without(removed)
        # WTS-5.1, 5.2: pairs of captures make the oldest eggs vanish, the rest hatch.
        vanish = np.minimum(np.minimum(kb, kw), qlen)
        hatch_end = np.minimum(vanish + np.abs(kb - kw), qlen)
        hatching = (index >= vanish[:, None]) & (index < hatch_end[:, None])
        hatched = _queue_bits(queue, hatching)
        e = e.without(_queue_bits(queue, index < hatch_end[:, None]))
        shift = np.minimum(index + hatch_end[:, None], CELLS - 1)
        queue = np.take_along_axis(queue, shift, axis=1)
        qlen = qlen - hatch_end
        if not hatched.any().any():
            break
        # WTS-5.3: the hatched turtles are the next wave's new turtles.
        to_black = kb > kw
        new_b = hatched & Boards(to_black * _FULL_LO, to_black * _FULL_HI)
        new_w = hatched.without(new_b)
        b |= new_b
        w |= new_w
    _result(batch, games, b, w, e)
    batch.black.assign(games, b)
    batch.white.assign(games, w)
    batch.eggs.assign(games, e)
    batch.queue[games] = queue
    batch.queue_len[games] = qlen


def _result(batch: ShellBatch, games: Cells, b: Boards, w: Boards, e: Boards) -> None:
    """WTS-6.2–6.4 after all the waves: a winner, sudden death, or a draw on a full board."""
    nb, nw = winning(b), winning(w)
    batch.winning_black[games] = nb
    batch.winning_white[games] = nw
    result = np.where(nb > nw, BLACK_WINS, np.where(nw > nb, WHITE_WINS, ONGOING))
    level = nb == nw
    full = (b | w | e).is_full()
    result = np.where(level & full, DRAW, result)
    batch.result[games] = result
    phase = batch.phase[games]
    batch.phase[games] = np.where(level, np.where(nb > 0, SUDDEN_DEATH, NORMAL), phase)
