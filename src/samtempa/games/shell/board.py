"""The What the Shell board as bitboards: squares, masks and line counting.

A square is an int ``row * 10 + col`` (row 0 is row ``1`` at the top, col 0
is column ``A``; WTS-1.1). Each row has a tenth, always-empty guard column,
so a set of squares is a 90-bit int in which shifting by 1, 9, 10 or 11 moves
one step along a row, an anti-diagonal, a column or a diagonal without ever
wrapping into the next row: no edge masks are needed on the hot path.

>>> square("E5"), square_name(44)
(44, 'E5')
"""

from __future__ import annotations

from typing import Final

from samtempa.grid import COLUMNS, EIGHT_DIRECTIONS

SIZE: Final = 9
STRIDE: Final = 10

SQUARES: Final[tuple[int, ...]] = tuple(r * STRIDE + c for r in range(SIZE) for c in range(SIZE))
FULL_MASK: Final[int] = sum(1 << s for s in SQUARES)

#: Square names, ``SQUARE_NAMES[sq]`` (guard squares are empty strings).
SQUARE_NAMES: Final[tuple[str, ...]] = tuple(
    f"{COLUMNS[i % STRIDE]}{i // STRIDE + 1}" if i % STRIDE < SIZE else ""
    for i in range(SIZE * STRIDE)
)
_SQUARE_OF_NAME: Final = {name: i for i, name in enumerate(SQUARE_NAMES) if name}


def square(name: str) -> int:
    """The square of a canonical name (``"E5"``); raises ``KeyError`` otherwise."""
    return _SQUARE_OF_NAME[name]


def square_name(sq: int) -> str:
    return SQUARE_NAMES[sq]


def on_board(col: int, row: int) -> bool:
    return 0 <= col < SIZE and 0 <= row < SIZE


def squares_of(mask: int) -> list[int]:
    """The squares of a mask, in reading order (row 1 first, column A first)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _capture_rays(sq: int) -> tuple[tuple[int, int], ...]:
    """For a new turtle on ``sq``, each direction's (p+d | p+2d mask, p+3d bit) (WTS-4.1)."""
    col, row = sq % STRIDE, sq // STRIDE
    rays = []
    for dx, dy in EIGHT_DIRECTIONS:
        if not on_board(col + 3 * dx, row + 3 * dy):
            continue
        cells = [(row + k * dy) * STRIDE + col + k * dx for k in (1, 2, 3)]
        rays.append(((1 << cells[0]) | (1 << cells[1]), 1 << cells[2]))
    return tuple(rays)


#: ``CAPTURE_RAYS[sq]``: the capture patterns a new turtle on ``sq`` can close.
CAPTURE_RAYS: Final[tuple[tuple[tuple[int, int], ...], ...]] = tuple(
    _capture_rays(i) if i % STRIDE < SIZE else () for i in range(SIZE * STRIDE)
)

#: Shifts along a row, a column, a diagonal and an anti-diagonal.
LINE_SHIFTS: Final = (1, STRIDE, STRIDE + 1, STRIDE - 1)


def _line_neighbourhood(sq: int) -> int:
    """Every square within 4 steps of ``sq`` on its four lines, ``sq`` included."""
    col, row = sq % STRIDE, sq // STRIDE
    mask = 1 << sq
    for dx, dy in EIGHT_DIRECTIONS:
        for k in range(1, 5):
            if on_board(col + k * dx, row + k * dy):
                mask |= 1 << ((row + k * dy) * STRIDE + col + k * dx)
    return mask


#: ``LINE_NEIGHBOURHOOD[sq]``: a five through ``sq`` lies inside this mask.
LINE_NEIGHBOURHOOD: Final[tuple[int, ...]] = tuple(
    _line_neighbourhood(i) if i % STRIDE < SIZE else 0 for i in range(SIZE * STRIDE)
)


def _five_windows(sq: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per line through ``sq``: the line's squares near ``sq``, and the runs of five with it."""
    col, row = sq % STRIDE, sq // STRIDE
    lines = []
    for dx, dy in EIGHT_DIRECTIONS[::2]:  # one of each opposite pair: the four lines
        windows = []
        for start in range(-4, 1):
            cells = [(col + (start + k) * dx, row + (start + k) * dy) for k in range(5)]
            if all(on_board(c, r) for c, r in cells):
                windows.append(sum(1 << (r * STRIDE + c) for c, r in cells))
        if windows:
            near = 0
            for window in windows:
                near |= window
            lines.append((near, tuple(windows)))
    return tuple(lines)


#: ``FIVE_WINDOWS[sq]``: for each line through ``sq``, (squares within 4, runs of five).
FIVE_WINDOWS: Final[tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]] = tuple(
    _five_windows(i) if i % STRIDE < SIZE else () for i in range(SIZE * STRIDE)
)

#: ``ADJACENT[sq]``: the (up to 8) squares touching ``sq``.
ADJACENT: Final[tuple[int, ...]] = tuple(
    sum(
        1 << ((i // STRIDE + dy) * STRIDE + i % STRIDE + dx)
        for dx, dy in EIGHT_DIRECTIONS
        if on_board(i % STRIDE + dx, i // STRIDE + dy)
    )
    if i % STRIDE < SIZE
    else 0
    for i in range(SIZE * STRIDE)
)


def winning_mask(turtles: int) -> int:
    """The turtles that belong to a straight run of five or more (WTS-6.1).

    For each line direction, ``r`` marks the squares that start a run of five;
    the run's five squares are then painted back from those starts.
    """
    won = 0
    for s in LINE_SHIFTS:
        r = turtles & (turtles >> s)
        r &= r >> (2 * s)
        r &= turtles >> (4 * s)
        if r:
            c = r | (r << s)
            won |= c | (c << (2 * s)) | (r << (4 * s))
    return won


def winning_count(turtles: int) -> int:
    """The number of winning turtles of one colour (WTS-6.1: a turtle counts once)."""
    if turtles.bit_count() < 5:
        return 0
    return winning_mask(turtles).bit_count()
