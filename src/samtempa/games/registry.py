"""The game plug-ins: each ``games/<game>/spec.py`` declares one :class:`GameSpec`.

This module and ``games/`` are the only places that spell a game's name;
everything else asks :func:`get_spec` (or :func:`get_game`) and reads the
spec's attributes. A spec's module is imported on first use, so a command
using one game never pays for the other's engine.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from samtempa.games.base import Game, GameSpec

#: Each game's name and the module holding its spec, in the order pages list them.
_MODULES = {
    "what-the-shell": "samtempa.games.shell.spec",
    "snake-synapse": "samtempa.games.snake.spec",
}
GAME_NAMES = tuple(_MODULES)
_SPECS: dict[str, GameSpec] = {}


def get_spec(name: str) -> GameSpec:
    """The plug-in of a game name; raises ``KeyError`` for an unknown one."""
    spec = _SPECS.get(name)
    if spec is None:
        spec = import_module(_MODULES[name]).SPEC
        if not isinstance(spec, GameSpec) or spec.name != name:  # pragma: no cover
            raise TypeError(f"{_MODULES[name]}.SPEC is not the spec of {name}")
        _SPECS[name] = spec
    return spec


def specs() -> tuple[GameSpec, ...]:
    """Every game's spec, in :data:`GAME_NAMES` order."""
    return tuple(get_spec(name) for name in GAME_NAMES)


def get_game(name: str) -> Game[Any, Any]:
    """The engine for a game name; raises ``KeyError`` for an unknown one."""
    return get_spec(name).engine()


class _Titles(dict[str, str]):
    """Each game's title by name, read from the specs on first use."""

    def __missing__(self, name: str) -> str:
        title = get_spec(name).title
        self[name] = title
        return title


#: Each game's name as people read it (English; pages translate it).
TITLES: dict[str, str] = _Titles()
