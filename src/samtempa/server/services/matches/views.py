"""What one viewer may see of a match now: the snapshot, its seats, its own orders."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from samtempa.games.registry import get_game
from samtempa.server.models import Match, Seat
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Message
from samtempa.server.services.matches.turns import pending_of, seats_of
from samtempa.server.services.matches.values import Actor, LiveInfo

#: A seat option: the turn whose sealed orders came from the seat's previous holder
#: (:mod:`..seat_hands`); they stay sealed from its new holder until the reveal.
INHERITED_TURN = "inherited_turn"


def inherited(seat: Seat, turn: int) -> bool:
    """Whether the orders of ``turn`` were sealed by this seat's previous holder."""
    return bool(seat.options.get(INHERITED_TURN) == turn)


def live_info_tx(session: Session, match_id: str, actor: Actor) -> LiveInfo:
    """The match as ``actor`` may see it now; their own sealed orders included, no one else's."""
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    seats = seats_of(session, match_id)
    waiting: list[str] = []
    submitted: list[str] = []
    own: dict[str, Any] = {}
    if match.status == "playing" and match.state is not None:
        game = get_game(match.game)
        waiting = game.players(game.from_json(match.state))
        number = match.turn + 1
        mine = {s.player for s in seats if actor.controls(s) and not inherited(s, number)}
        for player, row in pending_of(session, match_id, number).items():
            submitted.append(player)
            if player in mine:
                own[player] = row.orders
    return LiveInfo(match, seats, waiting, sorted(submitted), own)


def _seconds_left(deadline: datetime | None, now: datetime) -> float | None:
    if deadline is None:
        return None
    return max(0.0, (deadline - now).total_seconds())


def seat_json(seat: Seat, actor: Actor) -> dict[str, Any]:
    return {
        "index": seat.index,
        "player": seat.player,
        "kind": seat.kind,
        "level": seat.bot_level,
        "label": seat.label,
        "open": seat.kind == "human" and seat.user_id is None and seat.session_id is None,
        "yours": actor.controls(seat),
        "options": seat.options,
    }


def snapshot_message(info: LiveInfo, actor: Actor, now: datetime) -> Message:
    """The whole picture for one viewer: state view, seats, who has sent orders, own orders."""
    match = info.match
    mine = [s.player for s in info.seats if actor.controls(s)]  # in seat order
    view = None
    if match.state is not None:
        game = get_game(match.game)
        viewer = mine[0] if len(mine) == 1 else None
        view = game.player_view(game.from_json(match.state), viewer)
    return {
        "type": "snapshot",
        "match": match.id,
        "game": match.game,
        "mode": match.mode,
        "status": match.status,
        "turn": match.turn,
        "view": view,
        "seats": [seat_json(s, actor) for s in info.seats],
        "yours": mine,
        "waiting": info.waiting,
        "submitted": info.submitted,
        "your_orders": info.own_orders,
        "result": match.result,
        "clock": match.clock,
        "seconds_left": _seconds_left(match.deadline, now),
        "rematch": match.rematch_id,
    }
