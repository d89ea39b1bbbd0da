"""The single drawing: the SVG of any canonical state, whichever the game.

``games`` may not import ``render``, so each game's drawing is registered
here, in :data:`_DRAWERS`, keyed by its spec's name (``GameSpec.name``): the
state's ``game`` picks the drawing by lookup, never by comparing names.

>>> from samtempa.games.registry import get_game
>>> game = get_game("what-the-shell")
>>> state_svg(game.to_json(game.initial_state())).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from samtempa.games.shell.rules import TurnReport
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.render import shell, snake


def state_svg(
    state: Mapping[str, Any],
    *,
    report: Any = None,
    before: Mapping[str, Any] | None = None,
    caption: str | None = None,
    lang: str = "en",
) -> str:
    """The SVG text of a canonical state (``state["game"]`` says which drawing).

    What the Shell marks the turn that led to the state when given the
    engine's ``report`` of it (and ``before``, the state before it); Snake
    Synapse shows the deaths of the turn or frame from the state itself.
    Every word of the picture is in ``lang`` (fr, eo, en).
    """
    game = state.get("game") if isinstance(state, Mapping) else None
    draw = _DRAWERS.get(game) if isinstance(game, str) else None
    if draw is None:
        raise ValueError(f"cannot draw a state of game {game!r}")
    return draw(state, report, before, caption, lang)


def _shell(
    state: Mapping[str, Any],
    report: Any,
    before: Mapping[str, Any] | None,
    caption: str | None,
    lang: str,
) -> str:
    shell_report = report if isinstance(report, TurnReport) else None
    return shell.state_svg(state, shell_report, before, lang)


def _snake(
    state: Mapping[str, Any],
    report: Any,
    before: Mapping[str, Any] | None,
    caption: str | None,
    lang: str,
) -> str:
    return snake.state_svg(state, caption, lang)


_Drawer = Callable[[Mapping[str, Any], Any, "Mapping[str, Any] | None", "str | None", str], str]
#: Each game's drawing, keyed by its spec's name: ``games`` may not know ``render``,
#: so the table is here, and a game's name is never compared.
_DRAWERS: dict[str, _Drawer] = {SHELL.name: _shell, SNAKE.name: _snake}
