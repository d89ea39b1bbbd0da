"""A What the Shell turn told in sentences, in the reader's language, from the engine's report.

Every fact comes from the :class:`~samtempa.games.shell.rules.TurnReport` and the
canonical state after the turn; nothing is worked out here. The sentences go
through a gettext function (the web platform's catalogues, which hold the games'
words too), so a French page reads ``Noir a choisi E5 et blanc B4.`` and never an
English word; each starts with a capital (:func:`samtempa.i18n.sentence`), whatever
word the language puts first.
The result itself (who won) is left to the page's verdict, which says it from the
viewer's side ("You won"): the story only tells what the rules did (WTS-6.2, 6.4).

The steps follow :func:`samtempa.render.shell.turn_pictures`: the picks on the board
before the turn, the placement (or the egg of a collision), each wave's captures and
then its eggs, and the board after the turn; each step has at least one sentence.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from samtempa.games.shell.board import square_name as sq
from samtempa.games.shell.notation import turn_text
from samtempa.games.shell.rules import TurnReport, Wave
from samtempa.games.shell.state import BLACK, WHITE
from samtempa.i18n import sentence

Gettext = Callable[..., str]


def step_lines(
    report: TurnReport, after: Mapping[str, Any], missed: Sequence[str], _: Gettext
) -> list[list[str]]:
    """The sentences of each picture of :func:`turn_pictures`: every step has at least one.

    The step bar of the live page shows one step's sentences alone, and the lists under the
    board and in the replay show them all one after the other: so the picks say who picked
    what, and the placement says what the rules did with them (WTS-3.1, 3.2) rather than
    name the same cells a second time. Each sentence starts with a capital (the players' names are
    lower case in the catalogues).
    """
    b, w = sq(report.black_pick), sq(report.white_pick)
    names = {"black": _("black"), "white": _("white")}
    first = [
        _("%(player)s sent nothing in time: a random empty cell was played.", player=_(p))
        for p in missed
    ]
    if report.collision:
        first.append(_("%(black)s and %(white)s both picked %(cell)s.", cell=b, **names))
        placed = _("Same cell: no turtle lands, an egg is laid on %(cell)s.", cell=b)  # WTS-3.2
        steps = [first, [placed]]
    else:
        first.append(_("%(black)s picked %(b)s and %(white)s picked %(w)s.", b=b, w=w, **names))
        steps = [first, [_("Different cells: both turtles land on the board.")]]  # WTS-3.1
        for n, wave in enumerate(report.waves):
            steps += [capture_lines(wave, n, _), egg_lines(wave, _)]
    # WTS-6.2: no winning turtle on either side, the game goes on normally.
    steps.append(end_lines(after, _) or [_("No winning turtle: the game goes on.")])
    return [[sentence(line) for line in step] for step in steps]


def capture_lines(wave: Wave, n: int, _: Gettext) -> list[str]:
    """A wave's captures (WTS-4.1), one sentence each; the engine reports a wave only when
    something is captured, and a wave without one would still say so."""
    lines = [
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
    return lines or [_("Wave %(n)s: no capture.", n=n)]


def egg_lines(wave: Wave, _: Gettext) -> list[str]:
    """What a wave's captures did to the eggs (WTS-5.1, 5.2): vanished, hatched or lost."""
    eggs = [_("Egg %(cell)s vanishes (captures on both sides).", cell=sq(s)) for s in wave.vanished]
    eggs += [
        _(
            "Egg %(cell)s hatches as %(player)s.",
            cell=sq(s),
            player=_(wave.hatched_colour or ""),
        )
        for s in wave.hatched
    ]
    eggs += lost_lines(wave.lost_pairs, wave.lost, wave.lost_colour, _)
    return eggs or [_("No egg hatches.")]


def lost_lines(pairs: int, lost: int, colour: str | None, _: Gettext) -> list[str]:
    """WTS-5.2 in words: captures that found no egg are lost, never kept for later."""
    lines = []
    if pairs == 1:
        lines.append(
            _("A black and a white capture find no egg to make vanish: both are lost (WTS-5.2).")
        )
    elif pairs:
        lines.append(
            _(
                "%(n)s pairs of black and white captures find no egg to make vanish: "
                "they are lost (WTS-5.2).",
                n=pairs,
            )
        )
    if lost == 1:
        lines.append(
            _(
                "A capture by %(player)s finds no egg to hatch: it is lost (WTS-5.2).",
                player=_(colour or ""),
            )
        )
    elif lost:
        lines.append(
            _(
                "%(n)s captures by %(player)s find no egg to hatch: they are lost (WTS-5.2).",
                n=lost,
                player=_(colour or ""),
            )
        )
    return [sentence(line) for line in lines]


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
    return [sentence(line) for line in lines]


def notation(orders: Mapping[str, Any]) -> str:
    """A turn as WTS-7.1 writes it: ``black/white`` (``E5/B4``)."""
    return turn_text(str(orders.get(BLACK, "?")), str(orders.get(WHITE, "?")))
