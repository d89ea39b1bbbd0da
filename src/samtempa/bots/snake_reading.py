"""What the hard Snake Synapse bot learns about each other snake from the paths it walked.

The hard bot expects another snake to play either as a careful snake would
(its prediction: a ranked list of paths, each rank as likely as measured on
medium snakes) or at random-safe, and it must know how much of each to
expect: a medium snake walks its predicted first path about 40% of the time,
a random-safe snake hardly ever. Expecting careful play of a random-safe
snake cost the hard bot 0.03 against easy (0.675 against 0.705 when it
expected random-safe play of everybody, 100 games), so the share is read from
the snake's own play: after each turn the path it walked (its head's cells,
read from its body) is scored under both expectations, and Bayes' rule moves
the belief, as log odds that decay towards the prior so that a snake that
changes its play is followed.

The bot may meet many games in one process (the arena reuses a bot; a served
bot answers several matches): an observation counts only when the state is
the next turn of the one expected and the walk starts beside the head it
started from; otherwise the belief starts again from the prior.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from samtempa.games.base import PlayerId
from samtempa.games.snake.state import State

#: Share of the careful expectation that falls outside its ranked paths (measured on
#: medium snakes: 2% of their orders ranked past the thirtieth).
CAREFUL_MISS = 0.02
#: How much of the evidence a belief keeps from one turn to the next (the rest returns
#: to the prior).
DECAY = 0.8
#: Bounds of a belief, as log odds: no number of turns makes it certain.
LOG_ODDS_BOUND = 6.0
#: Beliefs kept at most (then all are forgotten).
MAX_BELIEFS = 10_000

Trail = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Expectation:
    """What one snake was expected to walk at one turn, under both expectations."""

    turn: int
    #: Where its first step could land (a walk starting elsewhere is another game's).
    firsts: frozenset[int]
    #: Trail → probability under the careful expectation.
    careful: dict[Trail, float]
    #: Trail → how many of the random-safe draws walked it, out of ``draws``.
    drawn: dict[Trail, int]
    draws: int
    #: How many safe paths the snake had: the support both expectations share.
    safe: int

    def log_ratio(self, trail: Trail) -> float:
        """log P(trail | careful) − log P(trail | random-safe), both smoothed."""
        miss = CAREFUL_MISS / max(1, self.safe - len(self.careful))
        careful = self.careful.get(trail, 0.0) + miss
        random_safe = (self.drawn.get(trail, 0) + 1) / (self.draws + max(1, self.safe))
        return math.log(careful / random_safe)


def walked(state: State, player: PlayerId, steps: int) -> Trail | None:
    """The cells a living snake's head entered in the last turn's ``steps`` steps, first
    first: a mover's body is its targets, newest first (SS-5.7); None if it is dead or
    too short."""
    snake = state.snake(player)
    if not snake.alive or len(snake.body) < steps:
        return None
    return tuple(reversed(snake.body[:steps]))


@dataclass(slots=True)
class _Belief:
    log_odds: float
    #: The turn of the last reading (-1: none yet).
    turn: int = -1
    expected: Expectation | None = None


@dataclass(slots=True)
class Reading:
    """One bot's beliefs about the snakes it plays against, by (its snake, the other)."""

    #: The careful share before any evidence, and the most ever expected.
    prior: float
    _beliefs: dict[tuple[PlayerId, PlayerId], _Belief] = field(default_factory=dict)

    def careful_share(self, state: State, me: PlayerId, other: PlayerId) -> float:
        """How likely ``other`` is to play carefully this turn, the last turn's walk counted
        (asking again in the same turn changes nothing)."""
        prior = _logit(self.prior)
        if len(self._beliefs) > MAX_BELIEFS:
            self._beliefs.clear()  # a long-lived served bot meets ever new players
        belief = self._beliefs.setdefault((me, other), _Belief(prior))
        if belief.turn != state.turn:
            seen, belief.expected = belief.expected, None
            trail = walked(state, other, state.path_length)
            if belief.turn + 1 != state.turn:
                belief.log_odds = prior  # the first turn seen, or another game: start again
            elif seen is not None and trail and trail[0] in seen.firsts:
                drift = prior + DECAY * (belief.log_odds - prior)
                lo = drift + seen.log_ratio(trail)
                belief.log_odds = max(-LOG_ODDS_BOUND, min(LOG_ODDS_BOUND, lo))
            belief.turn = state.turn
        return min(self.prior, 1.0 / (1.0 + math.exp(-belief.log_odds)))

    def expect(self, me: PlayerId, other: PlayerId, expectation: Expectation) -> None:
        """Remember what ``other`` is expected to walk this turn, to read it next turn."""
        belief = self._beliefs.setdefault((me, other), _Belief(_logit(self.prior)))
        belief.expected = expectation
        belief.turn = expectation.turn


def _logit(p: float) -> float:
    p = min(max(p, 1e-6), 1 - 1e-6)
    return math.log(p / (1 - p))
