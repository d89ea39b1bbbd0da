"""A match: its page (play or watch), its JSON snapshot, orders and chat over HTTP, replays,
downloads."""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from samtempa.games.base import Outcome, Termination
from samtempa.games.registry import get_game
from samtempa.records import Player, new_record
from samtempa.render.raster import animation_bytes
from samtempa.render.svg import state_svg
from samtempa.server.api.deps import CsrfChecked, CurrentVisitor, read, render, services_of
from samtempa.server.api.params import TurnNumber
from samtempa.server.models import Match, Seat, Turn, User
from samtempa.server.services import chat
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import live_info_tx, seats_of, snapshot_message, utcnow
from samtempa.server.services.panel import panel_tx
from samtempa.server.services.scenes import page_scene

router = APIRouter()


def _match_or_404(session: Session, match_id: str) -> Match:
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    return match


@router.get("/matches/{match_id}")
async def match_page(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    def load(session: Session) -> dict[str, Any]:
        info = live_info_tx(session, match_id, visitor.actor)
        user = session.get(User, visitor.user.id) if visitor.user else None
        return {
            "snapshot": snapshot_message(info, visitor.actor, utcnow()),
            "match": info.match,
            "chat": chat.page_chat(session, user, info.match),
            "panel": panel_tx(session, match_id, visitor.actor, request.state.gettext),
            "scene": page_scene(session, info.match, visitor.locale),
        }

    data = await read(request, load)
    return render(
        request,
        "match.html",
        snapshot_json=json.dumps(data["snapshot"]),
        chat_max=chat.MAX_LENGTH,
        **data,
    )


@router.get("/api/matches/{match_id}")
async def match_json(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    """What this visitor may see now: never another player's pending orders."""

    def load(session: Session) -> dict[str, Any]:
        info = live_info_tx(session, match_id, visitor.actor)
        return snapshot_message(info, visitor.actor, utcnow())

    return JSONResponse(await read(request, load))


class OrdersIn(BaseModel):
    """Orders name the turn they are meant for (issue 17): sent twice, or replayed once that
    turn has resolved, they are refused (``wrong-turn``, 409), never played on the next."""

    player: str
    orders: Any
    turn: int


@router.post("/api/matches/{match_id}/orders", dependencies=[CsrfChecked])
async def submit_orders(
    request: Request, visitor: CurrentVisitor, match_id: str, body: OrdersIn
) -> Response:
    outcome = await services_of(request).coordinator.submit(
        match_id, visitor.actor, body.player, body.orders, body.turn
    )
    return JSONResponse(
        {
            "accepted": True,
            "turn": outcome.turn,
            "player": outcome.player,
            "orders": outcome.orders,
            "revealed": outcome.revealed is not None,
        }
    )


class ChatIn(BaseModel):
    text: str


@router.post("/api/matches/{match_id}/chat", dependencies=[CsrfChecked])
async def post_chat(
    request: Request, visitor: CurrentVisitor, match_id: str, body: ChatIn
) -> Response:
    """A line of the players' chat; the players' live pages get it over their websocket."""
    services = services_of(request)
    line = await chat.post(
        services.db,
        services.hub,
        visitor.user.id if visitor.user else None,
        match_id,
        body.text,
        services.coordinator.now(),
    )
    return JSONResponse(line.to_json())


@router.get("/api/matches/{match_id}/chat")
async def chat_json(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    """The chat's last lines, oldest first, for the players who may read it."""

    def load(session: Session) -> list[dict[str, Any]]:
        user = session.get(User, visitor.user.id) if visitor.user else None
        return [line.to_json() for line in chat.history(session, user, match_id)]

    return JSONResponse({"lines": await read(request, load)})


def _turns(session: Session, match_id: str) -> list[Turn]:
    return list(
        session.scalars(select(Turn).where(Turn.match_id == match_id).order_by(Turn.number))
    )


@router.get("/api/matches/{match_id}/turns")
async def turns_json(request: Request, match_id: str) -> Response:
    """Every resolved turn (all revealed): the replay's data."""

    def load(session: Session) -> list[dict[str, Any]]:
        _match_or_404(session, match_id)
        return [
            {
                "turn": t.number,
                "orders": t.orders,
                "missed": t.missed,
                "report": t.report,
                "state": t.state,
            }
            for t in _turns(session, match_id)
        ]

    return JSONResponse(await read(request, load))


def _not_started() -> Refusal:
    return Refusal("not-started", "the game has not started: seats are still free", 409)


def _initial_state(match: Match) -> dict[str, Any]:
    """The start of a started game (before, a setup may still lack its players' choices)."""
    if match.state is None:
        raise _not_started()
    game = get_game(match.game)
    return game.to_json(game.initial_state(match.setup or None))


def _svg_of(game: str, state: dict[str, Any], lang: str = "en") -> str:
    """The game's own drawing (``render.svg`` picks it by the state's game), its words in
    the viewer's language."""
    return state_svg(state if "game" in state else {**state, "game": game}, lang=lang)


@router.get("/matches/{match_id}/turns/{number}.svg")
async def turn_svg(
    request: Request, visitor: CurrentVisitor, match_id: str, number: TurnNumber
) -> Response:
    """The board after a resolved turn (0: the start), drawn by :mod:`samtempa.render`."""

    def load(session: Session) -> tuple[str, dict[str, Any]]:
        match = _match_or_404(session, match_id)
        if number == 0:
            return match.game, _initial_state(match)
        row = session.scalar(select(Turn).where(Turn.match_id == match_id, Turn.number == number))
        if row is None:
            raise Refusal("no-such-turn", "this turn has not been played", 404)
        return match.game, row.state

    game, state = await read(request, load)
    svg = await run_in_threadpool(_svg_of, game, state, visitor.locale)
    return Response(svg, media_type="image/svg+xml", headers={"Vary": "Cookie, Accept-Language"})


def _record(match: Match, seats: list[Seat], turns: list[Turn]) -> dict[str, Any]:

    players = [
        Player(s.player, s.label or (f"bot {s.bot_level}" if s.kind == "bot" else s.player))
        for s in seats
    ]
    record = new_record(
        match.game,
        match.setup or None,
        players,
        meta={"match": match.id, "clock": match.clock},
        created=match.created_at.isoformat() + "Z",
    )
    for t in turns:
        record.append_orders(t.orders, t.resolved_at.isoformat() + "Z")
    ending = Outcome.from_json(match.result) if match.result is not None else None
    if ending is not None and ending.termination is not Termination.RULES:
        finished = match.finished_at.isoformat() + "Z" if match.finished_at else None
        record.end(ending, finished)  # a resignation, an agreed draw (docs/records.md)
    return record.to_json()


@router.get("/matches/{match_id}/record.json")
async def record_download(request: Request, match_id: str) -> Response:
    """The game record (``samtempa-record``) of the turns resolved so far."""

    def load(session: Session) -> dict[str, Any]:
        match = _match_or_404(session, match_id)
        if match.state is None:
            raise _not_started()
        return _record(match, seats_of(session, match_id), _turns(session, match_id))

    record = await read(request, load)
    return Response(
        json.dumps(record, indent=1),
        media_type="application/json",
        headers={"Content-Disposition": f'attachment; filename="samtempa-{match_id}.json"'},
    )


@router.get("/matches/{match_id}/game.gif")
async def game_gif(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    """An animated GIF of the game, one picture per resolved turn (frames too in Snake Synapse)."""

    def load(session: Session) -> tuple[str, list[dict[str, Any]]]:
        match = _match_or_404(session, match_id)
        states = [_initial_state(match)] if match.state else []
        for t in _turns(session, match_id):
            states.extend(t.frames)
            states.append(t.state)
        return match.game, states

    game, states = await read(request, load)
    if not states:
        raise _not_started()

    def draw() -> bytes:

        frames = [(_svg_of(game, s, visitor.locale), 700) for s in states]
        return animation_bytes(frames, "gif", 480)

    gif = await run_in_threadpool(draw)
    return Response(
        gif,
        media_type="image/gif",
        headers={
            "Content-Disposition": f'attachment; filename="samtempa-{match_id}.gif"',
            "Vary": "Cookie, Accept-Language",
        },
    )
