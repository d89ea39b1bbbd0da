"""What the Shell behind the :class:`~samtempa.games.base.Game` protocol.

Players are ``"black"`` and ``"white"``; one player's orders are a square
(an int of :mod:`.board`), written ``"E5"`` in JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, Final

from samtempa.games.base import (
    JSON,
    OrderError,
    OrderTypeError,
    Outcome,
    PlayerId,
    Resignation,
    StateError,
    Step,
    Termination,
    json_kind,
)
from samtempa.games.shell import notation, rules
from samtempa.games.shell.board import FULL_MASK, square_name, squares_of
from samtempa.games.shell.state import BLACK, COLOURS, DRAW, INITIAL, WHITE, ShellState

#: The game's registered name (a module constant: mypyc compiles ``name`` below as an
#: instance attribute, which the plug-in spec cannot read from the class).
NAME = "what-the-shell"


class WhatTheShell:
    """The What the Shell engine (``rules/what-the-shell.md``)."""

    name = NAME
    has_frames = False

    def initial_state(self, setup: Mapping[str, Any] | None = None) -> ShellState:
        if setup:
            raise StateError("What the Shell has no setup options")
        return INITIAL

    def players(self, state: ShellState) -> list[PlayerId]:
        return [] if state.result is not None else list(COLOURS)

    def parse_orders(self, state: ShellState, player: PlayerId, data: Any) -> int:
        if not isinstance(data, str):
            raise OrderError("bad-notation", "a pick is a cell name like E5", player)
        return notation.parse_pick(data, player)

    def validate(self, state: ShellState, player: PlayerId, orders: int) -> None:
        if player not in COLOURS:
            raise OrderError("unknown-player", f"{player!r} is not black or white", player)
        if state.result is not None:
            raise OrderError("game-over", "the game is over; no more picks", player)
        if not (0 <= orders < 90 and FULL_MASK >> orders & 1):
            raise OrderError("off-board", "the pick is not on the board", player)
        if state.occupied >> orders & 1:
            raise OrderError("occupied", f"{square_name(orders)} is not empty (WTS-2.1)", player)

    def step(self, state: ShellState, orders: Mapping[PlayerId, int]) -> Step[ShellState]:
        if state.result is not None:
            raise OrderError("game-over", "the game is over; no more picks")
        for colour in COLOURS:
            if colour not in orders:
                raise OrderError("missing-orders", f"{colour} has not picked", colour)
        new, report = rules.step_with_report(state, orders[BLACK], orders[WHITE])
        return Step(new, (), report)

    def check_turn(self, turn: Any) -> None:
        if not isinstance(turn, str):
            raise OrderTypeError(
                f"a turn is a string BLACK/WHITE like E5/B4, not {json_kind(turn)}"
            )

    def play(self, state: ShellState, turn: Any) -> Step[ShellState]:
        self.check_turn(turn)
        black, white = notation.parse_turn(state, turn)
        return self.step(state, {BLACK: black, WHITE: white})

    def case_start(self, case: Mapping[str, Any]) -> ShellState:
        """A case's ``start`` is a whole canonical state, all seven keys (conformance.md);
        without one, the empty board."""
        if "start" not in case:
            return INITIAL
        return notation.from_json(case["start"])

    def outcome(self, state: ShellState) -> Outcome | None:
        if state.result is None:
            return None
        if state.result == DRAW:
            return Outcome(None, COLOURS)
        return Outcome(state.result)

    def to_json(self, state: ShellState) -> JSON:
        return notation.to_json(state)

    def from_json(self, data: Any) -> ShellState:
        return notation.from_json(data)

    def player_view(self, state: ShellState, viewer: PlayerId | None) -> JSON:
        """The whole state: What the Shell has no hidden information between turns."""
        return notation.to_json(state)

    def guide(self, state: ShellState) -> JSON:
        """The cells a player may pick now: every empty one (WTS-2.1), none once over."""
        if state.result is not None:
            return {"playable": []}
        return {"playable": [square_name(sq) for sq in empty_squares(state)]}

    def missed_order(self, state: ShellState, player: PlayerId, rng: Random) -> int:
        """A uniformly random empty cell (the bot protocol's missed-order policy)."""
        return self.random_orders(state, player, rng)

    def random_orders(self, state: ShellState, player: PlayerId, rng: Random) -> int:
        return random_empty(state, rng)

    def orders_to_json(self, state: ShellState, player: PlayerId, orders: int) -> str:
        return square_name(orders)

    def resign(self, state: ShellState, player: PlayerId) -> Resignation[int]:
        """The game ends at once and the other player wins (the page has no turn to wait for)."""
        self._still_playing(state, player)
        other = WHITE if player == BLACK else BLACK
        return Resignation(outcome=Outcome(other, (), Termination.RESIGNATION))

    def agreed_draw(self, state: ShellState) -> Outcome:
        """Both players share the draw, as a drawn game by the rules (WTS-6)."""
        if state.result is not None:
            raise OrderError("game-over", "the game is over; no more picks")
        return Outcome(None, COLOURS, Termination.AGREEMENT)

    def placings(self, state: ShellState, outcome: Outcome | None) -> list[tuple[PlayerId, ...]]:
        """The winner, then the other; a draw, or a game stopped before its end, is one place."""
        if outcome is None or outcome.winner is None:
            return [COLOURS]
        other = WHITE if outcome.winner == BLACK else BLACK
        return [(outcome.winner,), (other,)]

    @staticmethod
    def _still_playing(state: ShellState, player: PlayerId) -> None:
        if player not in COLOURS:
            raise OrderError("unknown-player", f"{player!r} is not black or white", player)
        if state.result is not None:
            raise OrderError("game-over", "the game is over; no more picks", player)


def random_empty(state: ShellState, rng: Random) -> int:
    """A uniformly random empty square, by rejection over 7 random bits.

    Drawing ``getrandbits(7)`` until it names an empty square is exactly
    uniform and cheap, and the compiled fast path draws the very same numbers
    from the same generator, so seeded games agree move for move.
    """
    empty = FULL_MASK & ~(state.black | state.white | state.eggs)
    if not empty:
        raise ValueError("no empty cell left")
    draw = rng.getrandbits
    while True:
        sq = _SQUARE_OF_DRAW[draw(7)]
        if empty >> sq & 1:
            return sq


#: ``getrandbits(7)`` → square for the 81 values that name one (``row * 9 + col``);
#: the other 47 map to a guard square, which is never empty.
_SQUARE_OF_DRAW: Final = tuple(r + r // 9 if r < 81 else 9 for r in range(128))


def empty_squares(state: ShellState) -> list[int]:
    return squares_of(FULL_MASK & ~state.occupied)


__all__ = ["WHITE", "WhatTheShell", "empty_squares", "random_empty"]
