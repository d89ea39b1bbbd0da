"""What the Shell as SVG: the board of a canonical state (WTS-7.2), and the last turn marked.

The picture is drawn from the canonical JSON state and the engine's
:class:`~samtempa.games.shell.rules.TurnReport`; the steps of a turn (picks,
each wave's captures, then its removals, vanished and hatched eggs) are the
report's own facts laid over the board, so no rule is computed here.

Every piece and mark carries ``data-cell`` (and a ``class`` saying what it
is), so tests and scripts can read the picture back.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from samtempa import words as vocabulary
from samtempa.games.shell.board import square_name as sq
from samtempa.games.shell.board import squares_of, winning_mask
from samtempa.games.shell.notation import from_json
from samtempa.games.shell.rules import TurnReport
from samtempa.i18n import in_context
from samtempa.render.shell_draw import (
    _NAMES,
    BLACK_PICK,
    CAPTURE,
    CELL,
    FONT,
    HATCHED,
    LEFT,
    LINE,
    SIZE,
    TOP,
    VANISHED,
    WHITE_PICK,
    WIDTH,
    WINNING,
    Board,
    Marks,
    Picture,
    _board,
    _cell_rect,
    _draw_marks,
    _egg,
    _key,
    _key_items,
    _patterns,
    _turtle,
    cell_centre,
    draw,
    winning_runs,
)

# The drawing moved to shell_draw; its names stay importable from here.
__all__ = [
    "BLACK_PICK",
    "CAPTURE",
    "CELL",
    "FONT",
    "HATCHED",
    "LEFT",
    "LINE",
    "SIZE",
    "TOP",
    "VANISHED",
    "WHITE_PICK",
    "WIDTH",
    "WINNING",
    "_NAMES",
    "Board",
    "Marks",
    "Picture",
    "_board",
    "_cell_rect",
    "_draw_marks",
    "_egg",
    "_key",
    "_key_items",
    "_patterns",
    "_turtle",
    "cell_centre",
    "draw",
    "final_picture",
    "state_svg",
    "turn_pictures",
    "walk_turn",
    "winning_runs",
]

# --- from engine facts to pictures -------------------------------------------------


Gettext = Callable[..., str]
_EN = vocabulary.gettext("en")


def state_svg(
    state: Mapping[str, Any],
    report: TurnReport | None = None,
    before: Mapping[str, Any] | None = None,
    lang: str = "en",
) -> str:
    """The state, with the turn that led to it marked when its report is given.

    With the state ``before`` the turn too, captured cells show a faded copy
    of the piece that was taken. Every word is in ``lang``.
    """
    return draw(final_picture(state, report, before, lang), lang)


def final_picture(
    state: Mapping[str, Any],
    report: TurnReport | None = None,
    before: Mapping[str, Any] | None = None,
    lang: str = "en",
) -> Picture:
    _ = vocabulary.gettext(lang)
    board = Board.from_state(state)
    winning = _winning(state, report)
    caption = _caption(state, _)
    if report is None:
        return Picture(board, Marks(winning=winning), caption, tuple(_status_lines(state, _)))
    marks = _turn_marks(report)
    marks.winning = winning
    if before is not None:
        marks.captured = walk_turn(Board.from_state(before), report, int(state["turn"]))[1]
    return Picture(board, marks, caption, (*_status_lines(state, _), *_turn_lines(report, _)))


def turn_pictures(
    before: Mapping[str, Any], report: TurnReport, after: Mapping[str, Any], lang: str = "en"
) -> list[Picture]:
    """A turn step by step: picks, placement, then for each wave its captures and its eggs.

    The last picture is :func:`final_picture` of ``after``; the words are in ``lang``.
    """
    _ = vocabulary.gettext(lang)
    steps, _taken, _board = walk_turn(Board.from_state(before), report, int(after["turn"]), _)
    steps[0] = replace(steps[0], lines=tuple(_status_lines(before, _)))
    return [*steps, final_picture(after, report, before, lang)]


def walk_turn(
    board: Board, report: TurnReport, turn: int, _: Gettext = _EN
) -> tuple[list[Picture], dict[str, str], Board]:
    """Lay the report's facts over the board before the turn, one step at a time.

    Returns the pictures of the steps, the piece each captured cell held, and
    the board reached (which is the board after the turn: the tests check it).
    """
    board = board.copy()
    b, w = sq(report.black_pick), sq(report.white_pick)
    out = [
        Picture(
            board.copy(),
            Marks(picks=(b, w), collision=report.collision),
            _("Turn %(n)s: black picks %(b)s, white picks %(w)s", n=turn, b=b, w=w),
        )
    ]
    taken: dict[str, str] = {}
    if report.collision:
        board.pieces[b] = "O"
        board.queue.append(b)
        out.append(
            Picture(
                board.copy(),
                Marks(picks=(b, w), collision=True),
                _("Turn %(n)s: both picked %(cell)s, an egg is laid (WTS-3.2)", n=turn, cell=b),
            )
        )
        return out, taken, board
    board.pieces[b], board.pieces[w] = "B", "W"
    out.append(
        Picture(
            board.copy(),
            Marks(picks=(b, w)),
            _("Turn %(n)s: the turtles land on %(b)s and %(w)s", n=turn, b=b, w=w),
        )
    )
    for n, wave in enumerate(report.waves):
        captures = [
            (c.colour, sq(c.closer), (sq(c.pair[0]), sq(c.pair[1])), sq(c.anchor))
            for c in wave.captures
        ]
        removed = [sq(s) for s in wave.removed]
        by = {colour: sum(1 for c in captures if c[0] == colour) for colour in ("black", "white")}
        out.append(
            Picture(
                board.copy(),
                Marks(picks=(b, w), captures=captures, capturing=removed),
                _(
                    "Turn %(n)s, wave %(wave)s: black captures %(b)s, white captures %(w)s",
                    n=turn,
                    wave=n,
                    b=by["black"],
                    w=by["white"],
                ),
                tuple(_capture_lines(captures, _)),
            )
        )
        captured = {cell: board.pieces[cell] for cell in removed}
        taken.update(captured)
        for cell in removed:
            del board.pieces[cell]
            if cell in board.queue:
                board.queue.remove(cell)
        vanished = [sq(s) for s in wave.vanished]
        hatched = {sq(s): wave.hatched_colour or "" for s in wave.hatched}
        for cell in vanished:
            del board.pieces[cell]
            board.queue.remove(cell)
        for cell, colour in hatched.items():
            board.pieces[cell] = "B" if colour == "black" else "W"
            board.queue.remove(cell)
        eggs = []
        if vanished:
            eggs.append(_("egg %(cells)s vanishes", cells=", ".join(vanished)))
        if hatched:
            eggs.append(
                _(
                    "egg %(cells)s hatches %(colour)s",
                    cells=", ".join(hatched),
                    colour=_(wave.hatched_colour or ""),
                )
            )
        out.append(
            Picture(
                board.copy(),
                Marks(picks=(b, w), captured=captured, vanished=vanished, hatched=hatched),
                _("Turn %(n)s, wave %(wave)s:", n=turn, wave=n)
                + " "
                + ("; ".join(eggs) if eggs else _("no egg hatches")),
            )
        )
    return out, taken, board


def _turn_marks(report: TurnReport) -> Marks:
    """The marks of a whole turn; captured cells are listed, their pieces unknown (``?``)."""
    marks = Marks(picks=(sq(report.black_pick), sq(report.white_pick)), collision=report.collision)
    for wave in report.waves:
        for c in wave.captures:
            marks.captures.append(
                (c.colour, sq(c.closer), (sq(c.pair[0]), sq(c.pair[1])), sq(c.anchor))
            )
        for s in wave.removed:
            marks.captured[sq(s)] = "?"
        for s in wave.vanished:
            marks.vanished.append(sq(s))
        for s in wave.hatched:
            marks.hatched[sq(s)] = wave.hatched_colour or ""
    return marks


def _winning(state: Mapping[str, Any], report: TurnReport | None) -> dict[str, list[str]]:
    counts = state["winning_turtles"]
    if report is not None:
        return {
            "black": [sq(s) for s in report.winning_black],
            "white": [sq(s) for s in report.winning_white],
        }
    if not (counts["black"] or counts["white"]):
        return {}
    engine_state = from_json(dict(state))
    return {
        colour: [sq(s) for s in squares_of(winning_mask(mask))]
        for colour, mask in (("black", engine_state.black), ("white", engine_state.white))
    }


def _caption(state: Mapping[str, Any], _: Gettext = _EN) -> str:
    turn = state["turn"]
    result = state["result"]
    if result == "draw":
        end = " · " + _("draw")
    elif result:
        end = " · " + _("%(player)s wins", player=_(str(result)))
    elif state["phase"] == "sudden-death":
        end = " · " + _(in_context("phase", "sudden death"))
    else:
        end = ""
    return _("What the Shell") + " · " + _("after turn %(n)s", n=turn) + end


def _status_lines(state: Mapping[str, Any], _: Gettext = _EN) -> list[str]:
    wt = state["winning_turtles"]
    eggs = state["eggs"]
    queue = _("eggs oldest first: %(eggs)s", eggs=" ".join(eggs)) if eggs else _("no egg")
    return [
        _("Winning turtles: black %(b)s, white %(w)s", b=wt["black"], w=wt["white"]) + " · " + queue
    ]


def _turn_lines(report: TurnReport, _: Gettext = _EN) -> list[str]:
    b, w = sq(report.black_pick), sq(report.white_pick)
    if report.collision:
        return [_("Last turn: both picked %(cell)s; an egg was laid there.", cell=b)]
    lines = [_("Last turn: black %(b)s, white %(w)s.", b=b, w=w)]
    captures = [
        (c.colour, sq(c.closer), (sq(c.pair[0]), sq(c.pair[1])), sq(c.anchor))
        for wave in report.waves
        for c in wave.captures
    ]
    lines += _capture_lines(captures, _)
    if report.vanished:
        lines.append(_("Vanished: egg %(cells)s.", cells=", ".join(sq(s) for s in report.vanished)))
    for wave in report.waves:
        if wave.hatched:
            cells = ", ".join(sq(s) for s in wave.hatched)
            lines.append(
                _(
                    "Hatched: %(cells)s as %(colour)s.",
                    cells=cells,
                    colour=_(wave.hatched_colour or ""),
                )
            )
    return lines


def _capture_lines(
    captures: Iterable[tuple[str, str, tuple[str, str], str]], _: Gettext = _EN
) -> list[str]:
    lines = []
    for colour in ("black", "white"):
        mine = [f"{a} {b}" for c, _x, (a, b), _y in captures if c == colour]
        if mine:
            lines.append(
                _("Captured by %(colour)s: %(pairs)s.", colour=_(colour), pairs="; ".join(mine))
            )
    return lines
