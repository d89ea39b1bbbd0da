"""Turn reports in JSON, for the reveal animation, replays and records.

The engines report in their own types (What the Shell: squares as ints);
pages and sockets want cell names.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def report_to_json(game: str, report: Any, state: Any = None) -> Any:
    """``state``: the engine state after the turn (Snake Synapse names cells by its terrain)."""
    if report is None:
        return None
    if game == "what-the-shell":
        return _shell_report(report)
    if game == "snake-synapse" and state is not None:
        return _snake_report(report, state.terrain)
    return _plain(report)


def _snake_report(report: Any, terrain: Any) -> dict[str, Any]:
    """Frames with their deaths (cause, killer), growth and power events; English lines too."""
    from samtempa.games.snake.terrain import DIRS

    def name(cell: int | None) -> str | None:
        return None if cell is None else str(terrain.name_of(cell))

    frames = []
    for f in report.frames:
        frames.append(
            {
                "frame": f.frame,
                "settling": f.settling,
                "change": f.change,
                "deaths": [
                    {"snake": s, "number": d.number, "cause": str(d.cause), "by": d.by}
                    for s, d in f.deaths
                ],
                "growth": dict(f.growth),
                "teleports": [
                    {
                        "snake": t.snake,
                        "from": name(t.source),
                        "to": name(t.target),
                        "owner": t.owner,
                    }
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
        )
    result = report.result
    return {
        "turn": report.turn,
        "removed": list(report.removed),
        "frames": frames,
        "growth": dict(report.growth),
        "ghosts_fading": list(report.ghosts_fading),
        "result": None
        if result is None
        else {"winner": result.winner}
        if result.winner is not None
        else {"draw": list(result.draw)},
        "lines": report.describe(terrain),
    }


def _shell_report(report: Any) -> dict[str, Any]:
    from samtempa.games.shell.board import square_name

    def names(squares: Any) -> list[str]:
        return [square_name(sq) for sq in squares]

    return {
        "black": square_name(report.black_pick),
        "white": square_name(report.white_pick),
        "collision": report.collision,
        "waves": [
            {
                "new_turtles": [[colour, square_name(sq)] for colour, sq in wave.new_turtles],
                "captures": [
                    {
                        "colour": cap.colour,
                        "closer": square_name(cap.closer),
                        "pair": names(cap.pair),
                        "anchor": square_name(cap.anchor),
                    }
                    for cap in wave.captures
                ],
                "removed": names(wave.removed),
                "vanished": names(wave.vanished),
                "hatched": names(wave.hatched),
                "hatched_colour": wave.hatched_colour,
            }
            for wave in report.waves
        ],
        "winning": {"black": names(report.winning_black), "white": names(report.winning_white)},
    }


def _plain(value: Any) -> Any:
    """Dataclasses, mappings and sequences to JSON values (other engines' reports)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    if hasattr(value, "to_json"):
        return value.to_json()
    return str(value)
