"""What the Shell's medium bot: one turn of tactics scored by a static evaluation.

Every turn it considers is resolved by the engine's compiled fast path
(:mod:`samtempa.games.shell.fast`); threat cells and window counts come from the
bots' compiled helpers (:mod:`._search`, :mod:`._matrix`).
"""

from __future__ import annotations

from random import Random

from samtempa.bots.shell import _matrix, _search
from samtempa.bots.shell.common import OnePlyBot, own_opp
from samtempa.games.base import PlayerId
from samtempa.games.shell.board import square, squares_of
from samtempa.games.shell.state import ShellState

#: Scores of the medium bot's evaluation for a window of five holding k own pieces
#: and no hostile one (k = 0…4); a five is a win and scored apart.
WINDOW_WEIGHTS = (0.0, 1.0, 4.0, 20.0, 120.0)
#: How much a captured turtle (one fewer for the opponent) is worth to the medium bot.
TURTLE_WEIGHT = 12.0
#: The centre and its ring: where the medium bot opens on an empty board.
CENTRE = square("E5")


def evaluate(state: ShellState, player: PlayerId) -> float:
    """The medium bot's static value of a position for ``player`` (higher is better).

    Result first; then turtles on the board (captures, WTS-4) and the windows of
    five each colour could still fill (lines, WTS-6.1), the opponent's counted
    a little more so that the bot blocks before it builds.
    """
    if state.result is not None:
        if state.result == player:
            return 1e9
        return -1e9 if state.result != "draw" else 0.0
    own, opp = own_opp(state, player)
    eggs = state.eggs
    mine = _matrix.window_counts(own, opp | eggs)
    theirs = _matrix.window_counts(opp, own | eggs)
    lines = sum(w * (m - 1.3 * t) for w, m, t in zip(WINDOW_WEIGHTS, mine, theirs, strict=False))
    return lines + TURTLE_WEIGHT * (own.bit_count() - opp.bit_count())


class ShellMediumBot(OnePlyBot):
    """A one-turn tactical heuristic (:class:`.common.OnePlyBot`): complete a five, else
    block one, else the pick whose resulting position :func:`evaluate` likes best
    (captures, lines, blocks).

    It looks at its own pick only (the opponent's pick is taken to be a quiet
    one far away), so it is blind to simultaneous tactics, which is what makes it
    the level below the search bots. Ties and near-ties are broken at random.
    """

    name = "medium"

    def opening(self, rng: Random) -> int:
        """A random cell of the centre's 3×3."""
        return rng.choice(squares_of(_search.near_cells(1 << CENTRE)))

    def value(self, before: ShellState, after: ShellState, player: PlayerId, rng: Random) -> float:
        """:func:`evaluate` plus a little noise (near-ties broken at random)."""
        return evaluate(after, player) + rng.random() * 0.5
