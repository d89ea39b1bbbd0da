"""``samtempa adjudicate CASE.json [--frames]``: play a conformance case (rules/conformance.md).

Exit status 0 with the final canonical state, 1 with ``{"error", "state"}``
when a turn is rejected, 2 with a one-line message when the case itself is
unreadable or invalid. Whatever the file, never a traceback: every check of
a start or a turn is the engine's (``case_start``, ``check_turn``), so the
server and the other readers of states get the same ones.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from samtempa.games.base import JSON, OrderError, OrderTypeError, StateError, shown
from samtempa.games.registry import GAME_NAMES, get_game


class CaseError(Exception):
    """The case file cannot be played (exit status 2)."""


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def parse_case(data: bytes, where: str = "the case") -> JSON:
    """A case object from the file's bytes: UTF-8 JSON (no NaN), nesting within the parser's."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise CaseError(f"{where} is not UTF-8 (byte {e.start})") from e
    try:
        case = json.loads(text, parse_constant=_no_constant)
    except RecursionError as e:
        raise CaseError(f"{where} nests JSON too deeply") from e
    except ValueError as e:
        raise CaseError(f"{where} is not JSON: {_one_line(str(e))}") from e
    if not isinstance(case, dict):
        raise CaseError(f"{where}: a case is a JSON object")
    try:  # "\ud800" is JSON, but no Unicode text: nothing could print it back
        json.dumps(case, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError as e:
        raise CaseError(f"{where} holds a lone surrogate escape, which is not Unicode text") from e
    return case


def load_case(path: Path) -> JSON:
    try:
        data = path.read_bytes()
    except OSError as e:
        raise CaseError(f"cannot read {path}: {e.strerror}") from e
    return parse_case(data, str(path))


def run_case(case: JSON, frames: bool = False) -> tuple[int, JSON]:
    """Play a case; returns (exit status, printed object). Raises :class:`CaseError`."""
    name = case.get("game")
    if type(name) is not str or name not in GAME_NAMES:
        raise CaseError(f"unknown game {shown(name)}; expected one of {', '.join(GAME_NAMES)}")
    game = get_game(name)
    # conformance.md: frames are for games that have them; the others accept the flag.
    frames = frames and game.has_frames
    turns = case.get("turns")
    if not isinstance(turns, list):
        raise CaseError("turns must be a list")
    for n, turn in enumerate(turns, 1):  # the whole case is checked before any turn is played
        try:
            game.check_turn(turn)
        except OrderTypeError as e:
            raise CaseError(f"turn {n}: {e.message}") from e
    try:
        state = game.case_start(case)
    except StateError as e:
        raise CaseError(f"invalid start: {e}") from e
    all_frames: list[JSON] = []
    for n, turn in enumerate(turns, 1):
        try:
            outcome = game.play(state, turn)
        except OrderError as e:
            out: JSON = {"error": {"turn": n, **e.to_json()}, "state": game.to_json(state)}
            if frames:
                out["frames"] = all_frames  # those of the turns played before (conformance.md)
            return 1, out
        if frames:
            all_frames.extend(game.to_json(f) for f in outcome.frames)
        state = outcome.state
    out = dict(game.to_json(state))
    if frames:
        out["frames"] = all_frames
    return 0, out


def _one_line(text: str) -> str:
    return " ".join(text.split())


def adjudicate(data: bytes, frames: bool = False, where: str = "the case") -> tuple[int, str, str]:
    """The command's exit status, standard output and standard error for a file's bytes."""
    try:
        status, out = run_case(parse_case(data, where), frames)
    except CaseError as e:
        return 2, "", f"samtempa adjudicate: {_one_line(str(e))}\n"
    return status, json.dumps(out, ensure_ascii=False) + "\n", ""


def main(path: str, frames: bool = False) -> int:
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        print(f"samtempa adjudicate: cannot read {path}: {e.strerror}", file=sys.stderr)
        return 2
    status, out, err = adjudicate(data, frames, path)
    sys.stdout.write(out)
    sys.stderr.write(err)
    return status
