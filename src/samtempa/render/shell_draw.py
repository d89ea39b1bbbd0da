"""What the Shell drawn: the board, its pieces and marks, from a :class:`Picture`
(the facts laid out by :mod:`samtempa.render.shell`). Every piece and mark carries
``data-cell`` (and a ``class`` saying what it is), so tests can read the picture back."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from samtempa import words as vocabulary
from samtempa.grid import COLUMNS
from samtempa.i18n import in_context
from samtempa.render import palette as pal
from samtempa.render.svgdoc import Svg, draw_caption, wrap_text

SIZE = 9
CELL = 56
LEFT = 48
TOP = 84
WIDTH = 600
LINE = 20
FONT = 14

BLACK_PICK = pal.ORANGE
WHITE_PICK = pal.SKY_BLUE
CAPTURE = pal.VERMILLION
VANISHED = pal.REDDISH_PURPLE
HATCHED = pal.BLUISH_GREEN
WINNING = pal.BLUISH_GREEN

_NAMES = {"B": "black", "W": "white"}
Gettext = Callable[..., str]
_EN = vocabulary.gettext("en")


def pick_letter(colour: str, _: Gettext = _EN) -> str:
    """The letter marking a player's pick (``B``/``W``; French and Esperanto: ``N``/``B``)."""
    return _(in_context("pick letter", colour[0].upper()))


@dataclass
class Board:
    """The pieces of a board by cell name (``B``, ``W`` or ``O``) and the egg queue."""

    pieces: dict[str, str]
    queue: list[str]

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Board:
        pieces = {
            f"{COLUMNS[c]}{r + 1}": ch
            for r, row in enumerate(state["board"])
            for c, ch in enumerate(row)
            if ch != "."
        }
        return cls(pieces, list(state["eggs"]))

    def copy(self) -> Board:
        return Board(dict(self.pieces), list(self.queue))


@dataclass
class Marks:
    """What to point out on a board: a turn's picks, captures, eggs and winning turtles."""

    picks: tuple[str, str] | None = None
    collision: bool = False
    #: (capturing colour, closer, (first, second), anchor), cells by name.
    captures: list[tuple[str, str, tuple[str, str], str]] = field(default_factory=list)
    #: Cells captured but still on the board (the moment a wave finds its captures).
    capturing: list[str] = field(default_factory=list)
    #: Cells emptied by a capture, with the piece that was there.
    captured: dict[str, str] = field(default_factory=dict)
    vanished: list[str] = field(default_factory=list)
    #: Eggs hatched this turn, with the colour they hatched into.
    hatched: dict[str, str] = field(default_factory=dict)
    winning: dict[str, list[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Picture:
    """One picture: a board, its marks, a caption, and the legend's lines."""

    board: Board
    marks: Marks
    caption: str
    lines: tuple[str, ...] = ()


def cell_centre(name: str) -> tuple[float, float]:
    """The centre of a cell in SVG units (tests sample PNG pixels there)."""
    col, row = COLUMNS.index(name[0]), int(name[1:]) - 1
    return LEFT + (col + 0.5) * CELL, TOP + (row + 0.5) * CELL


# --- drawing ------------------------------------------------------------------------


def draw(picture: Picture, lang: str = "en") -> str:
    """The SVG text of one picture (its key in ``lang``; the caption and lines are the
    picture's own, already in its language)."""
    _ = vocabulary.gettext(lang)
    legend = [line for text in picture.lines for line in wrap_text(text, 74)]
    key = _key_items(picture.marks)
    board_bottom = TOP + SIZE * CELL
    height = board_bottom + 18 + LINE * len(legend) + (LINE + 6 if key else 0) + 10
    svg = Svg(WIDTH, height, picture.caption)
    _patterns(svg)
    svg.el(None, "rect", x=0, y=0, width=WIDTH, height=height, fill="#FFFFFF", class_="background")
    draw_caption(svg, LEFT, 24, picture.caption, WIDTH - LEFT - 10)
    _board(svg)
    marks = picture.marks
    under = svg.group(class_="marks-under")
    pieces = svg.group(class_="pieces")
    over = svg.group(class_="marks-over")
    order = {cell: i + 1 for i, cell in enumerate(picture.board.queue)}
    for cell, piece in sorted(picture.board.pieces.items()):
        if piece == "O":
            _egg(svg, pieces, cell, order.get(cell))
        else:
            _turtle(svg, pieces, cell, _NAMES[piece])
    _draw_marks(svg, under, over, marks, _)
    y = board_bottom + 18
    if key:
        _key(svg, y, key, _)
        y += LINE + 6
    for text in legend:
        svg.text(None, LEFT - 30, y + 6, text, FONT, anchor="start", class_="legend")
        y += LINE
    return svg.to_string()


def _patterns(svg: Svg) -> None:
    pattern = svg.el(
        svg.defs,
        "pattern",
        id="captured-hatch",
        width=8,
        height=8,
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    svg.el(pattern, "rect", x=0, y=0, width=3, height=8, fill=CAPTURE, opacity=0.35)


def _board(svg: Svg) -> None:
    g = svg.group(class_="board")
    size = SIZE * CELL
    svg.el(g, "rect", x=LEFT, y=TOP, width=size, height=size, fill=pal.SAND, stroke=pal.SAND_GRID)
    for i in range(1, SIZE):
        svg.el(g, "line", x1=LEFT + i * CELL, y1=TOP, x2=LEFT + i * CELL, y2=TOP + size,
               stroke=pal.SAND_GRID, stroke_width=1)  # fmt: skip
        svg.el(g, "line", x1=LEFT, y1=TOP + i * CELL, x2=LEFT + size, y2=TOP + i * CELL,
               stroke=pal.SAND_GRID, stroke_width=1)  # fmt: skip
    for i in range(SIZE):
        svg.text(g, LEFT + (i + 0.5) * CELL, TOP - 14, COLUMNS[i], 15, class_="coord col")
        svg.text(g, LEFT - 18, TOP + (i + 0.5) * CELL, str(i + 1), 15, class_="coord row")


def _turtle(svg: Svg, parent: ET.Element, cell: str, colour: str, kind: str = "turtle") -> None:
    x, y = cell_centre(cell)
    fill, line = ("#1A1A1A", "#8A8A8A") if colour == "black" else ("#FBFBFB", "#9A9A9A")
    g = svg.group(parent, class_=f"{kind} {colour}", data_cell=cell)
    svg.el(g, "circle", cx=x, cy=y, r=CELL * 0.4, fill=fill, stroke="#1A1A1A", stroke_width=2)
    # A shell: a hexagon and three plates, so turtles read as turtles and not as go stones.
    r = CELL * 0.2
    hexagon = " ".join(
        f"{x + r * dx:.1f},{y + r * dy:.1f}"
        for dx, dy in ((1, 0), (0.5, 0.866), (-0.5, 0.866), (-1, 0), (-0.5, -0.866), (0.5, -0.866))
    )
    svg.el(g, "polygon", points=hexagon, fill="none", stroke=line, stroke_width=1.6)
    for dx, dy in ((1, 0), (-0.5, 0.866), (-0.5, -0.866)):
        svg.el(g, "line", x1=x + r * dx, y1=y + r * dy, x2=x + 2 * r * dx, y2=y + 2 * r * dy,
               stroke=line, stroke_width=1.6)  # fmt: skip


def _egg(svg: Svg, parent: ET.Element, cell: str, number: int | None, kind: str = "egg") -> None:
    x, y = cell_centre(cell)
    g = svg.group(parent, class_=kind, data_cell=cell, data_queue=number)
    svg.el(g, "ellipse", cx=x, cy=y + 1, rx=CELL * 0.28, ry=CELL * 0.36, fill=pal.EGG,
           stroke=pal.EGG_STROKE, stroke_width=2)  # fmt: skip
    if number is not None:
        svg.text(g, x, y + 2, str(number), 17, weight="bold", class_="queue")


def _cell_rect(
    svg: Svg, parent: ET.Element, cell: str, inset: float, **attrs: str | float | None
) -> None:
    x, y = cell_centre(cell)
    half = CELL / 2 - inset
    svg.el(parent, "rect", x=x - half, y=y - half, width=2 * half, height=2 * half, **attrs)


def _draw_marks(
    svg: Svg, under: ET.Element, over: ET.Element, marks: Marks, _: Gettext = _EN
) -> None:
    for cell in marks.capturing:
        _cell_rect(svg, under, cell, 1, fill="url(#captured-hatch)", class_="mark capturing",
                   data_cell=cell)  # fmt: skip
    for cell, piece in sorted(marks.captured.items()):
        g = svg.group(under, class_="mark captured", data_cell=cell, data_piece=piece)
        _cell_rect(svg, g, cell, 1, fill="url(#captured-hatch)")
        ghost = svg.group(g, opacity=0.35)
        if piece == "O":
            _egg(svg, ghost, cell, None, kind="taken-egg")
        elif piece in _NAMES:
            _turtle(svg, ghost, cell, _NAMES[piece], kind="taken-turtle")
    for cell in marks.vanished:
        x, y = cell_centre(cell)
        g = svg.group(under, class_="mark vanished", data_cell=cell)
        svg.el(g, "ellipse", cx=x, cy=y + 1, rx=CELL * 0.28, ry=CELL * 0.36, fill="none",
               stroke=VANISHED, stroke_width=3, stroke_dasharray="5 4")  # fmt: skip
        svg.el(g, "line", x1=x - 12, y1=y + 14, x2=x + 12, y2=y - 12, stroke=VANISHED,
               stroke_width=3)  # fmt: skip
    for colour, closer, _pair, anchor in marks.captures:
        (x1, y1), (x2, y2) = cell_centre(closer), cell_centre(anchor)
        svg.el(over, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=CAPTURE, stroke_width=4,
               stroke_linecap="round", opacity=0.85, class_=f"mark capture-line {colour}",
               data_from=closer, data_to=anchor)  # fmt: skip
    for cell in [*marks.capturing, *marks.captured]:
        x, y = cell_centre(cell)
        g = svg.group(over, class_="mark capture-cross", data_cell=cell)
        for dx in (-1, 1):
            svg.el(g, "line", x1=x - 11 * dx, y1=y - 11, x2=x + 11 * dx, y2=y + 11,
                   stroke=CAPTURE, stroke_width=5, stroke_linecap="round")  # fmt: skip
    for cell, colour in marks.hatched.items():
        x, y = cell_centre(cell)
        g = svg.group(over, class_=f"mark hatched {colour}", data_cell=cell)
        svg.el(g, "circle", cx=x, cy=y, r=CELL * 0.46, fill="none", stroke=HATCHED,
               stroke_width=4, stroke_dasharray="7 4")  # fmt: skip
    for colour, cells in marks.winning.items():
        for run in winning_runs(cells):
            (x1, y1), (x2, y2) = cell_centre(run[0]), cell_centre(run[-1])
            svg.el(over, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=WINNING, stroke_width=9,
                   stroke_linecap="round", opacity=0.8, class_=f"mark winning-line {colour}",
                   data_cells=" ".join(run))  # fmt: skip
    if marks.picks is not None:
        b, w = marks.picks
        picks = [("black", b, BLACK_PICK)] if marks.collision else [
            ("black", b, BLACK_PICK), ("white", w, WHITE_PICK)]  # fmt: skip
        for colour, cell, stroke in picks:
            x, y = cell_centre(cell)
            g = svg.group(over, class_=f"mark pick {colour}", data_cell=cell)
            _cell_rect(svg, g, cell, 3, fill="none", stroke=stroke, stroke_width=5)
            label = (
                f"{pick_letter('black', _)}+{pick_letter('white', _)}"
                if marks.collision
                else pick_letter(colour, _)
            )
            svg.el(g, "rect", x=x - CELL / 2 + 3, y=y - CELL / 2 + 3, width=8 + 8 * len(label),
                   height=15, fill=stroke)  # fmt: skip
            svg.text(g, x - CELL / 2 + 7 + 4 * len(label), y - CELL / 2 + 10.5, label, 11,
                     weight="bold", fill=pal.INK)  # fmt: skip


def winning_runs(cells: Sequence[str]) -> list[list[str]]:
    """Straight runs of five or more among the given winning turtles, to draw as lines."""
    pos = {(COLUMNS.index(c[0]), int(c[1:]) - 1) for c in cells}
    runs = []
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        for x, y in sorted(pos):
            if (x - dx, y - dy) in pos:
                continue
            run = [(x, y)]
            while (run[-1][0] + dx, run[-1][1] + dy) in pos:
                run.append((run[-1][0] + dx, run[-1][1] + dy))
            if len(run) >= 5:
                runs.append([f"{COLUMNS[a]}{b + 1}" for a, b in run])
    return runs


def _key_items(marks: Marks) -> list[str]:
    items = []
    if marks.picks is not None:
        items.append("picks")
    if marks.captures or marks.captured or marks.capturing:
        items.append("captured")
    if marks.vanished:
        items.append("vanished")
    if marks.hatched:
        items.append("hatched")
    if any(marks.winning.values()):
        items.append("winning")
    return items


def _key(svg: Svg, y: float, items: list[str], _: Gettext = _EN) -> None:
    """A row of small symbols saying what each mark means (shape and word, never colour alone)."""
    g = svg.group(class_="key")
    x = LEFT - 30
    for item in items:
        if item == "picks":
            for stroke, colour in ((BLACK_PICK, "black"), (WHITE_PICK, "white")):
                label = pick_letter(colour, _)
                svg.el(g, "rect", x=x, y=y - 1, width=14, height=14, fill="none", stroke=stroke,
                       stroke_width=4)  # fmt: skip
                svg.text(g, x + 7, y + 6, label, 9, weight="bold")
                x += 20
            text = _("picks")
        elif item == "captured":
            svg.el(g, "line", x1=x, y1=y, x2=x + 12, y2=y + 12, stroke=CAPTURE, stroke_width=4)
            svg.el(g, "line", x1=x, y1=y + 12, x2=x + 12, y2=y, stroke=CAPTURE, stroke_width=4)
            x += 18
            text = _("captured")
        elif item == "vanished":
            svg.el(g, "ellipse", cx=x + 6, cy=y + 6, rx=6, ry=8, fill="none", stroke=VANISHED,
                   stroke_width=2, stroke_dasharray="3 2")  # fmt: skip
            x += 18
            text = _("vanished egg")
        elif item == "hatched":
            svg.el(g, "circle", cx=x + 7, cy=y + 6, r=7, fill="none", stroke=HATCHED,
                   stroke_width=3, stroke_dasharray="4 2")  # fmt: skip
            x += 20
            text = _("hatched")
        else:
            svg.el(g, "line", x1=x, y1=y + 6, x2=x + 20, y2=y + 6, stroke=WINNING,
                   stroke_width=7, stroke_linecap="round")  # fmt: skip
            x += 28
            text = _("winning line")
        svg.text(g, x, y + 6, text, 13, anchor="start")
        x += 8 * len(text) + 18
