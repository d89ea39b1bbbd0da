"""Game names to engines: ``"what-the-shell"`` and ``"snake-synapse"``."""

from __future__ import annotations

from typing import Any

from samtempa.games.base import Game

GAME_NAMES = ("what-the-shell", "snake-synapse")
#: Each game's name as people read it (English; pages translate it).
TITLES = {"what-the-shell": "What the Shell", "snake-synapse": "Snake Synapse"}


def get_game(name: str) -> Game[Any, Any]:
    """The engine for a game name; raises ``KeyError`` for an unknown one.

    Imports lazily so that a command using one game never pays for the other.
    """
    if name == "what-the-shell":
        from samtempa.games.shell import WhatTheShell

        return WhatTheShell()
    if name == "snake-synapse":
        from samtempa.games.snake import SnakeSynapse

        return SnakeSynapse()
    raise KeyError(name)
