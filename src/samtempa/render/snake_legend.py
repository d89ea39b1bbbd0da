"""Snake Synapse pictures' legend: a line per snake, the terrain's changes to come and
the key, below the board."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from samtempa.render import palette as pal
from samtempa.render.snake_layout import (
    CHARGE_WORDS,
    FONT,
    LINE,
    PENDING,
    QUEUED,
    RACE_SYMBOLS,
    _change_ops,
)
from samtempa.render.svgdoc import Svg

# --- legend ----------------------------------------------------------------------------


def _snake_legend(svg: Svg, snakes: Sequence[Mapping[str, Any]], colours: Sequence[str],
                  top: float) -> None:  # fmt: skip
    g = svg.group(class_="snake-legend")
    for i, snake in enumerate(snakes):
        y = top + i * LINE
        colour = colours[i] if snake["alive"] else pal.darken(colours[i], 0.6)
        eg = svg.group(g, class_="legend-snake", data_id=snake["id"])
        svg.el(eg, "circle", cx=24, cy=y, r=8.5, fill=colour, stroke="#000000", stroke_width=1.5)
        svg.text(eg, 24, y, str(i + 1), 10, weight="bold", fill=pal.text_on(colour))
        svg.text(eg, 40, y, _snake_line(snake), FONT, anchor="start", class_="legend")


def _snake_line(snake: Mapping[str, Any]) -> str:
    race = str(snake["race"])
    parts = [f"{snake['id']} · {race} {RACE_SYMBOLS.get(race, '')}"]
    if snake["removed"]:
        return parts[0] + " · removed (missed the deadline)"
    if not snake["alive"] and not snake["body"]:
        parts.append("corpse cleared")
    growth = int(snake["pending_growth"])
    if snake["body"]:
        parts.append(f"length {snake['length']}" + (f" (+{growth})" if growth else ""))
    parts.append(f"{CHARGE_WORDS.get(race, 'charges')} {snake['charges']}")
    if snake["alive"]:
        if int(snake["ghost_turns_left"]):
            parts.append(f"ghost {snake['ghost_turns_left']}")
        if snake["digging"]:
            parts.append("digging")
        if snake["portal_links"]:
            parts.append("in a portal")
    else:
        death = snake.get("death") or {}
        by = f" by {death['by']}" if death.get("by") else ""
        parts.append(
            f"dead #{death.get('number', '?')} ({death.get('cause', '?')}{by}, "
            f"turn {death.get('turn', '?')} frame {death.get('frame', '?')})"
        )
    return " · ".join(parts)


def _describe_op(op: Mapping[str, Any]) -> str:
    kind = op.get("op")
    cells = " ".join(op.get("cells", []))
    if kind == "remove":
        return f"walls on {cells} ({'diggable #' if op.get('diggable') else 'undiggable X'})"
    if kind == "restore":
        return f"{cells} open again"
    if kind == "set-diggable":
        return f"{cells} become {'diggable' if op.get('diggable') else 'undiggable'}"
    if kind == "wrap":
        rows = ",".join(str(r) for r in op.get("rows", [])) or "none"
        cols = ",".join(op.get("columns", [])) or "none"
        return f"wrap rows {rows}, columns {cols}"
    if kind == "clear-corpses":
        return f"corpses on or next to {cells} cleared"
    if kind == "clear-corpses-except-last":
        return f"all corpses but the last {op.get('keep')} cleared"
    if kind == "path-length":
        return f"paths of {op.get('value')} steps"
    if kind == "grant-shot":
        return f"one more shot for each shooter (up to {op.get('max')})"
    return str(kind)


def _legend_lines(state: Mapping[str, Any], terrain: Mapping[str, Any] | None) -> list[str]:
    wrap = state["wrap"]
    wraps = []
    if wrap["rows"]:
        wraps.append("rows " + ",".join(str(r) for r in wrap["rows"]))
    if wrap["columns"]:
        wraps.append("columns " + ",".join(wrap["columns"]))
    lines = [
        f"Deaths {state['deaths']} · turns without death {state['turns_without_death']} · "
        f"path length {state['path_length']}" + (f" · wrap: {'; '.join(wraps)}" if wraps else "")
    ]
    for deaths in state["queued_changes"]:
        ops = "; ".join(_describe_op(op) for op in _change_ops(terrain, int(deaths)))
        lines.append(f"Queued change (death {deaths}): {ops}.")
    if terrain is not None:
        upcoming = sorted(
            int(ch["deaths"])
            for ch in terrain.get("changes", [])
            if int(ch["deaths"]) > int(state["deaths"])
        )
        if upcoming:
            ops = "; ".join(_describe_op(op) for op in _change_ops(terrain, upcoming[0]))
            lines.append(f"Next change at {upcoming[0]} deaths: {ops}.")
    return lines


def _key_items(state: Mapping[str, Any], terrain: Mapping[str, Any] | None) -> list[str]:
    chars = {ch for rows in state["grid"] for line in rows for ch in line}
    items = [name for ch, name in (("#", "#"), ("X", "X"), ("T", "T"), ("H", "H")) if ch in chars]
    if state["pending_deletions"]:
        items.append("pending")
    if any(op.get("op") == "remove" for d in state["queued_changes"]
           for op in _change_ops(terrain, int(d))):  # fmt: skip
        items.append("queued")
    if state["portals"]:
        items.append("portal")
    if any(not s["alive"] and s["body"] for s in state["snakes"]):
        items.append("corpse")
    return items


_KEY_TEXT = {
    "#": "diggable wall",
    "X": "undiggable wall",
    "T": "trap",
    "H": "ladder",
    "pending": "wall to come",
    "queued": "queued change",
    "portal": "portal (owner's colour)",
    "corpse": "corpse",
}


def _key_width(item: str) -> float:
    return 14 + 5 + 7 * len(_KEY_TEXT[item]) + 14


def _key_rows(items: list[str], width: float) -> list[list[str]]:
    """The key's items in rows that fit the picture's width."""
    rows: list[list[str]] = []
    x = width
    for item in items:
        if x + _key_width(item) > width - 8:
            rows.append([])
            x = 16.0
        rows[-1].append(item)
        x += _key_width(item)
    return rows


def _key(svg: Svg, y: float, items: list[str]) -> None:
    g = svg.group(class_="key")
    x = 16.0
    s = 14.0
    for item in items:
        top = y - s / 2
        if item == "#":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill="url(#diggable)")
            text = "diggable wall"
        elif item == "X":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill=pal.WALL_UNDIGGABLE)
            text = "undiggable wall"
        elif item == "T":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill=pal.TRAP, stroke=pal.INK)
            svg.el(g, "line", x1=x + 3, y1=top + 3, x2=x + s - 3, y2=top + s - 3, stroke=pal.INK,
                   stroke_width=2)  # fmt: skip
            text = "trap"
        elif item == "H":
            for dx in (4, 10):
                svg.el(g, "line", x1=x + dx, y1=top, x2=x + dx, y2=top + s, stroke=pal.LADDER,
                       stroke_width=2)  # fmt: skip
            svg.el(g, "line", x1=x + 4, y1=y, x2=x + 10, y2=y, stroke=pal.LADDER, stroke_width=2)
            text = "ladder"
        elif item == "pending":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill="none", stroke=PENDING,
                   stroke_width=2.5, stroke_dasharray="4 2")  # fmt: skip
            text = "wall to come"
        elif item == "queued":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill="none", stroke=QUEUED,
                   stroke_width=2.5, stroke_dasharray="2 2")  # fmt: skip
            text = "queued change"
        elif item == "portal":
            svg.el(g, "ellipse", cx=x + 3, cy=y, rx=3, ry=7, fill="#7F7F7F", stroke=pal.INK)
            text = "portal (owner's colour)"
        else:
            svg.el(g, "rect", x=x, y=top, width=s, height=s, rx=3,
                   fill=pal.darken(pal.VERMILLION, 0.6), stroke="#000000")  # fmt: skip
            text = "corpse"
        svg.text(g, x + s + 5, y, text, 12, anchor="start")
        x += _key_width(item)
