"""The game-controls panel of a match page: what this viewer may do now, and the result.

Built in a read transaction for one viewer (``templates/_controls.html`` draws it,
``static/js/controls.js`` fetches it again when the match changes). A viewer's
own sealed resignation is shown to that viewer only, as their orders are.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from samtempa.games.base import OrderError
from samtempa.games.registry import get_game
from samtempa.server.models import Match, PendingOrder
from samtempa.server.models_identity import MatchStanding
from samtempa.server.services.controls import offers_of
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import Actor, seats_of
from samtempa.server.services.standings import places_of
from samtempa.server.services.verdicts import verdict


@dataclass(slots=True)
class Panel:
    """``resign``, ``offer``, ``accept``: the viewer's players who may do it now."""

    match_id: str
    status: str
    turn: int  # the turn being played (what a control names)
    verdict: str | None = None
    resign: list[str] = field(default_factory=list)
    resign_ends_now: bool = True  # False: the resignation takes effect at the reveal
    offer: list[str] = field(default_factory=list)
    accept: list[str] = field(default_factory=list)
    abort: bool = False
    offered_by: list[str] = field(default_factory=list)
    own_offer: bool = False
    resigning: list[str] = field(default_factory=list)  # own removals sealed this turn
    several: bool = False  # the viewer plays several seats (one screen): name the seat


def panel_tx(session: Session, match_id: str, actor: Actor, _: Callable[..., str]) -> Panel:
    """The panel of ``match_id`` as ``actor`` may see it now."""
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    seats = seats_of(session, match_id)
    mine = [s.player for s in seats if s.kind == "human" and actor.controls(s)]
    panel = Panel(match.id, match.status, match.turn + 1, several=len(mine) > 1)
    standing = session.get(MatchStanding, match_id)
    places = standing.places if standing is not None else None
    if match.status == "finished" and places is None and match.state is not None:
        places = places_of(match)
    panel.verdict = verdict(_, match.status, match.result, places, [s.player for s in seats], mine)
    if match.status != "playing" or match.state is None or not mine:
        return panel
    game = get_game(match.game)
    state = game.from_json(match.state)
    waiting = game.players(state)
    bots = any(s.kind == "bot" and s.player in waiting for s in seats)
    panel.abort = match.turn == 0 and match.clock.get("kind") == "live"
    panel.offered_by = offers_of(session, match_id, panel.turn)
    panel.own_offer = any(p in mine for p in panel.offered_by)
    for player in mine:
        if player not in waiting:
            continue
        row = session.get(PendingOrder, (match_id, panel.turn, player))
        try:
            resignation = game.resign(state, player)
            draw = game.agreed_draw(state)
        except OrderError:
            continue
        removal = (
            game.orders_to_json(state, player, resignation.orders)
            if resignation.orders is not None
            else None
        )
        if removal is not None and row is not None and row.orders == removal:
            panel.resigning.append(player)
        else:
            panel.resign.append(player)
        panel.resign_ends_now = resignation.outcome is not None
        if draw is None or bots or player in panel.offered_by:
            continue
        (panel.accept if panel.offered_by else panel.offer).append(player)
    return panel


def panel_json(panel: Panel) -> dict[str, Any]:
    """The panel for scripts and API clients (no words but the verdict)."""
    return {
        "match": panel.match_id,
        "status": panel.status,
        "turn": panel.turn,
        "verdict": panel.verdict,
        "can": {
            "resign": panel.resign,
            "offer-draw": panel.offer,
            "accept-draw": panel.accept,
            "decline-draw": panel.accept,
            "abort": panel.abort,
        },
        "offered_by": panel.offered_by,
        "resigning": panel.resigning,
    }
