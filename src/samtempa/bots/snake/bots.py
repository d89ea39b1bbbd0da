"""The medium and hard Snake Synapse bots, and the level registry's constructor."""

from __future__ import annotations

import math
import time
from abc import abstractmethod
from random import Random
from typing import Any

from samtempa.bots.base import Bot
from samtempa.bots.snake.model import Model, plan_order
from samtempa.bots.snake.powers import defensive_orders, power_orders, valid
from samtempa.bots.snake.scenarios import (
    Scenario,
    engine_means,
    expectation,
    exposure,
    head_map,
    predicted_orders,
    random_safe_scenarios,
    random_safe_search,
    screen,
    second_turn_means,
)
from samtempa.bots.snake.weights import (
    CHARGE_VALUE,
    EXPOSURE,
    HARD_CANDIDATES,
    HARD_CHARGE_VALUE,
    HARD_RANDOM_SAFE,
    HARD_SCENARIOS,
    HARD_SMART,
    HARD_WEIGHTS,
    LOOKAHEAD_ALIVE,
    LOOKAHEAD_MIN,
    LOOKAHEAD_SHARE,
    LOOKAHEAD_TOP,
    MEDIUM_CANDIDATES,
    MEDIUM_SCENARIOS,
    PREDICT_SHARE,
    RANK_WEIGHTS,
    WEIGHTS,
)
from samtempa.bots.snake_reading import Reading
from samtempa.bots.snake_safe import SnakeSafeBot
from samtempa.games.base import Game, PlayerId
from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import State


class SnakeSearchBot(Bot):
    """What the searching Snake Synapse bots share: they decide an :class:`Order`, the
    protocol gets its JSON form, and ``last`` says how the latest one was found (the
    scenarios played, the candidates…: read by tests and benchmarks)."""

    def __init__(self) -> None:
        self.last: dict[str, Any] = {}

    def choose(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        return self.decide(game, state, player, budget_s, rng).to_json()

    @abstractmethod
    def decide(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Order:
        """``player``'s orders within about ``budget_s`` seconds; sets :attr:`last`."""


class SnakeMediumBot(SnakeSearchBot):
    """Space and survival against random snakes: the other snakes are expected to move
    as the random-safe bot does. Its orders are sampled; the model's paths with
    the most room are pre-screened by the expected collisions with the sampled heads,
    and the best few are played through the engine against every sample. When the
    best still risks its life, the defensive powers (stand still, go ghost, dig)
    are tried the same way."""

    name = "medium"

    def __init__(
        self, scenarios: int = MEDIUM_SCENARIOS, candidates: int = MEDIUM_CANDIDATES
    ) -> None:
        super().__init__()
        self.scenarios = scenarios
        self.candidates = candidates

    def decide(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Order:
        start = time.perf_counter()
        deadline = start + max(0.005, budget_s * 0.6)
        me = state.snake(player)
        search = random_safe_search(
            game, state, player, rng, self.scenarios, self.candidates, WEIGHTS, deadline
        )
        model, candidates, means = search.model, search.candidates, search.means
        scenarios, played = search.scenarios, search.played
        best = max(range(len(candidates)), key=lambda i: means[i])
        if me.charges > 0:
            # A defensive power (stand still, move first, pass through, dig: SS-8.1, 8.2,
            # 8.4, 8.5) when it is worth the charge.
            top = [candidates[i] for i in sorted(range(len(means)), key=lambda i: -means[i])[:3]]
            extra = [
                o
                for o in defensive_orders(state, model, me, rng, top)
                if valid(game, state, me.id, o)
            ]
            if extra:
                more, _ = engine_means(
                    game, state, player, extra, scenarios[:played], WEIGHTS, math.inf
                )
                i = max(range(len(extra)), key=lambda i: more[i])
                if more[i] > means[best] + CHARGE_VALUE:
                    self.last = {"scenarios": played, "chosen": extra[i].to_json()}
                    return extra[i]
        self.last = {
            "scenarios": played,
            "candidates": len(candidates),
            "steps": played * len(candidates),
            "seconds": time.perf_counter() - start,
        }
        return candidates[best]


class SnakeHardBot(SnakeSearchBot):
    """Samples the other snakes' plausible orders and plays its candidates through the engine.

    Each other snake is expected either to move as a careful snake would (one
    of its own best paths: most room, fewest expected collisions with the
    others' random-safe heads, each as likely as measured on medium snakes) or
    at random-safe. Candidates: the paths with
    the most room and the fewest expected collisions under that mixture, and
    while the snake has charges its race's power in the forms that can help
    (SS-8). Every candidate meets the same scenarios (common random numbers),
    played on the compiled fast path (:mod:`.fastturns`: the states ``game.step``
    gives), scored by :func:`outcome_value`, until the time
    is up; the best mean wins, a power only when it beats the best path by
    more than a charge is worth. In the endgame (``LOOKAHEAD_ALIVE``) the best
    few paths are also played a turn further (:func:`second_turn_means`).
    """

    name = "hard"

    def __init__(self, candidates: int = HARD_CANDIDATES, smart: float = HARD_SMART) -> None:
        super().__init__()
        self.candidates = candidates
        #: How careful each other snake has been (``smart`` before any evidence).
        self.reading = Reading(prior=smart)
        self._shares: dict[PlayerId, float] = {}

    def decide(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Order:
        start = time.perf_counter()
        deadline = start + max(0.01, budget_s * 0.85 - 0.01)
        lookahead = sum(s.alive for s in state.snakes) <= LOOKAHEAD_ALIVE
        first = start + LOOKAHEAD_SHARE * (deadline - start) if lookahead else deadline
        model = Model(state)
        me = state.snake(player)
        n = state.path_length
        until = start + PREDICT_SHARE * (first - start)
        scenarios, predicted = self._scenarios(game, state, model, player, rng, until)
        heads = head_map(model, state, scenarios)
        plans = model.plans(me, rng, with_risk=False)
        ranked = screen(plans, heads, n)
        paths = [plan_order(p, n) for p in (ranked[: self.candidates] or plans[:1])]
        powers: list[Order] = []
        if me.charges > 0:
            top = ranked[:3] or plans[:1]
            powers = [
                o
                for o in power_orders(state, model, me, top, rng)
                if o not in paths and valid(game, state, player, o)
            ]
        candidates = paths + powers
        means, played = engine_means(
            game, state, player, candidates, scenarios, HARD_WEIGHTS, first, fast=True
        )
        # Paranoia: whatever the model expects, a cell another head could reach first
        # (or at the same step) is a risk the sampled scenarios may miss.
        penalty = [EXPOSURE * exposure(model, state, me, o) for o in candidates]
        means = [m - p for m, p in zip(means, penalty, strict=True)]
        best = max(range(len(paths)), key=lambda i: means[i])
        second = 0
        if powers:
            j = max(range(len(paths), len(candidates)), key=lambda i: means[i])
            if means[j] > means[best] + HARD_CHARGE_VALUE:
                best = j
        if lookahead and best < len(paths):
            leaders = sorted(range(len(paths)), key=lambda i: -means[i])[:LOOKAHEAD_TOP]
            values, second = second_turn_means(
                game, state, player, [paths[i] for i in leaders], scenarios, rng, deadline
            )
            if second >= LOOKAHEAD_MIN:
                k = max(range(len(leaders)), key=lambda k: values[k] - penalty[leaders[k]])
                best = leaders[k]
        self.last = {
            "predicted": predicted,
            "second": second,
            "scenarios": played,
            "steps": played * len(candidates),
            "candidates": len(candidates),
            "chosen": candidates[best].to_json(),
            "careful": self._shares,
            "seconds": time.perf_counter() - start,
        }
        return candidates[best]

    def _scenarios(
        self,
        game: Game[Any, Any],
        state: State,
        model: Model,
        player: PlayerId,
        rng: Random,
        until: float,
    ) -> tuple[list[Scenario], int]:
        """The other snakes' orders: each snake's likely choice as a careful snake that
        expects random-safe neighbours would make it (its paths ranked by room and
        expected collisions, the best few played through the engine against a few
        random-safe draws; one drawn by :data:`RANK_WEIGHTS`), or now and then a
        random-safe draw. Past ``until`` (a slow or busy machine) the snakes not yet
        predicted stay random-safe, so the answer still comes in time. Returns the
        scenarios and how many snakes were predicted."""
        drawn = random_safe_scenarios(state, "", rng, HARD_RANDOM_SAFE)  # everybody
        likely: dict[PlayerId, list[Order]] = {}
        shares: dict[PlayerId, float] = {}
        for s in state.snakes:
            if s.alive and s.id != player:
                # Read first: the last turn's walk counts even if time runs out below.
                shares[s.id] = self.reading.careful_share(state, player, s.id)
        for s in state.snakes:
            if s.alive and s.id != player:
                if time.perf_counter() > until:
                    break
                predicted = predicted_orders(game, state, model, s, drawn)
                if predicted:
                    likely[s.id] = predicted
                    expected = expectation(state, model, s, predicted, drawn)
                    self.reading.expect(player, s.id, expected)
        out: list[Scenario] = []
        for k in range(HARD_SCENARIOS):
            scenario = {sid: o for sid, o in drawn[k % len(drawn)].items() if sid != player}
            for sid, orders in likely.items():
                if rng.random() < shares[sid]:
                    scenario[sid] = rng.choices(orders, RANK_WEIGHTS[: len(orders)])[0]
            out.append(scenario)
        self._shares = shares
        return out, len(likely)


def make_snake_bot(level: str) -> SnakeSafeBot | SnakeMediumBot | SnakeHardBot:
    """The Snake Synapse bot of a level (registry); easy is :mod:`.snake_safe`'s random-safe bot."""
    if level == "easy":
        return SnakeSafeBot()
    if level == "medium":
        return SnakeMediumBot()
    return SnakeHardBot()
