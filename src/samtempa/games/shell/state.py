"""The What the Shell state: an immutable value of bitboards (WTS-1, WTS-7.2).

States are small immutable tuples, so trying a turn in a search is ``step``
and undoing it is keeping the old state; copying is free and states hash,
which transposition tables want.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from samtempa.games.shell.board import FULL_MASK

BLACK: Final = "black"
WHITE: Final = "white"
DRAW: Final = "draw"
COLOURS: Final = (BLACK, WHITE)

NORMAL: Final = "normal"
SUDDEN_DEATH: Final = "sudden-death"


class ShellState(NamedTuple):
    """A position between two turns.

    ``black``, ``white`` and ``eggs`` are square masks (see :mod:`.board`);
    ``queue`` is the egg queue, oldest first (WTS-1.3); ``winning_black`` and
    ``winning_white`` are the counts of WTS-6.1 after the last turn.
    """

    black: int = 0
    white: int = 0
    eggs: int = 0
    queue: tuple[int, ...] = ()
    turn: int = 0
    phase: str = NORMAL
    result: str | None = None
    winning_black: int = 0
    winning_white: int = 0

    @property
    def occupied(self) -> int:
        return self.black | self.white | self.eggs

    @property
    def empty(self) -> int:
        """The empty squares, as a mask."""
        return FULL_MASK & ~(self.black | self.white | self.eggs)

    def is_over(self) -> bool:
        return self.result is not None


INITIAL: Final = ShellState()
