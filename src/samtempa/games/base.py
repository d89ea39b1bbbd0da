"""The protocol every game engine implements, and the values it exchanges.

Engines are pure: no I/O, no clock, and no randomness but a seeded
``random.Random`` passed in. The server, the bots, the renderer and the
command line all go through this API, so a rule lives in exactly one place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from random import Random
from typing import Any, Generic, Protocol, TypeVar

PlayerId = str
JSON = dict[str, Any]

S = TypeVar("S")
O = TypeVar("O")  # noqa: E741 - the orders type, as in the architecture sketch


class OrderError(Exception):
    """A turn (or one player's order) the rules reject; the state stays unchanged.

    ``code`` is the rules page's error code (``occupied``, ``wrong-path-length``…),
    ``message`` a sentence a player understands.
    """

    def __init__(self, code: str, message: str, player: PlayerId | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.player = player

    def to_json(self) -> JSON:
        return {"code": self.code, "message": self.message}


class OrderTypeError(OrderError):
    """Orders with a field of the wrong JSON type (a number for a path, a list for a dir…).

    For a player it is ``bad-notation`` like any other (SS-3.3 check 2); a
    conformance case holding one is itself invalid (``conformance.md``: exit 2).
    """

    def __init__(self, message: str, player: PlayerId | None = None) -> None:
        super().__init__("bad-notation", message, player)


class StateError(ValueError):
    """A state, setup or record that is incomplete or inconsistent (not a game rule)."""


def json_kind(value: Any) -> str:
    """The JSON type of a value, as a message names it ("a list", "null")."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return "a list"
    return "a string" if isinstance(value, str) else "no JSON value"


def shown(value: Any, limit: int = 40) -> str:
    """A value as a one-line message quotes it: ``repr``, cut to ``limit`` characters."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: Above any turn, frame or count a game can reach: a state naming more is invalid
#: (``conformance.md``), so that no number from a file costs memory or time.
MAX_NUMBER = 1_000_000


class Termination(StrEnum):
    """Why a game ended: by its rules, or by its players (a resignation, an agreed draw)."""

    RULES = "rules"  # the rules page's end (WTS-6, SS-10.1): the state holds the result
    RESIGNATION = "resignation"  # a player gave up; the state has no result
    AGREEMENT = "agreement"  # every player agreed to a draw; the state has no result


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: one winner, or the players sharing a draw, and why.

    The single source of truth for "is it over" (as ``chess.Outcome``). An
    outcome by the rules comes from the state (:meth:`Game.outcome`); one by
    the players from :meth:`Game.resign` or :meth:`Game.agreed_draw`.

    >>> Outcome("white", termination=Termination.RESIGNATION).to_json()
    {'winner': 'white', 'termination': 'resignation'}
    >>> Outcome.from_json({"draw": ["black", "white"]}) == Outcome(None, ("black", "white"))
    True
    """

    winner: PlayerId | None
    draw: tuple[PlayerId, ...] = ()
    termination: Termination = Termination.RULES

    def score(self, player: PlayerId) -> float:
        """1 for the winner, a share of 1 for those drawing, else 0."""
        if self.winner is not None:
            return 1.0 if player == self.winner else 0.0
        return 1.0 / len(self.draw) if player in self.draw else 0.0

    def to_json(self) -> JSON:
        """``{"winner": id}`` or ``{"draw": [ids]}``, with ``"termination"`` unless by the rules."""
        out: JSON = (
            {"winner": self.winner} if self.winner is not None else {"draw": list(self.draw)}
        )
        if self.termination is not Termination.RULES:
            out["termination"] = self.termination.value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Outcome:
        """Inverse of :meth:`to_json`; raises :class:`StateError` on anything else."""
        if not isinstance(data, dict):
            raise StateError("an outcome is a JSON object")
        rest = set(data) - {"termination"}
        try:
            termination = Termination(data.get("termination", Termination.RULES.value))
        except ValueError:
            raise StateError(f"unknown termination {data.get('termination')!r}") from None
        if rest == {"winner"} and isinstance(data["winner"], str):
            return cls(data["winner"], (), termination)
        draw = data.get("draw")
        if rest == {"draw"} and isinstance(draw, list) and all(isinstance(p, str) for p in draw):
            return cls(None, tuple(draw), termination)
        raise StateError('an outcome is {"winner": ID} or {"draw": [IDS]}')


@dataclass(frozen=True, slots=True)
class Resignation(Generic[O]):
    """What a player's resigning does, as the game's rules allow.

    Either the game ends at once (``outcome``: What the Shell, the other
    player wins), or the resignation is that player's orders for the turn
    being played (``orders``: Snake Synapse's removal, SS-9.1), which take
    effect when the turn resolves.
    """

    outcome: Outcome | None = None
    orders: O | None = None


@dataclass(frozen=True, slots=True)
class Step(Generic[S]):
    """The result of one simultaneous turn.

    ``frames`` are the intermediate states worth animating (Snake Synapse: the
    state after each frame; What the Shell: none), ``report`` what happened in
    the game's own terms (captures, deaths…), for people and renderers.
    """

    state: S
    frames: tuple[S, ...] = ()
    report: Any = None
    extra: Mapping[str, Any] = field(default_factory=dict)


class Game(Protocol[S, O]):
    """A simultaneous-turn game."""

    name: str
    #: Whether a turn plays out in frames worth showing one by one (``Step.frames``).
    has_frames: bool

    def initial_state(self, setup: Mapping[str, Any] | None = None) -> S:
        """A new game; ``setup`` is the game's setup object (None: the default one)."""
        ...

    def players(self, state: S) -> list[PlayerId]:
        """Who must give orders for the next turn (empty once the game is over)."""
        ...

    def parse_orders(self, state: S, player: PlayerId, data: Any) -> O:
        """One player's orders from their JSON form; raises :class:`OrderError`."""
        ...

    def validate(self, state: S, player: PlayerId, orders: O) -> None:
        """Raise :class:`OrderError` if ``player`` may not give ``orders`` now."""
        ...

    def step(self, state: S, orders: Mapping[PlayerId, O]) -> Step[S]:
        """Resolve one turn; never mutates ``state``; raises :class:`OrderError`."""
        ...

    def play(self, state: S, turn: Any) -> Step[S]:
        """Resolve one turn given in the conformance notation, checks in the rules' order."""
        ...

    def check_turn(self, turn: Any) -> None:
        """Raise :class:`OrderTypeError` if a turn in the conformance notation has a
        field of the wrong JSON type anywhere (no state needed: a case is checked whole)."""
        ...

    def case_start(self, case: Mapping[str, Any]) -> S:
        """The start of a conformance case: its ``start`` (a complete, consistent state
        between turns, or a setup) or the game's default; raises :class:`StateError`."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""
        ...

    def to_json(self, state: S) -> JSON:
        """The canonical state of the rules page."""
        ...

    def from_json(self, data: Any) -> S:
        """Inverse of :meth:`to_json`; raises :class:`StateError` on a bad state."""
        ...

    def player_view(self, state: S, viewer: PlayerId | None) -> JSON:
        """What ``viewer`` (None: a spectator) may see of the state."""
        ...

    def guide(self, state: S) -> JSON:
        """What a page needs to help a player enter orders without applying a rule itself:
        Snake Synapse, where each step leads and the walls; What the Shell, the cells one
        may pick. Sent to browsers beside the view (not part of the canonical state)."""
        ...

    def missed_order(self, state: S, player: PlayerId, rng: Random) -> O:
        """The orders given for a player who sent none in time (bot protocol page)."""
        ...

    def random_orders(self, state: S, player: PlayerId, rng: Random) -> O:
        """Legal orders chosen at random (the easiest bot, tests and benchmarks)."""
        ...

    def orders_to_json(self, state: S, player: PlayerId, orders: O) -> Any:
        """The JSON form of one player's orders (inverse of :meth:`parse_orders`)."""
        ...

    def resign(self, state: S, player: PlayerId) -> Resignation[O]:
        """What ``player`` resigning now does; raises :class:`OrderError` if they cannot."""
        ...

    def agreed_draw(self, state: S) -> Outcome | None:
        """The outcome of a draw every player agrees to now (None: the game has none);
        raises :class:`OrderError` once the game is over."""
        ...

    def placings(self, state: S, outcome: Outcome | None) -> list[tuple[PlayerId, ...]]:
        """Every player by place, best first; players sharing a place share a tuple.

        ``outcome``: how the game ended (None: the standing of a game stopped
        before its end).
        """
        ...


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What the rest of the platform knows of a game: one per ``games/<game>/`` package.

    Code outside ``games/`` asks a spec (through :mod:`samtempa.games.registry`)
    instead of comparing the game's name. Layers above ``games`` (bots, render,
    server) keep their own per-game parts in tables keyed by :attr:`name`,
    filled from the spec, never by an if-chain on a name.
    """

    name: str
    #: The game's name as people read it (English; pages translate it).
    title: str
    engine: Callable[[], Game[Any, Any]]
    #: The seats' player ids in seat order (What the Shell: black, white; Snake
    #: Synapse: the snakes' colours, as many as the game seats).
    seats: tuple[PlayerId, ...]
    min_players: int
    #: The races a player may choose (empty: the game has none), with their
    #: starting charges.
    races: tuple[str, ...] = ()
    charges: Mapping[str, int] = field(default_factory=dict)
    #: The short id of the game's drawings and page parts (``static/js/<board>.js``,
    #: the ``render`` modules): pages pick their assets by it, never by the name.
    board: str = ""
    #: Whether a game is set up on a terrain, which says how many seats and which
    #: races (Snake Synapse, SS-1); else the game has one board and fixed seats.
    terrains: bool = False
    #: What a seat that sends no orders in time gets: ``"missed"`` (the engine's
    #: missed order) or ``"removed"`` (the player leaves the game).
    silent_seat: str = "missed"
    #: One turn in the conformance notation from each player's orders in JSON form.
    turn_notation: Callable[[Mapping[PlayerId, Any]], Any] = dict
    #: An engine ``Step.report`` in JSON (cell names), given the state after it.
    report_to_json: Callable[[Any, Any], Any] = lambda report, state: report

    @property
    def max_players(self) -> int:
        return len(self.seats)

    def seat_ids(self, n: int) -> tuple[PlayerId, ...]:
        """The player ids of a game of ``n`` players; raises ``ValueError`` for a bad ``n``."""
        if not self.min_players <= n <= len(self.seats):
            raise ValueError(f"{self.title} seats {self.min_players} to {len(self.seats)}")
        return self.seats[:n]


def seat_order(players: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Index of each player in seat order."""
    return {p: i for i, p in enumerate(players)}
