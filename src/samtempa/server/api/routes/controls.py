"""Game controls over HTTP (forms and JSON, CSRF-checked) and the websocket, and the
controls panel of a match page (``templates/_controls.html``).

Every control names ``action`` (resign, offer-draw, accept-draw, decline-draw,
abort), ``turn`` (the turn being played) and, for a viewer playing several
seats, ``player``. Sent twice, a control does what it did once.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse
from pydantic import BaseModel
from sqlalchemy.orm import Session

from samtempa.server.api.deps import CsrfChecked, CurrentVisitor, read, render, services_of
from samtempa.server.services.controls import ControlDone
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection
from samtempa.server.services.matches import Actor
from samtempa.server.services.panel import Panel, panel_json, panel_tx
from samtempa.server.services.referee import GameControls

router = APIRouter()


def done_json(done: ControlDone) -> dict[str, Any]:
    return {
        "action": done.action,
        "match": done.match_id,
        "turn": done.turn,
        "player": done.player,
        "changed": done.changed,
        "ended": done.ended,
        "status": done.status,
    }


class ControlIn(BaseModel):
    action: str
    turn: int
    player: str | None = None


@router.post("/api/matches/{match_id}/controls", dependencies=[CsrfChecked])
async def control_json(
    request: Request, visitor: CurrentVisitor, match_id: str, body: ControlIn
) -> Response:
    controls: GameControls = services_of(request).controls
    done = await controls.act(match_id, visitor.actor, body.action, body.player, body.turn)
    return JSONResponse(done_json(done))


@router.post("/matches/{match_id}/controls", dependencies=[CsrfChecked])
async def control_form(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    """The same from a page's form (no script needed); back to the match page."""
    form = await request.form()
    try:
        turn = int(str(form.get("turn", "")))
    except ValueError:
        raise Refusal("bad-turn", "a game control names the turn it is meant for") from None
    player = form.get("player")
    controls: GameControls = services_of(request).controls
    await controls.act(
        match_id,
        visitor.actor,
        str(form.get("action", "")),
        str(player) if player else None,
        turn,
    )
    return RedirectResponse(f"/matches/{match_id}", status_code=303)


async def _panel(request: Request, visitor: Any, match_id: str) -> Panel:
    gettext = request.state.gettext

    def load(session: Session) -> Panel:
        return panel_tx(session, match_id, visitor.actor, gettext)

    return await read(request, load)


@router.get("/matches/{match_id}/controls")
async def controls_fragment(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    """The panel alone, in the visitor's language (the page's script swaps it in)."""
    return render(request, "_controls.html", panel=await _panel(request, visitor, match_id))


@router.get("/api/matches/{match_id}/controls")
async def controls_json(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    return JSONResponse(panel_json(await _panel(request, visitor, match_id)))


async def socket_control(
    controls: GameControls, message: dict[str, Any], conn: Connection, actor: Actor, gettext: Any
) -> dict[str, Any]:
    """``{"type": "control", "action": A, "turn": N, "player": P}`` on the match socket:
    answered with ``control-done`` (what it did), or an ``error`` about the control."""
    action, turn, player = message.get("action"), message.get("turn"), message.get("player")
    if not isinstance(action, str) or (player is not None and not isinstance(player, str)):
        refusal = Refusal("bad-message", "a game control needs an action and a turn number")
        return {"type": "error", "about": "control", **refusal.to_json(gettext)}
    try:
        done = await controls.act(conn.match_id, actor, action, player, turn)
    except Refusal as refusal:
        return {"type": "error", "about": "control", **refusal.to_json(gettext)}
    return {"type": "control-done", **done_json(done)}
