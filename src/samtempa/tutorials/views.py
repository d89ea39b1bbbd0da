"""What a web page needs to draw a lesson: boards as rows of cells, and the progress cookie.

Nothing here knows HTTP; the routes in ``server/api/routes/tutorials.py``
pass these to the templates. Cell classes are the live pages' (``site.css``),
so a lesson's board looks like a game's.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any

from samtempa.games.shell.board import square_name
from samtempa.grid import COLUMNS
from samtempa.tutorials.lessons import pick_lang
from samtempa.words import word

_PIECE_CLASS = {"B": "black", "W": "white", "O": "egg"}
#: What a cell holds, as the games' vocabulary names it (samtempa/words.py).
_PIECE_NAME = {"B": "black turtle", "W": "white turtle", "O": "egg", ".": "empty"}


@dataclass(frozen=True)
class CellView:
    """One cell of a drawn board: its name (the accessible name), classes, text and tooltip."""

    name: str
    classes: str
    text: str
    title: str
    empty: bool


def shell_board(state: dict[str, Any], report: Any, lang: str) -> list[list[CellView]]:
    """A What the Shell board; ``report`` (a ``TurnReport`` or None) marks the last turn."""
    lang = pick_lang(lang)
    marks: dict[str, set[str]] = {}
    if report is not None:
        marks["reveal-pick"] = {square_name(report.black_pick), square_name(report.white_pick)}
        marks["captured"] = {square_name(sq) for sq in report.captured}
        marks["vanished"] = {square_name(sq) for sq in report.vanished}
        marks["hatched"] = {square_name(sq) for _, sq in report.hatched}
        marks["winning"] = {square_name(sq) for sq in report.winning_black + report.winning_white}
    order = {cell: i + 1 for i, cell in enumerate(state["eggs"])}
    rows = []
    for r, line in enumerate(state["board"]):
        row = []
        for c, piece in enumerate(line):
            name = f"{COLUMNS[c]}{r + 1}"
            classes = ["cell"]
            if piece in _PIECE_CLASS:
                classes.append(_PIECE_CLASS[piece])
            classes += [mark for mark, cells in marks.items() if name in cells]
            row.append(
                CellView(
                    name=name,
                    classes=" ".join(classes),
                    text=str(order[name]) if piece == "O" else "",
                    title=f"{name} · {word(lang, _PIECE_NAME[piece])}",
                    empty=piece == ".",
                )
            )
        rows.append(row)
    return rows


# --- progress in a cookie -----------------------------------------------------------------

COOKIE = "samtempa_learn"


def read_progress(cookie: str | None) -> dict[str, list[str]]:
    """The finished lesson ids per game; anything unreadable is no progress."""
    if not cookie:
        return {}
    try:
        data = json.loads(base64.urlsafe_b64decode(cookie.encode("ascii")))
    except (ValueError, binascii.Error, UnicodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {
        game: [i for i in ids if isinstance(i, str)]
        for game, ids in data.items()
        if isinstance(game, str) and isinstance(ids, list)
    }


def write_progress(progress: dict[str, list[str]]) -> str:
    text = json.dumps(progress, separators=(",", ":"), sort_keys=True)
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii")
