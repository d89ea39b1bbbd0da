"""Who may hold a seat of a correspondence game, and what a seat's new holder inherits.

The game master of an edition is never one of its players: they cannot
register, and a replacement goes to another account or to a bot, never to
them (issue 17). So the game master sees what every spectator sees — the
board, who has sent orders, the public log and topic — and never a sealed
order or a secret race before its reveal: the rights to those follow the
seat (``Actor.controls``), and the game master never holds one.

A seat given to someone else keeps its snake, colour and any orders already
sent this turn, but what its previous holder chose in secret stays theirs:
the orders sent before the replacement stay sealed until the reveal (the
newcomer sees that the seat has played, not what), and a race chosen in
secret and not revealed yet is dropped, so the newcomer chooses their own.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete
from sqlalchemy.orm import Session

from samtempa.server.models import Seat
from samtempa.server.models_correspondence import Edition, SecretRace
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches.views import INHERITED_TURN


def refuse_game_master(edition: Edition, user_id: int | None, what: str = "register") -> None:
    """The game master never takes a seat of their own game (register, or as a replacement)."""
    if user_id is None or edition.gm_user_id != user_id:
        return
    if what == "register":
        raise Refusal(
            "game-master-plays-not",
            "the game master of a game never plays in it",
            409,
        )
    raise Refusal(
        "game-master-seat",
        "a seat goes to another account or to a bot, never to the game master",
        409,
    )


def hand_over(session: Session, seat: Seat, phase: str, turn: int, has_orders: bool) -> None:
    """What a seat keeps and drops when it changes hands (see the module's docstring)."""
    options: dict[str, Any] = {k: v for k, v in seat.options.items() if k != INHERITED_TURN}
    if phase == "races":
        session.execute(
            delete(SecretRace).where(
                SecretRace.match_id == seat.match_id, SecretRace.seat_index == seat.index
            )
        )
    if has_orders:
        options[INHERITED_TURN] = turn
    seat.options = options
