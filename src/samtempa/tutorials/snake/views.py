"""A Snake Synapse lesson's board, drawn for a web page and for a terminal.

The web board uses the live page's classes (``site.css``), so a lesson looks like
a game; the terminal board is ``samtempa play``'s drawing. Under both, each
snake in words: its name and race (the games' words), length and charges.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from samtempa import words as vocabulary
from samtempa.games.base import JSON
from samtempa.games.snake import SnakeSynapse
from samtempa.render.palette import snake_colours
from samtempa.terminal.snake import STYLES, board_text
from samtempa.tutorials.catalog import N_, pick_lang, tr
from samtempa.tutorials.snake.narration import name_of

_ENGINE = SnakeSynapse()
_LETTER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

#: What the terminal board's signs mean; the things it names are the games' words.
LEGEND = N_(
    "@ %(head)s (o %(ghost)s, v %(digger)s in a wall)  ■ %(body)s  grey: %(corpse)s  "
    "## %(wall)s  XX %(wall)s no %(digger)s crosses  T %(trap)s  ! cell about to go  "
    "H %(ladder)s  ⇡1 %(portal)s"
)
_LEGEND_WORDS = ("head", "body", "corpse", "wall", "trap", "ladder", "portal")


def legend(lang: str) -> str:
    """The signs of the terminal board, in ``lang``."""
    lang = pick_lang(lang)
    names = {w: vocabulary.word(lang, w) for w in _LEGEND_WORDS}
    races = {r: vocabulary.race_name(lang, r) for r in ("ghost", "digger")}
    return tr(lang, LEGEND, **names, **races)


@dataclass(frozen=True)
class SquareView:
    """One square of a drawn Snake Synapse board (classes are the live page's)."""

    name: str
    classes: str
    seg: str
    colour: str
    text: str
    title: str


@dataclass(frozen=True)
class BoardView:
    width: int
    floors: list[list[SquareView]]
    legend: list[dict[str, str]]


def _segments(state: JSON) -> dict[str, tuple[JSON, bool]]:
    """Which snake shows on each cell: the living over corpses, heads over bodies."""
    segs: dict[str, tuple[JSON, bool]] = {}
    ordered = sorted(state["snakes"], key=lambda s: s["alive"])
    for snake in ordered:
        for c in reversed(snake["body"][1:]):
            segs[c] = (snake, False)
    for snake in ordered:
        if snake["body"]:
            segs[snake["body"][0]] = (snake, True)
    return segs


def _colours(state: JSON) -> dict[str, str]:
    snakes = state["snakes"]
    return dict(
        zip((s["id"] for s in snakes), snake_colours([s["colour"] for s in snakes]), strict=True)
    )


def snake_board(state: JSON, report: Any, lang: str) -> BoardView:
    """The board for a web page: squares with the live page's classes, snakes in colour."""
    lang = pick_lang(lang)
    segs = _segments(state)
    colours = _colours(state)
    traps = set(state["traps"])
    pending = {p["cell"] for p in state["pending_deletions"]}
    portals = {p["cell"] for p in state["portals"]}
    floors = []
    kinds = {"#": " wall", "X": " hard", "T": " trap", "H": " ladder"}
    for floor, rows in enumerate(state["grid"]):
        squares = []
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                name = f"{_LETTER[c]}{r + 1}{chr(39) if floor else ''}"
                classes = (
                    "sq" + kinds.get(ch, "") + (" trap" if name in traps and ch != "T" else "")
                )
                if name in pending:
                    classes += " pending"
                seg = ""
                colour = ""
                title = name
                if name in segs:
                    snake, head = segs[name]
                    seg = "seg" + (" head" if head else "") + ("" if snake["alive"] else " corpse")
                    colour = colours[snake["id"]]
                    title = f"{name} · {name_of(snake['id'], lang)}"
                squares.append(
                    SquareView(name, classes, seg, colour, "◎" if name in portals else "", title)
                )
        floors.append(squares)
    legend = [{"colour": colours[s["id"]], "text": legend_line(s, lang)} for s in state["snakes"]]
    return BoardView(len(state["grid"][0][0]), floors, legend)


def legend_line(snake: JSON, lang: str) -> str:
    """One snake in words: ``Rouge (Creuseur) · longueur 5 · charges 1``."""
    values = {
        "name": name_of(snake["id"], lang),
        "race": vocabulary.race_name(pick_lang(lang), snake["race"]),
        "length": snake["length"],
        "charges": snake["charges"],
    }
    if snake["alive"]:
        return tr(lang, "%(name)s (%(race)s) · length %(length)s · charges %(charges)s", **values)
    return tr(
        lang, "%(name)s (%(race)s) · length %(length)s · charges %(charges)s · dead", **values
    )


def board_view(state: Any, lang: str) -> list[RenderableType]:
    """The board for a terminal: ``samtempa play``'s drawing, then each snake in words."""
    out: list[RenderableType] = [board_text(state)]
    data = _ENGINE.to_json(state)
    for snake in data["snakes"]:
        style = STYLES.get(snake["colour"], "white") if snake["alive"] else "grey37"
        out.append(Text(legend_line(snake, lang), style=style))
    out.append(Text(legend(lang), style="dim"))
    return out
