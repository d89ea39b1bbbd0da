"""Learning environments for researchers: PettingZoo, OpenSpiel and a vector env.

- :class:`~samtempa.envs.shell.ShellParallelEnv`, :class:`~samtempa.envs.snake.SnakeParallelEnv`:
  PettingZoo parallel environments over the engines (docs/envs.md).
- :mod:`samtempa.envs.openspiel`: both games registered as OpenSpiel Python games.
- :class:`~samtempa.envs.vector.ShellVectorEnv`: thousands of What the Shell games on
  the batched engine (:mod:`samtempa.games.shell.batch_kernel`, compiled, or
  :mod:`samtempa.games.shell.batch`, numpy), against a built-in opponent.

The heavy libraries come with the ``envs`` extra (``pip install samtempa[envs]``).
"""
