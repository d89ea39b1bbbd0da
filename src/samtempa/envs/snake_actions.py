"""Snake Synapse's action encoding: a whole path and its power, as a flat vector.

An action is ``[variant, d1, …, dK]`` (``MultiDiscrete([V, 4, …, 4])``): ``variant``
picks the power use (:func:`power_variants`), ``d1…dK`` the directions
``U D L R`` (0…3) of the path, ``K`` the longest path the terrain ever asks for
(SS-1.6 ``path-length`` ops; 8 on the 8-player terrains). Only the first
``path_length`` directions count; a Breaker's ``breaker`` ignores them all.

Why not one index over the 4^k paths: with paths of 8 steps and powers that need
a step number, that would be 4^8 × 109 = 7.1 million actions and masks. Here
legality is a product, as SS-3.3 makes it: a path may hold any directions, and
only the power depends on the snake (race, charges) and on the path length, so
each component has its own mask (the form ``MultiDiscrete.sample(mask=…)`` and
MaskablePPO take), and every mask is the engine's answer (``validate``).

What the encoding leaves out: two or three shots in one turn (a Shooter with
charges left may fire one per step, SS-8.6); here a turn fires at most one.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from samtempa.games.base import OrderError
from samtempa.games.snake import Order, Shot, SnakeSynapse, State, Terrain, Trap
from samtempa.games.snake.terrain import DIRS, PathLength


class Variant(NamedTuple):
    """One power use: ``kind`` is ``none``, ``breaker``, ``dash``, ``trap``, ``dig``,
    ``ghost`` or ``shoot``; ``step`` the snake's own step number (SS-3.1)."""

    kind: str
    step: int = 0
    value: int = 0  # dash 1|2, or a shot's portal 1|2
    dir: int = 0


def longest_path(terrain: Terrain) -> int:
    """The longest path the terrain ever asks for: its own, or a later ``path-length``."""
    lengths = [terrain.path_length]
    lengths += [
        op.value for ops in terrain.changes.values() for op in ops if isinstance(op, PathLength)
    ]
    return max(lengths)


def power_variants(steps: int) -> tuple[Variant, ...]:
    """Every power use of the encoding for paths of up to ``steps`` steps, in order."""
    out = [Variant("none"), Variant("breaker"), Variant("dash", value=1), Variant("dash", value=2)]
    out += [Variant("trap", k, 0, d) for k in range(1, steps + 1) for d in range(4)]
    out += [Variant("dig", k) for k in range(1, steps + 1)]
    out.append(Variant("ghost"))
    out += [
        Variant("shoot", k, portal, d)
        for k in range(1, steps + 1)
        for portal in (1, 2)
        for d in range(4)
    ]
    return tuple(out)


def order_of(variant: Variant, path: tuple[str, ...]) -> Order:
    """The engine's orders for one power use and a path (SS-3.1)."""
    kind = variant.kind
    if kind == "breaker":
        return Order(breaker=True)
    if kind == "dash":
        return Order(path=path, dash=variant.value)
    if kind == "trap":
        return Order(path=path, trap=Trap(variant.step, DIRS[variant.dir]))
    if kind == "dig":
        return Order(path=path, dig=variant.step)
    if kind == "ghost":
        return Order(path=path, ghost=True)
    if kind == "shoot":
        return Order(path=path, shoot=(Shot(variant.step, variant.value, DIRS[variant.dir]),))
    return Order(path=path)


class SnakeActions:
    """Decoding and masks for one terrain's encoding."""

    def __init__(self, game: SnakeSynapse, terrain: Terrain) -> None:
        self.game = game
        self.steps = longest_path(terrain)
        self.variants = power_variants(self.steps)
        self.nvec = [len(self.variants)] + [len(DIRS)] * self.steps
        self._masks: dict[tuple[Any, ...], npt.NDArray[np.int8]] = {}

    def decode(self, state: State, agent: str, action: Any) -> Order:
        """The orders of an action; ``bad-notation`` if it is no action of the encoding."""
        a = np.asarray(action).reshape(-1)
        if a.shape != (len(self.nvec),) or (a < 0).any() or (a >= np.array(self.nvec)).any():
            raise OrderError("bad-notation", f"{agent}: an action is [variant, d1…d{self.steps}]")
        path = tuple(DIRS[int(d)] for d in a[1 : 1 + state.path_length])
        return order_of(self.variants[int(a[0])], path)

    def masks(self, state: State, agent: str) -> tuple[npt.NDArray[np.int8], ...]:
        """One mask per component: the power uses the engine accepts from this snake now,
        then for each step the directions (all four within the path, the first one as a
        placeholder beyond it)."""
        snake = state.snake(agent)
        key = (state.result is None, snake.alive, snake.race, snake.charges, state.path_length)
        variants = self._masks.get(key)
        if variants is None:
            # What SS-3.3 reads of one snake's order: the game's end, the snake being
            # alive, its race and charges, the path length. The engine answers once each.
            variants = np.zeros(len(self.variants), dtype=np.int8)
            path = (DIRS[0],) * state.path_length
            for i, variant in enumerate(self.variants):
                try:
                    self.game.validate(state, agent, order_of(variant, path))
                except OrderError:
                    continue
                variants[i] = 1
            self._masks[key] = variants
        steps = []
        for k in range(self.steps):
            m = np.zeros(len(DIRS), dtype=np.int8)
            m[: len(DIRS) if k < state.path_length else 1] = 1
            steps.append(m)
        return (variants.copy(), *steps)
