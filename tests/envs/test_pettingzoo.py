"""PettingZoo's own API and seed tests, for both games and every Snake Synapse terrain."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

from samtempa.envs.common import placement_rewards
from samtempa.envs.shell import ACTION_OF_SQUARE, ShellParallelEnv
from samtempa.envs.snake import SnakeParallelEnv, SnakeRules
from samtempa.games.shell import WhatTheShell
from samtempa.games.snake import TERRAIN_IDS, SnakeSynapse


def test_what_the_shell_passes_the_parallel_api_and_seed_tests() -> None:
    parallel_api_test(ShellParallelEnv(), num_cycles=100)
    parallel_seed_test(ShellParallelEnv, num_cycles=100)


@pytest.mark.parametrize("terrain", TERRAIN_IDS)
def test_snake_synapse_passes_the_parallel_api_and_seed_tests(terrain: str) -> None:
    parallel_api_test(SnakeParallelEnv(terrain), num_cycles=40)
    parallel_seed_test(lambda: SnakeParallelEnv(terrain), num_cycles=40)


def test_masks_are_the_engines_playable_cells() -> None:
    env = ShellParallelEnv()
    obs, _ = env.reset(seed=3)
    obs, *_ = env.step({"black": 40, "white": 0})
    for agent in ("black", "white"):
        mask = obs[agent]["action_mask"]
        assert mask.sum() == 79
        assert mask[40] == 0
        assert mask[0] == 0
    planes = obs["black"]["observation"]
    assert planes[0, 4, 4] == 1
    assert planes[1, 0, 0] == 1
    assert obs["white"]["observation"][0, 0, 0] == 1  # seen from white's side


def test_an_illegal_action_is_replaced_by_the_missed_order_policy() -> None:
    env = ShellParallelEnv()
    env.reset(seed=1)
    env.step({"black": 40, "white": 0})
    _, _, _, _, infos = env.step({"black": 40, "white": 1})
    assert infos["black"]["illegal"] == "occupied"
    assert "illegal" not in infos["white"]
    assert env.state.turn == 2  # the turn was played with a random empty cell for black


def test_rewards_are_placements_at_the_end() -> None:
    env = ShellParallelEnv()
    env.reset(seed=0)
    # Black fills row 5 while white plays every other cell of row 1: black wins (WTS-6.2).
    for k in range(5):
        _, rewards, done, _, _ = env.step({"black": 36 + k, "white": 2 * k})
    assert rewards == {"black": 1.0, "white": -1.0}
    assert all(done.values())
    assert env.agents == []


def test_placement_rewards_share_places_and_sum_to_zero() -> None:
    game = SnakeSynapse()
    state = game.initial_state()
    players = [s.id for s in state.snakes]
    rewards = placement_rewards(game, state, None, players)  # everyone alive shares first
    assert set(rewards.values()) == {0.0}
    shell = WhatTheShell()
    assert placement_rewards(shell, shell.initial_state(), None, ["black", "white"]) == {
        "black": 0.0,
        "white": 0.0,
    }


def test_snake_actions_decode_to_engine_orders_and_masks_follow_the_race() -> None:
    env = SnakeParallelEnv(
        "classic", races=["breaker", "dasher", "trapper", "digger", "ghost", "shooter"]
    )
    obs, _ = env.reset(seed=2)
    rules = env.rules
    assert isinstance(rules, SnakeRules)
    variants = rules.actions.variants
    kinds = {
        a: {variants[i].kind for i in np.flatnonzero(obs[a]["action_mask"][0])} for a in env.agents
    }
    assert kinds["red"] == {"none", "breaker"}
    assert kinds["blue"] == {"none", "dash"}
    assert kinds["cyan"] == {"none", "shoot"}
    order = rules.orders(env.state, "blue", np.array([3, 0, 3, 1, 2, 3]))
    assert order.dash == 2
    assert order.path == ("U", "R", "D", "L", "R")


def test_render_gives_the_projects_pictures() -> None:
    env = ShellParallelEnv(render_mode="rgb_array")
    env.reset(seed=0)
    picture = env.render()
    assert isinstance(picture, np.ndarray)
    assert picture.ndim == 3
    assert picture.shape[2] == 3
    svg = SnakeParallelEnv("torus", render_mode="svg")
    svg.reset(seed=0)
    text = svg.render()
    assert isinstance(text, str)
    assert text.startswith("<svg")
    assert "torus" in text


def test_cells_are_numbered_in_reading_order() -> None:
    assert ACTION_OF_SQUARE[0] == 0
    assert ACTION_OF_SQUARE[44] == 40
    assert ACTION_OF_SQUARE[88] == 80
