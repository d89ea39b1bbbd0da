"""``samtempa render (STATE|RECORD|CASE) --out FILE.{svg,png,gif,apng} [--turn N] [--width PX]
[--lang fr|eo|en]``.

A state draws as itself. A record (or a conformance case, played as one)
draws the state after turn N (default: the last) as SVG or PNG, animates
turn N step by step (What the Shell) or frame by frame (Snake Synapse) as
GIF or APNG, and the whole game when no turn is given. Captions, legends and
keys are in ``--lang`` (English by default).

Exit status 0 once the file is written, 1 when the record does not replay
(the message names the turn), 2 when the input or the options are wrong.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from samtempa.games.base import StateError
from samtempa.games.registry import GAME_NAMES, get_game
from samtempa.records import FORMAT, Record, RecordError, record_from_case
from samtempa.render import animate, raster
from samtempa.render.svg import state_svg


class RenderError(Exception):
    """Bad input or options (exit status 2)."""


def frames_for(data: Any, fmt: str, turn: int | None, lang: str = "en") -> list[raster.Frame]:
    """The pictures to write for the input ``data`` (a state, a record or a case)."""
    if not isinstance(data, dict):
        raise RenderError("the input must be a JSON object: a state, a record or a case")
    if data.get("format") == FORMAT or "turns" in data:
        record = Record.from_json(data) if data.get("format") == FORMAT else record_from_case(data)
        if fmt in ("svg", "png"):
            return [(animate.record_picture(record, turn, lang), 0)]
        if turn is None:
            return animate.game_frames(record, lang)
        if turn == 0:
            return [(animate.record_picture(record, 0, lang), 1000)]
        return animate.turn_frames(record, turn, lang)
    if turn is not None:
        raise RenderError("--turn needs a record; this is a single state")
    return [(state_svg(_checked_state(data), lang=lang), 1000)]


def _checked_state(data: dict[str, Any]) -> dict[str, Any]:
    """The state as the engine reads it back (a state it refuses is an error)."""

    name = data.get("game")
    if name not in GAME_NAMES:
        raise RenderError(f"unknown game {name!r}")
    try:
        game = get_game(str(name))
    except ImportError:  # the engine is not installed: draw the state as given
        return data
    try:
        state: dict[str, Any] = game.to_json(game.from_json(data))
    except StateError as e:
        raise RenderError(f"invalid state: {e}") from e
    return state


def main(
    source: str, out: str, turn: int | None = None, width: int | None = None, lang: str = "en"
) -> int:
    started = time.perf_counter()
    try:
        fmt = raster.format_of(out)
        try:
            data = json.loads(Path(source).read_text(encoding="utf-8"))
        except OSError as e:
            raise RenderError(f"cannot read {source}: {e.strerror}") from e
        except ValueError as e:
            raise RenderError(f"{source} is not JSON: {e}") from e
        frames = frames_for(data, fmt, turn, lang)
        raster.write(out, frames, width)
    except RecordError as e:
        print(f"samtempa render: {source}: {e}", file=sys.stderr)
        return 1 if e.turn is not None else 2
    except (RenderError, ValueError) as e:
        print(f"samtempa render: {e}", file=sys.stderr)
        return 2
    pictures = f"{len(frames)} pictures" if fmt in ("gif", "apng") else "1 picture"
    print(f"{out}: {pictures} in {time.perf_counter() - started:.2f} s")
    return 0
