"""Snake Synapse bots: legal orders everywhere, safety, and every race's power offered."""

from __future__ import annotations

import math
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.bots.registry import LEVELS, make_bot
from samtempa.bots.snake import (
    DEATH,
    HARD_RANDOM_SAFE,
    HARD_WEIGHTS,
    LOOKAHEAD_ALIVE,
    LOOKAHEAD_MIN,
    OUTLIVED,
    WEIGHTS,
    Model,
    SnakeHardBot,
    Weights,
    next_turn_value,
    outcome_value,
    power_orders,
    random_safe_scenarios,
    second_turn_means,
)
from samtempa.games.snake import SnakeSynapse
from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import RACES

GAME = SnakeSynapse()


def setup(races: list[str]) -> dict[str, Any]:
    return {
        "terrain": "classic",
        "snakes": [{"id": f"s{i}", "race": r} for i, r in enumerate(races)],
    }


def random_position(seed: int, turns: int) -> Any:
    rng = Random(seed)
    races = [rng.choice(RACES) for _ in range(6)]
    return safe_turns(GAME.initial_state(setup(races)), turns, rng)


def safe_turns(state: State, turns: int, rng: Random) -> State:
    """Up to ``turns`` turns of random-safe snakes, stopping before the game ends."""
    safe = make_bot("snake-synapse", "easy")
    for _ in range(turns):
        if GAME.outcome(state) is not None:
            break
        orders = {
            p: GAME.parse_orders(state, p, safe.choose(GAME, state, p, 0.01, rng))
            for p in GAME.players(state)
        }
        nxt = GAME.step(state, orders).state
        if GAME.outcome(nxt) is not None:
            break
        state = nxt
    return state


@settings(max_examples=8, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 4),
    level=st.sampled_from(LEVELS["snake-synapse"]),
)
def test_every_level_gives_legal_orders(seed: int, turns: int, level: str) -> None:
    state = random_position(seed, turns)
    bot = make_bot("snake-synapse", level)
    for player in GAME.players(state):
        answer = bot.choose(GAME, state, player, 0.02, Random(seed))
        orders = GAME.parse_orders(state, player, answer)
        GAME.validate(state, player, orders)


def test_safe_and_medium_never_walk_into_the_wall_at_the_start() -> None:
    # Alone in a corner: a snake on A1 has walls up and left.
    state = GAME.initial_state(
        {"terrain": "classic", "snakes": [{"id": "a", "race": "dasher", "spawn": "A1"},
                                          {"id": "b", "race": "dasher", "spawn": "M7"}]}
    )  # fmt: skip
    for level in ("easy", "medium"):
        bot = make_bot("snake-synapse", level)
        for seed in range(10):
            answer = bot.choose(GAME, state, "a", 0.01, Random(seed))
            orders = {
                "a": GAME.parse_orders(state, "a", answer),
                "b": GAME.parse_orders(state, "b", {"path": "UUUUU"}),
            }
            after = GAME.step(state, orders)
            assert after.state.snake("a").alive, (level, answer)


@pytest.mark.parametrize("race", RACES)
def test_hard_offers_its_races_power(race: str) -> None:
    # On "big", C5 lies two steps from the "+" hole around E5: walls to dig through.
    state = GAME.initial_state(
        {"terrain": "big", "snakes": [{"id": "me", "race": race, "spawn": "C5"},
                                      {"id": "other", "race": "dasher", "spawn": "C8"}]}
    )  # fmt: skip
    me = state.snake("me")
    model = Model(state)
    offered = power_orders(state, model, me, model.plans(me, Random(1)), Random(1))
    key = {"breaker": "breaker", "dasher": "dash", "trapper": "trap", "digger": "dig",
           "ghost": "ghost", "shooter": "shoot"}[race]  # fmt: skip
    assert offered, f"no {race} power offered"
    for o in offered:
        assert key in o.to_json()
        GAME.validate(state, "me", o)


def test_hard_plays_through_the_engine_within_its_budget() -> None:
    state = random_position(3, 1)
    bot = SnakeHardBot()
    player = GAME.players(state)[0]
    orders = bot.decide(GAME, state, player, 0.15, Random(1))
    GAME.validate(state, player, orders)
    assert bot.last["scenarios"] >= 1 or bot.last["candidates"] == 1
    assert bot.last.get("seconds", 0.0) < 0.5


def test_hard_predicts_no_more_snakes_once_its_prediction_time_is_up() -> None:
    state = GAME.initial_state(setup(["dasher", "ghost", "trapper"] * 2))
    bot = SnakeHardBot()
    model = Model(state)
    _, everyone = bot._scenarios(GAME, state, model, "s0", Random(1), math.inf)
    assert everyone == 5
    scenarios, none = bot._scenarios(GAME, state, model, "s0", Random(1), 0.0)
    assert none == 0
    # Then every scenario is one of the random-safe draws, as drawn.
    drawn = random_safe_scenarios(state, "", Random(1), HARD_RANDOM_SAFE)
    for k, scenario in enumerate(scenarios):
        assert scenario == {sid: o for sid, o in drawn[k % len(drawn)].items() if sid != "s0"}


def test_a_survivor_scores_above_dying_now_for_the_hard_bot() -> None:
    """A tight spot's penalties may add up to more than a death; the hard bot's floor
    keeps every survivor above a death this turn (dying later never places worse),
    and keeps the order of the survivors."""
    state = random_position(2, 3)
    living = [s.id for s in state.snakes if s.alive]
    dead = sum(1 for s in state.snakes if s.death is not None)
    assert dead > 0  # the floor then differs from a plain death
    # Next turn's risk weighed far beyond a death, to make tight spots of most positions.
    harsh = Weights(next_death=1_500.0)
    raw = {p: outcome_value(state, state, p, harsh) for p in living}
    dying_now = DEATH + OUTLIVED * dead  # outliving every snake dead so far
    assert any(raw[p] < dying_now for p in living)
    floored = Weights(next_death=1_500.0, floor=HARD_WEIGHTS.floor)
    kept = {p: outcome_value(state, state, p, floored) for p in living}
    assert all(kept[p] > dying_now for p in living)
    for p in living:  # above the floor and its margin, nothing changes
        if raw[p] >= dying_now + HARD_WEIGHTS.floor:
            assert kept[p] == raw[p]
    assert sorted(living, key=raw.__getitem__) == sorted(living, key=kept.__getitem__)
    # The weights the medium bot plays with (and hard expects of the others) have none.
    assert WEIGHTS.floor == 0.0
    assert HARD_WEIGHTS.floor > 0.0


def two_snakes(grid: list[str] | None = None) -> State:
    """Trappers on A1 and M7 of classic, with ``grid`` for its cells (walls drawn in)."""
    state = GAME.initial_state(
        {"terrain": "classic", "snakes": [{"id": "a", "race": "trapper", "spawn": "A1"},
                                          {"id": "b", "race": "trapper", "spawn": "M7"}]}
    )  # fmt: skip
    if grid is None:
        return state
    data = GAME.to_json(state)
    data["grid"] = [grid]
    return GAME.from_json(data)


def test_the_next_turn_value_sees_a_pocket_the_turn_value_forgives() -> None:
    """Boxed in A1:A3 (X walls), a snake of 5 is alive now, so its turn value is a
    survivor's (above a death, HARD_WEIGHTS.floor); every path of its next turn
    dies, alone (SS-5.5), and the next turn's value is that death."""
    pocket = two_snakes([".X...........", ".X...........", ".X...........", "XX...........",
                         *["............."] * 3])  # fmt: skip
    assert outcome_value(pocket, pocket, "a", HARD_WEIGHTS) > DEATH
    assert next_turn_value(GAME, pocket, pocket, "a", Random(1)) == DEATH
    open_board = two_snakes()
    assert next_turn_value(GAME, open_board, open_board, "a", Random(1)) > 0.0


def test_second_turn_means_count_whole_scenarios_within_the_deadline() -> None:
    state = two_snakes()
    into_the_wall = Order(path=("U",) * 5)  # off the top edge from A1
    along_the_top = Order(path=("R",) * 5)
    scenarios = random_safe_scenarios(state, "a", Random(2), 3)
    candidates = [into_the_wall, along_the_top]
    means, played = second_turn_means(GAME, state, "a", candidates, scenarios, Random(3), math.inf)
    assert played == 3
    assert means[0] == DEATH  # dead this turn: the turn's own value
    assert means[1] > 0.0
    _, none = second_turn_means(GAME, state, "a", candidates, scenarios, Random(3), 0.0)
    assert none == 0


def test_hard_looks_a_turn_further_only_in_the_endgame() -> None:
    crowded = GAME.initial_state(setup(["dasher", "ghost", "trapper"] * 2))
    assert sum(s.alive for s in crowded.snakes) > LOOKAHEAD_ALIVE
    bot = SnakeHardBot()
    bot.decide(GAME, crowded, "s0", 0.25, Random(1))
    assert bot.last["second"] == 0
    few = GAME.initial_state(setup(["dasher", "ghost", "trapper"]))
    chosen = bot.decide(GAME, few, "s0", 2.0, Random(1))
    GAME.validate(few, "s0", chosen)
    assert bot.last["second"] >= LOOKAHEAD_MIN
