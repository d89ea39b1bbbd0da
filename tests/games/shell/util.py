"""Building What the Shell positions from pictures, and the symmetries of the board."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from samtempa.games.shell import ShellState, square
from samtempa.games.shell.board import SIZE, STRIDE, squares_of, winning_count
from samtempa.games.shell.notation import parse_board
from samtempa.games.shell.state import NORMAL, SUDDEN_DEATH


def position(rows: Sequence[str], eggs: Sequence[str] = (), turn: int = 10) -> ShellState:
    """A game-in-progress state from nine rows of ``. B W O`` (eggs: the queue, oldest first).

    Rows may be given shorter than nine (the rest is empty); the egg queue
    defaults to reading order when not given.
    """
    rows = [r.ljust(SIZE, ".") for r in rows] + ["." * SIZE] * (SIZE - len(rows))
    black, white, egg_mask = parse_board(rows)
    queue = tuple(square(e) for e in eggs) if eggs else tuple(squares_of(egg_mask))
    assert sorted(queue) == squares_of(egg_mask), "eggs must list the O cells"
    nb, nw = winning_count(black), winning_count(white)
    assert nb == nw, "a game in progress has equal winning counts"
    phase = SUDDEN_DEATH if nb else NORMAL
    return ShellState(black, white, egg_mask, queue, turn, phase, None, nb, nw)


def _transform(f: Callable[[int, int], tuple[int, int]]) -> Callable[[int], int]:
    def on_square(sq: int) -> int:
        c, r = f(sq % STRIDE, sq // STRIDE)
        return r * STRIDE + c

    return on_square


N = SIZE - 1
#: The eight symmetries of the square, as maps of squares.
SYMMETRIES: dict[str, Callable[[int], int]] = {
    "identity": _transform(lambda c, r: (c, r)),
    "rotate90": _transform(lambda c, r: (N - r, c)),
    "rotate180": _transform(lambda c, r: (N - c, N - r)),
    "rotate270": _transform(lambda c, r: (r, N - c)),
    "mirror": _transform(lambda c, r: (N - c, r)),
    "flip": _transform(lambda c, r: (c, N - r)),
    "diagonal": _transform(lambda c, r: (r, c)),
    "antidiagonal": _transform(lambda c, r: (N - r, N - c)),
}


def map_mask(mask: int, f: Callable[[int], int]) -> int:
    out = 0
    for sq in squares_of(mask):
        out |= 1 << f(sq)
    return out


def map_state(state: ShellState, f: Callable[[int], int]) -> ShellState:
    return state._replace(
        black=map_mask(state.black, f),
        white=map_mask(state.white, f),
        eggs=map_mask(state.eggs, f),
        queue=tuple(f(sq) for sq in state.queue),
    )


def swap_colours(state: ShellState) -> ShellState:
    swapped = {"black": "white", "white": "black"}
    return state._replace(
        black=state.white,
        white=state.black,
        result=swapped.get(state.result, state.result) if state.result else None,
        winning_black=state.winning_white,
        winning_white=state.winning_black,
    )
