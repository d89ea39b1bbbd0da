"""What the Shell as a PettingZoo parallel environment: agents ``black`` and ``white``.

Action: ``Discrete(81)``, the cell ``row * 9 + col`` (``A1`` is 0, ``I9`` 80;
WTS-1.1). Observation, from the agent's side (docs/envs.md): a dict with
``observation``, float32 planes 5 × 9 × 9 (own turtles, the other's turtles,
eggs, each egg's place in the queue as ``1 / place`` so the oldest is 1,
sudden death in progress), and ``action_mask``, the cells the engine lets the
agent pick (WTS-2.1). Nothing is hidden between turns in this game; the
other's pick of the turn being played is never in an observation.

>>> env = ShellParallelEnv()
>>> obs, infos = env.reset(seed=1)
>>> int(obs["black"]["action_mask"].sum())
81
"""

from __future__ import annotations

from functools import cache
from random import Random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces

from samtempa.envs.common import Obs, SamtempaParallelEnv
from samtempa.games.base import OrderError, PlayerId
from samtempa.games.shell import ShellState, WhatTheShell
from samtempa.games.shell.board import SIZE, STRIDE, square
from samtempa.games.shell.state import BLACK, COLOURS, SUDDEN_DEATH, WHITE

CELLS = SIZE * SIZE
PLANES = 5
#: Engine square of each action (``row * 10 + col``, :mod:`samtempa.games.shell.board`).
SQUARE_OF_ACTION = tuple(r * STRIDE + c for r in range(SIZE) for c in range(SIZE))
ACTION_OF_SQUARE = {sq: a for a, sq in enumerate(SQUARE_OF_ACTION)}


def shell_planes(state: ShellState, agent: PlayerId) -> np.ndarray[Any, np.dtype[np.float32]]:
    """The observation planes of :mod:`samtempa.envs.shell`, from ``agent``'s side."""
    own, other = (state.black, state.white) if agent == BLACK else (state.white, state.black)
    planes = np.zeros((PLANES, CELLS), dtype=np.float32)
    for a, sq in enumerate(SQUARE_OF_ACTION):
        planes[0, a] = own >> sq & 1
        planes[1, a] = other >> sq & 1
        planes[2, a] = state.eggs >> sq & 1
    for place, sq in enumerate(state.queue, start=1):
        planes[3, ACTION_OF_SQUARE[sq]] = 1.0 / place
    planes[4] = state.phase == SUDDEN_DEATH
    return planes.reshape(PLANES, SIZE, SIZE)


class ShellRules:
    """What the Shell's part of :class:`~samtempa.envs.common.SamtempaParallelEnv`."""

    def __init__(self, game: WhatTheShell) -> None:
        self.game = game

    @cache  # noqa: B019 - one space object per agent, as PettingZoo wants
    def action_space(self, agent: PlayerId) -> spaces.Space[Any]:
        return spaces.Discrete(CELLS)

    @cache  # noqa: B019
    def observation_space(self, agent: PlayerId) -> spaces.Space[Any]:
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (PLANES, SIZE, SIZE), dtype=np.float32),
                "action_mask": spaces.MultiBinary(CELLS),
            }
        )

    def observe(self, state: ShellState, agent: PlayerId) -> Obs:
        mask = np.zeros(CELLS, dtype=np.int8)
        for name in self.game.guide(state)["playable"]:
            mask[ACTION_OF_SQUARE[square(name)]] = 1
        return {"observation": shell_planes(state, agent), "action_mask": mask}

    def orders(self, state: ShellState, agent: PlayerId, action: Any) -> int:
        a = int(action)
        if not 0 <= a < CELLS:
            raise OrderError("off-board", f"action {a} is no cell (0 to 80)", agent)
        return SQUARE_OF_ACTION[a]


class ShellParallelEnv(SamtempaParallelEnv[ShellState, int]):
    """What the Shell between two agents (:mod:`samtempa.envs.shell`)."""

    metadata: ClassVar[dict[str, Any]] = {
        **SamtempaParallelEnv.metadata,
        "name": "what_the_shell_v0",
    }

    def __init__(self, render_mode: str | None = None, max_turns: int | None = None) -> None:
        game = WhatTheShell()
        super().__init__(game, ShellRules(game), list(COLOURS), render_mode, max_turns)

    def new_state(self, rng: Random) -> ShellState:
        return self.game.initial_state()


__all__ = ["BLACK", "WHITE", "ShellParallelEnv", "shell_planes"]
