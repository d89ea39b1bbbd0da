"""The pieces of a game record (:mod:`samtempa.records`): its errors, players, turns,
and the checks that read a record's JSON; no :class:`~samtempa.records.Record` here."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from samtempa.games.base import (
    JSON,
    Game,
    OrderError,
    Outcome,
    PlayerId,
    StateError,
    Step,
)

FORMAT = "samtempa-record"
VERSION = 1

_KEYS = {
    "format",
    "version",
    "game",
    "setup",
    "start",
    "players",
    "turns",
    "result",
    "created",
    "finished",
    "meta",
}
_TURN_KEYS = {"orders", "at", "digest"}


class RecordError(StateError):
    """A record that cannot be read or does not replay.

    ``turn`` is the 1-based number of the turn at fault (None: the record as a
    whole), ``code`` an engine error code (``occupied``…) or one of
    ``bad-record``, ``bad-start``, ``digest-mismatch``, ``result-mismatch``.
    """

    def __init__(self, message: str, *, turn: int | None = None, code: str = "bad-record") -> None:
        super().__init__(f"turn {turn}: {message}" if turn is not None else message)
        self.turn = turn
        self.code = code
        self.detail = message

    def to_json(self) -> JSON:
        return {"turn": self.turn, "code": self.code, "message": self.detail}


@dataclass(frozen=True, slots=True)
class Player:
    """A seat (What the Shell: ``black``/``white``; Snake Synapse: the snake id) and who held it."""

    id: PlayerId
    name: str

    def to_json(self) -> JSON:
        return {"id": self.id, "name": self.name}


@dataclass(slots=True)
class Turn:
    """One turn: the orders in conformance notation, when they were resolved, a state digest."""

    orders: Any
    at: str | None = None
    digest: str | None = None

    def to_json(self) -> JSON:
        out: JSON = {"orders": self.orders}
        if self.at is not None:
            out["at"] = self.at
        if self.digest is not None:
            out["digest"] = self.digest
        return out


@dataclass(frozen=True, slots=True)
class ReplayedTurn:
    """One turn of a replay: its number (from 1), the state before it and the engine's step."""

    number: int
    before: Any
    step: Step[Any]

    @property
    def after(self) -> Any:
        return self.step.state


def state_digest(state_json: JSON) -> str:
    """A short fingerprint of a canonical state (16 hex digits of SHA-256)."""
    text = json.dumps(state_json, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def now() -> str:
    """The current time as a record writes it: ISO 8601, UTC, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def _play(game: Game[Any, Any], state: Any, orders: Any, n: int) -> Step[Any]:
    try:
        return game.play(state, orders)
    except OrderError as e:
        raise RecordError(f"{e.code}: {e.message}", turn=n, code=e.code) from e
    except (StateError, TypeError, ValueError, KeyError, AttributeError) as e:
        # A structurally wrong turn the engine did not expect (e.g. a list for a string).
        raise RecordError(f"the orders cannot be played: {e!r}", turn=n) from e


def _read_players(raw: Any) -> list[Player]:
    if not isinstance(raw, list):
        raise RecordError("'players' must be a list")
    players = []
    for i, p in enumerate(raw, 1):
        if not (
            isinstance(p, dict)
            and set(p) == {"id", "name"}
            and isinstance(p["id"], str)
            and isinstance(p["name"], str)
        ):
            raise RecordError(f"player {i} must be an object with string 'id' and 'name'")
        players.append(Player(p["id"], p["name"]))
    ids = [p.id for p in players]
    if len(set(ids)) != len(ids):
        raise RecordError("two players share one id")
    return players


def _read_turn(n: int, raw: Any) -> Turn:
    if not isinstance(raw, dict) or "orders" not in raw:
        raise RecordError("a turn must be an object with 'orders'", turn=n)
    unknown = sorted(set(raw) - _TURN_KEYS)
    if unknown:
        raise RecordError(f"unknown keys {', '.join(unknown)}", turn=n)
    for key in ("at", "digest"):
        if raw.get(key) is not None and not isinstance(raw[key], str):
            raise RecordError(f"'{key}' must be a string", turn=n)
    return Turn(raw["orders"], raw.get("at"), raw.get("digest"))


def _optional_object(data: JSON, key: str) -> JSON | None:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise RecordError(f"'{key}' must be an object or null")
    return value


def _optional_str(data: JSON, key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise RecordError(f"'{key}' must be a string or null")
    return value


def _is_outcome_json(value: JSON) -> bool:
    try:
        Outcome.from_json(value)
    except StateError:
        return False
    return True


def _show(result: JSON | None) -> str:
    return "no result yet" if result is None else json.dumps(result)


def _copy(value: Any) -> Any:
    """A deep copy of JSON data, so a record never shares lists with its caller."""
    return json.loads(json.dumps(value)) if value is not None else None
