"""``samtempa bench bots``: each built-in bot's decisions per second and playouts per second.

Positions come from seeded games (What the Shell: random play to turns 4–20;
Snake Synapse: random-safe snakes on classic for 0–3 turns), so the figures
are comparable run to run. A bot given ``move_ms`` uses about all of it, so
its decisions per second say more about the fast levels; the search levels
are measured by their playouts (What the Shell: joint picks resolved and
played out; Snake Synapse hard: turns resolved by the engine) per second.
Each game's fast path is measured too: What the Shell's playouts, Snake
Synapse's turns per second beside the engine's on the same positions and
orders.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from random import Random
from typing import Any

from samtempa.bots.registry import LEVELS, make_bot
from samtempa.bots.shell import _search
from samtempa.bots.snake_safe import SnakeSafeBot, safe_order
from samtempa.games.base import Game
from samtempa.games.registry import get_game
from samtempa.games.shell import INITIAL, random_empty
from samtempa.games.shell import fast as shell_fast
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake import fast as snake_fast
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.games.snake.turn import resolve


def shell_positions(count: int, seed: int) -> list[Any]:
    rng = Random(seed)
    out: list[Any] = []
    while len(out) < count:
        state = INITIAL
        stop = rng.randint(4, 20)
        while state.result is None and state.turn < stop:
            state = shell_fast.step(state, random_empty(state, rng), random_empty(state, rng))
        if state.result is None:
            out.append(state)
    return out


def snake_positions(game: Game[Any, Any], count: int, seed: int) -> list[Any]:
    rng = Random(seed)
    bot = SnakeSafeBot()
    out: list[Any] = []
    while len(out) < count:
        state = game.initial_state(None)
        stop = rng.randint(0, 3)
        while game.outcome(state) is None and state.turn < stop:
            orders = {
                p: game.parse_orders(state, p, bot.choose(game, state, p, 0.05, rng))
                for p in game.players(state)
            }
            state = game.step(state, orders).state
        if game.outcome(state) is None:
            out.append(state)
    return out


def bench_level(
    game: Game[Any, Any], level: str, positions: list[Any], move_s: float, seed: int
) -> dict[str, Any]:
    bot = make_bot(game.name, level)
    rng = Random(seed)
    playouts = 0
    start = time.perf_counter()
    for state in positions:
        player = game.players(state)[0]
        bot.choose(game, state, player, move_s, rng)
        last = getattr(bot, "last", None)
        if isinstance(last, dict):
            playouts += int(last.get("playouts", last.get("steps", 0)) or 0)
    seconds = time.perf_counter() - start
    return {
        "game": game.name,
        "level": level,
        "decisions": len(positions),
        "decisions_per_second": round(len(positions) / seconds, 2),
        "playouts_per_second": round(playouts / seconds, 1) if playouts else None,
    }


def bench_fast_playouts(seconds: float, seed: int) -> dict[str, float]:
    """The What the Shell fast path's playouts per second from mid-game positions."""
    positions = shell_positions(16, seed)
    cells = list(range(90))
    out = {}
    for name, policy in (("uniform", (0.0, 0.0, 0.0)), ("win-block-near", (1.0, 1.0, 0.5))):
        rng = Random(seed)
        total = 0
        start = time.perf_counter()
        for state in positions:
            empty = [c for c in cells if c % 10 < 9 and not (state.occupied >> c & 1)]
            _, _, _, _, it = _search.duct(
                tuple(state), empty, empty, seconds / len(positions), 10**12, 0.6, policy, rng
            )
            total += it
        out[name] = round(total / (time.perf_counter() - start), 1)
    return out


def snake_turn_sets(
    game: Game[Any, Any], count: int, seed: int
) -> list[tuple[Any, dict[str, Any]]]:
    """Seeded positions (:func:`snake_positions`), each with a few random-safe orders
    sets the fast path covers (powers of every race at random)."""
    rng = Random(seed)
    out = []
    for state in snake_positions(game, count, seed):
        for _ in range(4):
            orders = {p: safe_order(state, p, rng) for p in game.players(state)}
            packed = snake_fast.pack(state)
            compiled = snake_fast.compile_orders(state, orders)
            if packed is not None and compiled is not None:
                out.append((state, orders))
    return out


def bench_snake_turns(game: Game[Any, Any], seconds: float, seed: int) -> dict[str, float]:
    """Snake Synapse turns per second, the engine's (``turn.resolve``: the turn without the
    order checks) and the fast path's (packed positions, compiled orders), on the same
    positions and orders."""
    sets = snake_turn_sets(game, 16, seed)
    packed = [
        (snake_fast.pack(state), snake_fast.compile_orders(state, orders)) for state, orders in sets
    ]
    out = {}
    for name in ("engine", "fast path"):
        turns = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            if name == "engine":
                for state, orders in sets:
                    resolve(state, orders)
            else:
                for position, compiled in packed:
                    position.after(compiled)  # type: ignore[union-attr, arg-type]
            turns += len(sets)
        out[name] = round(turns / (time.perf_counter() - start), 1)
    return out


def main(game_name: str | None, move_ms: float, decisions: int, seed: int) -> int:
    games = [game_name] if game_name else list(LEVELS)
    move_s = move_ms / 1000
    for name in games:
        game = get_game(name)
        positions = _POSITIONS[name](game, decisions, seed)
        print(f"{name}: {decisions} decisions per bot at {move_ms:.0f} ms per move")
        for level in LEVELS[name]:
            figures = bench_level(game, level, positions, move_s, seed)
            pps = figures["playouts_per_second"]
            extra = f"  {pps:>12,.0f} playouts/s" if pps else ""
            print(f"  {level:<8} {figures['decisions_per_second']:>10,.2f} decisions/s{extra}")
        _FAST[name](game, seed)
    return 0


def _shell_fast(game: Game[Any, Any], seed: int) -> None:
    for policy, pps in bench_fast_playouts(2.0, seed).items():
        print(f"  fast path, {policy} playouts from mid-game: {pps:>12,.0f} playouts/s")


def _snake_fast(game: Game[Any, Any], seed: int) -> None:
    tps = bench_snake_turns(game, 2.0, seed)
    ratio = tps["fast path"] / tps["engine"]
    print(
        f"  turns from the same positions: engine {tps['engine']:>10,.0f} turns/s, "
        f"fast path {tps['fast path']:>12,.0f} turns/s ({ratio:.0f}x)"
    )


#: Each game's positions and fast-path figures, keyed by its spec (no name compared).
_POSITIONS: dict[str, Callable[[Game[Any, Any], int, int], list[Any]]] = {
    SHELL.name: lambda game, count, seed: shell_positions(count, seed),
    SNAKE.name: snake_positions,
}
_FAST: dict[str, Callable[[Game[Any, Any], int], None]] = {
    SHELL.name: _shell_fast,
    SNAKE.name: _snake_fast,
}
