"""What the Shell's board alone, for pages: the same drawing as the pictures, without words.

A page lays its own buttons over the board and tells the turn in sentences in the
viewer's language (:mod:`samtempa.render.shell_story`), so this drawing holds no
word at all: no caption, no legend, and the picks are marked by the picker's colour
(a black or a white chip), never by an English letter. Screen readers skip it
(``aria-hidden``): the buttons over it say what each cell holds.

>>> from samtempa.games.registry import get_game
>>> game = get_game("what-the-shell")
>>> text = board_svg(final_picture(game.to_json(game.initial_state())))
>>> "<title>" in text, 'aria-hidden="true"' in text
(False, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from samtempa.games.shell.rules import TurnReport
from samtempa.render import shell
from samtempa.render.shell import CELL, LEFT, SIZE, TOP, Picture, final_picture, turn_pictures
from samtempa.render.svgdoc import Svg

#: The part of the picture a page shows: the board and its coordinates (x, y, width, height).
VIEW = (LEFT - 34, TOP - 30, SIZE * CELL + 44, SIZE * CELL + 38)

__all__ = ["VIEW", "board_svg", "final_picture", "turn_boards"]


def board_svg(picture: Picture) -> str:
    """The board of a picture, its pieces and marks, as an SVG without any word."""
    svg = Svg(shell.WIDTH, TOP + SIZE * CELL + 8, "")
    root = svg.root
    root.remove(root.find("title"))  # type: ignore[arg-type]
    x, y, w, h = VIEW
    for name in ("width", "height"):
        del root.attrib[name]
    root.set("viewBox", f"{x} {y} {w} {h}")
    root.set("aria-hidden", "true")
    root.set("focusable", "false")
    root.set("class", "shell-board")
    shell._patterns(svg)
    shell._board(svg)
    under = svg.group(class_="marks-under")
    pieces = svg.group(class_="pieces")
    over = svg.group(class_="marks-over")
    order = {cell: i + 1 for i, cell in enumerate(picture.board.queue)}
    for cell, piece in sorted(picture.board.pieces.items()):
        if piece == "O":
            shell._egg(svg, pieces, cell, order.get(cell))
        else:
            shell._turtle(svg, pieces, cell, shell._NAMES[piece])
    marks = picture.marks
    picks = marks.picks
    marks.picks = None  # drawn below, with chips instead of letters
    shell._draw_marks(svg, under, over, marks)
    marks.picks = picks
    if picks is not None:
        _picks(svg, over, picks, marks.collision)
    return svg.to_string()


def _picks(svg: Svg, parent: Any, picks: tuple[str, str], collision: bool) -> None:
    """Each pick framed in its picker's mark colour, with a chip of the picker's colour."""
    b, w = picks
    chosen = [("black", b, shell.BLACK_PICK), ("white", w, shell.WHITE_PICK)]
    for colour, cell, stroke in chosen[:1] if collision else chosen:
        cx, cy = shell.cell_centre(cell)
        g = svg.group(parent, class_=f"mark pick {colour}", data_cell=cell)
        shell._cell_rect(svg, g, cell, 3, fill="none", stroke=stroke, stroke_width=5)
        chips = ("black", "white") if collision else (colour,)
        for i, chip in enumerate(chips):
            fill = "#1A1A1A" if chip == "black" else "#FBFBFB"
            svg.el(g, "circle", cx=cx - CELL / 2 + 10 + 11 * i, cy=cy - CELL / 2 + 10, r=5.5,
                   fill=fill, stroke=stroke, stroke_width=2, class_=f"chip {chip}")  # fmt: skip


def turn_boards(
    before: Mapping[str, Any], report: TurnReport, after: Mapping[str, Any]
) -> list[str]:
    """The boards of a turn step by step (:func:`~samtempa.render.shell.turn_pictures`)."""
    return [board_svg(p) for p in turn_pictures(before, report, after)]
