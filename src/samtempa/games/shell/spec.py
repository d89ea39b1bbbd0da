"""What the Shell's plug-in: what the platform asks of the game (see ``GameSpec``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from samtempa.games.base import GameSpec, OrderError, PlayerId
from samtempa.games.shell.game import NAME, WhatTheShell
from samtempa.games.shell.notation import turn_text
from samtempa.games.shell.report_json import report_to_json
from samtempa.games.shell.state import BLACK, COLOURS, WHITE


def turn_notation(orders: Mapping[PlayerId, Any]) -> str:
    """``black/white`` (WTS-7.1) from each player's pick in JSON form."""
    try:
        return turn_text(orders[BLACK], orders[WHITE])
    except KeyError as e:
        raise OrderError("missing-orders", f"{e.args[0]} has not picked", e.args[0]) from e


SPEC = GameSpec(
    name=NAME,
    title="What the Shell",
    engine=WhatTheShell,
    seats=COLOURS,
    min_players=len(COLOURS),
    board="shell",
    silent_seat="missed",
    turn_notation=turn_notation,
    report_to_json=report_to_json,
)
