"""What the Shell: two players, 9×9, five turtles in a row (``rules/what-the-shell.md``).

The pipeline of one turn is in :mod:`.rules`, the bitboard geometry in
:mod:`.board`, the text and JSON forms in :mod:`.notation`, and the compiled
fast path for bots and learning in :mod:`.fast`.

>>> from samtempa.games.shell import INITIAL, square, step
>>> state = step(INITIAL, square("E5"), square("E5"))
>>> state.queue == (square("E5"),)
True
"""

from samtempa.games.shell.board import square, square_name
from samtempa.games.shell.game import WhatTheShell, empty_squares, random_empty
from samtempa.games.shell.rules import TurnReport, resolve, step, step_with_report
from samtempa.games.shell.state import BLACK, INITIAL, WHITE, ShellState

__all__ = [
    "BLACK",
    "INITIAL",
    "WHITE",
    "ShellState",
    "TurnReport",
    "WhatTheShell",
    "empty_squares",
    "random_empty",
    "resolve",
    "square",
    "square_name",
    "step",
    "step_with_report",
]
