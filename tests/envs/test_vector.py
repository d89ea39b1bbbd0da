"""The vector environment: the batched engine's games, the learner as black."""

from __future__ import annotations

import numpy as np
import pytest

from samtempa.envs.shell import ShellParallelEnv, shell_planes
from samtempa.envs.vector import ShellVectorEnv
from samtempa.games.shell.batch_kernel import Backend, KernelBatch

BACKENDS = pytest.mark.parametrize("backend", ["numpy", "kernel"])


def test_the_compiled_kernel_is_the_default() -> None:
    assert isinstance(ShellVectorEnv(2).batch, KernelBatch)
    assert not isinstance(ShellVectorEnv(2, backend="numpy").batch, KernelBatch)


@BACKENDS
def test_observations_match_the_pettingzoo_environment(backend: Backend) -> None:
    """Same picks in both environments: same planes and masks, every turn of a game."""
    vec = ShellVectorEnv(
        1,
        opponent=lambda obs: np.array([int(np.argmax(obs["action_mask"][0]))]),
        backend=backend,
    )
    single = ShellParallelEnv()
    obs, _ = vec.reset(seed=0)
    single_obs, _ = single.reset(seed=0)
    rng = np.random.default_rng(3)
    for _ in range(40):
        black = int(rng.choice(np.flatnonzero(obs["action_mask"][0])))
        white = int(np.argmax(single_obs["white"]["action_mask"]))
        obs, rewards, done, _, _ = vec.step(np.array([black]))
        single_obs, single_rewards, single_done, _, _ = single.step(
            {"black": black, "white": white}
        )
        assert done[0] == single_done["black"]
        if done[0]:
            assert rewards[0] == single_rewards["black"]
            break
        assert (obs["observation"][0] == shell_planes(single.state, "black")).all()
        assert (obs["action_mask"][0] == single_obs["black"]["action_mask"]).all()
    assert done[0], "the game ended within 40 turns"


@BACKENDS
def test_random_play_finishes_games_and_resets_them(backend: Backend) -> None:
    env = ShellVectorEnv(256, backend=backend)
    obs, _ = env.reset(seed=1)
    rng = np.random.default_rng(2)
    finished = 0
    wins = 0.0
    for _ in range(60):
        masks = obs["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        obs, rewards, done, truncated, infos = env.step(actions)
        assert not infos["illegal"].any()
        assert not truncated.any()
        finished += int(done.sum())
        wins += float(rewards[done].sum())
        assert (env.batch.turn[done] == 0).all()  # already the next game
    assert finished > 256
    assert abs(wins) < finished


@BACKENDS
def test_an_occupied_pick_is_replaced_and_flagged(backend: Backend) -> None:
    env = ShellVectorEnv(2, backend=backend)
    env.reset(seed=5)
    obs, *_ = env.step(np.array([40, 40]))
    free_before = obs["action_mask"][:, 3].astype(bool)
    _, _, _, _, infos = env.step(np.array([40, 3]))
    assert infos["illegal"][0]  # E5 is taken in game 0
    assert infos["illegal"][1] == (not free_before[1])
    assert (env.batch.turn == 2).all()  # both games played their turn
