"""Snake Synapse as SVG, drawn from the canonical state (SS-11) and the terrain's data file.

Everything shown is read from the state: the grid (SS-1.3), wraps, traps,
portals, pending deletions, snakes and their deaths; only the queued and
coming terrain changes are looked up in ``terrains/<id>.json`` (SS-1.6), to
say what they will do. Frames of a turn are states too (``Step.frames``), so
an animation is this drawing once per frame.

Every cell, snake part and mark carries ``data-…`` attributes and a
``class`` saying what it is, so tests and scripts can read the picture back.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import pairwise
from typing import Any

from samtempa import words as vocabulary
from samtempa.grid import COLUMNS, Cell, cell_name, cell_range, parse_cell
from samtempa.render import palette as pal
from samtempa.render.snake_layout import (
    _STEPS,
    CHARGE_WORDS,
    DIED,
    FLOOR_GAP,
    FONT,
    LINE,
    MARGIN_LEFT,
    MARGIN_RIGHT,
    PENDING,
    QUEUED,
    RACE_SYMBOLS,
    TOP,
    WIDTH,
    WRAP,
    Layout,
    _change_ops,
    layout_of,
    terrain_data,
)
from samtempa.render.snake_legend import (
    _KEY_TEXT,
    _describe_ops,
    _key,
    _key_items,
    _key_rows,
    _key_width,
    _legend_lines,
    _snake_legend,
    _snake_line,
    _snake_rows,
)
from samtempa.render.svgdoc import Svg, draw_caption, wrap_text

# The geometry and legend moved out; their names stay importable from here.
__all__ = [
    "CHARGE_WORDS",
    "DIED",
    "FLOOR_GAP",
    "FLOOR_LABELS",
    "FONT",
    "LINE",
    "MARGIN_LEFT",
    "MARGIN_RIGHT",
    "PENDING",
    "QUEUED",
    "RACE_SYMBOLS",
    "TOP",
    "WIDTH",
    "WRAP",
    "_KEY_TEXT",
    "_STEPS",
    "Layout",
    "_caption",
    "_cell",
    "_change_ops",
    "_describe_ops",
    "_head",
    "_is_ghost",
    "_key",
    "_key_items",
    "_key_rows",
    "_key_width",
    "_legend_lines",
    "_neighbour_side",
    "_patterns",
    "_portals",
    "_queued",
    "_snake",
    "_snake_legend",
    "_snake_line",
    "_snake_rows",
    "_terrain",
    "_trap",
    "_wraps",
    "layout_of",
    "result_text",
    "state_svg",
    "terrain_data",
]

# --- the picture ---------------------------------------------------------------------


def state_svg(state: Mapping[str, Any], caption: str | None = None, lang: str = "en") -> str:
    """The SVG text of a Snake Synapse state (between turns, or after a frame), its
    caption, floor labels, legend and key in ``lang``."""
    _ = vocabulary.gettext(lang)
    lay = layout_of(state)
    terrain = terrain_data(str(state["terrain"]))
    snakes: list[Mapping[str, Any]] = state["snakes"]
    colours = pal.snake_colours([str(s["colour"]) for s in snakes])
    legend = _legend_lines(state, terrain, lang)
    key = _key_items(state, terrain)
    width = lay.picture_width
    wrapped = [line for text in legend for line in wrap_text(text, int((width - 40) / 7.3))]
    legend_top = lay.grid_bottom + 24
    key_rows = _key_rows(key, width, _)
    snake_rows = _snake_rows(snakes, width, lang)
    lines = sum(len(rows) for rows in snake_rows)
    height = legend_top + LINE * lines + 8 + (LINE + 4) * len(key_rows) + LINE * len(wrapped)
    title = caption or _caption(state, lang)
    svg = Svg(width, height + 8, title)
    svg.el(None, "rect", x=0, y=0, width=width, height=height + 8, fill="#FFFFFF")
    draw_caption(svg, MARGIN_LEFT, 22, title, width - MARGIN_LEFT - 10)
    _patterns(svg, lay)
    _terrain(svg, lay, state, [_(label) for label in FLOOR_LABELS])
    _queued(svg, lay, state, terrain)
    _portals(svg, lay, state, colours, under=True)
    order = sorted(range(len(snakes)), key=lambda i: (snakes[i]["alive"], _is_ghost(snakes[i])))
    for i in order:
        _snake(svg, lay, snakes[i], i, colours[i], state)
    _portals(svg, lay, state, colours, under=False)
    y = _snake_legend(svg, snakes, colours, legend_top, snake_rows) + 8
    for row in key_rows:
        _key(svg, y, row, _)
        y += LINE + 4
    for text in wrapped:
        svg.text(None, 14, y, text, FONT, anchor="start", class_="legend")
        y += LINE
    return svg.to_string()


def _caption(state: Mapping[str, Any], lang: str = "en") -> str:
    _ = vocabulary.gettext(lang)
    where = f"{_('Snake Synapse')} · {vocabulary.terrain_name(lang, str(state['terrain']))}"
    if state["frame"]:
        text = _("turn %(turn)s, frame %(frame)s", turn=state["turn"], frame=state["frame"])
    else:
        text = _("turn %(n)s", n=state["turn"])
    return f"{where} · {text}{result_text(state.get('result'), lang)}"


def result_text(result: Mapping[str, Any] | None, lang: str = "en") -> str:
    """A caption's end when the game is over: `` · Red wins`` or `` · draw``."""
    if result is None:
        return ""
    _ = vocabulary.gettext(lang)
    if "winner" in result:
        return " · " + _("%(snake)s wins", snake=vocabulary.snake_name(lang, result["winner"]))
    return " · " + _("draw")


def _is_ghost(snake: Mapping[str, Any]) -> bool:
    return bool(snake["alive"]) and int(snake["ghost_turns_left"]) > 0


def _patterns(svg: Svg, lay: Layout) -> None:
    size = max(6.0, lay.cell / 5)
    p = svg.el(svg.defs, "pattern", id="diggable", width=size, height=size,
               patternUnits="userSpaceOnUse", patternTransform="rotate(45)")  # fmt: skip
    svg.el(p, "rect", x=0, y=0, width=size, height=size, fill=pal.WALL_DIGGABLE)
    svg.el(p, "rect", x=0, y=0, width=size * 0.3, height=size, fill=pal.WALL_HATCH)


FLOOR_LABELS = ("Floor 1 (ground)", "Floor 2 (basement, C4')")


def _terrain(
    svg: Svg, lay: Layout, state: Mapping[str, Any], floor_labels: Sequence[str] = FLOOR_LABELS
) -> None:
    g = svg.group(class_="terrain")
    c = lay.cell
    for floor, rows in enumerate(state["grid"]):
        left = lay.floor_left(floor)
        top = lay.floor_top(floor)
        prime = "'" if floor else ""
        if lay.floors > 1:
            svg.text(g, left, top - 40, floor_labels[floor], 14, anchor="start", weight="bold",
                     class_="floor-label")  # fmt: skip
        for col in range(lay.width):
            svg.text(g, left + (col + 0.5) * c, top - 20, f"{COLUMNS[col]}{prime}", 13,
                     class_="coord col")  # fmt: skip
        for row in range(lay.height):
            svg.text(g, left - 24, top + (row + 0.5) * c, str(row + 1), 13, class_="coord row")
        for row, line in enumerate(rows):
            for col, ch in enumerate(line):
                _cell(svg, g, lay, Cell(col, row, floor), ch)
        svg.el(g, "rect", x=left, y=top, width=lay.width * c, height=lay.height * c, fill="none",
               stroke=pal.WALL_UNDIGGABLE, stroke_width=2.5, class_="edge")  # fmt: skip
        _wraps(svg, g, lay, state, floor)
    for name in state["traps"]:
        cell = parse_cell(name)
        if cell is not None and state["grid"][cell.floor][cell.row][cell.col] != "T":
            _trap(svg, g, lay, cell)  # a trap the grid does not show (should not happen)
    for pending in state["pending_deletions"]:
        cell = parse_cell(pending["cell"])
        if cell is None:
            continue
        x, y = lay.corner(cell)
        diggable = bool(pending["diggable"])
        pg = svg.group(g, class_="pending", data_cell=pending["cell"],
                       data_diggable=str(diggable).lower())  # fmt: skip
        svg.el(pg, "rect", x=x + 2.5, y=y + 2.5, width=c - 5, height=c - 5, fill="none",
               stroke=PENDING, stroke_width=3, stroke_dasharray="5 3")  # fmt: skip
        svg.el(pg, "rect", x=x + c - 13, y=y + 1, width=12, height=12,
               fill="url(#diggable)" if diggable else pal.WALL_UNDIGGABLE)  # fmt: skip


def _cell(svg: Svg, g: ET.Element, lay: Layout, cell: Cell, ch: str) -> None:
    x, y = lay.corner(cell)
    c = lay.cell
    name = cell_name(cell)
    if ch == "T":
        _trap(svg, g, lay, cell)
        return
    kind, fill = {
        "#": ("wall diggable", "url(#diggable)"),
        "X": ("wall undiggable", pal.WALL_UNDIGGABLE),
        "H": ("ladder", pal.FLOOR),
    }.get(ch, ("open", pal.FLOOR))
    svg.el(g, "rect", x=x, y=y, width=c, height=c, fill=fill, stroke=pal.GRID, stroke_width=1,
           class_=f"cell {kind}", data_cell=name)  # fmt: skip
    if ch == "H":
        lg = svg.group(g, class_="ladder-mark", data_cell=name)
        for dx in (0.3, 0.7):
            svg.el(lg, "line", x1=x + dx * c, y1=y + 0.12 * c, x2=x + dx * c, y2=y + 0.88 * c,
                   stroke=pal.LADDER, stroke_width=max(2.0, c / 14))  # fmt: skip
        for dy in (0.3, 0.5, 0.7):
            svg.el(lg, "line", x1=x + 0.3 * c, y1=y + dy * c, x2=x + 0.7 * c, y2=y + dy * c,
                   stroke=pal.LADDER, stroke_width=max(1.5, c / 18))  # fmt: skip


def _trap(svg: Svg, g: ET.Element, lay: Layout, cell: Cell) -> None:
    x, y = lay.corner(cell)
    c = lay.cell
    tg = svg.group(g, class_="cell trap", data_cell=cell_name(cell))
    svg.el(tg, "rect", x=x, y=y, width=c, height=c, fill=pal.TRAP, stroke=pal.INK, stroke_width=1)
    for dx in (-1, 1):
        svg.el(tg, "line", x1=x + c / 2 - dx * c * 0.28, y1=y + c * 0.22,
               x2=x + c / 2 + dx * c * 0.28, y2=y + c * 0.78, stroke=pal.INK,
               stroke_width=max(2.5, c / 10), stroke_linecap="round")  # fmt: skip


def _wraps(svg: Svg, g: ET.Element, lay: Layout, state: Mapping[str, Any], floor: int) -> None:
    """Edge markers: a pair of outward arrows at both ends of every wrapped row and column."""
    c = lay.cell
    left = lay.floor_left(floor)
    top = lay.floor_top(floor)
    right = left + lay.width * c
    s = 6.0
    for row in state["wrap"]["rows"]:
        y = top + (int(row) - 0.5) * c
        wg = svg.group(g, class_="wrap row", data_row=row)
        svg.el(wg, "polygon", points=f"{left - 3},{y - s} {left - 3},{y + s} {left - 3 - s},{y}",
               fill=WRAP)  # fmt: skip
        svg.el(wg, "polygon", points=f"{right + 3},{y - s} {right + 3},{y + s} {right + 3 + s},{y}",
               fill=WRAP)  # fmt: skip
    bottom = top + lay.height * c
    for col in state["wrap"]["columns"]:
        x = lay.floor_left(floor) + (COLUMNS.index(col) + 0.5) * c
        wg = svg.group(g, class_="wrap column", data_column=col)
        svg.el(wg, "polygon", points=f"{x - s},{top - 3} {x + s},{top - 3} {x},{top - 3 - s}",
               fill=WRAP)  # fmt: skip
        svg.el(wg, "polygon",
               points=f"{x - s},{bottom + 3} {x + s},{bottom + 3} {x},{bottom + 3 + s}",
               fill=WRAP)  # fmt: skip


def _queued(
    svg: Svg, lay: Layout, state: Mapping[str, Any], terrain: Mapping[str, Any] | None
) -> None:
    """Dotted outlines on the cells a queued change will remove (SS-7.2)."""
    g = svg.group(class_="queued-changes")
    c = lay.cell
    for deaths in state["queued_changes"]:
        for op in _change_ops(terrain, int(deaths)):
            if op.get("op") != "remove":
                continue
            for text in op.get("cells", []):
                for cell in cell_range(text) or []:
                    x, y = lay.corner(cell)
                    svg.el(g, "rect", x=x + 5, y=y + 5, width=c - 10, height=c - 10, fill="none",
                           stroke=QUEUED, stroke_width=2.5, stroke_dasharray="2 3",
                           class_="queued", data_cell=cell_name(cell),
                           data_change=deaths)  # fmt: skip


def _portals(
    svg: Svg, lay: Layout, state: Mapping[str, Any], colours: Sequence[str], *, under: bool
) -> None:
    """Portals on their face (SS-8.6): a bar on the cell's edge in the owner's colour.

    Drawn twice: the bar under the snakes, its slot number above them.
    """
    seat = {s["id"]: i for i, s in enumerate(state["snakes"])}
    g = svg.group(class_="portals" if under else "portal-labels")
    c = lay.cell
    for portal in state["portals"]:
        cell = parse_cell(portal["cell"])
        if cell is None or portal["dir"] not in _STEPS:
            continue
        dx, dy = _STEPS[portal["dir"]]
        cx, cy = lay.centre(cell)
        colour = colours[seat[portal["owner"]]] if portal["owner"] in seat else "#7F7F7F"
        if under:
            px, py = cx + dx * c * 0.38, cy + dy * c * 0.38
            rx, ry = (c * 0.11, c * 0.44) if dx else (c * 0.44, c * 0.11)
            svg.el(g, "ellipse", cx=px, cy=py, rx=rx, ry=ry, fill=colour, stroke=pal.INK,
                   stroke_width=2, stroke_dasharray="4 3" if portal["doomed"] else None,
                   opacity=0.6 if portal["doomed"] else None, class_="portal",
                   data_owner=portal["owner"], data_slot=portal["slot"],
                   data_cell=portal["cell"], data_dir=portal["dir"],
                   data_doomed=str(bool(portal["doomed"])).lower(),
                   data_colour=colour)  # fmt: skip
        else:
            lx, ly = cx + dx * c * 0.38, cy + dy * c * 0.38
            size = max(9.0, c * 0.26)
            svg.el(g, "circle", cx=lx, cy=ly, r=size * 0.6, fill="#FFFFFF", stroke=colour,
                   stroke_width=2)  # fmt: skip
            svg.text(g, lx, ly, str(portal["slot"]), size, weight="bold",
                     class_="portal-slot", data_cell=portal["cell"])  # fmt: skip


def _neighbour_side(a: Cell, b: Cell, lay: Layout) -> tuple[int, int] | None:
    """The direction from ``a`` to ``b`` if they touch (across a wrap too, or by a ladder)."""
    dx, dy = b.col - a.col, b.row - a.row
    if abs(dx) + abs(dy) == 1:
        return dx, dy
    if dy == 0 and abs(dx) == lay.width - 1:
        return (-1 if dx > 0 else 1), 0
    if dx == 0 and abs(dy) == lay.height - 1:
        return 0, (-1 if dy > 0 else 1)
    return None


def _snake(
    svg: Svg, lay: Layout, snake: Mapping[str, Any], seat: int, colour: str,
    state: Mapping[str, Any],
) -> None:  # fmt: skip
    body = [parse_cell(name) for name in snake["body"]]
    cells = [cell for cell in body if cell is not None]
    if not cells:
        return
    alive = bool(snake["alive"])
    ghost = _is_ghost(snake)
    fill = colour if alive else pal.darken(colour, 0.6)
    outline = pal.INK if alive else "#000000"
    c = lay.cell
    g = svg.group(
        class_="snake" + (" corpse" if not alive else "") + (" ghost" if ghost else ""),
        data_id=snake["id"],
        data_seat=seat + 1,
        data_colour=colour,
        data_race=snake["race"],
        opacity=0.6 if ghost else None,
    )
    # Links between consecutive segments: full across a shared edge, stubs across a
    # wrap or a ladder (nothing through a portal, which the portal itself shows).
    links: list[tuple[float, float, float, float]] = []
    for a, b in pairwise(cells):
        if a == b:
            continue
        side = _neighbour_side(a, b, lay)
        if side is None:
            continue
        (ax, ay), (bx, by) = lay.centre(a), lay.centre(b)
        if a.floor == b.floor and abs(b.col - a.col) + abs(b.row - a.row) == 1:
            links.append((ax, ay, bx, by))
        else:
            links.append((ax, ay, ax + side[0] * c / 2, ay + side[1] * c / 2))
            links.append((bx, by, bx - side[0] * c / 2, by - side[1] * c / 2))
    for width, stroke in ((c * 0.42 + 3, outline), (c * 0.42, fill)):
        for x1, y1, x2, y2 in links:
            svg.el(g, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, stroke_width=width,
                   stroke_linecap="butt")  # fmt: skip
    counts = Counter(cells)
    seen = set()
    for index, cell in enumerate(cells):
        if cell in seen or index == 0:
            continue
        seen.add(cell)
        x, y = lay.centre(cell)
        half = c * 0.3
        svg.el(g, "rect", x=x - half, y=y - half, width=2 * half, height=2 * half,
               rx=c * 0.1, fill=fill, stroke=outline, stroke_width=1.5, class_="segment",
               data_cell=cell_name(cell), data_index=index)  # fmt: skip
    for x1, y1, x2, y2 in links:  # hide segment outlines where links join them
        svg.el(g, "line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=fill, stroke_width=c * 0.42 - 3)
    for cell, n in counts.items():
        if n > 1:
            x, y = lay.corner(cell)
            svg.text(g, x + c - 2, y + c - 7, f"×{n}", max(9.0, c * 0.26), anchor="end",
                     weight="bold", fill=pal.INK, class_="stack",
                     data_cell=cell_name(cell))  # fmt: skip
    _head(svg, g, lay, snake, seat, cells[0], fill, state)


def _head(
    svg: Svg, g: ET.Element, lay: Layout, snake: Mapping[str, Any], seat: int, cell: Cell,
    fill: str, state: Mapping[str, Any],
) -> None:  # fmt: skip
    x, y = lay.centre(cell)
    c = lay.cell
    alive = bool(snake["alive"])
    hg = svg.group(g, class_="head", data_cell=cell_name(cell))
    svg.el(hg, "circle", cx=x, cy=y, r=c * 0.43, fill=fill, stroke="#000000",
           stroke_width=3, stroke_dasharray="5 3" if _is_ghost(snake) else None)  # fmt: skip
    symbol = RACE_SYMBOLS.get(str(snake["race"]), "?")
    size = max(9.0, c * (0.36 if len(symbol) < 3 else 0.3))
    svg.text(hg, x, y, symbol, size, weight="bold", fill=pal.text_on(fill), class_="race")
    # The seat number: colour is never the only way to tell two snakes apart.
    bx, by = x - c * 0.36, y - c * 0.36
    svg.el(hg, "circle", cx=bx, cy=by, r=max(6.5, c * 0.17), fill="#FFFFFF", stroke="#000000",
           stroke_width=1.2)  # fmt: skip
    svg.text(hg, bx, by, str(seat + 1), max(8.5, c * 0.22), weight="bold", class_="seat")
    death = snake.get("death")
    if not alive:
        for dx in (-1, 1):
            svg.el(hg, "line", x1=x - dx * c * 0.3, y1=y - c * 0.3, x2=x + dx * c * 0.3,
                   y2=y + c * 0.3, stroke="#FFFFFF", stroke_width=2, opacity=0.8,
                   class_="dead")  # fmt: skip
    if (
        death is not None
        and death.get("turn") == state["turn"]
        and (not state["frame"] or death.get("frame") == state["frame"])
    ):
        svg.el(g, "circle", cx=x, cy=y, r=c * 0.5, fill="none", stroke=DIED, stroke_width=4,
               class_="mark died", data_cell=cell_name(cell))  # fmt: skip
