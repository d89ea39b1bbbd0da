"""Game controls: resign, offer, accept or decline a draw, abort before the first reveal.

Every control goes through the match coordinator (:meth:`.matches.MatchCoordinator.exclusive`:
the match's lock, one write transaction) and names the turn it is meant for, the
turn being played, as orders do. Each is idempotent: sent again, it changes
nothing and says so (``changed`` False), even once the turn or the game has moved on.

What each does is the engine's: :meth:`Game.resign` says whether a resignation ends
the game now (What the Shell: the other player wins) or is that player's orders
for the turn (Snake Synapse: the removal of SS-9.1, sealed like any order and
revealed with the turn); :meth:`Game.agreed_draw` gives the draw all players agree
to, or None for a game without one. An offer is the offerer's agreement for that
turn only; it lapses when the turn resolves. Abort leaves no result and no rating.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from samtempa.games.base import Game, OrderError, Outcome, Termination
from samtempa.games.registry import get_game
from samtempa.server.models import Match, PendingOrder, Seat, Turn
from samtempa.server.models_identity import DrawOffer
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import (
    ORDER_ERRORS,
    Actor,
    SubmitOutcome,
    lock_match,
    seats_of,
    submit_tx,
)

RESIGN, OFFER, ACCEPT, DECLINE, ABORT = (
    "resign",
    "offer-draw",
    "accept-draw",
    "decline-draw",
    "abort",
)
ACTIONS = (RESIGN, OFFER, ACCEPT, DECLINE, ABORT)


@dataclass(slots=True)
class ControlDone:
    """What a control did. ``changed`` False: it had been done already (a repeat).

    ``ended``: the match is over now (resigned, drawn by agreement, aborted);
    ``sealed``: Snake Synapse's resignation, sealed as the player's orders (and
    maybe completing the turn); ``event``: what the viewers are told.
    """

    action: str
    match_id: str
    turn: int
    player: str | None
    changed: bool
    ended: bool = False
    status: str = "playing"
    sealed: SubmitOutcome | None = None
    event: str | None = None


def control_tx(
    session: Session,
    match_id: str,
    actor: Actor,
    action: str,
    player: str | None,
    turn: Any,
    now: datetime,
) -> ControlDone:
    """One control, checked and applied in this transaction; raises :class:`Refusal`."""
    if action not in ACTIONS:
        raise Refusal("bad-action", "there is no game control called %(name)s", name=action)
    if isinstance(turn, bool) or not isinstance(turn, int) or not 0 < turn < 2**31:
        raise Refusal("bad-turn", "a game control names the turn it is meant for")
    match = lock_match(session, match_id)
    seats = seats_of(session, match_id)
    mine = [s.player for s in seats if s.kind == "human" and actor.controls(s)]
    if not mine:
        raise Refusal("not-a-player", "only the players of this game can do that", 403)
    if action == ABORT:
        return _abort(session, match, turn, now)
    who = _which(mine, player)
    game = get_game(match.game)
    if action == RESIGN:
        return _resign(session, match, seats, game, actor, who, turn, now)
    if action == DECLINE:
        return _decline(session, match, game, who, turn)
    return _agree(session, match, seats, game, action, who, turn, now)


def _which(mine: list[str], player: str | None) -> str:
    """The seat a control is for: the one named, or the only one the actor holds."""
    if player is None:
        if len(mine) != 1:
            raise Refusal("which-player", "say which of your players this is for")
        return mine[0]
    if player not in mine:
        raise Refusal(
            "not-your-seat", "you do not play %(player)s in this game", 403, player=player
        )
    return player


def _require_turn(match: Match, turn: int) -> None:
    """The match is being played at the turn named."""
    if match.status == "open":
        raise Refusal("not-started", "the game has not started: seats are still free", 409)
    if match.status != "playing":
        raise Refusal("game-over", "the game is over; no more orders", 409)
    if turn != match.turn + 1:
        raise Refusal(
            "wrong-turn",
            "this was meant for turn %(turn)s, but turn %(number)s is being played",
            409,
            turn=turn,
            number=match.turn + 1,
        )


def _ended_by(match: Match, termination: Termination) -> Outcome | None:
    if match.status != "finished" or match.result is None:
        return None
    outcome = Outcome.from_json(match.result)
    return outcome if outcome.termination is termination else None


#: Engine refusals a control can meet, in words pages translate.
CONTROL_ERRORS = {
    **ORDER_ERRORS,
    "snake-dead": "this snake is already out of the game",
    "unknown-player": "%(player)s is not a player of this game",
}


def _refusal(err: OrderError) -> Refusal:
    template = CONTROL_ERRORS.get(err.code)
    if template is None:
        return Refusal(err.code, err.message, 409)
    return Refusal(err.code, template, 409, **({"player": err.player} if "%(" in template else {}))


def end_match(session: Session, match: Match, status: str, result: Any, now: datetime) -> None:
    """Close a match outside a turn's resolution: sealed orders are dropped unrevealed."""
    match.status = status
    match.result = result
    match.deadline = None
    match.finished_at = now
    session.execute(delete(PendingOrder).where(PendingOrder.match_id == match.id))
    session.execute(delete(DrawOffer).where(DrawOffer.match_id == match.id))


# --- resign -------------------------------------------------------------------------------


def _resign(
    session: Session,
    match: Match,
    seats: list[Seat],
    game: Game[Any, Any],
    actor: Actor,
    player: str,
    turn: int,
    now: datetime,
) -> ControlDone:
    done = ControlDone(RESIGN, match.id, turn, player, changed=False, status=match.status)
    ended = _ended_by(match, Termination.RESIGNATION)
    if ended is not None and ended.winner != player:
        done.ended = True
        return done  # resigned already
    if _resigned_by_orders(session, match, game, player, turn):
        return done
    _require_turn(match, turn)
    state = game.from_json(match.state)
    try:
        resignation = game.resign(state, player)
    except OrderError as err:
        raise _refusal(err) from None
    done.changed = True
    if resignation.outcome is not None:
        end_match(session, match, "finished", resignation.outcome.to_json(), now)
        done.ended, done.status, done.event = True, "finished", "resigned"
        return done
    # The removal replaces whatever the player had sealed for this turn (SS-9.1).
    session.execute(
        delete(PendingOrder).where(
            PendingOrder.match_id == match.id,
            PendingOrder.turn == turn,
            PendingOrder.player == player,
        )
    )
    session.flush()
    orders = game.orders_to_json(state, player, resignation.orders)
    done.sealed = submit_tx(session, match.id, actor, player, orders, turn, now)
    revealed = done.sealed.revealed
    if revealed is not None:
        done.status = revealed.status
        done.ended = revealed.status != "playing"
    return done


def _resigned_by_orders(
    session: Session, match: Match, game: Game[Any, Any], player: str, turn: int
) -> bool:
    """Whether ``player``'s orders for ``turn`` (sealed, or revealed since) are their
    resignation: the repeat of a resignation given as orders."""
    if turn == match.turn + 1 and match.status == "playing":
        row = session.get(PendingOrder, (match.id, turn, player))
        before_json: Any = match.state
        given = row.orders if row is not None else None
    else:
        played = session.scalar(select(Turn).where(Turn.match_id == match.id, Turn.number == turn))
        if played is None:
            return False
        given = played.orders.get(player)
        previous = session.scalar(
            select(Turn.state).where(Turn.match_id == match.id, Turn.number == turn - 1)
        )
        before_json = previous if previous is not None else _initial(game, match)
    if given is None or before_json is None:
        return False
    before = game.from_json(before_json)
    try:
        resignation = game.resign(before, player)
    except OrderError:
        return False
    if resignation.orders is None:
        return False
    return bool(game.orders_to_json(before, player, resignation.orders) == given)


def _initial(game: Game[Any, Any], match: Match) -> Any:
    return game.to_json(game.initial_state(match.setup or None))


# --- draws --------------------------------------------------------------------------------


def offers_of(session: Session, match_id: str, turn: int) -> list[str]:
    """The players who agreed to a draw for ``turn``, the offerer first."""
    rows = session.scalars(
        select(DrawOffer)
        .where(DrawOffer.match_id == match_id, DrawOffer.turn == turn)
        .order_by(DrawOffer.created_at, DrawOffer.player)
    )
    return [row.player for row in rows]


def _agree(
    session: Session,
    match: Match,
    seats: list[Seat],
    game: Game[Any, Any],
    action: str,
    player: str,
    turn: int,
    now: datetime,
) -> ControlDone:
    """An offer (the first agreement of the turn) or an acceptance; all agreed: a draw."""
    done = ControlDone(action, match.id, turn, player, changed=False, status=match.status)
    if _ended_by(match, Termination.AGREEMENT) is not None:
        done.ended = True
        return done
    _require_turn(match, turn)
    state = game.from_json(match.state)
    try:
        draw = game.agreed_draw(state)
    except OrderError as err:
        raise _refusal(err) from None
    if draw is None:
        raise Refusal("no-draws", "this game has no draw by agreement", 409)
    players = game.players(state)
    if player not in players:
        raise Refusal(
            "not-waiting", "the game is not waiting for orders from %(player)s", 409, player=player
        )
    kinds = {s.player: s.kind for s in seats}
    if any(kinds.get(p) == "bot" for p in players):
        raise Refusal("bot-opponent", "the computer does not take draw offers", 409)
    agreed = offers_of(session, match.id, turn)
    if player in agreed:
        return done
    if action == ACCEPT and not agreed:
        raise Refusal("no-offer", "there is no draw offer to accept in this turn", 409)
    # Offers of past turns have lapsed: they go.
    session.execute(delete(DrawOffer).where(DrawOffer.match_id == match.id, DrawOffer.turn < turn))
    session.add(DrawOffer(match_id=match.id, turn=turn, player=player, created_at=now))
    done.changed = True
    done.event = "draw-offered" if not agreed else "draw-accepted"
    if set(players) <= {*agreed, player}:
        end_match(session, match, "finished", draw.to_json(), now)
        done.ended, done.status, done.event = True, "finished", "drawn"
    return done


def _decline(
    session: Session, match: Match, game: Game[Any, Any], player: str, turn: int
) -> ControlDone:
    """Turn down the turn's offer: every agreement of the turn is withdrawn."""
    done = ControlDone(DECLINE, match.id, turn, player, changed=False, status=match.status)
    if match.status != "playing" or turn != match.turn + 1:
        return done  # the offer lapsed with its turn (or its game): nothing to decline
    agreed = offers_of(session, match.id, turn)
    if not agreed or agreed == [player]:
        return done
    session.execute(delete(DrawOffer).where(DrawOffer.match_id == match.id, DrawOffer.turn == turn))
    done.changed, done.event = True, "draw-declined"
    return done


# --- abort --------------------------------------------------------------------------------


def _abort(session: Session, match: Match, turn: int, now: datetime) -> ControlDone:
    """Before the first reveal only: the game ends with no result and no rating."""
    done = ControlDone(ABORT, match.id, turn, None, changed=False, status=match.status)
    if match.status == "aborted":
        done.ended = True
        return done
    if match.clock.get("kind") != "live":
        raise Refusal("not-abortable", "a correspondence game is stopped by its game master", 409)
    _require_turn(match, turn)
    if match.turn != 0:
        raise Refusal(
            "too-late", "a game can be aborted only before its first turn is revealed", 409
        )
    end_match(session, match, "aborted", None, now)
    done.changed, done.ended, done.status, done.event = True, True, "aborted", "aborted"
    return done
