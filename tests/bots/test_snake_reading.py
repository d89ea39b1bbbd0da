"""The hard Snake Synapse bot's reading of the others: careful play keeps its share,
random-looking play loses it, and a walk from another game is not evidence."""

from __future__ import annotations

import math
from random import Random
from typing import Any

import pytest

from samtempa.bots.snake import (
    HARD_SMART,
    Model,
    SnakeHardBot,
    plan_order,
    predicted_orders,
    random_safe_scenarios,
    trail,
)
from samtempa.bots.snake_reading import Expectation, walked
from samtempa.games.snake import SnakeSynapse
from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import State

GAME = SnakeSynapse()


def start() -> State:
    setup: dict[str, Any] = {
        "terrain": "classic",
        "snakes": [
            {"id": "s0", "race": "dasher", "spawn": "B2"},
            {"id": "s1", "race": "trapper", "spawn": "L6"},
        ],
    }
    return GAME.initial_state(setup)


def turn(bot: SnakeHardBot, state: State, s1: Order) -> State:
    """One turn in which the bot (s0) predicts s1, then plays a random-safe path while s1
    plays ``s1``."""
    bot._scenarios(GAME, state, Model(state), "s0", Random(state.turn), math.inf)
    orders = random_safe_scenarios(state, "", Random(100 + state.turn), 1)[0]
    orders["s1"] = s1
    return GAME.step(state, orders).state


def careful_order(state: State) -> Order:
    """s1's first path as the bot predicts it (its most likely careful choice)."""
    model = Model(state)
    drawn = random_safe_scenarios(state, "", Random(state.turn), 32)
    return predicted_orders(GAME, state, model, state.snake("s1"), drawn)[0]


def unexpected_order(state: State) -> Order:
    """A safe path of s1 that the careful expectation does not rank at all."""
    model = Model(state)
    drawn = random_safe_scenarios(state, "", Random(state.turn), 32)
    me = state.snake("s1")
    ranked = {trail(model, me, o) for o in predicted_orders(GAME, state, model, me, drawn)}
    n = state.path_length
    for plan in model.simple_plans(me):  # the roomiest first: s1 must not box itself in
        order = plan_order(plan, n)
        if plan.survived == n and trail(model, me, order) not in ranked:
            return order
    raise AssertionError("every safe path is ranked")


def test_the_walk_is_read_from_the_body() -> None:
    state = start()
    before = state.snake("s1").head
    after = turn(SnakeHardBot(), state, Order(path=("U", "U", "L", "L", "D")))
    cells = walked(after, "s1", 5)
    assert cells is not None
    assert len(cells) == 5
    assert cells[-1] == after.snake("s1").head
    model = Model(state)
    assert cells == trail(model, state.snake("s1"), Order(path=("U", "U", "L", "L", "D")))
    assert cells[0] != before


def test_careful_play_keeps_its_share_and_random_play_loses_it() -> None:
    careful_bot, random_bot = SnakeHardBot(), SnakeHardBot()
    a = b = start()
    shares_a, shares_b = [], []
    for _ in range(3):
        a = turn(careful_bot, a, careful_order(a))
        b = turn(random_bot, b, unexpected_order(b))
        shares_a.append(careful_bot.reading.careful_share(a, "s0", "s1"))
        shares_b.append(random_bot.reading.careful_share(b, "s0", "s1"))
    assert shares_a == pytest.approx([HARD_SMART] * 3)  # never above the prior
    assert shares_b[0] < HARD_SMART / 2
    assert shares_b[-1] <= shares_b[0] + 1e-9


def test_a_walk_from_another_game_is_not_evidence() -> None:
    state = start()
    order = unexpected_order(state)
    read, skipped, elsewhere = SnakeHardBot(), SnakeHardBot(), SnakeHardBot()
    nxt = turn(read, state, order)
    turn(skipped, state, order)
    turn(elsewhere, state, order)
    # The expected next turn: the walk is evidence, and it lowers the share.
    assert read.reading.careful_share(nxt, "s0", "s1") < HARD_SMART / 2
    # The same walk, but not in the turn that was expected (another game's state): the
    # belief starts again.
    late = nxt._replace(turn=nxt.turn + 5)
    assert skipped.reading.careful_share(late, "s0", "s1") == pytest.approx(HARD_SMART)
    # The right turn number, but a walk that does not start beside s1's head.
    other: dict[str, Any] = {
        "terrain": "classic",
        "snakes": [
            {"id": "s0", "race": "dasher", "spawn": "B2"},
            {"id": "s1", "race": "trapper", "spawn": "F4"},
        ],
    }
    there = GAME.initial_state(other)
    there = turn(SnakeHardBot(), there, careful_order(there))
    assert there.turn == nxt.turn
    assert elsewhere.reading.careful_share(there, "s0", "s1") == pytest.approx(HARD_SMART)


def test_the_ratio_favours_the_expectation_that_foresaw_the_walk() -> None:
    e = Expectation(
        turn=1,
        firsts=frozenset({1, 2}),
        careful={(1, 5): 0.5, (2, 6): 0.3},
        drawn={(2, 6): 1, (1, 9): 20},
        draws=32,
        safe=40,
    )
    assert e.log_ratio((1, 5)) > 0  # only the careful snake would walk it
    assert e.log_ratio((1, 9)) < 0  # a random-safe snake walks it often
    assert e.log_ratio((1, 5)) > e.log_ratio((2, 6)) > e.log_ratio((1, 9))
