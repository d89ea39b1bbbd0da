"""``samtempa bench bots`` measures the Snake Synapse fast path beside the engine."""

from __future__ import annotations

from samtempa.bench import bots as bench
from samtempa.games.registry import get_game
from samtempa.games.snake import fast
from samtempa.games.snake.turn import resolve


def test_turn_sets_are_covered_by_the_fast_path_and_equal_the_engine() -> None:
    game = get_game("snake-synapse")
    sets = bench.snake_turn_sets(game, 3, seed=5)
    assert sets
    for state, orders in sets:
        packed, compiled = fast.pack(state), fast.compile_orders(state, orders)
        assert packed is not None
        assert compiled is not None
        after = packed.after(compiled)
        assert after is not None
        assert fast.unpack(after, state) == resolve(state, orders).state


def test_bench_measures_both_paths() -> None:
    game = get_game("snake-synapse")
    figures = bench.bench_snake_turns(game, 0.2, seed=5)
    assert set(figures) == {"engine", "fast path"}
    assert all(v > 0 for v in figures.values())
