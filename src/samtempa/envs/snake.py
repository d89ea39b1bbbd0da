"""Snake Synapse as a PettingZoo parallel environment: one agent per snake.

Any terrain (SS-1.7), its number of seats or fewer, races given or drawn from
the terrain's allowed races at each ``reset`` (with the environment's seeded
generator). Actions: :mod:`samtempa.envs.snake_actions`. Observation, from the
agent's side (docs/envs.md), a dict:

- ``board``: float32 planes ``(2 × seats + 7) × (floors × height) × width``:
  for each snake, starting with the agent's own and then in seat order after
  it, its head and its other segments; then ladders, diggable walls (``#``),
  undiggable walls (``X``), traps, pending deletions (SS-7.4), corpses, and
  portal front cells (SS-8.6). Floors are stacked, floor 1 on top.
- ``snakes``: float32 ``seats × 13``, in the same order: alive, race (one-hot,
  SS-2.2), charges left / 3, length / 12, pending growth / 12, ghost turns
  left / 3, digging, removed (SS-9.1).
- ``game``: float32 4: path length / 8, turns without a death / 3, deaths /
  seats, turn / 100.
- ``action_mask``: one mask per action component.

Everything here is public between turns: races are revealed before turn 1
(the editions' draft), and orders are never part of a state.
"""

from __future__ import annotations

from functools import cache
from random import Random
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from samtempa.envs.common import Obs, SamtempaParallelEnv
from samtempa.envs.snake_actions import SnakeActions
from samtempa.games.base import PlayerId
from samtempa.games.snake import Order, SnakeSynapse, State, load_terrain
from samtempa.games.snake.state import COLOURS, Race
from samtempa.games.snake.terrain import HARD, LADDER, RACES, TRAP, WALL

#: Seat names: the snakes' colours in the engine's seat order (the pages' and terminal's too).
SEAT_NAMES = COLOURS
TERRAIN_PLANES = 7
SNAKE_FEATURES = 13
RACE_INDEX = {r: i for i, r in enumerate(RACES)}


class SnakeRules:
    """Snake Synapse's part of :class:`~samtempa.envs.common.SamtempaParallelEnv`."""

    def __init__(self, game: SnakeSynapse, terrain_id: str, seats: int) -> None:
        self.terrain = load_terrain(terrain_id)
        self.seats = seats
        self.actions = SnakeActions(game, self.terrain)
        t = self.terrain
        self.shape = (2 * seats + TERRAIN_PLANES, t.floors * t.height, t.width)

    @cache  # noqa: B019 - one space object per agent, as PettingZoo wants
    def action_space(self, agent: PlayerId) -> spaces.Space[Any]:
        return spaces.MultiDiscrete(self.actions.nvec)

    @cache  # noqa: B019
    def observation_space(self, agent: PlayerId) -> spaces.Space[Any]:
        masks = spaces.Tuple(tuple(spaces.MultiBinary(int(n)) for n in self.actions.nvec))
        return spaces.Dict(
            {
                "board": spaces.Box(0.0, 1.0, self.shape, dtype=np.float32),
                "snakes": spaces.Box(0.0, 1.0, (self.seats, SNAKE_FEATURES), dtype=np.float32),
                "game": spaces.Box(0.0, np.inf, (4,), dtype=np.float32),
                "action_mask": masks,
            }
        )

    def observe(self, state: State, agent: PlayerId) -> Obs:
        return {
            "board": self.board(state, agent),
            "snakes": self.snake_features(state, agent),
            "game": np.array(
                [
                    state.path_length / 8,
                    state.turns_without_death / 3,
                    state.deaths / self.seats,
                    state.turn / 100,
                ],
                dtype=np.float32,
            ),
            "action_mask": self.actions.masks(state, agent),
        }

    def _order(self, state: State, agent: PlayerId) -> list[int]:
        """Seats from the agent's own, then in seat order after it."""
        me = state.seat(agent)
        n = len(state.snakes)
        return [(me + k) % n for k in range(n)]

    def board(self, state: State, agent: PlayerId) -> npt.NDArray[np.float32]:
        t = state.terrain
        planes = np.zeros((self.shape[0], t.size), dtype=np.float32)
        for k, seat in enumerate(self._order(state, agent)):
            s = state.snakes[seat]
            if s.alive:
                planes[2 * k, s.body[0]] = 1.0
                planes[2 * k + 1, list(s.body[1:])] = 1.0
        base = 2 * self.seats
        grid = np.frombuffer(state.grid, dtype=np.uint8)
        for i, char in enumerate((LADDER, WALL, HARD, TRAP)):
            planes[base + i] = grid == char
        planes[base + 4, [c for c, _ in state.pending]] = 1.0
        planes[base + 5, list(state.corpse_cells())] = 1.0
        planes[base + 6, [p.cell for p in state.portals]] = 1.0
        return planes.reshape(self.shape)

    def snake_features(self, state: State, agent: PlayerId) -> npt.NDArray[np.float32]:
        out = np.zeros((self.seats, SNAKE_FEATURES), dtype=np.float32)
        for k, seat in enumerate(self._order(state, agent)):
            s = state.snakes[seat]
            out[k, 0] = s.alive
            out[k, 1 + RACE_INDEX[s.race]] = 1.0
            out[k, 7] = s.charges / 3
            out[k, 8] = s.length / 12
            out[k, 9] = s.pending_growth / 12
            out[k, 10] = s.ghost_turns_left / 3
            out[k, 11] = s.digging
            out[k, 12] = s.removed
        return np.minimum(out, 1.0)

    def orders(self, state: State, agent: PlayerId, action: Any) -> Order:
        return self.actions.decode(state, agent, action)


class SnakeParallelEnv(SamtempaParallelEnv[State, Order]):
    """Snake Synapse for ``seats`` snakes on ``terrain`` (:mod:`samtempa.envs.snake`).

    ``races``: one race per seat, or None to draw each seat's race at every reset
    from those the terrain allows (SS-2.2; Aperture Science: shooters only).
    """

    metadata: ClassVar[dict[str, Any]] = {
        **SamtempaParallelEnv.metadata,
        "name": "snake_synapse_v0",
    }

    def __init__(
        self,
        terrain: str = "classic",
        seats: int | None = None,
        races: list[str] | None = None,
        render_mode: str | None = None,
        max_turns: int | None = 200,
    ) -> None:
        game = SnakeSynapse()
        players = load_terrain(terrain).players
        seats = players if seats is None else seats
        if not 2 <= seats <= players:
            raise ValueError(f"{terrain} seats 2 to {players} snakes")
        if races is not None and len(races) != seats:
            raise ValueError("give one race per seat")
        self.terrain_id = terrain
        self.races = races
        rules = SnakeRules(game, terrain, seats)
        super().__init__(game, rules, list(SEAT_NAMES[:seats]), render_mode, max_turns)

    def new_state(self, rng: Random) -> State:
        allowed = load_terrain(self.terrain_id).races or tuple(r.value for r in Race)
        races = self.races or [rng.choice(allowed) for _ in self.possible_agents]
        snakes = [{"id": a, "race": r} for a, r in zip(self.possible_agents, races, strict=True)]
        return self.game.initial_state({"terrain": self.terrain_id, "snakes": snakes})
