"""A turn's report in JSON, squares by name: what pages, sockets and replays receive."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from samtempa.games.shell.board import square_name
from samtempa.games.shell.rules import TurnReport


def report_to_json(report: TurnReport, state: Any = None) -> dict[str, Any]:
    """The picks, each wave's captures (WTS-4), its eggs and its lost captures (WTS-5.2),
    the winning rows."""

    def names(squares: Iterable[int]) -> list[str]:
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
                # WTS-5.2: captures that found no egg (pairs, and the surplus of one colour).
                "lost_pairs": wave.lost_pairs,
                "lost": wave.lost,
                "lost_colour": wave.lost_colour,
            }
            for wave in report.waves
        ],
        "winning": {"black": names(report.winning_black), "white": names(report.winning_white)},
    }
