"""Turn reports in JSON, for the reveal animation, replays and records.

The engines report in their own types (What the Shell: squares as ints);
pages and sockets want cell names.
"""

from __future__ import annotations

from typing import Any

from samtempa.games.registry import get_spec


def report_to_json(game: str, report: Any, state: Any) -> Any:
    """``state``: the engine state after the turn (Snake Synapse names cells by its terrain).

    The JSON form is the game's own (:attr:`GameSpec.report_to_json`).
    """
    if report is None:
        return None
    return get_spec(game).report_to_json(report, state)
