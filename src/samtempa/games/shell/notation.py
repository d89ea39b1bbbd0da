"""Picks and turns as text (WTS-2.3, WTS-7.1), and the canonical JSON state (WTS-7.2).

>>> parse_pick("E5")
44
>>> normalise_pick(" e5 ")
'E5'
"""

from __future__ import annotations

import re
from typing import Any

from samtempa.games.base import JSON, MAX_NUMBER, OrderError, StateError
from samtempa.games.shell.board import FULL_MASK, SIZE, STRIDE, square_name, winning_count
from samtempa.games.shell.state import (
    BLACK,
    DRAW,
    NORMAL,
    SUDDEN_DEATH,
    WHITE,
    ShellState,
)

_PICK_SHAPE = re.compile(r"([A-Z])(0|[1-9][0-9]*)")
_LOOSE_PICK = re.compile(r"\s*([A-Za-z])\s*0*([1-9][0-9]*)\s*")


def is_pick_shape(text: str) -> bool:
    """A letter and a row without leading zero, on the board or not (WTS-2.3)."""
    return _PICK_SHAPE.fullmatch(text) is not None


def parse_pick(text: str, colour: str | None = None) -> int:
    """The square of a canonical pick; ``bad-notation`` or ``off-board`` otherwise."""
    m = _PICK_SHAPE.fullmatch(text)
    who = f"{colour}'s pick" if colour else "the pick"
    if m is None:
        raise OrderError("bad-notation", f"{who} {text!r} is not a cell like E5 (WTS-2.3)", colour)
    col, row = ord(m.group(1)) - ord("A"), int(m.group(2)) - 1
    if col >= SIZE or not 0 <= row < SIZE:
        raise OrderError("off-board", f"{who} {text} is off the 9×9 board (A1–I9)", colour)
    return row * STRIDE + col


def normalise_pick(text: str) -> str:
    """A pick as a user interface accepts it (``e5``, `` E 05 ``), in canonical form.

    Text that matches no cell comes back unchanged, for :func:`parse_pick` to reject.
    """
    m = _LOOSE_PICK.fullmatch(text)
    return f"{m.group(1).upper()}{m.group(2)}" if m else text


def parse_turn(state: ShellState, turn: str) -> tuple[int, int]:
    """A ``BLACK/WHITE`` turn's two squares, with WTS-2.3's order of faults.

    ``game-over``, then ``bad-notation`` (shape, black, white), then
    ``off-board`` (black, white); ``occupied`` is :func:`.rules.check_picks`'s.
    """
    if state.result is not None:
        raise OrderError("game-over", f"the game is over ({state.result}); no more turns")
    parts = turn.split("/")
    if len(parts) != 2:
        raise OrderError("bad-notation", f"a turn is written BLACK/WHITE, like E5/B4, not {turn!r}")
    for colour, text in zip((BLACK, WHITE), parts, strict=True):
        if not is_pick_shape(text):
            raise OrderError(
                "bad-notation", f"{colour}'s pick {text!r} is not a cell like E5 (WTS-2.3)", colour
            )
    black = parse_pick(parts[0], BLACK)
    white = parse_pick(parts[1], WHITE)
    return black, white


def turn_text(black: str, white: str) -> str:
    """A turn as WTS-7.1 writes it, from each pick's text: ``black/white`` (``E5/B4``).

    The one writer of the notation: records, pictures and lessons call it.
    """
    return f"{black}/{white}"


def format_turn(black: int, white: int) -> str:
    return turn_text(square_name(black), square_name(white))


# --- canonical JSON (WTS-7.2) ----------------------------------------------------------

_KEYS = ("game", "board", "eggs", "turn", "phase", "result", "winning_turtles")
_PIECE = {".": None, "B": BLACK, "W": WHITE, "O": "egg"}


def to_json(state: ShellState) -> JSON:
    rows = []
    for r in range(SIZE):
        row = []
        for c in range(SIZE):
            bit = 1 << (r * STRIDE + c)
            row.append(
                "B"
                if state.black & bit
                else "W"
                if state.white & bit
                else "O"
                if state.eggs & bit
                else "."
            )
        rows.append("".join(row))
    return {
        "game": "what-the-shell",
        "board": rows,
        "eggs": [square_name(sq) for sq in state.queue],
        "turn": state.turn,
        "phase": state.phase,
        "result": state.result,
        "winning_turtles": {BLACK: state.winning_black, WHITE: state.winning_white},
    }


def parse_board(board: Any) -> tuple[int, int, int]:
    """The black, white and egg masks of the ``board`` rows of WTS-7.2."""
    if not (isinstance(board, list) and len(board) == SIZE):
        raise StateError("board must be a list of nine rows")
    black = white = eggs = 0
    for r, row in enumerate(board):
        if not (isinstance(row, str) and len(row) == SIZE and all(ch in _PIECE for ch in row)):
            raise StateError(f"board row {r + 1} must be nine characters among . B W O")
        for c, ch in enumerate(row):
            bit = 1 << (r * STRIDE + c)
            if ch == "B":
                black |= bit
            elif ch == "W":
                white |= bit
            elif ch == "O":
                eggs |= bit
    return black, white, eggs


def from_json(data: Any) -> ShellState:
    """Read a canonical state, checking that it is complete and consistent (conformance.md)."""
    if not isinstance(data, dict):
        raise StateError("a What the Shell state is a JSON object")
    missing = [k for k in _KEYS if k not in data]
    if missing:
        raise StateError(f"state lacks {', '.join(missing)}")
    unknown = sorted(set(data) - set(_KEYS))
    if unknown:
        raise StateError(f"state has unknown keys {', '.join(unknown)}")
    if data["game"] != "what-the-shell":
        raise StateError(f"state is for game {data['game']!r}, not what-the-shell")
    black, white, eggs = parse_board(data["board"])
    queue = _read_queue(data["eggs"], eggs)
    turn = data["turn"]
    if not _is_int(turn) or not 0 <= turn <= MAX_NUMBER:
        raise StateError(f"turn must be a whole number from 0 to {MAX_NUMBER:,}")
    phase = data["phase"]
    if phase not in (NORMAL, SUDDEN_DEATH):
        raise StateError(f"phase must be 'normal' or 'sudden-death', not {phase!r}")
    outcome = data["result"]
    if outcome not in (None, BLACK, WHITE, DRAW):
        raise StateError(f"result must be null, 'black', 'white' or 'draw', not {outcome!r}")
    counts = data["winning_turtles"]
    if not (
        isinstance(counts, dict)
        and set(counts) == {BLACK, WHITE}
        and all(_is_int(v) for v in counts.values())
    ):
        raise StateError("winning_turtles must be {'black': N, 'white': N}")
    nb, nw = winning_count(black), winning_count(white)
    if (counts[BLACK], counts[WHITE]) != (nb, nw):
        raise StateError(
            f"winning_turtles {counts[BLACK]}/{counts[WHITE]} disagree with the board ({nb}/{nw})"
        )
    _check_result(outcome, phase, nb, nw, black | white | eggs)
    return ShellState(black, white, eggs, queue, turn, phase, outcome, nb, nw)


def _read_queue(names: Any, eggs: int) -> tuple[int, ...]:
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise StateError("eggs must be a list of cell names")
    queue = []
    for name in names:
        m = _PICK_SHAPE.fullmatch(name)
        if m is None or ord(m.group(1)) - ord("A") >= SIZE or not 1 <= int(m.group(2)) <= SIZE:
            raise StateError(f"egg {name!r} is not a cell of the board")
        queue.append((int(m.group(2)) - 1) * STRIDE + ord(m.group(1)) - ord("A"))
    mask = 0
    for sq in queue:
        mask |= 1 << sq
    if len(set(queue)) != len(queue) or mask != eggs:
        raise StateError("eggs must list exactly the O cells of the board, each once")
    return tuple(queue)


def _check_result(outcome: str | None, phase: str, nb: int, nw: int, occupied: int) -> None:
    """WTS-6.2, WTS-6.4: the phase and result a board with these counts can have."""
    full = not FULL_MASK & ~occupied
    if outcome is None:
        if nb != nw:
            raise StateError(f"{nb} black and {nw} white winning turtles: the game is over")
        if phase != (SUDDEN_DEATH if nb else NORMAL):
            raise StateError(f"phase {phase!r} disagrees with the winning turtles ({nb}/{nw})")
        if full:
            raise StateError("the board is full: the game is a draw (WTS-6.4)")
    elif outcome == DRAW:
        if nb != nw or not full:
            raise StateError("a draw needs a full board and equal winning turtles (WTS-6.4)")
        if phase != (SUDDEN_DEATH if nb else NORMAL):
            raise StateError(f"phase {phase!r} disagrees with the winning turtles ({nb}/{nw})")
    elif (nb > nw) != (outcome == BLACK) or nb == nw:
        raise StateError(f"result {outcome!r} disagrees with the winning turtles ({nb}/{nw})")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
