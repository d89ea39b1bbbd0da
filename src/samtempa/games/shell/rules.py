"""Resolving one What the Shell turn: placement → capture waves → hatching → result.

Each step of WTS-2.2 is a function below, named after its section of
``rules/what-the-shell.md``; :func:`resolve` chains them. Squares and masks
are those of :mod:`.board`.

This is the plain engine API: the server, the terminal game and casual
scripts use it (``step(state, black_square, white_square)``). The compiled
fast path in :mod:`.fast` gives identical results, many times faster.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from samtempa.games.base import OrderError
from samtempa.games.shell.board import (
    ADJACENT,
    CAPTURE_RAYS,
    FIVE_WINDOWS,
    FULL_MASK,
    SQUARES,
    square_name,
    squares_of,
    winning_count,
    winning_mask,
)
from samtempa.games.shell.state import BLACK, DRAW, NORMAL, SUDDEN_DEATH, WHITE, ShellState


@dataclass(frozen=True, slots=True)
class Capture:
    """One capture (WTS-4.1): ``closer`` is the new turtle, ``anchor`` the turtle at the far end."""

    colour: str
    closer: int
    pair: tuple[int, int]
    anchor: int


@dataclass(slots=True)
class Wave:
    """What one wave did (WTS-4, WTS-5): captures, removals, vanished and hatched eggs."""

    new_turtles: list[tuple[str, int]]
    captures: list[Capture] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)
    vanished: list[int] = field(default_factory=list)
    hatched: list[int] = field(default_factory=list)
    hatched_colour: str | None = None
    #: WTS-5.2: pairs of captures (one of each colour) that found no egg to make vanish.
    lost_pairs: int = 0
    #: WTS-5.2: captures of ``lost_colour`` beyond the pairs that found no egg to hatch.
    lost: int = 0
    lost_colour: str | None = None


@dataclass(slots=True)
class TurnReport:
    """Everything a person (or a picture) needs to follow a turn."""

    black_pick: int
    white_pick: int
    collision: bool = False
    waves: list[Wave] = field(default_factory=list)
    winning_black: list[int] = field(default_factory=list)
    winning_white: list[int] = field(default_factory=list)

    @property
    def captured(self) -> list[int]:
        return [sq for wave in self.waves for sq in wave.removed]

    @property
    def vanished(self) -> list[int]:
        return [sq for wave in self.waves for sq in wave.vanished]

    @property
    def hatched(self) -> list[tuple[str, int]]:
        return [(w.hatched_colour or "", sq) for w in self.waves for sq in w.hatched]

    def describe(self) -> list[str]:
        """The turn in short English sentences (the terminal game shows them)."""
        b, w = square_name(self.black_pick), square_name(self.white_pick)
        if self.collision:
            return [f"Both picked {b}: an egg is laid there (WTS-3.2)."]
        lines = [f"Black played {b}, white played {w}."]
        for n, wave in enumerate(self.waves):
            for cap in wave.captures:
                pair = " and ".join(square_name(s) for s in cap.pair)
                lines.append(
                    f"Wave {n}: {cap.colour} {square_name(cap.closer)} captures {pair} "
                    f"against {square_name(cap.anchor)}."
                )
            if wave.vanished:
                names = ", ".join(square_name(s) for s in wave.vanished)
                lines.append(f"Wave {n}: egg {names} vanished (captures on both sides, WTS-5.2).")
            if wave.hatched:
                names = ", ".join(square_name(s) for s in wave.hatched)
                lines.append(f"Wave {n}: egg {names} hatched as {wave.hatched_colour}.")
            if wave.lost_pairs:
                lines.append(
                    f"Wave {n}: {wave.lost_pairs} pair(s) of captures found no egg: lost (WTS-5.2)."
                )
            if wave.lost:
                lines.append(
                    f"Wave {n}: {wave.lost} {wave.lost_colour} capture(s) found no egg: "
                    "lost (WTS-5.2)."
                )
        return lines


_SQUARE_SET: Final = frozenset(SQUARES)
#: ``tuple.__new__``: a state without the Python-level ``NamedTuple.__new__`` (hot path).
_new_state = tuple.__new__


# --- WTS-2.1 checks ----------------------------------------------------------------


def check_picks(state: ShellState, black: int, white: int) -> None:
    """Raise the error WTS-2.1 / WTS-2.3 give for a pair of picks, in their order."""
    if state.result is not None:
        raise OrderError("game-over", f"the game is over ({state.result}); no more picks")
    for colour, pick in ((BLACK, black), (WHITE, white)):
        if not (0 <= pick < 90 and FULL_MASK >> pick & 1):
            raise OrderError("off-board", f"{colour}'s pick is not on the board", colour)
    occupied = state.black | state.white | state.eggs
    for colour, pick in ((BLACK, black), (WHITE, white)):
        if occupied >> pick & 1:
            raise OrderError(
                "occupied", f"{colour}'s pick {square_name(pick)} is not empty (WTS-2.1)", colour
            )


def step(state: ShellState, black: int, white: int) -> ShellState:
    """Play one turn; raises :class:`OrderError` and leaves ``state`` as it was on a bad pick."""
    free = FULL_MASK & ~(state.black | state.white | state.eggs)
    if (
        state.result is None
        and black in _SQUARE_SET
        and white in _SQUARE_SET
        and free >> black & 1
        and free >> white & 1
    ):
        return resolve(state, black, white)
    check_picks(state, black, white)
    raise AssertionError("check_picks accepted picks step refused")


def step_with_report(state: ShellState, black: int, white: int) -> tuple[ShellState, TurnReport]:
    """:func:`step`, also saying what happened."""
    check_picks(state, black, white)
    report = TurnReport(black, white)
    return resolve(state, black, white, report), report


# --- the pipeline -----------------------------------------------------------------


def resolve(
    state: ShellState, black_pick: int, white_pick: int, report: TurnReport | None = None
) -> ShellState:
    """WTS-2.2: placement (§3), waves of captures and hatching (§4–§5), result (§6).

    The picks must already be checked (:func:`check_picks`).
    """
    black, white, eggs, queue = state.black, state.white, state.eggs, state.queue
    if black_pick == white_pick:
        # WTS-3.2: a collision lays an egg; nothing is captured, nothing hatches.
        if report is not None:
            report.collision = True
        return result(state, black, white, eggs | (1 << black_pick), (*queue, black_pick), (), ())

    # WTS-3.1: both turtles land; they are the new turtles of wave 0.
    black |= 1 << black_pick
    white |= 1 << white_pick
    added_black = [black_pick]
    added_white = [white_pick]
    new_black, new_white = added_black, added_white
    while True:
        # WTS-4.5: every capture of the wave is found before anything is removed.
        caps_black = find_captures(new_black, black, white | eggs)
        caps_white = find_captures(new_white, white, black | eggs)
        if not caps_black and not caps_white:
            break
        wave = None
        if report is not None:
            wave = Wave([(BLACK, s) for s in new_black] + [(WHITE, s) for s in new_white])
            report.waves.append(wave)
        black, white, eggs, queue = remove_captured(
            black, white, eggs, queue, caps_black, caps_white, wave
        )
        eggs, queue, hatched = hatch(eggs, queue, len(caps_black), len(caps_white), wave)
        if not hatched:
            break
        # WTS-5.3: the hatched turtles are the new turtles of the next wave.
        hatched_mask = 0
        for sq in hatched:
            hatched_mask |= 1 << sq
        if len(caps_black) > len(caps_white):
            black |= hatched_mask
            new_black, new_white = list(hatched), []
            added_black = added_black + new_black
        else:
            white |= hatched_mask
            new_black, new_white = [], list(hatched)
            added_white = added_white + new_white
    return result(state, black, white, eggs, queue, added_black, added_white, report)


def remove_captured(
    black: int,
    white: int,
    eggs: int,
    queue: tuple[int, ...],
    caps_black: list[tuple[int, int, int]],
    caps_white: list[tuple[int, int, int]],
    wave: Wave | None,
) -> tuple[int, int, int, tuple[int, ...]]:
    """WTS-4.6: every captured piece leaves at once; captured eggs leave the queue."""
    removed = 0
    for pair, _, _ in caps_black:
        removed |= pair
    for pair, _, _ in caps_white:
        removed |= pair
    if eggs & removed:
        eggs &= ~removed
        queue = tuple(q for q in queue if not removed >> q & 1)
    if wave is not None:
        wave.removed = squares_of(removed)
        for colour, caps in ((BLACK, caps_black), (WHITE, caps_white)):
            for pair, closer, end in caps:
                a, b = squares_of(pair)
                near, far = (a, b) if abs(a - closer) < abs(b - closer) else (b, a)
                wave.captures.append(Capture(colour, closer, (near, far), end.bit_length() - 1))
    return black & ~removed, white & ~removed, eggs, queue


def hatch(
    eggs: int, queue: tuple[int, ...], kb: int, kw: int, wave: Wave | None
) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """WTS-5.1, 5.2: each pair of captures makes the oldest egg vanish; the rest hatch.

    Returns the eggs left, the queue left and the hatched squares (oldest
    first) for the colour that captured more; captures beyond the eggs are lost, and
    the report says how many (WTS-5.2: never kept for a later wave or turn).
    """
    m = min(kb, kw)
    n = abs(kb - kw)
    vanished, hatched, queue = queue[:m], queue[m : m + n], queue[m + n :]
    for sq in vanished + hatched:
        eggs &= ~(1 << sq)
    if wave is not None:
        wave.vanished = list(vanished)
        wave.hatched = list(hatched)
        wave.hatched_colour = (BLACK if kb > kw else WHITE) if hatched else None
        wave.lost_pairs = m - len(vanished)
        wave.lost = n - len(hatched)
        wave.lost_colour = (BLACK if kb > kw else WHITE) if wave.lost else None
    return eggs, queue, hatched


def find_captures(new: list[int], own: int, hostile: int) -> list[tuple[int, int, int]]:
    """WTS-4.1–4.4, 4.7: the captures closed by the new turtles of one colour.

    Each is ``(pair mask, closer, anchor bit)``; the same pair closed from both
    ends counts once (WTS-4.7).
    """
    found: list[tuple[int, int, int]] = []
    for sq in new:
        if not hostile & ADJACENT[sq]:
            continue
        for pair, end in CAPTURE_RAYS[sq]:
            if hostile & pair == pair and own & end:
                found.append((pair, sq, end))
    if len(new) > 1 and len(found) > 1:
        seen: set[int] = set()
        unique = []
        for cap in found:
            if cap[0] not in seen:
                seen.add(cap[0])
                unique.append(cap)
        found = unique
    return found


def result(
    state: ShellState,
    black: int,
    white: int,
    eggs: int,
    queue: tuple[int, ...],
    added_black: list[int] | tuple[()],
    added_white: list[int] | tuple[()],
    report: TurnReport | None = None,
) -> ShellState:
    """WTS-6: count winning turtles after all waves, then win, sudden death, or draw."""
    nb = _recount(state.black, black, state.winning_black, added_black)
    nw = _recount(state.white, white, state.winning_white, added_white)
    phase = state.phase
    outcome: str | None = None
    if nb != nw:
        outcome = BLACK if nb > nw else WHITE  # WTS-6.2; phase stays as it was (WTS-7.2)
    else:
        phase = SUDDEN_DEATH if nb else NORMAL
        if not FULL_MASK & ~(black | white | eggs):
            outcome = DRAW  # WTS-6.4
    if report is not None:
        report.winning_black = squares_of(winning_mask(black)) if nb else []
        report.winning_white = squares_of(winning_mask(white)) if nw else []
    return _new_state(
        ShellState, (black, white, eggs, queue, state.turn + 1, phase, outcome, nb, nw)
    )


def _recount(before: int, after: int, count_before: int, added: list[int] | tuple[()]) -> int:
    """WTS-6.1, recounting only when the colour's turtles changed in a way that matters.

    Removals never create a five, so with no five before the turn only the
    turtles added this turn can be part of one.
    """
    if before == after:
        return count_before
    if count_before == 0:
        # Is an added turtle in a run of five? (Inline: this runs for both colours
        # on nearly every turn; lines with fewer than five turtles are skipped.)
        for sq in added:
            for near, windows in FIVE_WINDOWS[sq]:
                if (after & near).bit_count() >= 5:
                    for window in windows:
                        if after & window == window:
                            return winning_count(after)
        return 0
    return winning_count(after)
