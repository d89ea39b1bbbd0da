"""Snake Synapse's plug-in: what the platform asks of the game (see ``GameSpec``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from samtempa.games.base import GameSpec, PlayerId
from samtempa.games.snake.game import NAME, SnakeSynapse
from samtempa.games.snake.report_json import report_to_json
from samtempa.games.snake.state import CHARGES, COLOURS
from samtempa.games.snake.terrain import RACES


def turn_notation(orders: Mapping[PlayerId, Any]) -> dict[PlayerId, Any]:
    """The orders object already maps each snake to its orders (SS-3.1)."""
    copied: dict[PlayerId, Any] = json.loads(json.dumps(dict(orders)))  # shares no lists
    return copied


SPEC = GameSpec(
    name=NAME,
    title="Snake Synapse",
    engine=SnakeSynapse,
    seats=COLOURS,
    min_players=2,
    races=RACES,
    charges=CHARGES,
    board="snake",
    terrains=True,
    silent_seat="removed",  # SS-9.1: a silent snake is removed
    turn_notation=turn_notation,
    report_to_json=report_to_json,
)
