"""The single drawing: the SVG of any canonical state, whichever the game.

>>> from samtempa.games.registry import get_game
>>> game = get_game("what-the-shell")
>>> state_svg(game.to_json(game.initial_state())).startswith("<svg")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def state_svg(
    state: Mapping[str, Any],
    *,
    report: Any = None,
    before: Mapping[str, Any] | None = None,
    caption: str | None = None,
) -> str:
    """The SVG text of a canonical state (``state["game"]`` says which drawing).

    What the Shell marks the turn that led to the state when given the
    engine's ``report`` of it (and ``before``, the state before it); Snake
    Synapse shows the deaths of the turn or frame from the state itself.
    """
    game = state.get("game") if isinstance(state, Mapping) else None
    if game == "what-the-shell":
        from samtempa.games.shell.rules import TurnReport
        from samtempa.render import shell

        return shell.state_svg(state, report if isinstance(report, TurnReport) else None, before)
    if game == "snake-synapse":
        from samtempa.render import snake

        return snake.state_svg(state, caption)
    raise ValueError(f"cannot draw a state of game {game!r}")
