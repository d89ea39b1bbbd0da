"""A terrain's data and its changes in words (SS-7), for the ritual, the posts and the pages.

Below both :mod:`.editions` (the setup ritual) and :mod:`.turn_posts` (the
summary of a resolved turn), which both read a terrain's changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from samtempa import words
from samtempa.server.services.lobby import RACES, terrains

#: The terrains' names (msgids of the games' vocabulary, samtempa/words.py).
TERRAIN_NAMES = words.TERRAINS


def terrain_data(terrain_id: str) -> dict[str, Any] | None:
    return terrains().get(terrain_id)


def _cells(cells: list[str]) -> str:
    return ", ".join(c.replace(":", "–") for c in cells)


def change_sentences(ops: list[dict[str, Any]], _: Callable[..., str]) -> list[str]:
    """A terrain change's ops (SS-1.6) in words, in the reader's language."""
    out = []
    for op in ops:
        kind = op["op"]
        if kind == "remove":
            if op.get("diggable", True):
                out.append(_("Cells %(cells)s become walls.", cells=_cells(op["cells"])))
            else:
                out.append(
                    _(
                        "Cells %(cells)s become walls that Diggers cannot cross.",
                        cells=_cells(op["cells"]),
                    )
                )
        elif kind == "restore":
            out.append(_("Cells %(cells)s open again.", cells=_cells(op["cells"])))
        elif kind == "set-diggable":
            if op.get("diggable", True):
                out.append(_("Diggers may now cross %(cells)s.", cells=_cells(op["cells"])))
            else:
                out.append(_("Diggers may no longer cross %(cells)s.", cells=_cells(op["cells"])))
        elif kind == "wrap":
            rows = ", ".join(str(r) for r in op.get("rows", []))
            cols = ", ".join(op.get("columns", []))
            if not rows and not cols:
                out.append(_("No edge wraps any more."))
            else:
                out.append(
                    _(
                        "Only these edges wrap now: rows %(rows)s; columns %(cols)s.",
                        rows=rows or "–",
                        cols=cols or "–",
                    )
                )
        elif kind == "clear-corpses":
            out.append(_("Corpses on %(cells)s are cleared.", cells=_cells(op["cells"])))
        elif kind == "clear-corpses-except-last":
            out.append(_("Every corpse but the last %(n)s is cleared.", n=op["keep"]))
        elif kind == "path-length":
            out.append(_("Paths have %(n)s steps from now on.", n=op["value"]))
        elif kind == "grant-shot":
            out.append(_("Every survivor gains a shot (up to %(n)s).", n=op["max"]))
        else:  # pragma: no cover - the terrain files use only the ops above
            out.append(str(kind))
    return out


def terrain_changes(terrain_id: str, _: Callable[..., str]) -> list[tuple[int, list[str]]]:
    """Every death count that changes the terrain, with its changes in words (SS-7)."""
    data = terrain_data(terrain_id)
    if data is None:
        return []
    return [(c["deaths"], change_sentences(c["ops"], _)) for c in data["changes"]]


def allowed_races(terrain_id: str) -> list[str]:
    data = terrain_data(terrain_id) or {}
    return list(data.get("races") or RACES)
