"""A turn as the pages show it: scenes (a drawing and its sentences), and its notation.

The live board animates a reveal scene by scene and the replay steps through the
same scenes, so a turn looks the same wherever it is seen. What the Shell's scenes
are the steps of :func:`samtempa.render.shell.turn_pictures` (the engine's report,
obtained by playing the recorded orders again through the engine); Snake
Synapse's are its frames, as the engine stored them, then the state after the turn.
Sentences come in the reader's language through the gettext function given.

This module, like :mod:`samtempa.render.svg`, chooses the drawing by the state's
``game``: the pages never do.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from samtempa import words
from samtempa.games.base import OrderError, StateError
from samtempa.games.registry import get_game
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.render import shell_story
from samtempa.render.shell import turn_pictures
from samtempa.render.shell_board import board_svg, final_picture
from samtempa.render.snake import layout_of
from samtempa.render.snake import state_svg as snake_svg

Gettext = Callable[..., str]
ET.register_namespace("", "http://www.w3.org/2000/svg")
ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}


@dataclass(frozen=True)
class Scene:
    """One drawing of a turn, what it shows in sentences, and its label ("frame 2")."""

    svg: str
    lines: list[str]
    frame: int | None = None
    #: What the drawing's key would say, in the reader's words (Snake Synapse: each snake).
    legend: list[str] = field(default_factory=list)
    #: What the Shell: this scene's place among the turn's steps (WTS-2.2), from 1.
    step: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "svg": self.svg,
            "lines": self.lines,
            "frame": self.frame,
            "legend": self.legend,
            "step": self.step,
        }


@dataclass(frozen=True)
class TurnRow:
    """A resolved turn as stored: the orders played, who missed, the frames and the state."""

    number: int
    orders: Mapping[str, Any]
    missed: Sequence[str]
    report: Any
    frames: Sequence[Mapping[str, Any]]
    state: Mapping[str, Any]


def start_scene(state: Mapping[str, Any], _: Gettext, lang: str = "en") -> Scene:
    """The board before the first turn (or any state shown alone); ``lang`` is the
    language of ``_``, for the words drawn on the board (a floor's name)."""
    return _STARTS.get(str(state.get("game")), _snake_start)(state, _, lang)


def _shell_start(state: Mapping[str, Any], _: Gettext, lang: str) -> Scene:
    return Scene(board_svg(final_picture(state)), shell_story.end_lines(state, _))


def _snake_start(state: Mapping[str, Any], _: Gettext, lang: str) -> Scene:
    return _snake_scene(state, _("Turn %(n)s", n=state.get("turn", 0)), [], None, _, lang)


def turn_scenes(
    before: Mapping[str, Any], row: TurnRow, _: Gettext, lang: str = "en"
) -> list[Scene]:
    """The scenes of one resolved turn, from the state before it; the last is the state after."""
    shell = _SHELL_LIKE.get(str(row.state.get("game")))
    return _shell_scenes(before, row, _) if shell else _snake_scenes(row, _, lang)


def notation(state: Mapping[str, Any], orders: Mapping[str, Any], _: Gettext) -> str:
    """A turn's orders in a line: ``E5/B4`` (WTS-7.1); Snake Synapse's paths as arrows."""
    if _SHELL_LIKE.get(str(state.get("game"))):
        return shell_story.notation(orders)
    seats = [str(s.get("id")) for s in state.get("snakes", [])]
    players = sorted(orders, key=lambda p: seats.index(p) if p in seats else len(seats))
    return " · ".join(f"{_(p.capitalize())} {_snake_order(orders[p], _)}" for p in players)


def _shell_scenes(before: Mapping[str, Any], row: TurnRow, _: Gettext) -> list[Scene]:
    game = get_game(SHELL.name)
    try:
        start = game.from_json(dict(before))
        picks = {p: game.parse_orders(start, p, o) for p, o in row.orders.items()}
        report = game.step(start, picks).report
    except (OrderError, StateError, KeyError):
        return [Scene(board_svg(final_picture(row.state)), shell_story.end_lines(row.state, _))]
    pictures = turn_pictures(before, report, row.state)
    lines = shell_story.step_lines(report, row.state, row.missed, _)
    # Every step has its sentences (shell_story says so even of a wave without capture),
    # so every picture is a scene: the step bar never shows a step without words.
    return [
        Scene(board_svg(picture), said, step=i + 1)
        for i, (picture, said) in enumerate(zip(pictures, lines, strict=True))
    ]


def _snake_scenes(row: TurnRow, _: Gettext, lang: str) -> list[Scene]:
    frames = (row.report or {}).get("frames", []) if isinstance(row.report, dict) else []
    scenes = []
    for i, state in enumerate(row.frames):
        fr = frames[i] if i < len(frames) else {}
        n = int(fr.get("frame", i + 1))
        lines = [_("Frame %(n)s", n=n)]
        if fr.get("change"):
            lines.append(_("The terrain changes (death %(n)s).", n=fr["change"]))
        for d in fr.get("deaths", []):
            cause = _(words.CAUSES.get(str(d.get("cause")), str(d.get("cause"))))
            lines.append(
                _("%(snake)s dies (%(cause)s)", snake=_(str(d["snake"]).capitalize()), cause=cause)
            )
        caption = _("Turn %(n)s", n=row.number) + " · " + _("Frame %(n)s", n=n)
        scenes.append(_snake_scene(state, caption, lines, n, _, lang))
    scenes.append(_snake_scene(row.state, _("Turn %(n)s", n=row.number), [], None, _, lang))
    return scenes


def _snake_scene(
    state: Mapping[str, Any],
    caption: str,
    lines: list[str],
    frame: int | None,
    _: Gettext,
    lang: str = "en",
) -> Scene:
    """The drawing cut below its grids and the key in words."""
    root = ET.fromstring(snake_svg(state, caption, lang))
    for child in list(root):
        if {"snake-legend", "key", "legend"} & set((child.get("class") or "").split()):
            root.remove(child)
    bottom = f"{layout_of(state).grid_bottom + 14:.0f}"
    root.set("height", bottom)
    root.set("viewBox", " ".join([*root.get("viewBox", "0 0 600 0").split()[:3], bottom]))
    root.set("aria-hidden", "true")  # the sentences and the key below say what it shows
    svg = ET.tostring(root, encoding="unicode")
    legend = []
    for i, snake in enumerate(state.get("snakes", [])):
        said = [f"{i + 1}. {_(str(snake['colour']).capitalize())}", _(str(snake["race"]))]
        said.append(f"{_('length')} {snake['length']}")
        if not snake.get("alive", True):
            said.append(_("dead"))
        legend.append(" · ".join(said))
    return Scene(svg, lines, frame, legend)


def _snake_order(order: Any, _: Gettext) -> str:
    if not isinstance(order, dict):
        return "–"
    if order.get("breaker"):
        return "■"
    text = "".join(ARROWS.get(ch, ch) for ch in str(order.get("path", "")))
    return text or "–"


#: Each game's first scene, keyed by its spec's name (``games`` may not know ``render``).
_STARTS: dict[str, Callable[[Mapping[str, Any], Gettext, str], Scene]] = {
    SHELL.name: _shell_start,
    SNAKE.name: _snake_start,
}
#: Whether a game's turns are told as What the Shell's steps (else as Snake frames).
_SHELL_LIKE: dict[str, bool] = {SHELL.name: True, SNAKE.name: False}
