"""The batched engine's masks, and its turns out of the ordinary: collisions, capture
waves, hatching and the count of winning turtles (WTS-3.2, WTS-4, WTS-5, WTS-6).

:mod:`.batch` sends here, together, the games of a turn that need more than
two turtles placed; each rule runs for all of them at once, wave after wave,
until no game's wave hatches an egg (WTS-5.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from samtempa.games.shell.board import SIZE, STRIDE

U64 = npt.NDArray[np.uint64]
Cells = npt.NDArray[np.intp]
Flags = npt.NDArray[np.bool_]
Counts = npt.NDArray[np.int32]

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
        out: Flags = (self.lo | self.hi) != 0
        return out

    def count(self) -> npt.NDArray[np.int32]:
        return (np.bitwise_count(self.lo) + np.bitwise_count(self.hi)).astype(np.int32)

    def is_full(self) -> Flags:
        out: Flags = (self.lo == _FULL_LO) & (self.hi == _FULL_HI)
        return out

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


class WaveBatch(Protocol):
    """What the waves read and write of a :class:`.batch.ShellBatch` (a protocol, so this
    module need not import :mod:`.batch`, which imports it)."""

    black: Boards
    white: Boards
    eggs: Boards
    queue: npt.NDArray[np.uint8]
    queue_len: npt.NDArray[np.intp]
    phase: npt.NDArray[np.int8]
    result: npt.NDArray[np.int8]
    winning_black: Counts
    winning_white: Counts
    hatched: Flags


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
    out: Flags = (((boards.lo >> c) | (boards.hi >> np.subtract(c, _SIXTY_FOUR))) & _ONE) != 0
    return out


_LINES: Final = ((0, 1), (1, 0), (1, 1), (1, -1))
_STEPS: Final = np.array([dr * SIZE + dc for dr, dc in _LINES], dtype=np.uint64)


def _column_masks() -> dict[int, Boards]:
    """For ``k`` steps along each line: the cells whose column ``+ k·dc`` stays on the
    board, one mask per line (the four lines side by side)."""
    out = {}
    for k in range(-4, 5):
        masks = [
            sum(1 << c for c in range(CELLS) if 0 <= c % SIZE + k * dc < SIZE) for _, dc in _LINES
        ]
        out[k] = Boards(
            np.array([m & (2**64 - 1) for m in masks], dtype=np.uint64),
            np.array([m >> 64 for m in masks], dtype=np.uint64),
        )
    return out


_COLUMNS: Final = _column_masks()


def along(boards: Boards, k: int) -> Boards:
    """Every cell moved ``k`` steps along each of the four lines: n × 4 masks (line by line)."""
    lo, hi = boards.lo, boards.hi
    if lo.ndim == 1:
        lo, hi = lo[:, None], hi[:, None]
    if k == 0:
        return Boards(lo, hi)
    s: U64 = _STEPS * np.uint64(abs(k))
    rest: U64 = np.subtract(_SIXTY_FOUR, s)
    if k > 0:
        return Boards(lo << s, ((hi << s) | (lo >> rest)) & _FULL_HI)
    return Boards((lo >> s) | (hi << rest), hi >> s)


def look(boards: Boards, k: int) -> Boards:
    """n × 4: cell ``q`` set when ``boards`` holds the cell ``k`` steps on along each line."""
    return along(boards, -k) & _COLUMNS[k]


def _union(boards: Boards) -> Boards:
    """The four lines' masks of each game in one."""
    return Boards(np.bitwise_or.reduce(boards.lo, axis=1), np.bitwise_or.reduce(boards.hi, axis=1))


def captures(new: Boards, own: Boards, hostile: Boards) -> tuple[Boards, npt.NDArray[np.int32]]:
    """WTS-4.1–4.4, 4.7: the cells the new turtles of one colour capture, and how many
    captures they make (the same pair closed from both ends counts once)."""
    new = Boards(new.lo[:, None], new.hi[:, None])
    forward = new & look(hostile, 1) & look(hostile, 2) & look(own, 3)
    back = new & look(hostile, -1) & look(hostile, -2) & look(own, -3)
    # Each pair by its cell nearest to the board's start: one key, counted once.
    keys = along(forward, 1) | along(back, -2)
    count = (np.bitwise_count(keys.lo) + np.bitwise_count(keys.hi)).sum(axis=1, dtype=np.int32)
    return _union(keys | along(keys, 1)), count


def winning(turtles: Boards) -> npt.NDArray[np.int32]:
    """WTS-6.1: the turtles in a straight run of five or more, each counted once."""
    pairs = look(turtles, 0) & look(turtles, 1)  # runs of two from each cell, line by line
    fours = pairs & look(pairs, 2)
    starts = fours & look(turtles, 4)  # where runs of five start
    won = starts | along(starts, 1)
    won = won | along(won, 2) | along(starts, 4)
    return _union(won).count()


def _both(first: Boards, second: Boards) -> Boards:
    """Two sets of games' masks end to end, to run one rule for both colours at once."""
    return Boards(np.concatenate([first.lo, second.lo]), np.concatenate([first.hi, second.hi]))


def _halves(boards: Boards, n: int) -> tuple[Boards, Boards]:
    return Boards(boards.lo[:n], boards.hi[:n]), Boards(boards.lo[n:], boards.hi[n:])


def _queue_bits(cells: npt.NDArray[np.uint64], live: Flags) -> Boards:
    """The mask of the queue entries flagged ``live`` (one row per game)."""
    lo = (_ONE << cells) * live  # cells of 64 and more shift out: 0
    hi = (_ONE << (cells - _SIXTY_FOUR)) * live
    return Boards(np.bitwise_or.reduce(lo, axis=1), np.bitwise_or.reduce(hi, axis=1))


def _wave_queue(
    batch: WaveBatch,
    games: Cells,
    removed: Boards,
    kb: npt.NDArray[np.int32],
    kw: npt.NDArray[np.int32],
) -> tuple[Boards, Boards]:
    """The egg queue's part of a wave (WTS-4.6, 5.1, 5.2) for games that have eggs: the
    captured eggs leave the queue, order kept; ``min(kb, kw)`` oldest eggs vanish and the
    next ``|kb - kw|`` hatch. Returns the eggs that leave the board and those hatched."""
    qlen = batch.queue_len[games]
    width = int(qlen.max())
    queue = batch.queue[games, :width]
    index = np.arange(width)[None, :]
    cells = queue.astype(np.uint64)
    live = index < qlen[:, None]
    gone = ((removed.lo[:, None] >> cells) | (removed.hi[:, None] >> (cells - _SIXTY_FOUR))) & _ONE
    keep = live & (gone == 0)
    order = np.argsort(~keep, axis=1, kind="stable")
    queue = np.take_along_axis(queue, order, axis=1)
    cells = queue.astype(np.uint64)
    qlen = keep.sum(axis=1)
    vanish = np.minimum(np.minimum(kb, kw), qlen)
    hatch_end = np.minimum(vanish + np.abs(kb - kw), qlen)
    hatched = _queue_bits(cells, (index >= vanish[:, None]) & (index < hatch_end[:, None]))
    leaving = _queue_bits(cells, index < hatch_end[:, None])
    shift = np.minimum(index + hatch_end[:, None], width - 1)
    batch.queue[games, :width] = np.take_along_axis(queue, shift, axis=1)
    batch.queue_len[games] = qlen - hatch_end
    return leaving, hatched


def lay_eggs(batch: WaveBatch, games: Cells, cells: Cells) -> None:
    """WTS-3.2: a collision lays an egg at the end of the queue; nothing else happens."""
    batch.eggs.assign(games, batch.eggs.take(games) | cells_mask(cells))
    batch.queue[games, batch.queue_len[games]] = cells
    batch.queue_len[games] += 1


def first_wave(batch: WaveBatch, games: Cells, removed: Boards, kb: Counts, kw: Counts) -> None:
    """Wave 0 of the games ``games`` whose picks captured (``removed``, ``kb`` and ``kw``
    found by :func:`samtempa.games.shell.batch.scan`), and the waves its hatching starts."""
    _remove(batch, games, removed)
    later = _hatch(batch, games, removed, kb, kw)
    if later is not None:
        later_waves(batch, *later)


def later_waves(batch: WaveBatch, games: Cells, new_b: Boards, new_w: Boards) -> None:
    """WTS-5.3: the hatched turtles are the new turtles of the next wave, until a wave
    captures nothing or hatches nothing."""
    while games.size:
        b, w, e = batch.black.take(games), batch.white.take(games), batch.eggs.take(games)
        # WTS-4.5: all the wave's captures are found before anything is removed
        # (black's and white's in one call: the first half of each array is black's).
        taken, k = captures(_both(new_b, new_w), _both(b, w), _both(w | e, b | e))
        taken_b, taken_w = _halves(taken, games.size)
        kb, kw = k[: games.size], k[games.size :]
        removed = taken_b | taken_w
        hit = np.flatnonzero(removed.any())
        games, removed, kb, kw = games[hit], removed.take(hit), kb[hit], kw[hit]
        _remove(batch, games, removed)
        later = _hatch(batch, games, removed, kb, kw)
        if later is None:
            return
        games, new_b, new_w = later


def _remove(batch: WaveBatch, games: Cells, removed: Boards) -> None:
    """WTS-4.6: every captured piece leaves at once."""
    for boards in (batch.black, batch.white, batch.eggs):
        boards.assign(games, boards.take(games).without(removed))


def _hatch(
    batch: WaveBatch, games: Cells, removed: Boards, kb: Counts, kw: Counts
) -> tuple[Cells, Boards, Boards] | None:
    """The eggs' part of a wave, for the games that have some; the games where turtles
    hatched and those turtles by colour (None if there are none)."""
    with_eggs = np.flatnonzero(batch.queue_len[games] > 0)
    if not with_eggs.size:
        return None
    games, removed = games[with_eggs], removed.take(with_eggs)
    kb, kw = kb[with_eggs], kw[with_eggs]
    leaving, hatched = _wave_queue(batch, games, removed, kb, kw)
    batch.eggs.assign(games, batch.eggs.take(games).without(leaving))
    more = np.flatnonzero(hatched.any())
    if not more.size:
        return None
    games, hatched, to_black = games[more], hatched.take(more), (kb > kw)[more]
    new_b = hatched & Boards(to_black * _FULL_LO, to_black * _FULL_HI)
    new_w = hatched.without(new_b)
    batch.black.assign(games, batch.black.take(games) | new_b)
    batch.white.assign(games, batch.white.take(games) | new_w)
    batch.hatched[games] = True
    return games, new_b, new_w


def recount(batch: WaveBatch, games: Cells) -> None:
    """WTS-6.1, 6.2 after all the waves: the winning turtles, then a winner or sudden
    death (the draw of WTS-6.4 is the caller's, for every game)."""
    counts = winning(_both(batch.black.take(games), batch.white.take(games)))
    nb, nw = counts[: games.size], counts[games.size :]
    batch.winning_black[games] = nb
    batch.winning_white[games] = nw
    batch.result[games] = np.where(nb > nw, BLACK_WINS, np.where(nw > nb, WHITE_WINS, ONGOING))
    phase = batch.phase[games]
    batch.phase[games] = np.where(nb == nw, np.where(nb > 0, SUDDEN_DEATH, NORMAL), phase)
