"""The compiled walk search (``bots/snake/_walk.pyx``) against the Python it replaced."""

from __future__ import annotations

from random import Random

from samtempa.bots.snake.evaluation import Position, _next_removal
from samtempa.bots.snake.evaluation import _body_bits as body_bits
from samtempa.bots.snake_safe import safe_order
from samtempa.games.snake import SnakeSynapse, State
from samtempa.games.snake.terrain import RACES, TERRAIN_IDS, load_terrain

GAME = SnakeSynapse()


def reference_walk(pos: Position, limit: int, budget: int) -> int:
    """The search as bots/snake.py wrote it in Python before it was compiled."""
    me = pos.me
    blocked = pos.top.full & ~(pos.open | body_bits(me.body))
    for c in _next_removal(pos.state):
        blocked |= 1 << c
    nb = pos.top.nb
    count: dict[int, int] = {}
    for c in me.body:
        count[c] = count.get(c, 0) + 1
    best = nodes = 0

    def dfs(cells: list[int], grow: int, depth: int) -> None:
        nonlocal best, nodes
        best = max(best, depth)
        if best >= limit or nodes >= budget:
            return
        head, tail = cells[0], cells[-1]
        frees = grow == 0 and count[tail] == 1
        for t in nb[head * 4 : head * 4 + 4]:
            if t < 0 or blocked >> t & 1:
                continue
            if count.get(t, 0) and not (frees and t == tail):
                continue
            nodes += 1
            count[t] = count.get(t, 0) + 1
            if grow:
                dfs([t, *cells], grow - 1, depth + 1)
            else:
                count[tail] -= 1
                dfs([t, *cells[:-1]], 0, depth + 1)
                count[tail] += 1
            count[t] -= 1
            if best >= limit or nodes >= budget:
                return

    dfs(list(me.body), me.pending_growth, 0)
    return best


def positions() -> list[State]:
    """Random-safe games of four snakes on every terrain, each position of 25 turns."""
    out = []
    for terrain_id in TERRAIN_IDS:
        rng = Random(terrain_id)
        allowed = load_terrain(terrain_id).races or RACES
        snakes = [{"id": f"s{i}", "race": rng.choice(allowed)} for i in range(4)]
        state = GAME.initial_state({"terrain": terrain_id, "snakes": snakes})
        while state.result is None and state.turn < 25:
            out.append(state)
            orders = {p: safe_order(state, p, rng) for p in GAME.players(state)}
            state = GAME.step(state, orders).state
    return out


def test_compiled_walk_equals_the_python_search() -> None:
    checked = 0
    for state in positions():
        for snake in state.snakes:
            if not snake.alive:
                continue
            pos = Position(state, snake.id)
            for limit, budget in ((10, 400), (16, 50), (6, 3)):
                assert pos.walk_length(limit, budget) == reference_walk(pos, limit, budget)
                checked += 1
    assert checked > 300
