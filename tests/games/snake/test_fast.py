"""The compiled fast path of a turn against the engine, game for game (SS-4 to SS-8).

Seeded random games on every terrain with every race: each turn is played by
the engine and, where the fast path goes (:mod:`samtempa.games.snake.fast`), by
the fast path too, and the two states must be equal. Where it does not go
(removals) it must say so; the tests check it covers most turns, every power
included, portals and terrain changes among them.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from random import Random
from typing import Any

import pytest

from samtempa.adjudicate import load_case
from samtempa.bots.snake_safe import safe_order
from samtempa.games.base import OrderError
from samtempa.games.snake import SnakeSynapse, State
from samtempa.games.snake import fast as fast_path
from samtempa.games.snake.orders import Order, Shot, Trap, parse_orders
from samtempa.games.snake.terrain import DIRS, RACES, TERRAIN_IDS, load_terrain

GAME = SnakeSynapse()
CASES = Path(__file__).parents[2] / "conformance" / "cases" / "snake-synapse"


def random_order(state: State, sid: str, rng: Random) -> Order:
    """A random checked order: mostly the safe bot's path, sometimes any path, and the
    snake's power now and then (every kind, charges permitting)."""
    snake = state.snake(sid)
    p = state.path_length
    path: tuple[str, ...] = ()
    if rng.random() < 0.85:
        path = safe_order(state, sid, rng, power_chance=0).path
    if len(path) != p:
        path = tuple(rng.choice(DIRS) for _ in range(p))
    if rng.random() < 0.35 and snake.charges > 0:
        race = snake.race
        if race == "breaker":
            return Order(breaker=True)
        if race == "dasher":
            return Order(path=path, dash=rng.randint(1, min(2, snake.charges)))
        if race == "trapper":
            return Order(path=path, trap=Trap(rng.randint(1, p), rng.choice(DIRS)))
        if race == "digger":
            return Order(path=path, dig=rng.randint(1, p))
        if race == "ghost":
            return Order(path=path, ghost=True)
        if race == "shooter":
            frames = rng.sample(range(1, p + 1), rng.randint(1, min(2, snake.charges, p)))
            shots = tuple(Shot(k, rng.randint(1, 2), rng.choice(DIRS)) for k in sorted(frames))
            return Order(path=path, shoot=shots)
    return Order(path=path)


def setup_for(terrain_id: str, race: str, rng: Random) -> dict[str, Any]:
    """A full table on the terrain: the race under test on half the seats, others mixed."""
    terrain = load_terrain(terrain_id)
    allowed = terrain.races or RACES
    races = [
        race if i % 2 == 0 or race not in allowed else rng.choice(allowed)
        for i in range(terrain.players)
    ]
    if race not in allowed:
        races = [rng.choice(allowed) for _ in range(terrain.players)]
    return {
        "terrain": terrain_id,
        "snakes": [{"id": f"s{i}", "race": r} for i, r in enumerate(races)],
    }


def play_and_compare(state: State, orders: dict[str, Order], tally: Counter[str]) -> State:
    """One turn through both paths; returns the engine's state."""
    expected = GAME.step(state, orders).state
    fast = fast_path.pack(state)
    compiled = fast_path.compile_orders(state, orders) if fast is not None else None
    after = fast.after(compiled) if fast is not None and compiled is not None else None
    if after is None:
        tally["fallback"] += 1
        return expected
    got = fast_path.unpack(after, state)
    assert got == expected, f"turn {state.turn + 1}: the fast path differs from the engine"
    assert fast_path.resolve(state, orders) == expected
    tally["fast"] += 1
    if any(o.breaker or o.dash or o.trap or o.dig or o.ghost or o.shoot for o in orders.values()):
        tally["powers"] += 1
    if state.portals or expected.portals:
        tally["portals"] += 1
    if expected.terrain.changes and expected.deaths > state.deaths:
        tally["changes"] += 1
    if expected.deaths > state.deaths:
        tally["deaths"] += 1
    return expected


@pytest.mark.parametrize("race", RACES)
@pytest.mark.parametrize("terrain_id", TERRAIN_IDS)
def test_random_games_equal_the_engine(terrain_id: str, race: str) -> None:
    rng = Random(f"{terrain_id}/{race}")
    tally: Counter[str] = Counter()
    games = 0
    while (tally["fast"] < 60 or tally["powers"] < 10) and games < 40:
        games += 1
        state = GAME.initial_state(setup_for(terrain_id, race, rng))
        while state.result is None and state.turn < 60:
            orders = {sid: random_order(state, sid, rng) for sid in GAME.players(state)}
            state = play_and_compare(state, orders, tally)
    assert tally["fallback"] == 0, tally  # the fast path covers every turn here...
    assert tally["fast"] >= 60, tally
    assert tally["deaths"] >= 5, tally  # ...deaths among them...
    assert tally["powers"] >= 10, tally  # ...the powers...
    if race == "shooter" or terrain_id == "aperture-science":
        assert tally["portals"] >= 5, tally  # ...and portals


def test_fast_path_refuses_removals_and_plays_portals() -> None:
    state = GAME.initial_state(
        {
            "terrain": "aperture-science",
            "snakes": [{"id": "a", "spawn": "C3"}, {"id": "b", "spawn": "K3"}],
        }
    )
    shot = {
        "a": Order(path=tuple("DDDDD"), shoot=(Shot(1, 1, "U"), Shot(2, 2, "L"))),
        "b": Order(path=tuple("DDDDD")),
    }
    after = GAME.step(state, shot).state
    assert len(after.portals) == 2  # SS-8.6: a pair placed
    fast = fast_path.pack(state)
    compiled = fast_path.compile_orders(state, shot)
    assert fast is not None
    assert compiled is not None
    played = fast.after(compiled)
    assert played is not None
    assert fast_path.unpack(played, state) == after
    removal = {"a": Order(removed=True), "b": Order(path=tuple("DDDDD"))}
    assert fast_path.compile_orders(after, removal) is None  # SS-9.1: the engine's
    assert fast_path.resolve(after, removal) == GAME.step(after, removal).state


def test_a_triggered_terrain_change_is_played() -> None:
    """classic changes the terrain at its second death (SS-7.1), in the next frame."""
    state = GAME.initial_state(
        {
            "terrain": "classic",
            "snakes": [
                {"id": "a", "race": "trapper", "spawn": "A1"},
                {"id": "b", "race": "trapper", "spawn": "A7"},
                {"id": "c", "race": "trapper", "spawn": "G4"},
            ],
        }
    )
    assert 2 in state.terrain.changes
    orders = {
        "a": Order(path=tuple("UUUUU")),
        "b": Order(path=tuple("DDDDD")),
        "c": Order(path=tuple("RRRRR")),
    }
    fast = fast_path.pack(state)
    compiled = fast_path.compile_orders(state, orders)
    assert fast is not None
    assert compiled is not None
    after = fast.after(compiled)
    assert after is not None
    assert after.deaths == 2
    assert fast_path.unpack(after, state) == GAME.step(state, orders).state
    assert fast_path.resolve(state, orders) == GAME.step(state, orders).state


def case_params() -> list[Any]:
    return [
        pytest.param(p, id=p.relative_to(CASES).as_posix()) for p in sorted(CASES.rglob("*.json"))
    ]


@pytest.mark.parametrize("path", case_params())
def test_conformance_cases_equal_the_engine(path: Path) -> None:
    """Every turn of the conformance cases the fast path covers gives the engine's state."""
    case = load_case(path)
    state = GAME.case_start(case)
    tally: Counter[str] = Counter()
    for turn in case["turns"]:
        try:
            orders = parse_orders(turn)
            GAME.step(state, orders)
        except OrderError:
            return  # a rejected turn: the fast path plays checked orders only
        state = play_and_compare(state, dict(orders), tally)
    assert tally["fast"] + tally["fallback"] == len(case["turns"])


def test_conformance_cases_mostly_covered() -> None:
    covered = 0
    for path in sorted(CASES.rglob("*.json")):
        case = load_case(path)
        state = GAME.case_start(case)
        try:
            orders = parse_orders(case["turns"][0])
            GAME.step(state, orders)
        except OrderError:
            continue
        fast = fast_path.pack(state)
        compiled = fast_path.compile_orders(state, orders) if fast is not None else None
        if fast is not None and compiled is not None and fast.after(compiled) is not None:
            covered += 1
    assert covered >= 30
