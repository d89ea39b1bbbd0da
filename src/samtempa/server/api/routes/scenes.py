"""``/api/matches/{id}/scenes/{turn}``: the live board's drawing of a turn
(:mod:`samtempa.server.services.scenes`), in the visitor's language."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy.orm import Session

from samtempa.server.api.deps import CurrentVisitor, read
from samtempa.server.api.params import TurnNumber
from samtempa.server.services.scenes import turn_scenes

router = APIRouter()


@router.get("/api/matches/{match_id}/scenes/{number}")
async def scenes_json(
    request: Request,
    visitor: CurrentVisitor,
    match_id: str,
    number: TurnNumber,
    stacked: bool = False,
) -> Response:
    """Turn ``number`` (0: the start): the state after it and after each of its frames,
    drawn; the turn in sentences; the guide while it is the turn being played on."""

    def load(session: Session) -> dict[str, Any]:
        return turn_scenes(session, match_id, number, visitor.locale, stacked)

    return JSONResponse(await read(request, load))
