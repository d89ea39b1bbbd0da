"""Who steps in which frame (SS-4.2): the Breaker's and the Dasher's powers live here.

A turn has P + D movement frames, P the path length and D the largest dash.
A snake with dash N makes its k-th step in frame D − N + k; a Breaker makes
none (SS-8.1). A living snake that makes no step in a frame is immobile in it,
which is all the two powers change: the frame pipeline never asks which race
a snake is to decide who moves.

The plan is computed once per turn, so that a frame finds its movers, and
whether any trap, shot or ghost expiry concerns it, without a search.
"""

from __future__ import annotations

from collections.abc import Sequence

from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import Snake
from samtempa.games.snake.terrain import DIR_INDEX

_DIRS: dict[tuple[str, ...], tuple[int, ...]] = {}


def _dirs(path: tuple[str, ...]) -> tuple[int, ...]:
    """A checked path as direction ints, memoised (at most 4^8 paths ever exist)."""
    dirs = _DIRS.get(path)
    if dirs is None:
        dirs = _DIRS[path] = tuple([DIR_INDEX[d] for d in path])
    return dirs


class Plan:
    """The schedule of one turn, by seat."""

    __slots__ = (
        "active",
        "dash",
        "dirs",
        "movement_frames",
        "offsets",
        "orders",
        "path_length",
        "power_frames",
    )

    def __init__(
        self, snakes: Sequence[Snake], orders: Sequence[Order | None], path_length: int
    ) -> None:
        self.orders = list(orders)
        self.path_length = path_length
        #: SS-4.2: D, the largest dash given this turn.
        dash = 0
        for order in orders:
            if order is not None and order.dash > dash:
                dash = order.dash
        self.dash = dash
        self.movement_frames = path_length + dash
        #: Seats with a path to walk, in seat order.
        self.active: list[int] = []
        #: Directions as ints by seat; empty for a Breaker, a removal or a dead snake.
        self.dirs: list[tuple[int, ...]] = []
        #: ``frame - offset`` is a seat's step number k (SS-4.2: offset D - N).
        self.offsets: list[int] = []
        #: Frames in which a trap, a shot or a ghost's expiry may happen (steps 6, 8, 9).
        self.power_frames: set[int] = set()
        for seat, order in enumerate(orders):
            if order is None or not order.path or not snakes[seat].alive:
                self.dirs.append(())
                self.offsets.append(-1)
                continue
            offset = dash - order.dash
            self.active.append(seat)
            self.offsets.append(offset)
            self.dirs.append(_dirs(order.path))
            if order.trap is not None:
                self.power_frames.add(offset + order.trap.frame)
            for shot in order.shoot:
                self.power_frames.add(offset + shot.frame)
            if snakes[seat].ghost_turns_left == 1:
                self.power_frames.add(offset + 1)  # SS-8.5: its first step of the third turn

    def step_in(self, seat: int, frame: int) -> int:
        """The step number k (1..P) this seat makes in ``frame``, or 0 if it is immobile."""
        offset = self.offsets[seat]
        if offset < 0:
            return 0
        k = frame - offset
        return k if 1 <= k <= self.path_length else 0
