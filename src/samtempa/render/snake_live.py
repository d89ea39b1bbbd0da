"""The live Snake Synapse board: the pictures' drawing (:mod:`.snake`) without their
caption and legend, and what a page lays over it.

A *scene* is one state as the match page shows it: the board's SVG, where its cells
are (so the page can place its accessible cells and path preview on the drawing),
every cell's name in the reader's language, and the snakes' table. The page never
draws a snake itself: a reveal is these scenes one after the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from samtempa.render import palette as pal
from samtempa.render import snake as pic
from samtempa.render.story import Story
from samtempa.render.svgdoc import Svg

#: The top of floor 1's grid: room for the column letters (and the floor labels).
TOP = 30
TOP_FLOORS = 56


def layout(state: Mapping[str, Any], stacked: bool = False) -> pic.Layout:
    floors = len(state["grid"])
    return pic.layout_of(state, top=TOP if floors == 1 else TOP_FLOORS, stacked=stacked)


def board_svg(state: Mapping[str, Any], story: Story, stacked: bool = False) -> str:
    """The board of ``state`` as the pictures draw it: terrain, queued changes, portals,
    snakes with their seat numbers and race symbols (SS-11)."""
    lay = layout(state, stacked)
    width = lay.grids_right + pic.MARGIN_RIGHT
    height = lay.grid_bottom + 14
    svg = Svg(width, height, story.t("Snake Synapse"))
    svg.root.set("class", "board-picture")
    svg.root.set("aria-hidden", "true")
    svg.root.set("focusable", "false")
    svg.el(None, "rect", x=0, y=0, width=width, height=height, fill="#FFFFFF")
    terrain = pic.terrain_data(str(state["terrain"]))
    snakes = state["snakes"]
    colours = pal.snake_colours([str(s["colour"]) for s in snakes])
    pic._patterns(svg, lay)
    pic._terrain(svg, lay, state, [story.t(label) for label in pic.FLOOR_LABELS])
    pic._queued(svg, lay, state, terrain)
    pic._portals(svg, lay, state, colours, under=True)
    order = sorted(range(len(snakes)), key=lambda i: (snakes[i]["alive"], pic._is_ghost(snakes[i])))
    for i in order:
        pic._snake(svg, lay, snakes[i], i, colours[i], state)
    pic._portals(svg, lay, state, colours, under=False)
    return svg.to_string()


def layout_json(state: Mapping[str, Any], stacked: bool = False) -> dict[str, Any]:
    """Where the cells are on :func:`board_svg`'s picture, in its units."""
    lay = layout(state, stacked)
    return {
        "width": round(lay.grids_right + pic.MARGIN_RIGHT),
        "height": round(lay.grid_bottom + 14),
        "cell": lay.cell,
        "columns": lay.width,
        "rows": lay.height,
        "floors": [[lay.floor_left(f), lay.floor_top(f)] for f in range(lay.floors)],
    }


_KINDS = {"#": "wall", "X": "hard", "T": "trap", "H": "ladder"}


def kinds(state: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """What each non-empty cell holds, for the page's cell classes (and scripts reading
    the page): ``{"kind": "wall"|"hard"|"trap"|"ladder"|"pending"|None, "snake": id,
    "part": "head"|"body", "alive": bool}``."""
    out: dict[str, dict[str, Any]] = {}
    for floor, rows in enumerate(state["grid"]):
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                if ch in _KINDS:
                    out[f"{chr(65 + c)}{r + 1}{chr(39) if floor else ''}"] = {"kind": _KINDS[ch]}
    for cell in state["traps"]:
        out.setdefault(cell, {})["kind"] = "trap"
    for pending in state["pending_deletions"]:
        out.setdefault(pending["cell"], {}).setdefault("kind", "pending")
    for snake in state["snakes"]:
        for i, cell in enumerate(snake["body"]):
            here = out.setdefault(cell, {})
            if "snake" not in here or i == 0:
                here.update(
                    snake=snake["id"], part="head" if i == 0 else "body", alive=bool(snake["alive"])
                )
    return out


def scene(state: Mapping[str, Any], story: Story, stacked: bool = False) -> dict[str, Any]:
    """One state as the live page shows it (see the module's docstring)."""
    return {
        "svg": board_svg(state, story, stacked),
        "layout": layout_json(state, stacked),
        "cells": story.cells(state),
        "kinds": kinds(state),
        "snakes": story.snakes(state),
        "turn": state["turn"],
        "frame": state["frame"],
    }
