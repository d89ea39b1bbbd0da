"""What the Shell search bots: simultaneous-move Monte Carlo search (hard, expert).

Every turn a bot considers is resolved by the engine's compiled fast path
(``games/shell/_fast``, cimported by :mod:`._search`); the bots only choose
picks and keep statistics. Values are from black's point of view inside the search (win 1,
draw ½, loss 0) and turned to the bot's own at the end.

Why mixed strategies: both players pick at once, so a bot that always answers
a position the same way can be read and punished (its opponent simply plays
the pick that beats it). The search bots therefore sample their pick from a
distribution: *hard* from its decoupled-UCT visit counts, *expert* from its
tree's root visits, or from an equilibrium in the position below.

When both colours can complete a five (the turn that may start or settle a
sudden death, WTS-6.2), the expert does not trust visit counts: it takes
every cell where either colour completes a five plus the seven most visited
cells of each colour, estimates black's value of every joint pick among them
(a joint pick that ends the game is exact, the others are played out), and
samples its pick from the regret-matching+ equilibrium of that matrix. With
fives of equal length, completing its own is the saddle point (both complete:
sudden death, worth about ½; blocking instead leaves the opponent's five to
come), so it completes. When its five would make more winning turtles (a run
of six against five, WTS-6.1), completing wins unless blocked, and the
opponent's equilibrium answer is to block. Where the matrix has no saddle
point, it mixes.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from random import Random

from samtempa.bots.shell import _matrix, _search
from samtempa.bots.shell.common import SettingsBot, purify, sample
from samtempa.bots.shell.medium import CENTRE
from samtempa.games.base import PlayerId
from samtempa.games.shell.board import FULL_MASK, squares_of
from samtempa.games.shell.state import BLACK, ShellState


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """How a search bot spends its time.

    ``policy``: the playout policy (p_win, p_block, p_near): how often a playout
    completes its own five, blocks the opponent's, plays next to a piece.
    ``nash_share``: the share of the budget spent estimating the payoff matrix
    over the best candidates and solving it (0: plain decoupled UCT).
    """

    policy: tuple[float, float, float]
    exploration: float = 0.6
    nash_share: float = 0.0
    candidates: int = 7
    keep_share: float = 0.25
    min_probability: float = 0.04
    tree: bool = False
    nash_only_when_both_can_win: bool = True
    #: Caps that make a search deterministic whatever the machine's load (tests).
    max_iterations: int = 10**12
    max_matrix_rounds: int = 10**9


class ShellSearchBot(SettingsBot[SearchSettings]):
    """Simultaneous-move Monte Carlo search on the fast path, time-bounded.

    Phase 1 (all bots of this class): decoupled UCT at the root (Lanctot et al.
    2013): each colour runs UCB1 over every empty cell; a joint pick is resolved
    by the engine and played out with the playout policy. Without a matrix
    phase, the pick is sampled in proportion to visits among the arms visited at
    least ``keep_share`` as often as the most visited one (a mixed strategy).

    Phase 2 (expert): the ``candidates`` most visited cells of each colour,
    plus every cell where either colour would complete a five, form a payoff
    matrix that is estimated cell by cell and solved by regret matching+
    (:func:`_matrix.solve_matrix`); the pick is sampled from the equilibrium.
    """

    IDLE = ("iterations", "playouts")

    def search_pick(
        self, state: ShellState, player: PlayerId, budget_s: float, rng: Random, start: float
    ) -> int:
        s = self.settings
        empty = FULL_MASK & ~state.occupied
        budget = max(0.002, budget_s * 0.92 - 0.004)
        st = tuple(state)
        five_b = _search.five_cells(state.black, empty)
        five_w = _search.five_cells(state.white, empty)
        both_can_win = bool(five_b and five_w)
        matrix = s.nash_share > 0 and (both_can_win or not s.nash_only_when_both_can_win)
        duct_s = budget * (1.0 - s.nash_share) if matrix else budget
        if s.tree:
            cells, nb, sb, nw, sw, iterations, nodes = _search.duct_tree(
                st, duct_s, s.max_iterations, s.exploration, s.policy, rng
            )
        else:
            cells = squares_of(candidate_mask(state))
            nb, sb, nw, sw, iterations = _search.duct(
                st, cells, cells, duct_s, s.max_iterations, s.exploration, s.policy, rng
            )
            nodes = 1
        mine_n = nb if player == BLACK else nw
        playouts = iterations
        if not matrix:
            strategy = _visit_strategy(cells, mine_n, s.keep_share)
        else:
            # The joint picks that matter, estimated cell by cell, and the matrix game
            # solved: in a position where both can complete a five this mixes between
            # completing one's own five and blocking the opponent's (module docstring).
            forced = five_b | five_w
            cand_b = _top(cells, nb, sb, s.candidates, forced)
            cand_w = _top(cells, nw, sw, s.candidates, forced)
            left = budget - (time.perf_counter() - start)
            means, _counts, rounds = _search.joint_matrix(
                st, cand_b, cand_w, max(0.001, left), s.max_matrix_rounds, s.policy, rng
            )
            playouts += rounds * len(cand_b) * len(cand_w)
            pb, pw, _value = _matrix.solve_matrix(means, len(cand_b), len(cand_w), 4000)
            mine_c, mine_p = (cand_b, pb) if player == BLACK else (cand_w, pw)
            strategy = purify(dict(zip(mine_c, mine_p, strict=True)), s.min_probability)
        self.last = {
            "iterations": iterations,
            "playouts": playouts,
            "nodes": nodes,
            "matrix": matrix,
            "strategy": strategy,
        }
        return sample(strategy, rng)


def candidate_mask(state: ShellState) -> int:
    """The cells worth searching: next to a piece, or where either colour would make
    a four or a five; the centre's 3×3 on an empty board; every empty cell if
    that leaves fewer than two."""
    empty = FULL_MASK & ~state.occupied
    if not state.occupied:
        return _search.near_cells(1 << CENTRE) & empty
    mask = _search.near_cells(state.occupied)
    for own in (state.black, state.white):
        mask |= _search.four_cells(own, empty) | _search.five_cells(own, empty)
    mask &= empty
    return mask if mask.bit_count() >= 2 else empty


def _top(cells: list[int], visits: list[int], sums: list[float], k: int, forced: int) -> list[int]:
    """The k most visited cells (ties: best mean), then every forced cell, in that order."""
    order = sorted(
        range(len(cells)), key=lambda i: (visits[i], sums[i] / max(1, visits[i])), reverse=True
    )
    chosen = [cells[i] for i in order[:k]]
    chosen += [sq for sq in squares_of(forced) if sq not in chosen]
    return chosen


def _visit_strategy(cells: list[int], visits: list[int], keep_share: float) -> dict[int, float]:
    """Decoupled UCT's mixed strategy: visits, with the exploration noise cut off."""
    top = max(visits)
    kept = {sq: float(n) for sq, n in zip(cells, visits, strict=True) if n >= keep_share * top}
    total = sum(kept.values())
    return {sq: n / total for sq, n in kept.items()}


#: The two search levels: hard plays out with "complete or block a five, else
#: anywhere"; expert also prefers cells next to pieces and solves the matrix game.
HARD = SearchSettings(policy=(1.0, 1.0, 0.0))
EXPERT = SearchSettings(
    policy=(1.0, 1.0, 0.5), tree=True, exploration=0.3, keep_share=0.5, nash_share=0.5
)
