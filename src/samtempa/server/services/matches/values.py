"""What the coordinator passes around: who asks, a turn opened, a turn revealed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from samtempa.server.models import Match, Seat


def utcnow() -> datetime:
    """Naive UTC, as stored in the database."""
    return datetime.now(UTC).replace(tzinfo=None)


class SeatLike(Protocol):
    """What deciding who controls a seat reads: a stored seat, or a :class:`Holder`."""

    @property
    def kind(self) -> str: ...
    @property
    def user_id(self) -> int | None: ...
    @property
    def session_id(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Holder:
    """Who held a seat when a transaction read it: what a message's rights are decided from.

    A message leaves with the holders of the transaction that made it, never with
    rights a connection was given earlier (a seat changes hands: issue 17).
    """

    player: str
    kind: str
    user_id: int | None
    session_id: str | None


def holders_of(seats: Iterable[Seat]) -> dict[str, Holder]:
    """The seats' holders by player, in seat order (copied: they outlive the transaction)."""
    return {s.player: Holder(s.player, s.kind, s.user_id, s.session_id) for s in seats}


@dataclass(frozen=True, slots=True)
class Actor:
    """Who is asking: an account, a browser session (guests play on one screen), or our bots."""

    user_id: int | None = None
    session_id: str | None = None
    bot: bool = False

    def controls(self, seat: SeatLike) -> bool:
        """An account's seat is its account's alone, on any browser (never by session);
        a guest's seat (no account) is the browser session's that took it."""
        if seat.kind == "bot":
            return self.bot
        if self.bot:
            return False
        if seat.user_id is not None:
            return seat.user_id == self.user_id
        return seat.session_id is not None and seat.session_id == self.session_id


BOT = Actor(bot=True)


def controlled(holders: Mapping[str, Holder], actor: Actor) -> list[str]:
    """The players ``actor`` holds, in seat order."""
    return [p for p, seat in holders.items() if actor.controls(seat)]


@dataclass(slots=True)
class TurnOpen:
    """A new turn waits for orders: who must play, the deadline, and which seats are bots."""

    match_id: str
    number: int  # the turn being played (turns played + 1)
    deadline: datetime | None
    bots: list[tuple[str, str]]  # (player, level)


@dataclass(slots=True)
class Reveal:
    """A resolved turn, as stored, plus what comes next."""

    match_id: str
    game: str
    number: int
    orders: dict[str, Any]
    missed: list[str]
    report: Any
    frames: list[dict[str, Any]]
    state: dict[str, Any]
    status: str
    result: dict[str, Any] | None
    next_turn: TurnOpen | None
    engine_state: Any = None  # the state object, when at hand (spares reading the JSON back)
    holders: Mapping[str, Holder] = field(default_factory=dict)  # the seats when resolved


@dataclass(slots=True)
class SubmitOutcome:
    """An accepted order; ``revealed`` is set when it completed the turn."""

    match_id: str
    turn: int
    player: str
    orders: Any
    revealed: Reveal | None = None
    holders: Mapping[str, Holder] = field(default_factory=dict)  # the seats when sealed

    def may_read(self, actor: Actor) -> bool:
        """Whether ``actor`` holds the author's seat now (the orders go to them alone)."""
        seat = self.holders.get(self.player)
        return seat is not None and actor.controls(seat)


@dataclass(slots=True)
class LiveInfo:
    """What a viewer needs to draw a match now (built inside a read transaction)."""

    match: Match
    seats: list[Seat]
    waiting: list[str]
    submitted: list[str]
    own_orders: dict[str, Any] = field(default_factory=dict)
