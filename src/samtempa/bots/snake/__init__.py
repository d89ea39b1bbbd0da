"""Snake Synapse bots: space-and-survival (medium) and sampled-opponent search (hard).

Both rank paths with a cheap *model* of the next few steps (:mod:`.model`:
which cells are walls for a head and where a step leads, asked of the engine,
where the bodies are, how far other heads can reach), then flood-fill the
space left at the end of the path. The model only proposes; the bots decide
by playing candidate orders through the engine itself (:mod:`.scenarios`)
against sampled opponents' orders, so every rule (blocking, head-ons, growth,
powers, terrain changes) counts exactly as the engine says, and score each
outcome (:mod:`.evaluation`, with the numbers of :mod:`.weights`).

Medium: the path with the most room and the least head-on risk (SS-5.5,
SS-5.6). Hard: its best paths plus each race's power (:mod:`.powers`, SS-8:
breaker's stand-still, dash, a trap ahead of an opponent, digging through a
wall, going ghost, a portal shot), each played against the same sampled
opponents' plausible paths; the best mean outcome wins (:mod:`.bots`).
"""

from samtempa.bots.snake.bots import SnakeHardBot, SnakeMediumBot, make_snake_bot
from samtempa.bots.snake.evaluation import Position, outcome_value
from samtempa.bots.snake.model import Model, Plan, complete_path, plan_order
from samtempa.bots.snake.powers import power_orders
from samtempa.bots.snake.scenarios import (
    Scenario,
    engine_means,
    next_turn_value,
    predicted_orders,
    random_safe_scenarios,
    second_turn_means,
    trail,
)
from samtempa.bots.snake.weights import (
    DEATH,
    HARD_RANDOM_SAFE,
    HARD_SMART,
    HARD_WEIGHTS,
    LOOKAHEAD_ALIVE,
    LOOKAHEAD_MIN,
    OUTLIVED,
    RANK_WEIGHTS,
    WEIGHTS,
    Weights,
)

__all__ = [
    "DEATH",
    "HARD_RANDOM_SAFE",
    "HARD_SMART",
    "HARD_WEIGHTS",
    "LOOKAHEAD_ALIVE",
    "LOOKAHEAD_MIN",
    "OUTLIVED",
    "RANK_WEIGHTS",
    "WEIGHTS",
    "Model",
    "Plan",
    "Position",
    "Scenario",
    "SnakeHardBot",
    "SnakeMediumBot",
    "Weights",
    "complete_path",
    "engine_means",
    "make_snake_bot",
    "next_turn_value",
    "outcome_value",
    "plan_order",
    "power_orders",
    "predicted_orders",
    "random_safe_scenarios",
    "second_turn_means",
    "trail",
]
