"""The Snake Synapse bots' tuned numbers: outcome weights, search sizes, prediction
ranks and the risk model, each with how it was measured."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights of :func:`outcome_value`."""

    #: Each snake that died this turn (a step up the placement for a survivor).
    kill: float = 60.0
    #: Next turn's estimated risk of death (:data:`RISK_MODEL`), as a probability.
    next_death: float = 400.0
    #: Each step short of two turns that the snake could still walk alone.
    survival: float = 40.0
    #: How close a survivor's value may come to dying now (0: no floor). The penalties
    #: of a tight spot add up to more than a death: without a floor, a path that
    #: certainly lives but ends boxed in scored below one that dies this turn, so the
    #: bot chose to die now rather than maybe later (dying later never places worse).
    floor: float = 0.0


#: The value of a death, and what each snake it outlived adds (SS-10.1: placement).
DEATH = -500.0
OUTLIVED = 40.0
#: The weights the medium bot plays with, and the hard bot expects of the others.
WEIGHTS = Weights()
#: The hard bot's own: a survivor always scores above a death this turn.
HARD_WEIGHTS = Weights(floor=40.0)
#: Node limit of the walk search of :meth:`Position.walk_length`.
SURVIVAL_NODES = 400

#: Opponents' sampled orders per decision of the medium bot, and its candidates.
MEDIUM_SCENARIOS = 40
MEDIUM_CANDIDATES = 12
#: How much better than the best path a power must be for the medium bot to spend a
#: charge on it (about a 5% lower risk of death).
CHARGE_VALUE = 25.0
#: Weight of one expected head-on or body collision in the medium pre-screen.
COLLISION_RISK = 120.0


#: The hard bot: random-safe draws per decision, the chance that another snake follows
#: one of its own best paths in a scenario (else a random-safe draw), its path
#: candidates, and the margin a power must win by to spend a charge. A charge kept
#: is an escape for later (most deaths come in positions where every path dies, and
#: a power can still save those), so the margin is a fifth of a death: at 12 the
#: hard bot spent its breaker, dashes and ghost in the first turns (0.607 against
#: medium over 200 games, 0.635 at 100).
HARD_RANDOM_SAFE = 32
HARD_SMART = 0.9
HARD_CANDIDATES = 14
HARD_CHARGE_VALUE = 100.0
#: How the hard bot predicts a careful snake: its best paths by the pre-screen, each
#: played through the engine against this many random-safe draws.
PREDICT_CANDIDATES = 8
PREDICT_SCENARIOS = 5
#: The hard bot's penalty per step onto a cell another head could reach as soon.
EXPOSURE = 20.0
#: Share of its time past which the hard bot predicts no more snakes (the rest stay
#: random-safe): at 250 ms a move, predicting five snakes takes 58 ms (median) to
#: 130 ms on this machine, so this only bites on a machine too busy to answer in time.
PREDICT_SHARE = 0.8
#: Scenarios drawn up front (the search plays as many as its time allows).
HARD_SCENARIOS = 96
#: The hard bot's second turn, in the endgame: with at most ``LOOKAHEAD_ALIVE``
#: snakes alive, the first turn's search gets ``LOOKAHEAD_SHARE`` of the time and
#: its best ``LOOKAHEAD_TOP`` paths are scored again by the best next turn from
#: where each scenario leaves them (:func:`next_turn_value`: the
#: ``LOOKAHEAD_PLANS`` best paths there against ``LOOKAHEAD_SCENARIOS``
#: random-safe draws), if at least ``LOOKAHEAD_MIN`` scenarios fit in the time.
#: Endgame duels are mostly decided by which snake is left with the longer walk;
#: the one-turn value only estimates that. Measured on the endgames of 179
#: recorded hard-vs-medium games replayed from four snakes alive (two runs each):
#: 1 174 and 1 181 hard-medium pairs of 1 611 won, against 1 153 and 1 157
#: without it; from the first turn on, halving the first turn's search costs more
#: than the second turn gains (0.606 against medium over 100 games, 0.647 without).
LOOKAHEAD_ALIVE = 4
LOOKAHEAD_SHARE = 0.5
LOOKAHEAD_TOP = 3
LOOKAHEAD_PLANS = 6
LOOKAHEAD_SCENARIOS = 4
LOOKAHEAD_MIN = 4
#: How likely another snake is to play the order of each rank of its prediction (its
#: ``PREDICT_CANDIDATES`` best paths by their engine value, then the pre-screen's next
#: ones). Measured: how often a medium snake's order had each rank, over 926 decisions
#: of hard-vs-medium games (``benchmarks/bench_snake_prediction.py``); 2% of them fell
#: outside the first 30. With (0.55, 0.28, 0.17) on the first three only, the
#: prediction was twice too sure of the second and third and never expected the
#: fourth to the thirtieth, 37% of what medium played; the hard bot scored 0.635
#: against medium, 0.664 with these (200 games).
RANK_WEIGHTS = (
    0.415, 0.14, 0.08, 0.075, 0.038, 0.022, 0.015, 0.015, 0.025, 0.023,
    0.025, 0.023, 0.017, 0.011, 0.011, *(0.004,) * 15,
)  # fmt: skip


#: The logistic model of next turn's risk of death (against random-safe snakes), fitted
#: on positions of medium-vs-easy games: the best of a snake's paths was played against
#: sampled random-safe orders. Features: cells the head reaches first (of 8), how far
#: (of 5), room (of 12), free neighbours (of 3), other heads one and two steps away,
#: cells reached together with another head (of 6).
RISK_MODEL = (1.78, -2.06, -1.63, -1.29, -0.9, 0.13, 0.19, 0.61)
