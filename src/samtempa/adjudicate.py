"""``samtempa adjudicate CASE.json [--frames]``: play a conformance case (rules/conformance.md).

Exit status 0 with the final canonical state, 1 with ``{"error", "state"}``
when a turn is rejected, 2 with a one-line message when the case itself is
unreadable or invalid.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from samtempa.games.base import JSON, OrderError, StateError
from samtempa.games.registry import GAME_NAMES, get_game

#: The JSON type of one ``turns`` entry, per game (conformance.md).
_TURN_TYPES: dict[str, type] = {"what-the-shell": str, "snake-synapse": dict}


class CaseError(Exception):
    """The case file cannot be played (exit status 2)."""


def load_case(path: Path) -> JSON:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise CaseError(f"cannot read {path}: {e.strerror}") from e
    try:
        case = json.loads(text)
    except ValueError as e:
        raise CaseError(f"{path} is not JSON: {e}") from e
    if not isinstance(case, dict):
        raise CaseError(f"{path}: a case is a JSON object")
    return case


def run_case(case: JSON, frames: bool = False) -> tuple[int, JSON]:
    """Play a case; returns (exit status, printed object). Raises :class:`CaseError`."""
    name = case.get("game")
    if name not in GAME_NAMES:
        raise CaseError(f"unknown game {name!r}; expected one of {', '.join(GAME_NAMES)}")
    game = get_game(name)
    # conformance.md: frames are Snake Synapse's; What the Shell accepts the flag and ignores it.
    frames = frames and name == "snake-synapse"
    turns = case.get("turns")
    if not isinstance(turns, list):
        raise CaseError("turns must be a list")
    for n, turn in enumerate(turns, 1):
        if not isinstance(turn, _TURN_TYPES[name]):
            kind = "a string" if _TURN_TYPES[name] is str else "an object"
            raise CaseError(f"turn {n} must be {kind}, not {type(turn).__name__}")
    start: Any = case.get("start")
    try:
        if isinstance(start, dict) and "game" in start:
            state = game.from_json(start)
        else:
            state = game.initial_state(start)
    except StateError as e:
        raise CaseError(f"invalid start: {e}") from e
    all_frames: list[JSON] = []
    for n, turn in enumerate(turns, 1):
        try:
            outcome = game.play(state, turn)
        except OrderError as e:
            return 1, {"error": {"turn": n, **e.to_json()}, "state": game.to_json(state)}
        if frames:
            all_frames.extend(game.to_json(f) for f in outcome.frames)
        state = outcome.state
    out = game.to_json(state)
    if frames:
        out["frames"] = all_frames
    return 0, out


def main(path: str, frames: bool = False) -> int:
    try:
        status, out = run_case(load_case(Path(path)), frames)
    except CaseError as e:
        print(f"samtempa adjudicate: {e}", file=sys.stderr)
        return 2
    print(json.dumps(out, ensure_ascii=False))
    return status
