"""Both games as OpenSpiel Python games: simultaneous moves, ``apply_actions``.

Importing this module registers ``python_what_the_shell`` and
``python_snake_synapse`` with ``pyspiel``, so that OpenSpiel's algorithms find
them by name (``pyspiel.load_game("python_what_the_shell")``), and
``pyspiel.convert_to_turn_based`` wraps them for the sequential ones (CFR,
exploitability, MCTS).

- What the Shell: action = cell ``row * 9 + col`` (as :mod:`samtempa.envs.shell`);
  parameter ``state``, a canonical state (WTS-7.2) to start from, as its JSON text
  hex-encoded (OpenSpiel's game strings cannot hold commas; :func:`shell_game`
  does it), so that solvers can work on small positions; empty: the empty board.
- Snake Synapse: action = ``variant * 4^K + path`` with ``path = d1 + 4·d2 + …``
  (:mod:`samtempa.envs.snake_actions`; directions beyond the path length are 0, a
  Breaker's path is 0); parameters ``terrain`` and ``races`` (comma-separated, one
  per seat). Only terrains whose paths stay at 5 steps are offered: the 8-step
  paths of the 8-seat terrains would make 7.1 million distinct actions.

Returns come at the end: placement (:func:`samtempa.envs.common.placement_rewards`),
zero-sum. ``max_turns`` ends a game early with the standing of the players.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from samtempa.envs.common import placement_rewards
from samtempa.envs.shell import CELLS, SQUARE_OF_ACTION
from samtempa.envs.snake import SEAT_NAMES
from samtempa.envs.snake_actions import SnakeActions, longest_path, order_of
from samtempa.games.base import Game, PlayerId
from samtempa.games.shell import ShellState, WhatTheShell
from samtempa.games.shell.state import COLOURS
from samtempa.games.snake import SnakeSynapse, load_terrain
from samtempa.games.snake.game import DEFAULT_SETUP
from samtempa.games.snake.terrain import DIRS

SHELL_NAME = "python_what_the_shell"
SNAKE_NAME = "python_snake_synapse"
_DEFAULT_RACES = ",".join(s["race"] for s in DEFAULT_SETUP["snakes"])


def _game_type(short: str, long: str, players: int, params: dict[str, Any]) -> Any:
    return pyspiel.GameType(
        short_name=short,
        long_name=long,
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        provides_factored_observation_string=False,
        parameter_specification=params,
    )


_SHELL_TYPE = _game_type(
    SHELL_NAME, "What the Shell (samtempa)", 2, {"state": "", "max_turns": 200}
)
_SNAKE_TYPE = _game_type(
    SNAKE_NAME,
    "Snake Synapse (samtempa)",
    8,
    {"terrain": "classic", "races": _DEFAULT_RACES, "max_turns": 200},
)


class EngineState(pyspiel.State):  # type: ignore[misc]
    """A samtempa engine state inside OpenSpiel; the game says how actions read."""

    def __init__(self, game: SamtempaGame, state: Any) -> None:
        super().__init__(game)
        self.state = state
        self.turns = 0
        self.history: list[list[int]] = []

    @property
    def owner(self) -> SamtempaGame:
        """The game (not kept on the state: OpenSpiel copies states by serialising them)."""
        game: SamtempaGame = self.get_game()
        return game

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(pyspiel.PlayerId.SIMULTANEOUS)

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal():
            return []
        return self.owner.legal(self.state, self.owner.players[player])

    def _apply_actions(self, actions: list[int]) -> None:
        engine = self.owner.engine
        living = set(engine.players(self.state))
        orders = {
            p: self.owner.decode(self.state, p, int(a))
            for p, a in zip(self.owner.players, actions, strict=True)
            if p in living
        }
        self.state = engine.step(self.state, orders).state
        self.turns += 1
        self.history.append([int(a) for a in actions])

    def _action_to_string(self, player: int, action: int) -> str:
        return f"{self.owner.players[player]}:{action}"

    def is_terminal(self) -> bool:
        over = self.owner.engine.outcome(self.state) is not None
        return over or self.turns >= self.owner.max_turns

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * len(self.owner.players)
        engine = self.owner.engine
        places = placement_rewards(
            engine, self.state, engine.outcome(self.state), self.owner.players
        )
        return [places[p] for p in self.owner.players]

    def __str__(self) -> str:
        return json.dumps(self.owner.engine.to_json(self.state), sort_keys=True)


class SamtempaObserver:
    """OpenSpiel's PyObserver: the canonical state, and with perfect recall the picks of
    every turn so far (nothing is hidden between turns in either game)."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        self.iig_obs_type = iig_obs_type
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: EngineState, player: int) -> None:
        """No tensors: the strings below are what this observer gives."""

    def string_from(self, state: EngineState, player: int) -> str:
        text = str(state)
        if self.iig_obs_type.perfect_recall:
            text += " " + json.dumps(state.history)
        return text


class SamtempaGame(pyspiel.Game):  # type: ignore[misc]
    """What both games share here; subclasses say how an action reads."""

    engine: Game[Any, Any]
    players: list[PlayerId]

    def __init__(self, game_type: Any, info: Any, params: dict[str, Any]) -> None:
        super().__init__(game_type, info, params)
        self.max_turns = int(params.get("max_turns", 200))

    def start(self) -> Any:
        raise NotImplementedError

    def legal(self, state: Any, player: PlayerId) -> list[int]:
        raise NotImplementedError

    def decode(self, state: Any, player: PlayerId, action: int) -> Any:
        raise NotImplementedError

    def new_initial_state(self) -> EngineState:
        return EngineState(self, self.start())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SamtempaObserver:
        return SamtempaObserver(iig_obs_type or pyspiel.IIGObservationType(), params)


class ShellSpielGame(SamtempaGame):
    """``python_what_the_shell``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_SHELL_TYPE.parameter_specification, **(params or {})}
        max_turns = int(params["max_turns"])
        info = pyspiel.GameInfo(
            num_distinct_actions=CELLS,
            max_chance_outcomes=0,
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=max_turns,
        )
        super().__init__(_SHELL_TYPE, info, params)
        self.engine = WhatTheShell()
        self.players = list(COLOURS)
        text = bytes.fromhex(str(params["state"])).decode()
        self._start = (
            self.engine.from_json(json.loads(text)) if text else self.engine.initial_state()
        )

    def start(self) -> Any:
        return self._start

    def legal(self, state: Any, player: PlayerId) -> list[int]:
        free = state.empty
        return [a for a, sq in enumerate(SQUARE_OF_ACTION) if free >> sq & 1]

    def decode(self, state: Any, player: PlayerId, action: int) -> Any:
        return SQUARE_OF_ACTION[action]


class SnakeSpielGame(SamtempaGame):
    """``python_snake_synapse``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_SNAKE_TYPE.parameter_specification, **(params or {})}
        terrain = load_terrain(str(params["terrain"]))
        steps = longest_path(terrain)
        if steps > 5:
            raise ValueError(
                f"{terrain.id}: paths grow to {steps} steps; OpenSpiel here offers the "
                "terrains whose paths stay at 5 (use samtempa.envs.snake for the others)"
            )
        races = [r for r in str(params["races"]).split(",") if r]
        if not 2 <= len(races) <= terrain.players:
            raise ValueError(f"{terrain.id}: give 2 to {terrain.players} races")
        self.engine = SnakeSynapse()
        self.players = list(SEAT_NAMES[: len(races)])
        self.actions = SnakeActions(self.engine, terrain)
        self.paths = len(DIRS) ** steps
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions.variants) * self.paths,
            max_chance_outcomes=0,
            num_players=len(races),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=int(params["max_turns"]),
        )
        super().__init__(_SNAKE_TYPE, info, params)
        snakes = [{"id": p, "race": r} for p, r in zip(self.players, races, strict=True)]
        self._start = self.engine.initial_state({"terrain": terrain.id, "snakes": snakes})

    def start(self) -> Any:
        return self._start

    def legal(self, state: Any, player: PlayerId) -> list[int]:
        if not state.snake(player).alive:
            return [0]  # a dead snake's seat still answers; its action is not used
        variants = self.actions.masks(state, player)[0]
        length = state.path_length
        paths = np.arange(len(DIRS) ** length)
        out: list[int] = []
        for v in np.flatnonzero(variants):
            if self.actions.variants[v].kind == "breaker":
                out.append(int(v) * self.paths)
            else:
                out.extend((int(v) * self.paths + paths).tolist())
        return out

    def decode(self, state: Any, player: PlayerId, action: int) -> Any:
        variant, path = divmod(action, self.paths)
        dirs = tuple(DIRS[path // len(DIRS) ** k % len(DIRS)] for k in range(state.path_length))
        return order_of(self.actions.variants[variant], dirs)


def shell_game(state: ShellState | None = None, max_turns: int = 200) -> Any:
    """``python_what_the_shell`` from ``state`` (None: the empty board)."""
    text = "" if state is None else json.dumps(WhatTheShell().to_json(state))
    return pyspiel.load_game(SHELL_NAME, {"state": text.encode().hex(), "max_turns": max_turns})


pyspiel.register_game(_SHELL_TYPE, ShellSpielGame)
pyspiel.register_game(_SNAKE_TYPE, SnakeSpielGame)
