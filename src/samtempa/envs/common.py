"""What both games' PettingZoo environments share: the engine's turn, placement rewards,
illegal actions, truncation and the project's own pictures.

A game plugs in by saying how an agent's action becomes its orders, what it
observes and which actions are legal (:class:`EnvRules`); everything a rule
decides comes from the engine (``validate``, ``step``, ``placings``,
``missed_order``).
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from samtempa.games.base import Game, OrderError, Outcome, PlayerId
from samtempa.render.raster import svg_to_image
from samtempa.render.svg import state_svg

S = TypeVar("S")
O = TypeVar("O")  # noqa: E741 - the orders type, as in games/base.py
Obs = dict[str, Any]

RENDER_MODES = ("rgb_array", "svg")


def placement_rewards(
    game: Game[Any, Any], state: Any, outcome: Outcome | None, players: list[PlayerId]
) -> dict[PlayerId, float]:
    """+1 for the first place down to -1 for the last, evenly spaced; players sharing a
    place share the mean of the places they span (the engine's ``placings``)."""
    n = len(players)
    out: dict[PlayerId, float] = {}
    position = 0
    for place in game.placings(state, outcome):
        mean = position + (len(place) - 1) / 2
        for player in place:
            out[player] = 1.0 - 2.0 * mean / (n - 1) if n > 1 else 0.0
        position += len(place)
    return out


S_contra = TypeVar("S_contra", contravariant=True)
O_co = TypeVar("O_co", covariant=True)


class EnvRules(Protocol[S_contra, O_co]):
    """One game's part of an environment."""

    def action_space(self, agent: PlayerId) -> spaces.Space[Any]: ...

    def observation_space(self, agent: PlayerId) -> spaces.Space[Any]: ...

    def observe(self, state: S_contra, agent: PlayerId) -> Obs: ...

    def orders(self, state: S_contra, agent: PlayerId, action: Any) -> O_co:
        """The orders an action stands for; raises :class:`OrderError` if it is no action
        of this space (the engine's checks then run on the orders)."""
        ...


class SamtempaParallelEnv(ParallelEnv[PlayerId, Obs, Any], Generic[S, O]):  # type: ignore[misc]
    """A PettingZoo parallel environment over a samtempa engine.

    ``step`` takes every living agent's action at once (a simultaneous turn); an
    action the engine refuses is replaced by the game's missed-order policy, drawn
    from the environment's seeded generator, and ``infos[agent]["illegal"]`` names
    the engine's error code. An agent's reward comes when it is done: its placement
    (:func:`placement_rewards`); ``max_turns`` truncates a game.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": True,
    }

    def __init__(
        self,
        game: Game[S, O],
        rules: EnvRules[S, O],
        players: list[PlayerId],
        render_mode: str | None = None,
        max_turns: int | None = None,
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {', '.join(RENDER_MODES)}")
        self.game = game
        self.rules = rules
        self.possible_agents = list(players)
        self.agents: list[PlayerId] = []
        self.render_mode = render_mode
        self.max_turns = max_turns
        self.turns = 0
        self.rng = Random()
        self.state: S = self.new_state(self.rng)

    # --- subclasses -----------------------------------------------------------------

    def new_state(self, rng: Random) -> S:
        """The state a game starts from (a subclass may draw races from ``rng``)."""
        raise NotImplementedError

    # --- PettingZoo ------------------------------------------------------------------

    def observation_space(self, agent: PlayerId) -> spaces.Space[Any]:
        return self.rules.observation_space(agent)

    def action_space(self, agent: PlayerId) -> spaces.Space[Any]:
        return self.rules.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[PlayerId, Obs], dict[PlayerId, dict[str, Any]]]:
        if seed is not None:
            self.rng = Random(seed)
            for i, agent in enumerate(self.possible_agents):
                self.action_space(agent).seed(seed + i)
        self.state = self.new_state(self.rng)
        self.agents = self.game.players(self.state)
        self.turns = 0
        obs = {a: self.rules.observe(self.state, a) for a in self.agents}
        return obs, {a: {} for a in self.agents}

    def step(
        self, actions: Mapping[PlayerId, Any]
    ) -> tuple[
        dict[PlayerId, Obs],
        dict[PlayerId, float],
        dict[PlayerId, bool],
        dict[PlayerId, bool],
        dict[PlayerId, dict[str, Any]],
    ]:
        playing = list(self.agents)
        infos: dict[PlayerId, dict[str, Any]] = {a: {} for a in playing}
        orders: dict[PlayerId, O] = {}
        for agent in self.game.players(self.state):
            try:
                if agent not in actions:
                    raise OrderError("missing-orders", f"{agent} gave no action", agent)
                order = self.rules.orders(self.state, agent, actions[agent])
                self.game.validate(self.state, agent, order)
            except OrderError as e:
                infos[agent]["illegal"] = e.code
                order = self.game.missed_order(self.state, agent, self.rng)
            orders[agent] = order
        self.state = self.game.step(self.state, orders).state
        self.turns += 1
        outcome = self.game.outcome(self.state)
        still = set(self.game.players(self.state))
        done = {a: a not in still for a in playing}
        truncated = outcome is None and self.max_turns is not None and self.turns >= self.max_turns
        places = placement_rewards(self.game, self.state, outcome, self.possible_agents)
        rewards = {a: places[a] if done[a] else 0.0 for a in playing}
        obs = {a: self.rules.observe(self.state, a) for a in playing}
        self.agents = [] if truncated else [a for a in playing if not done[a]]
        return obs, rewards, done, dict.fromkeys(playing, truncated), infos

    def render(self) -> npt.NDArray[np.uint8] | str | None:
        """The project's own picture of the state (:mod:`samtempa.render`)."""
        if self.render_mode is None:
            return None
        svg = state_svg(self.game.to_json(self.state))
        if self.render_mode == "svg":
            return svg
        return np.asarray(svg_to_image(svg), dtype=np.uint8)

    def close(self) -> None:
        """Nothing to release: the engine holds no resources."""
