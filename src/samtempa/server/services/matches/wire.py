"""The coordinator's fan-outs as JSON, for the other server processes (issue 21).

A sealed order and a reveal travel with the seats' holders their transaction
read, so the receiving process decides each viewer's message exactly as the
sending one would (:meth:`.SubmitOutcome.may_read`, :func:`.controlled`).
The engine state object does not travel: the receiver reads it from its JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from samtempa.server.services.matches.values import Holder, Reveal, SubmitOutcome, TurnOpen


def holders_json(holders: Mapping[str, Holder]) -> list[list[Any]]:
    return [[h.player, h.kind, h.user_id, h.session_id] for h in holders.values()]


def holders_from(rows: list[list[Any]]) -> dict[str, Holder]:
    return {row[0]: Holder(row[0], row[1], row[2], row[3]) for row in rows}


def outcome_json(outcome: SubmitOutcome) -> dict[str, Any]:
    return {
        "turn": outcome.turn,
        "player": outcome.player,
        "orders": outcome.orders,
        "holders": holders_json(outcome.holders),
    }


def outcome_from(match_id: str, wire: dict[str, Any]) -> SubmitOutcome:
    return SubmitOutcome(
        match_id,
        wire["turn"],
        wire["player"],
        wire["orders"],
        holders=holders_from(wire["holders"]),
    )


def _when(value: datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def _at(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def reveal_json(reveal: Reveal) -> dict[str, Any]:
    nxt = reveal.next_turn
    return {
        "game": reveal.game,
        "number": reveal.number,
        "orders": reveal.orders,
        "missed": reveal.missed,
        "report": reveal.report,
        "frames": reveal.frames,
        "state": reveal.state,
        "status": reveal.status,
        "result": reveal.result,
        # What comes next, for the viewers' clocks (the bots and deadline are the
        # resolving process's: see MatchCoordinator._after_reveal).
        "next": None if nxt is None else {"number": nxt.number, "deadline": _when(nxt.deadline)},
        "holders": holders_json(reveal.holders),
    }


def reveal_from(match_id: str, wire: dict[str, Any]) -> Reveal:
    nxt = wire["next"]
    return Reveal(
        match_id,
        wire["game"],
        wire["number"],
        wire["orders"],
        wire["missed"],
        wire["report"],
        wire["frames"],
        wire["state"],
        wire["status"],
        wire["result"],
        None if nxt is None else TurnOpen(match_id, nxt["number"], _at(nxt["deadline"]), []),
        holders=holders_from(wire["holders"]),
    )


def deadline_json(when: datetime) -> str:
    return when.isoformat()


def deadline_from(_match_id: str, wire: str) -> datetime:
    return datetime.fromisoformat(wire)
