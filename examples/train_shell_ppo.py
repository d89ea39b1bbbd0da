"""Train a small What the Shell policy against the random bot, with MaskablePPO.

    pip install -e '.[learn]'      # torch 2.13.0 (CPU), stable-baselines3, sb3-contrib
    python examples/train_shell_ppo.py [--minutes 10] [--games 256] [--seed 0]

The learner plays black in ``--games`` games at once on the batched engine
(:class:`samtempa.envs.vector.ShellVectorEnv`), masked to the empty cells; the
opponent picks uniformly random empty cells. The progress bar shows the win
rate of the last games played; every ``--eval-every`` updates the greedy policy
plays 2,000 fresh games, and training stops once it wins more than 90% of them
(or after ``--minutes``).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv
from tqdm import tqdm

from samtempa.envs.vector import ShellVectorEnv


class SB3Shell(VecEnv):  # type: ignore[misc]
    """:class:`ShellVectorEnv` behind stable-baselines3's ``VecEnv`` (planes, masks)."""

    def __init__(self, n: int, seed: int) -> None:
        self.env = ShellVectorEnv(n)
        self.render_mode = None
        obs, _ = self.env.reset(seed=seed)
        self.obs = obs
        space = self.env.single_observation_space["observation"]
        super().__init__(n, space, spaces.Discrete(81))
        self.finished: list[float] = []

    def reset(self) -> np.ndarray:
        self.obs, _ = self.env.reset()
        return self.obs["observation"]

    def step_async(self, actions: np.ndarray) -> None:
        self.actions = actions

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        self.obs, rewards, done, _, _ = self.env.step(self.actions)
        self.finished.extend(rewards[done].tolist())
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return self.obs["observation"], rewards.astype(np.float32), done, infos

    def action_masks(self) -> np.ndarray:
        return self.obs["action_mask"].astype(bool)

    def env_method(self, name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if name == "action_masks":
            return list(self.action_masks())
        raise AttributeError(name)

    def close(self) -> None: ...

    def get_attr(self, name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, name)] * self.num_envs

    def set_attr(self, name: str, value: Any, indices: Any = None) -> None:
        setattr(self, name, value)

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False] * self.num_envs

    def seed(self, seed: int | None = None) -> list[None]:
        return [None] * self.num_envs


def win_rate(model: MaskablePPO, games: int = 2000, seed: int = 12345) -> float:
    """The greedy policy's share of wins over ``games`` fresh games against random picks."""
    env = ShellVectorEnv(games)
    obs, _ = env.reset(seed=seed)
    result = np.zeros(games)
    playing = np.ones(games, dtype=bool)
    while playing.any():
        actions, _ = model.predict(
            obs["observation"], action_masks=obs["action_mask"].astype(bool), deterministic=True
        )
        obs, rewards, done, _, _ = env.step(actions)
        result[playing & done] = rewards[playing & done]
        playing &= ~done
    return float((result > 0).mean())


class Progress(BaseCallback):  # type: ignore[misc]
    """The progress bar, the evaluations, and the stop at 90%."""

    def __init__(self, env: SB3Shell, minutes: float, eval_every: int) -> None:
        super().__init__()
        self.env, self.deadline, self.eval_every = env, time.monotonic() + 60 * minutes, eval_every
        self.start = time.monotonic()
        self.bar = tqdm(
            total=int(60 * minutes), bar_format="{l_bar}{bar}| {n:.0f}/{total:.0f} s {postfix}"
        )
        self.updates = 0
        self.best = 0.0

    def _on_step(self) -> bool:
        self.bar.n = min(self.bar.total, time.monotonic() - self.start)
        recent = self.env.finished[-2000:]
        if recent:
            self.bar.set_postfix(
                games=len(self.env.finished),
                win_rate=f"{np.mean(np.array(recent) > 0):.3f}",
                greedy=f"{self.best:.3f}",
            )
        return time.monotonic() < self.deadline

    def _on_rollout_end(self) -> None:
        self.updates += 1
        if self.updates % self.eval_every == 0:
            self.best = win_rate(self.model)
            seconds, games = time.monotonic() - self.start, len(self.env.finished)
            tqdm.write(f"{seconds:6.0f} s  {games:>8} games  greedy win rate {self.best:.3f}")
            if self.best > 0.9:
                self.deadline = 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--eval-every", type=int, default=5)
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    env = SB3Shell(args.games, args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=16,
        batch_size=1024,
        n_epochs=4,
        learning_rate=1e-3,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=args.seed,
        device="cpu",
    )
    print(f"greedy win rate before training: {win_rate(model):.3f}")
    progress = Progress(env, args.minutes, args.eval_every)
    model.learn(total_timesteps=10**9, callback=progress)
    progress.bar.close()
    rate = win_rate(model)
    took = time.monotonic() - progress.start
    print(f"greedy win rate against the random bot: {rate:.3f} after {took:.0f} s")


if __name__ == "__main__":
    main()
