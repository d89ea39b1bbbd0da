"""Turn reports in JSON, for the reveal animation, replays and records.

The engines report in their own types (What the Shell: squares as ints);
pages and sockets want cell names.
"""

from __future__ import annotations

import dataclasses
from typing import Any


def report_to_json(game: str, report: Any) -> Any:
    if report is None:
        return None
    if game == "what-the-shell":
        return _shell_report(report)
    return _plain(report)


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
