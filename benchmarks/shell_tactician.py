"""A greedy one-ply What the Shell tactician: a reference opponent for the arena, not a level.

Issue 20 measures the expert against "a greedy tactician (one-ply scoring:
complete, block, open windows, captures)"; this is our own such bot. It completes
a five if it can, else blocks one, else takes the cell with the best one-ply score:
captures (turtles taken), fours made and stopped, windows of five opened for itself
and closed for the opponent. The opponent's pick is taken to be a quiet cell far
away. Serve it over the bot protocol for ``samtempa arena``:

    PYTHONPATH=src python benchmarks/shell_tactician.py --port 8765 &
    samtempa arena --game what-the-shell --bot expert=expert \\
        --bot tactician=http://127.0.0.1:8765 --games 40 --move-ms 250
"""

from __future__ import annotations

import argparse
from random import Random

import uvicorn

from samtempa.bots.base import Bot
from samtempa.bots.serve import create_app
from samtempa.bots.shell import _matrix, _search
from samtempa.bots.shell.common import OnePlyBot, own_opp
from samtempa.games.base import PlayerId
from samtempa.games.shell.board import FULL_MASK, square
from samtempa.games.shell.state import ShellState

#: A window of five holding k own pieces and no hostile one, k = 0…4.
OPEN = (0.0, 1.0, 3.0, 9.0, 40.0)
CAPTURE = 30.0
#: A five threat (an open cell that would complete a five) made, or one taken away.
FOUR = 35.0
STOP_FOUR = 30.0


def score(before: ShellState, after: ShellState, player: PlayerId) -> float:
    """One pick's greedy value: captures, fours, windows (own opened, theirs closed)."""
    own0, opp0 = own_opp(before, player)
    own1, opp1 = own_opp(after, player)
    taken = opp0.bit_count() - (opp1 & opp0).bit_count()
    empty0 = FULL_MASK & ~before.occupied
    empty1 = FULL_MASK & ~after.occupied
    fours = (
        _search.five_cells(own1, empty1).bit_count() - _search.five_cells(own0, empty0).bit_count()
    )
    stopped = (
        _search.four_cells(opp0, empty0).bit_count() - _search.four_cells(opp1, empty1).bit_count()
    )
    mine = _matrix.window_counts(own1, opp1 | after.eggs)
    theirs = _matrix.window_counts(opp1, own1 | after.eggs)
    lines = sum(w * (m - t) for w, m, t in zip(OPEN, mine, theirs, strict=False))
    return CAPTURE * taken + FOUR * fours + STOP_FOUR * stopped + lines


class ShellTactician(OnePlyBot):
    """The one-ply loop of the medium level (:class:`samtempa.bots.shell.common.OnePlyBot`)
    with the greedy :func:`score` and a fixed opening."""

    name = "tactician"

    def opening(self, rng: Random) -> int:
        """The centre."""
        return square("E5")

    def value(self, before: ShellState, after: ShellState, player: PlayerId, rng: Random) -> float:
        return score(before, after, player)


def factory(game_name: str, level: str) -> Bot:
    return ShellTactician()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    app = create_app("what-the-shell", "tactician", seed=1, workers=0, factory=factory)
    uvicorn.run(app, host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
