"""Snake Synapse pictures' legend: a line per snake, the terrain's changes to come and
the key, below the board, in the picture's language.

The words are the vocabulary's (:mod:`samtempa.words`: snake colours, races, causes
of death); the terrain changes are told by :meth:`Story.change`, the one home of
their wording; the rest comes from the pictures' catalogue (``render/words``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from samtempa import words as vocabulary
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
from samtempa.render.story import Story
from samtempa.render.svgdoc import Svg, wrap_text

Gettext = Callable[..., str]
_EN = vocabulary.gettext("en")

# --- legend ----------------------------------------------------------------------------


def _snake_rows(
    snakes: Sequence[Mapping[str, Any]], width: float, lang: str = "en"
) -> list[list[str]]:
    """Each snake's legend line, wrapped to the picture's width (longer in French)."""
    _ = vocabulary.gettext(lang)
    chars = int((width - 50) / 6.9)
    return [wrap_text(_snake_line(snake, _), chars) for snake in snakes]


def _snake_legend(svg: Svg, snakes: Sequence[Mapping[str, Any]], colours: Sequence[str],
                  top: float, rows: Sequence[Sequence[str]]) -> float:  # fmt: skip
    """Draw the snakes' lines (``rows``: :func:`_snake_rows`); returns the y below them."""
    g = svg.group(class_="snake-legend")
    y = top
    for i, snake in enumerate(snakes):
        colour = colours[i] if snake["alive"] else pal.darken(colours[i], 0.6)
        eg = svg.group(g, class_="legend-snake", data_id=snake["id"])
        svg.el(eg, "circle", cx=24, cy=y, r=8.5, fill=colour, stroke="#000000", stroke_width=1.5)
        svg.text(eg, 24, y, str(i + 1), 10, weight="bold", fill=pal.text_on(colour))
        for line in rows[i]:
            svg.text(eg, 40, y, line, FONT, anchor="start", class_="legend")
            y += LINE
    return y


def _snake_line(snake: Mapping[str, Any], _: Gettext = _EN) -> str:
    race = str(snake["race"])
    parts = [f"{_(str(snake['id']))} · {_(race)} {RACE_SYMBOLS.get(race, '')}"]
    if snake["removed"]:
        return parts[0] + " · " + _("removed (missed the deadline)")
    if not snake["alive"] and not snake["body"]:
        parts.append(_("corpse cleared"))
    growth = int(snake["pending_growth"])
    if snake["body"]:
        parts.append(_("length %(n)s", n=snake["length"]) + (f" (+{growth})" if growth else ""))
    charges = CHARGE_WORDS.get(race, "charges %(n)s")
    parts.append(_(charges, n=snake["charges"]))
    if snake["alive"]:
        if int(snake["ghost_turns_left"]):
            parts.append(_("ghost %(n)s", n=snake["ghost_turns_left"]))
        if snake["digging"]:
            parts.append(_("digging"))
        if snake["portal_links"]:
            parts.append(_("in a portal"))
    else:
        death = snake.get("death") or {}
        cause = _(vocabulary.CAUSES.get(str(death.get("cause")), "?"))
        if death.get("by"):
            cause = _("%(cause)s, killed by %(by)s", cause=cause, by=_(str(death["by"])))
        parts.append(
            _(
                "dead #%(n)s (%(cause)s, turn %(turn)s frame %(frame)s)",
                n=death.get("number", "?"),
                cause=cause,
                turn=death.get("turn", "?"),
                frame=death.get("frame", "?"),
            )
        )
    return " · ".join(parts)


def _describe_ops(state: Mapping[str, Any], deaths: int, lang: str) -> str:
    """What the terrain change of death ``deaths`` does, in :meth:`Story.change`'s words."""
    return " ".join(Story(lang).change(str(state["terrain"]), deaths))


def _legend_lines(
    state: Mapping[str, Any], terrain: Mapping[str, Any] | None, lang: str = "en"
) -> list[str]:
    _ = vocabulary.gettext(lang)
    wrap = state["wrap"]
    wraps = []
    if wrap["rows"]:
        wraps.append(_("rows %(rows)s", rows=",".join(str(r) for r in wrap["rows"])))
    if wrap["columns"]:
        wraps.append(_("columns %(columns)s", columns=",".join(wrap["columns"])))
    line = _(
        "Deaths %(deaths)s · turns without death %(quiet)s · path length %(n)s",
        deaths=state["deaths"],
        quiet=state["turns_without_death"],
        n=state["path_length"],
    )
    if wraps:
        line += " · " + _("wrap: %(edges)s", edges="; ".join(wraps))
    lines = [line]
    for deaths in state["queued_changes"]:
        lines.append(
            _("Queued change (death %(n)s):", n=deaths)
            + " "
            + _describe_ops(state, int(deaths), lang)
        )
    if terrain is not None:
        upcoming = sorted(
            int(ch["deaths"])
            for ch in terrain.get("changes", [])
            if int(ch["deaths"]) > int(state["deaths"])
        )
        if upcoming:
            lines.append(
                _("Next change at %(n)s deaths:", n=upcoming[0])
                + " "
                + _describe_ops(state, upcoming[0], lang)
            )
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


#: The key's words (the vocabulary's, or the pictures' catalogue's).
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


def _key_width(item: str, _: Gettext = _EN) -> float:
    return 14 + 5 + 7 * len(_(_KEY_TEXT[item])) + 14


def _key_rows(items: list[str], width: float, _: Gettext = _EN) -> list[list[str]]:
    """The key's items in rows that fit the picture's width."""
    rows: list[list[str]] = []
    x = width
    for item in items:
        if x + _key_width(item, _) > width - 8:
            rows.append([])
            x = 16.0
        rows[-1].append(item)
        x += _key_width(item, _)
    return rows


def _key(svg: Svg, y: float, items: list[str], _: Gettext = _EN) -> None:
    g = svg.group(class_="key")
    x = 16.0
    s = 14.0
    for item in items:
        top = y - s / 2
        if item == "#":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill="url(#diggable)")
        elif item == "X":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill=pal.WALL_UNDIGGABLE)
        elif item == "T":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill=pal.TRAP, stroke=pal.INK)
            svg.el(g, "line", x1=x + 3, y1=top + 3, x2=x + s - 3, y2=top + s - 3, stroke=pal.INK,
                   stroke_width=2)  # fmt: skip
        elif item == "H":
            for dx in (4, 10):
                svg.el(g, "line", x1=x + dx, y1=top, x2=x + dx, y2=top + s, stroke=pal.LADDER,
                       stroke_width=2)  # fmt: skip
            svg.el(g, "line", x1=x + 4, y1=y, x2=x + 10, y2=y, stroke=pal.LADDER, stroke_width=2)
        elif item == "pending":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill="none", stroke=PENDING,
                   stroke_width=2.5, stroke_dasharray="4 2")  # fmt: skip
        elif item == "queued":
            svg.el(g, "rect", x=x, y=top, width=s, height=s, fill="none", stroke=QUEUED,
                   stroke_width=2.5, stroke_dasharray="2 2")  # fmt: skip
        elif item == "portal":
            svg.el(g, "ellipse", cx=x + 3, cy=y, rx=3, ry=7, fill="#7F7F7F", stroke=pal.INK)
        else:
            svg.el(g, "rect", x=x, y=top, width=s, height=s, rx=3,
                   fill=pal.darken(pal.VERMILLION, 0.6), stroke="#000000")  # fmt: skip
        svg.text(g, x + s + 5, y, _(_KEY_TEXT[item]), 12, anchor="start")
        x += _key_width(item, _)
