"""What the Shell bots' shared scaffolding: one home for what every level does alike.

- :class:`CellBot`: a bot's orders are the one empty cell it picks (WTS-2.1), by
  name (WTS-2.3), so ``choose`` is written once and each level only picks a cell.
- :class:`TimedBot` (and :class:`SettingsBot`, one made of a settings object): the
  search levels (exact, hybrid, the UCT bots) keep the figures of their last
  decision in ``last`` for the benchmarks, and none of them searches when a single
  cell is left (both colours must take it: a collision, WTS-3.2).
- :class:`OnePlyBot`: one turn of tactics (complete a five, else block one, else the
  best-scored pick against a quiet reply), the loop of the medium level and of the
  benchmarks' greedy tactician, which differ only in their opening and their score.
- :func:`purify` and :func:`sample`: the search levels play mixed strategies (both
  colours pick at once, so a bot that always answers alike is read and punished).
"""

from __future__ import annotations

import time
from abc import abstractmethod
from random import Random
from typing import Any, Generic, TypeVar

from samtempa.bots.base import Bot
from samtempa.bots.shell import _search
from samtempa.games.base import Game, PlayerId
from samtempa.games.shell import fast as shell_fast
from samtempa.games.shell.board import FULL_MASK, square_name, squares_of
from samtempa.games.shell.state import BLACK, ShellState

#: A level's settings (a frozen dataclass: :class:`.exact.ExactSettings`, …).
SettingsT = TypeVar("SettingsT")


class CellBot(Bot):
    """A What the Shell bot: its orders are the name of the cell :meth:`cell` picks."""

    def choose(
        self,
        game: Game[Any, Any],
        state: ShellState,
        player: PlayerId,
        budget_s: float,
        rng: Random,
    ) -> Any:
        return square_name(self.cell(state, player, budget_s, rng))

    @abstractmethod
    def cell(self, state: ShellState, player: PlayerId, budget_s: float, rng: Random) -> int:
        """The square ``player`` takes, within about ``budget_s`` seconds."""


class TimedBot(CellBot):
    """A time-bounded search level: :meth:`pick` answers the last empty cell at once
    (the figures named in :attr:`IDLE` counted 0 then), else hands over to
    :meth:`search_pick`."""

    #: The figures a decision made without a search reports as 0 (before its strategy).
    IDLE: tuple[str, ...] = ()

    def __init__(self, name: str) -> None:
        self.name = name
        #: Figures of the last decision (depth or iterations, playouts, strategy), for
        #: benchmarks.
        self.last: dict[str, Any] = {}

    def cell(self, state: ShellState, player: PlayerId, budget_s: float, rng: Random) -> int:
        return self.pick(state, player, budget_s, rng)

    def pick(self, state: ShellState, player: PlayerId, budget_s: float, rng: Random) -> int:
        start = time.perf_counter()
        empty = FULL_MASK & ~state.occupied
        if empty.bit_count() == 1:
            last = empty.bit_length() - 1
            self.last = {**dict.fromkeys(self.IDLE, 0), "strategy": {last: 1.0}}
            return last
        return self.search_pick(state, player, budget_s, rng, start)

    @abstractmethod
    def search_pick(
        self, state: ShellState, player: PlayerId, budget_s: float, rng: Random, start: float
    ) -> int:
        """The searched pick; ``start``: when the decision began (``time.perf_counter``),
        so the search's phases share the budget from then."""


class SettingsBot(TimedBot, Generic[SettingsT]):
    """A search level made of one settings object, so that one class serves every
    level of a kind (the registry's hard and expert are two settings of one bot)."""

    def __init__(self, name: str, settings: SettingsT) -> None:
        super().__init__(name)
        self.settings = settings


class OnePlyBot(CellBot):
    """One turn of tactics: complete a five, else block one, else the pick :meth:`value`
    likes best, the opponent's pick taken to be a quiet one far away (the lowest
    empty cell next to no piece and not next to the pick, else the lowest other
    one). Blind to simultaneous tactics by design. Ties (within 1e-9) are broken at
    random."""

    def cell(self, state: ShellState, player: PlayerId, budget_s: float, rng: Random) -> int:
        return self.pick(state, player, rng)

    def pick(self, state: ShellState, player: PlayerId, rng: Random) -> int:
        own, opp = own_opp(state, player)
        occupied = state.occupied
        empty = FULL_MASK & ~occupied
        for mask in (_search.five_cells(own, empty), _search.five_cells(opp, empty)):
            if mask:
                return rng.choice(squares_of(mask))
        if not occupied:
            return self.opening(rng)
        candidates = _search.near_cells(occupied) & empty or empty
        best: list[int] = []
        best_score = float("-inf")
        for sq in squares_of(candidates):
            quiet = empty & ~_search.near_cells(occupied | 1 << sq)
            others = quiet or (empty & ~(1 << sq))
            if not others:  # the last empty cell
                return sq
            reply = others & -others
            theirs = reply.bit_length() - 1
            after = shell_fast.step(state, *joint(player, sq, theirs))
            score = self.value(state, after, player, rng)
            if score > best_score + 1e-9:
                best, best_score = [sq], score
            elif abs(score - best_score) <= 1e-9:
                best.append(sq)
        return rng.choice(best)

    @abstractmethod
    def opening(self, rng: Random) -> int:
        """The cell taken on an empty board."""

    @abstractmethod
    def value(self, before: ShellState, after: ShellState, player: PlayerId, rng: Random) -> float:
        """The score of the pick that led from ``before`` to ``after`` for ``player``."""


def own_opp(state: ShellState, player: PlayerId) -> tuple[int, int]:
    """(``player``'s pieces, the opponent's)."""
    return (state.black, state.white) if player == BLACK else (state.white, state.black)


def joint(player: PlayerId, mine: int, theirs: int) -> tuple[int, int]:
    """(black's pick, white's pick) from the player's and the opponent's picks."""
    return (mine, theirs) if player == BLACK else (theirs, mine)


def purify(strategy: dict[int, float], floor: float) -> dict[int, float]:
    """Drop the probabilities below ``floor`` (the solver's noise, or a sampled
    matrix's) and renormalise; the likeliest cell alone if none is left."""
    kept = {sq: p for sq, p in strategy.items() if p >= floor}
    if not kept:
        best = max(strategy, key=lambda sq: strategy[sq])
        return {best: 1.0}
    total = sum(kept.values())
    return {sq: p / total for sq, p in kept.items()}


def sample(strategy: dict[int, float], rng: Random) -> int:
    """One cell drawn from a mixed strategy (cells in board order, one draw of ``rng``)."""
    r = rng.random()
    acc = 0.0
    last = 0
    for sq, p in sorted(strategy.items()):
        acc += p
        last = sq
        if r < acc:
            return sq
    return last
