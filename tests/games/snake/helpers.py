"""Building Snake Synapse positions in a few lines, for the rule-named tests.

A position is written as the canonical JSON of SS-11 with defaults, then read
through ``from_json`` (so every test also exercises the state checks).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from samtempa.games.base import JSON, Step
from samtempa.games.snake import SnakeSynapse, State, load_terrain
from samtempa.games.snake.codec import to_json

GAME = SnakeSynapse()


def snake(
    sid: str,
    body: Sequence[str],
    race: str = "trapper",
    *,
    alive: bool = True,
    death: Mapping[str, Any] | None = None,
    **fields: Any,
) -> JSON:
    """A snake of the canonical state; a dead one needs ``death`` (number, cause…)."""
    out: JSON = {
        "id": sid,
        "colour": sid,
        "race": race,
        "body": list(body),
        "alive": alive,
        "removed": False,
        "length": len(body),
        "pending_growth": 0,
        "charges": {"dasher": 2, "shooter": 3}.get(race, 1),
        "ghost_turns_left": 0,
        "digging": False,
        "portal_links": [],
        "death": None,
    }
    if not alive:
        out["death"] = {"turn": 1, "frame": 1, "cause": "wall", "by": None, **(death or {})}
    out.update(fields)
    return out


def position(snakes: Sequence[JSON], terrain: str = "classic", **fields: Any) -> State:
    """A state on ``terrain`` at turn 6 with these snakes; ``fields`` override any key."""
    t = load_terrain(terrain)
    data: JSON = {
        "game": "snake-synapse",
        "terrain": terrain,
        "turn": 6,
        "frame": 0,
        "deaths": sum(1 for s in snakes if s["death"] is not None),
        "turns_without_death": 0,
        "path_length": t.path_length,
        "wrap": t.wrap_json(t.wrap_rows, t.wrap_columns),
        "grid": [
            [
                t.grid[f * t.area + r * t.width : f * t.area + (r + 1) * t.width].decode()
                for r in range(t.height)
            ]
            for f in range(t.floors)
        ],
        "snakes": list(snakes),
        "traps": [],
        "portals": [],
        "pending_deletions": [],
        "queued_changes": [],
        "result": None,
    }
    data.update(fields)
    return GAME.from_json(data)


def with_grid(state: State, **cells: str) -> State:
    """``state`` with some grid cells changed: ``with_grid(s, G4="#")``."""
    data = to_json(state)
    t = state.terrain
    for name, char in cells.items():
        col, row, floor = t.coords(t.cell(name.replace("_", "'")))
        line = data["grid"][floor][row]
        data["grid"][floor][row] = line[:col] + char + line[col + 1 :]
    data["traps"] = [t.name_of(c) for c in _t_cells(data, state)]
    return GAME.from_json(data)


def _t_cells(data: JSON, state: State) -> list[int]:
    text = "".join(row for floor in data["grid"] for row in floor)
    return [i for i, ch in enumerate(text) if ch == "T"]


def play(state: State, orders: Mapping[str, Any]) -> Step[State]:
    """One turn; a plain string is a path (``{"red": "RRRRR"}``)."""
    return GAME.play(
        state, {k: {"path": v} if isinstance(v, str) else v for k, v in orders.items()}
    )


def js(state: State) -> JSON:
    return to_json(state)


def body(state: State, sid: str) -> list[str]:
    return [state.terrain.name_of(c) for c in state.snake(sid).body]


def death(state: State, sid: str) -> tuple[str, str | None, int] | None:
    """(cause, killer, frame) of a dead snake, None while alive."""
    d = state.snake(sid).death
    return None if d is None else (d.cause.value, d.by, d.frame)
