"""A What the Shell turn told in sentences, in the reader's language, from the engine's report.

Every fact comes from the :class:`~samtempa.games.shell.rules.TurnReport` and the
canonical state after the turn; nothing is worked out here. The sentences go
through a gettext function (the web platform's catalogues, which hold the games'
words too), so a French page reads ``noir a joué E5.`` and never an English word.
The result itself (who won) is left to the page's verdict, which says it from the
viewer's side ("You won"): the story only tells what the rules did (WTS-6.2, 6.4).

The steps follow :func:`samtempa.render.shell.turn_pictures`: the picks on the board
before the turn, the placement (or the egg of a collision), each wave's captures and
then its eggs, and the board after the turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from samtempa.games.shell.board import square_name as sq
from samtempa.games.shell.rules import TurnReport

Gettext = Callable[..., str]


def step_lines(
    report: TurnReport, after: Mapping[str, Any], missed: Sequence[str], _: Gettext
) -> list[list[str]]:
    """The sentences of each picture of :func:`turn_pictures` (some steps have none)."""
    b, w = sq(report.black_pick), sq(report.white_pick)
    first = [
        _("%(player)s sent nothing in time: a random empty cell was played.", player=_(p))
        for p in missed
    ]
    if report.collision:
        first.append(_("Both picked %(cell)s: an egg is laid there.", cell=b))
        return [first, [], end_lines(after, _)]
    first += [
        _("%(player)s played %(cell)s.", player=_("black"), cell=b),
        _("%(player)s played %(cell)s.", player=_("white"), cell=w),
    ]
    steps: list[list[str]] = [first, []]
    for wave in report.waves:
        steps.append(
            [
                _(
                    "%(player)s %(closer)s captures %(a)s and %(b)s against %(anchor)s.",
                    player=_(c.colour),
                    closer=sq(c.closer),
                    a=sq(c.pair[0]),
                    b=sq(c.pair[1]),
                    anchor=sq(c.anchor),
                )
                for c in wave.captures
            ]
        )
        eggs = [
            _("Egg %(cell)s vanishes (captures on both sides).", cell=sq(s)) for s in wave.vanished
        ]
        eggs += [
            _(
                "Egg %(cell)s hatches as %(player)s.",
                cell=sq(s),
                player=_(wave.hatched_colour or ""),
            )
            for s in wave.hatched
        ]
        steps.append(eggs)
    steps.append(end_lines(after, _))
    return steps


def end_lines(state: Mapping[str, Any], _: Gettext) -> list[str]:
    """What the rules say after the turn (WTS-6.2, WTS-6.4), without naming a winner."""
    wt = state["winning_turtles"]
    lines = []
    if wt["black"] or wt["white"]:
        lines.append(_("Winning turtles: black %(b)s, white %(w)s", b=wt["black"], w=wt["white"]))
    if state["result"] == "draw":
        lines.append(_("No empty cell is left: the game ends."))
    elif state["result"]:
        lines.append(_("The game is over."))
    elif state["phase"] == "sudden-death":
        lines.append(_("Sudden death: the next line decides."))
    return lines


def notation(orders: Mapping[str, Any]) -> str:
    """A turn as WTS-7.1 writes it: ``black/white`` (``E5/B4``)."""
    return f"{orders.get('black', '?')}/{orders.get('white', '?')}"
