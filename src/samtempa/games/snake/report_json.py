"""A turn's report in JSON, cells by name: what pages, sockets and replays receive."""

from __future__ import annotations

from typing import Any

from samtempa.games.snake.report import TurnReport
from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import DIRS, Terrain


def report_to_json(report: TurnReport, state: State) -> dict[str, Any]:
    """Frames with their deaths (cause, killer), growth and power events; English lines too.

    ``state``: the state after the turn (its terrain names the cells).
    """
    terrain = state.terrain
    result = report.result
    return {
        "turn": report.turn,
        "removed": list(report.removed),
        "frames": [_frame(f, terrain) for f in report.frames],
        "growth": dict(report.growth),
        "ghosts_fading": list(report.ghosts_fading),
        "result": None if result is None else result.to_json(),
        "lines": report.describe(terrain),
    }


def _frame(f: Any, terrain: Terrain) -> dict[str, Any]:
    def name(cell: int | None) -> str | None:
        return None if cell is None else str(terrain.name_of(cell))

    return {
        "frame": f.frame,
        "settling": f.settling,
        "change": f.change,
        "deaths": [
            {"snake": s, "number": d.number, "cause": str(d.cause), "by": d.by} for s, d in f.deaths
        ],
        "growth": dict(f.growth),
        "teleports": [
            {"snake": t.snake, "from": name(t.source), "to": name(t.target), "owner": t.owner}
            for t in f.teleports
        ],
        "traps": [{"snake": t.snake, "cell": name(t.cell)} for t in f.traps],
        "shots": [
            {
                "snake": sh.snake,
                "portal": sh.slot,
                "dir": DIRS[sh.dir],
                "outcome": sh.outcome,
                "cell": name(sh.cell),
            }
            for sh in f.shots
        ],
        "ghosts_ended": list(f.ghosts_ended),
    }
