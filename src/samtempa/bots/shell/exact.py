"""What the Shell's exact simultaneous search bot (issue 20, item 1).

Iterative deepening over joint picks among the tactically relevant cells, each
node's matrix game solved, a quiescence search while either colour can complete a
five, a transposition table (all in the compiled :mod:`._exact`, on the fast path's
``resolve``). The root's matrix is solved for both colours and the bot samples its
pick from its own mixed strategy: both colours pick at once, so a bot that always
answers a position the same way is read and punished.

Races (WTS-6): where both can complete a line in the same turn, the joint picks
are resolved by the engine's rules, winning turtles counted there (a run of six
beats a five; equal counts go on in sudden death), so the root matrix holds the
exact outcome of every pair of completions and blocks.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from random import Random
from typing import Any

from samtempa.bots.shell import _exact, _search, _solve
from samtempa.bots.shell.common import SettingsBot, own_opp, purify, sample
from samtempa.games.base import PlayerId
from samtempa.games.shell.board import FULL_MASK
from samtempa.games.shell.state import BLACK, ShellState


@dataclass(frozen=True, slots=True)
class ExactSettings:
    """How the exact search spends its time.

    ``widths``: candidates per colour at each ply from the root (the last repeats).
    ``weights``: the evaluation's (w1, w2, w3, w4, turtle, scale): a window of five
    holding k pieces of one colour and none of the other is worth w_k to it, a
    turtle more is worth ``turtle``, and black's chance is the logistic of the sum
    over ``scale``. ``time_share``: the part of the move's budget it may use.
    """

    widths: tuple[int, ...] = (8, 5, 3)
    weights: tuple[float, float, float, float, float, float] = (1.0, 4.0, 20.0, 120.0, 12.0, 60.0)
    time_share: float = 0.7
    #: How likely the opponent is taken to play its obvious cells (complete a five,
    #: else block one) at the root: the rest of the time it plays its best.
    obvious: float = 0.5
    max_depth: int = 12
    min_probability: float = 0.03
    #: Policy playouts per leaf (0: the static evaluation alone) and their share.
    playouts: int = 0
    mix: float = 0.5
    #: A cap that makes a search deterministic whatever the machine's load (tests).
    max_nodes: int = 10**12


class ShellExactBot(SettingsBot[ExactSettings]):
    """Exact simultaneous search, time-bounded, sampling the root's equilibrium."""

    IDLE = ("depth", "nodes")

    def search_pick(
        self, state: ShellState, player: PlayerId, budget_s: float, rng: Random, start: float
    ) -> int:
        seconds = max(0.002, budget_s * self.settings.time_share - 0.003)
        self.last = self.analyse(state, player, seconds, rng)
        self.last["seconds"] = time.perf_counter() - start
        return sample(self.last["strategy"], rng)

    def analyse(
        self, state: ShellState, player: PlayerId, seconds: float, rng: Random
    ) -> dict[str, Any]:
        """The search's figures and ``player``'s strategy; ``row_values``: each of its
        cells' value to it against the opponent's equilibrium; ``tactical``: a five
        can be completed, or a joint pick at the root ends the game."""
        s = self.settings
        cb, pb, cw, pw, value, depth, nodes, matrix = _exact.search(
            tuple(state),
            seconds,
            s.max_depth,
            s.max_nodes,
            s.widths,
            s.weights,
            playouts=s.playouts,
            mix=s.mix,
            rng=rng,
        )
        kb, kw = len(cb), len(cw)
        cells, probs = (cb, pb) if player == BLACK else (cw, pw)
        if player == BLACK:
            rows = [sum(matrix[i * kw + j] * pw[j] for j in range(kw)) for i in range(kb)]
        else:
            rows = [sum((1.0 - matrix[i * kw + j]) * pb[i] for i in range(kb)) for j in range(kw)]
        obvious = obvious_cells(state, player)
        theirs = cw if player == BLACK else cb
        fixed = [1.0 if sq in obvious else 0.0 for sq in theirs]
        if s.obvious > 0 and sum(fixed) > 0:
            # Exploit an opponent who plays the obvious cells, safely: a restricted Nash
            # response to one who plays them with probability ``obvious``.
            fixed = [f / sum(fixed) for f in fixed]
            if player == BLACK:
                probs = _solve.restricted_response(matrix, kb, kw, fixed, s.obvious)
            else:
                mine = [1.0 - matrix[i * kw + j] for j in range(kw) for i in range(kb)]
                probs = _solve.restricted_response(mine, kw, kb, fixed, s.obvious)
        return {
            "depth": depth,
            "nodes": nodes,
            "playouts": nodes,
            "value": value if player == BLACK else 1.0 - value,
            "strategy": purify(dict(zip(cells, probs, strict=True)), s.min_probability),
            "row_values": dict(zip(cells, rows, strict=True)),
            "tactical": bool(obvious) or any(v in (0.0, 1.0) for v in matrix),
        }


def obvious_cells(state: ShellState, player: PlayerId) -> set[int]:
    """The cells a one-ply tactician would take against ``player``: complete its own
    five, else block one of ``player``'s."""
    empty = FULL_MASK & ~state.occupied
    mine, theirs = own_opp(state, player)
    cells = _search.five_cells(theirs, empty) or _search.five_cells(mine, empty)
    return {sq for sq in range(90) if cells >> sq & 1}


#: The exact search's level.
EXACT = ExactSettings()
#: The same with two policy playouts mixed into every leaf's value.
EXACT_PLAYOUTS = ExactSettings(playouts=2, widths=(8, 5, 3))
