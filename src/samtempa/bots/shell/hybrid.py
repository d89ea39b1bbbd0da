"""What the Shell expert candidate: the exact simultaneous search watching over the
decoupled-UCT tree (issue 20, item 1).

The exact search (:mod:`.exact`) runs first on a quarter of the budget. Where it
finds a win (its value at least ``win``), its equilibrium is played. Elsewhere the
tree of the old expert (:class:`.search.ShellSearchBot`) chooses, and any of its cells
that the exact search values well below the position's value (a blunder within the
exact horizon) is dropped from its mixed strategy. With ``races_only``, the exact
search plays only the races (both colours can complete a five) and the tree all the
rest, on the whole budget.
"""

from __future__ import annotations

import time
from random import Random

from samtempa.bots.shell import _search
from samtempa.bots.shell.common import TimedBot, purify, sample
from samtempa.bots.shell.exact import ExactSettings, ShellExactBot
from samtempa.bots.shell.search import SearchSettings, ShellSearchBot
from samtempa.games.base import PlayerId
from samtempa.games.shell.board import FULL_MASK
from samtempa.games.shell.state import ShellState


class ShellHybridBot(TimedBot):
    """Exact search where it finds a win, the UCT tree (vetted by it) elsewhere."""

    def __init__(
        self,
        name: str,
        tree: SearchSettings,
        exact: ExactSettings,
        exact_share: float = 0.25,
        margin: float = 0.15,
        win: float = 0.95,
        races_only: bool = False,
    ) -> None:
        super().__init__(name)
        self.exact = ShellExactBot(name, exact)
        self.tree = ShellSearchBot(name, tree)
        self.exact_share = exact_share
        self.margin = margin
        self.win = win
        #: Only races (both colours can complete a five, WTS-6): the exact search on
        #: the whole budget there, the tree alone everywhere else.
        self.races_only = races_only

    def search_pick(
        self, state: ShellState, player: PlayerId, budget_s: float, rng: Random, start: float
    ) -> int:
        budget = max(0.004, budget_s * 0.9 - 0.004)
        if self.races_only:
            empty = FULL_MASK & ~state.occupied
            fives = [_search.five_cells(c, empty) for c in (state.black, state.white)]
            if all(fives):
                self.last = dict(self.exact.analyse(state, player, budget, rng), source="exact")
                return sample(self.last["strategy"], rng)
            pick = self.tree.pick(state, player, budget_s, rng)
            self.last = dict(self.tree.last, source="tree")
            return pick
        exact = self.exact.analyse(state, player, budget * self.exact_share, rng)
        self.last = dict(exact, source="exact")
        if exact["value"] >= self.win:
            return sample(exact["strategy"], rng)
        left = budget - (time.perf_counter() - start)
        self.tree.pick(state, player, max(0.002, left / 0.92), rng)
        rows = exact["row_values"]
        floor = exact["value"] - self.margin
        kept = {
            sq: p
            for sq, p in self.tree.last["strategy"].items()
            if sq not in rows or rows[sq] >= floor
        }
        if not kept:
            return sample(exact["strategy"], rng)
        self.last = dict(self.tree.last, source="tree", exact_depth=exact["depth"])
        self.last["playouts"] = self.tree.last.get("playouts", 0) + exact["nodes"]
        return sample(purify(kept, 0.0), rng)
