"""Sampled turns of the other snakes, and candidates played against them through the engine.

Every candidate meets the same scenarios (common random numbers) through
``game.step``, so every rule counts exactly as the engine says.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from samtempa.bots.snake.evaluation import outcome_value
from samtempa.bots.snake.fastturns import FastTurns
from samtempa.bots.snake.model import Model, Plan, plan_order
from samtempa.bots.snake.weights import (
    COLLISION_RISK,
    HARD_WEIGHTS,
    LOOKAHEAD_PLANS,
    LOOKAHEAD_SCENARIOS,
    PREDICT_CANDIDATES,
    PREDICT_SCENARIOS,
    RANK_WEIGHTS,
    WEIGHTS,
    Weights,
)
from samtempa.bots.snake_reading import Expectation
from samtempa.bots.snake_safe import safe_order
from samtempa.games.base import Game, OrderError, PlayerId
from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import Race, Snake, State
from samtempa.games.snake.terrain import DIRS

#: One sampled turn of the other snakes: their orders by id.
Scenario = dict[PlayerId, Order]


def random_safe_scenarios(
    state: State, player: PlayerId, rng: Random, count: int
) -> list[Scenario]:
    """``count`` draws of every other living snake's orders from the random-safe policy."""
    others = [s.id for s in state.snakes if s.alive and s.id != player]
    searches: dict[PlayerId, Any] = {}
    return [
        {sid: safe_order(state, sid, rng, searches=searches) for sid in others}
        for _ in range(count)
    ]


def head_map(
    model: Model, state: State, scenarios: Sequence[Scenario], skip: PlayerId | None = None
) -> dict[tuple[int, int], float]:
    """(cell, step of ours) → expected number of other heads entering the cell then.

    Step 0 stands for "before our first step" (a dasher's early steps). Ghosts
    are left out (they meet nobody, SS-8.5); a path stops where the model sees
    a wall (that snake dies there, :func:`trail`).
    """
    out: dict[tuple[int, int], float] = {}
    if not scenarios:
        return out
    w = 1.0 / len(scenarios)
    for scenario in scenarios:
        for sid, order in scenario.items():
            if order.breaker or not order.path or sid == skip:
                continue
            snake = state.snake(sid)
            if order.ghost or snake.ghost_turns_left >= 2:
                continue
            for k, head in enumerate(trail(model, snake, order), start=1):
                key = (head, max(0, k - order.dash))
                out[key] = out.get(key, 0.0) + w
    return out


def collision_risk(cells: Sequence[int], heads: dict[tuple[int, int], float]) -> float:
    """Expected collisions of a path: another head on its cell at the same step
    (head-on) or before (its body is there)."""
    risk = 0.0
    for k, c in enumerate(cells, start=1):
        for j in range(k + 1):
            risk += heads.get((c, j), 0.0)
    return risk


def screen(plans: Sequence[Plan], heads: dict[tuple[int, int], float], n: int) -> list[Plan]:
    """The plans that walk all ``n`` steps in the model, best first by room less the
    expected collisions with ``heads`` (the pre-screen before the engine decides)."""
    return sorted(
        (p for p in plans if p.survived == n),
        key=lambda p: p.score - COLLISION_RISK * collision_risk(p.cells, heads),
        reverse=True,
    )


def engine_means(
    game: Game[Any, Any],
    state: State,
    player: PlayerId,
    candidates: Sequence[Order],
    scenarios: Sequence[Scenario],
    weights: Weights,
    deadline: float,
    *,
    fast: bool = False,
) -> tuple[list[float], int]:
    """Each candidate's mean :func:`outcome_value` over the scenarios played through the
    engine (the same scenarios for all: common random numbers); stops at ``deadline``
    after a whole scenario. Returns the means and the scenarios played. ``fast``: the
    turns are played on the compiled fast path (:mod:`.fastturns`: the same states)."""
    totals = [0.0] * len(candidates)
    played = 0
    turns = FastTurns(game, state) if fast else None
    for others in scenarios:
        for i, order in enumerate(candidates):
            orders = dict(others)
            orders[player] = order
            try:
                after = turns.after(orders) if turns else game.step(state, orders).state
                totals[i] += outcome_value(state, after, player, weights)
            except OrderError:
                totals[i] += -1e6
        played += 1
        if time.perf_counter() > deadline:
            break
    return [t / max(1, played) for t in totals], played


@dataclass(frozen=True, slots=True)
class Search:
    """One turn searched against random-safe others (what a caller may reuse after)."""

    model: Model
    candidates: list[Order]
    means: list[float]
    scenarios: list[Scenario]
    played: int


def random_safe_search(
    game: Game[Any, Any],
    state: State,
    player: PlayerId,
    rng: Random,
    scenarios: int,
    candidates: int,
    weights: Weights,
    deadline: float,
    *,
    fast: bool = False,
) -> Search:
    """The medium bot's search, also the hard bot's next turn (on the fast path): the
    best ``candidates`` paths by the pre-screen, played through the engine against
    ``scenarios`` random-safe draws of the others."""
    me = state.snake(player)
    n = state.path_length
    model = Model(state)
    plans = model.plans(me, rng, with_risk=False)
    drawn = random_safe_scenarios(state, player, rng, scenarios)
    ranked = screen(plans, head_map(model, state, drawn), n)
    orders = [plan_order(p, n) for p in (ranked[:candidates] or plans[:1])]
    means, played = engine_means(game, state, player, orders, drawn, weights, deadline, fast=fast)
    return Search(model, orders, means, drawn, played)


def second_turn_means(
    game: Game[Any, Any],
    state: State,
    player: PlayerId,
    candidates: Sequence[Order],
    scenarios: Sequence[Scenario],
    rng: Random,
    deadline: float,
) -> tuple[list[float], int]:
    """Each candidate's mean :func:`next_turn_value` over the scenarios (the same for
    all) until ``deadline``; a scenario cut short by the deadline is dropped. Returns
    the means and the scenarios counted."""
    totals = [0.0] * len(candidates)
    played = 0
    turns = FastTurns(game, state)
    for others in scenarios:
        row: list[float] = []
        for order in candidates:
            if time.perf_counter() > deadline:
                break
            orders = dict(others)
            orders[player] = order
            row.append(next_turn_value(game, state, turns.after(orders), player, rng))
        if len(row) < len(candidates):
            break
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        played += 1
    return [t / max(1, played) for t in totals], played


def next_turn_value(
    game: Game[Any, Any], before: State, after: State, player: PlayerId, rng: Random
) -> float:
    """How good ``after`` is, a turn further: the best mean :func:`outcome_value` of the
    snake's next turn (its best few paths against a few random-safe draws of the
    others); the turn's own value if it is dead or the game is over."""
    if not after.snake(player).alive or after.result is not None:
        return outcome_value(before, after, player, HARD_WEIGHTS)
    search = random_safe_search(
        game,
        after,
        player,
        rng,
        LOOKAHEAD_SCENARIOS,
        LOOKAHEAD_PLANS,
        HARD_WEIGHTS,
        math.inf,
        fast=True,
    )
    return max(search.means)


def predicted_orders(
    game: Game[Any, Any],
    state: State,
    model: Model,
    snake: Snake,
    drawn: Sequence[Scenario],
) -> list[Order]:
    """What a careful snake expecting random-safe neighbours plays, most likely first
    (ranks as :data:`RANK_WEIGHTS` weighs them): its surviving paths ranked by room
    less the expected collisions with the heads of ``drawn``, the first
    ``PREDICT_CANDIDATES`` re-ranked by their engine value against a few of
    ``drawn``."""
    n = state.path_length
    theirs = head_map(model, state, drawn, skip=snake.id)
    plans = model.simple_plans(snake)
    screened = screen(plans, theirs, n)
    best = screened[:PREDICT_CANDIDATES]
    if not best:
        return []
    orders = [plan_order(p, n) for p in best]
    tests = drawn[:PREDICT_SCENARIOS]
    values, _ = engine_means(game, state, snake.id, orders, tests, WEIGHTS, math.inf, fast=True)
    ranked = [orders[i] for i in sorted(range(len(orders)), key=lambda i: -values[i])]
    return ranked + [plan_order(p, n) for p in screened[len(best) : len(RANK_WEIGHTS)]]


def trail(model: Model, snake: Snake, order: Order) -> tuple[int, ...]:
    """The cells ``order``'s head enters, in the model: targets as SS-5.2 (ladders taken,
    SS-1.5; portals left out), up to the wall where it would die (SS-5.5 case 3), but
    a Digger's walls from its dig step on (SS-8.4); none for a Breaker (SS-8.1)."""
    if order.breaker:
        return ()
    cells = []
    head = snake.head
    for k, letter in enumerate(order.path, start=1):
        head = model.target(head, DIRS.index(letter))
        if head < 0 or (model.wall[head] and not (order.dig and k >= order.dig)):
            break
        cells.append(head)
    return tuple(cells)


def expectation(
    state: State, model: Model, snake: Snake, predicted: Sequence[Order], drawn: Sequence[Scenario]
) -> Expectation:
    """What ``snake`` is expected to walk this turn, careful or random-safe (for
    :class:`~.snake_reading.Reading`, next turn)."""
    weights = RANK_WEIGHTS[: len(predicted)]
    total = sum(weights)
    careful: dict[tuple[int, ...], float] = {}
    for w, order in zip(weights, predicted, strict=True):
        cells = trail(model, snake, order)
        careful[cells] = careful.get(cells, 0.0) + w / total
    seen: dict[tuple[int, ...], int] = {}
    for scenario in drawn:
        cells = trail(model, snake, scenario[snake.id])
        seen[cells] = seen.get(cells, 0) + 1
    n = state.path_length
    firsts = frozenset(t for d in range(4) if (t := model.target(snake.head, d)) >= 0)
    safe = sum(1 for p in model.simple_plans(snake) if p.survived == n)
    return Expectation(state.turn, firsts, careful, seen, len(drawn), safe)


def exposure(model: Model, state: State, me: Snake, order: Order) -> int:
    """How many times ``order``'s head steps on a cell another head could reach at that
    step or earlier (its distance, a dasher's possible head start included)."""
    if order.breaker or order.ghost or me.ghost_turns_left >= 2 or not order.path:
        return 0
    others = [s for s in state.snakes if s.alive and s.id != me.id and not s.is_ghost]
    if not others:
        return 0
    reach = [model.reach(s) for s in others]
    early = [min(2, s.charges) if s.race == Race.DASHER else 0 for s in others]
    count = 0
    for k, head in enumerate(trail(model, me, order), start=1):
        step = k - order.dash
        for dist, e in zip(reach, early, strict=True):
            d = dist[head]
            if 0 < d <= step + e:
                count += 1
    return count
