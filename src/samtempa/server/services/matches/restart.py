"""What a server owes the games it finds at start: the bots whose turn is open play it.

A bot plays when its turn opens, in this process's memory; a server stopped
(or crashed) meanwhile loses that. Without this, such a turn would wait for
its clock and give the bot the missed-order policy (issue 17). So at start,
every turn being played whose bot seats have sent nothing is opened to them
again; a bot that had played is left alone, and a second process doing the
same is refused ``already-submitted`` (the order is sealed once).
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.games.registry import get_game
from samtempa.server.models import Match, Seat
from samtempa.server.services.matches.turns import pending_of, seats_of
from samtempa.server.services.matches.values import TurnOpen


def bot_turns_open_tx(session: Session) -> list[TurnOpen]:
    """Every turn being played that waits for a bot seat's orders, with those bots."""
    with_bots = (
        select(Match)
        .where(
            Match.status == "playing",
            Match.state.is_not(None),
            Match.id.in_(select(Seat.match_id).where(Seat.kind == "bot")),
        )
        .order_by(Match.id)
    )
    found = []
    for match in session.scalars(with_bots):
        game = get_game(match.game)
        waiting = set(game.players(game.from_json(match.state)))
        number = match.turn + 1
        sent = pending_of(session, match.id, number)
        bots = [
            (s.player, s.bot_level or "easy")
            for s in seats_of(session, match.id)
            if s.kind == "bot" and s.player in waiting and s.player not in sent
        ]
        if bots:
            found.append(TurnOpen(match.id, number, match.deadline, bots))
    return found
