"""The bots' cell sets (:mod:`samtempa.bots.snake_bits`) against the engine's own board:
the same walls (SS-5.3), the same steps (wraps SS-1.4, ladders SS-1.5), the same
reachable cells, on every terrain."""

from __future__ import annotations

from collections import deque
from random import Random

import pytest

from samtempa.bots.snake_bits import cell_bits, topology, wall_bits
from samtempa.games.snake.board import Board
from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import RACES, TERRAIN_IDS, load_terrain

from .test_snake_bots import GAME, safe_turns


def played(terrain: str, seed: int, turns: int) -> State:
    """A position a few random-safe turns into a game on ``terrain``."""
    rng = Random(seed)
    races = load_terrain(terrain).races or RACES
    state = GAME.initial_state(
        {
            "terrain": terrain,
            "snakes": [{"id": f"s{i}", "race": rng.choice(races)} for i in range(6)],
        }
    )
    return safe_turns(state, turns, rng)


def engine_steps(state: State) -> list[int]:
    board = Board(state)
    return [state.terrain.other_floor(t) if t >= 0 and board.is_ladder(t) else t for t in board.nb]


def distances(steps: list[int], sources: list[int], open_cells: set[int]) -> dict[int, int]:
    dist = dict.fromkeys(sources, 0)
    queue = deque(sources)
    while queue:
        c = queue.popleft()
        for t in steps[c * 4 : c * 4 + 4]:
            if t >= 0 and t in open_cells and t not in dist:
                dist[t] = dist[c] + 1
                queue.append(t)
    return dist


CASES = [(t, seed, turns) for t in TERRAIN_IDS for seed, turns in ((1, 0), (2, 3), (3, 6))]


@pytest.mark.parametrize(("terrain", "seed", "turns"), CASES)
def test_sets_agree_with_the_engine(terrain: str, seed: int, turns: int) -> None:
    state = played(terrain, seed, turns)
    board = Board(state)
    size = state.terrain.size
    walls = {c for c in range(size) if board.is_wall(c)}
    assert wall_bits(state) == cell_bits(walls)

    top = topology(state)
    steps = engine_steps(state)
    assert top.nb == steps
    for c in range(size):
        expected = cell_bits(t for t in steps[c * 4 : c * 4 + 4] if t >= 0)
        assert top.expand(1 << c) == expected, state.terrain.name_of(c)

    bodies = {c for s in state.snakes if s.alive for c in s.body}
    open_cells = set(range(size)) - walls - bodies
    open_bits = cell_bits(open_cells)
    living = [s for s in state.snakes if s.alive]
    me, others = living[0], [s.head for s in living[1:]]
    reach = distances(steps, [me.head], open_cells)
    assert top.reach(me.head, open_bits) == cell_bits(reach)
    assert top.flood(me.head, open_bits, 10_000) == len(reach) - 1
    assert top.flood(me.head, open_bits, 5) == min(5, len(reach) - 1)

    depth = 6
    theirs = distances(steps, others, open_cells)
    won = [c for c, d in reach.items() if 0 < d <= depth and d < theirs.get(c, 10**9)]
    tied = [c for c, d in reach.items() if 0 < d <= depth and d == theirs.get(c)]
    count, far, _shared = top.voronoi(me.head, others, open_bits, depth)
    assert count == len(won)
    assert far == max((reach[c] for c in won), default=0)
    # Ties reached along a path of won cells only are counted as shared; never more.
    assert _shared <= len(tied)
