"""What the Shell as a Gymnasium vector environment on the batched engine.

``ShellVectorEnv(n)`` plays ``n`` games in lockstep (:mod:`samtempa.games.shell.batch`):
the learner is black in every game, the opponent is white (``"random"``: a
uniformly random empty cell, the easy bot's play; or any callable mapping the
opponent's observations to picks). Observations and actions are those of
:mod:`samtempa.envs.shell`, stacked over the games; rewards come at each game's
end: +1 win, -1 loss, 0 draw (placement, as in the PettingZoo environment).
A finished game starts again at once (``autoreset_mode`` "same-step"): its
``terminated`` entry and reward are the finished game's, the observation
returned is already the new game's.

``backend`` chooses the batched engine: the compiled kernel (``"kernel"``, the
default when it is built, :mod:`samtempa.games.shell.batch_kernel`) or numpy
(``"numpy"``); both play the same games for the same picks, but the random
picks come from different generators, so a seed gives different games.

A pick of an occupied cell is replaced by a uniformly random empty cell (the
missed-order policy of the bot protocol) and flagged in ``infos["illegal"]``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from samtempa.envs.shell import CELLS, PLANES
from samtempa.games.shell import WhatTheShell
from samtempa.games.shell.batch import ShellBatch
from samtempa.games.shell.batch_kernel import Backend, make_batch
from samtempa.games.shell.batch_waves import BLACK_WINS, ONGOING, SUDDEN_DEATH, WHITE_WINS
from samtempa.games.shell.board import SIZE
from samtempa.render.raster import svg_to_image
from samtempa.render.svg import state_svg

Obs = dict[str, npt.NDArray[Any]]
Opponent = Callable[[Obs], npt.NDArray[np.intp]]


def batch_planes(batch: ShellBatch, black: bool) -> npt.NDArray[np.float32]:
    """n × 5 × 9 × 9: the planes of :func:`samtempa.envs.shell.shell_planes`, for every game."""
    own, other = (batch.black, batch.white) if black else (batch.white, batch.black)
    planes = np.zeros((batch.n, PLANES, CELLS), dtype=np.float32)
    planes[:, 0] = own.cells()
    planes[:, 1] = other.cells()
    planes[:, 2] = batch.eggs.cells()
    order = batch.egg_order()
    live = order > 0
    planes[:, 3][live] = 1.0 / order[live]
    planes[:, 4] = (batch.phase == SUDDEN_DEATH)[:, None]
    return planes.reshape(batch.n, PLANES, SIZE, SIZE)


class ShellVectorEnv(VectorEnv[Obs, npt.NDArray[np.intp], npt.NDArray[Any]]):
    """``n`` What the Shell games against one opponent policy (:mod:`samtempa.envs.vector`)."""

    metadata = {  # noqa: RUF012 - Gymnasium's VectorEnv declares it an instance attribute
        "render_modes": ["rgb_array"],
        "autoreset_mode": AutoresetMode.SAME_STEP,
    }

    def __init__(
        self,
        n: int,
        opponent: str | Opponent = "random",
        render_mode: str | None = None,
        backend: Backend | None = None,
    ) -> None:
        self.num_envs = n
        self.batch: ShellBatch = make_batch(n, backend)
        self.opponent = opponent
        self.render_mode = render_mode
        self.np_random = np.random.default_rng()
        self.single_action_space = spaces.Discrete(CELLS)
        self.action_space = spaces.MultiDiscrete([CELLS] * n)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (PLANES, SIZE, SIZE), dtype=np.float32),
                "action_mask": spaces.MultiBinary(CELLS),
            }
        )
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (n, PLANES, SIZE, SIZE), dtype=np.float32),
                "action_mask": spaces.MultiBinary((n, CELLS)),
            }
        )

    def observe(self, black: bool = True) -> Obs:
        mask = self.batch.empty_cells().astype(np.int8)
        return {"observation": batch_planes(self.batch, black), "action_mask": mask}

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        if seed is not None:
            self.np_random = np.random.default_rng(seed)
            self.action_space.seed(seed if isinstance(seed, int) else seed[0])
        self.batch.reset(np.arange(self.num_envs))
        return self.observe(), {}

    def _opponent_picks(self) -> npt.NDArray[np.intp]:
        if self.opponent == "random":
            return self.batch.random_picks(self.np_random)
        if callable(self.opponent):
            return np.asarray(self.opponent(self.observe(black=False)), dtype=np.intp)
        raise ValueError(f"unknown opponent {self.opponent!r}")

    def step(
        self, actions: npt.NDArray[np.intp]
    ) -> tuple[
        Obs, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        batch = self.batch
        black = np.asarray(actions, dtype=np.intp).reshape(self.num_envs)
        free = batch.empty_cells()
        legal = (black >= 0) & (black < CELLS)
        legal[legal] = free[np.flatnonzero(legal), black[legal]]
        if not legal.all():
            black = np.where(legal, black, batch.random_picks(self.np_random))
        white = self._opponent_picks()
        batch.step(black, white)
        result = batch.result
        rewards = np.where(result == BLACK_WINS, 1.0, np.where(result == WHITE_WINS, -1.0, 0.0))
        done = result != ONGOING
        infos: dict[str, Any] = {"illegal": ~legal, "turns": batch.turn.copy()}
        over = batch.finished()
        if over.size:
            batch.reset(over)
        return self.observe(), rewards, done, np.zeros(self.num_envs, dtype=np.bool_), infos

    def render(self) -> tuple[npt.NDArray[np.uint8], ...] | None:
        """Game 0 in the project's own picture (:mod:`samtempa.render`)."""
        if self.render_mode != "rgb_array":
            return None
        svg = state_svg(WhatTheShell().to_json(self.batch.state(0)))
        return (np.asarray(svg_to_image(svg), dtype=np.uint8),)
