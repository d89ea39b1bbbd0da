"""Replays: the page (a move list, a stepper, autoplay) and each turn's scenes as JSON.

The live board fetches the scenes of a reveal from here too, so a turn is drawn and
told the same way live and replayed (:mod:`samtempa.render.scenes`). Every turn
stored is resolved, all its orders revealed: anyone may read it.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from sqlalchemy import select
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from samtempa.games.registry import get_game
from samtempa.render.scenes import Scene, TurnRow, notation, start_scene, turn_scenes
from samtempa.server.api.deps import read, render
from samtempa.server.api.params import TurnNumber
from samtempa.server.models import Match, Turn
from samtempa.server.services.errors import Refusal

router = APIRouter()


def _match(session: Session, match_id: str) -> Match:
    match = session.get(Match, match_id)
    if match is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    return match


def _start(match: Match) -> dict[str, Any]:
    if match.state is None:
        raise Refusal("not-started", "the game has not started: seats are still free", 409)
    game = get_game(match.game)
    return game.to_json(game.initial_state(match.setup or None))


def _row(t: Turn) -> TurnRow:
    return TurnRow(t.number, t.orders, t.missed or [], t.report, t.frames or [], t.state)


def _turns(session: Session, match_id: str) -> list[Turn]:
    query = select(Turn).where(Turn.match_id == match_id).order_by(Turn.number)
    return list(session.scalars(query))


def _scenes_of(
    session: Session, match: Match, number: int
) -> tuple[dict[str, Any], TurnRow | None, int]:
    """The state before turn ``number`` (0: the start, shown alone), its row, the last turn."""
    last = session.scalar(
        select(Turn.number).where(Turn.match_id == match.id).order_by(Turn.number.desc()).limit(1)
    )
    last = last or 0
    if number > last:
        raise Refusal("no-such-turn", "this turn has not been played", 404)
    start = _start(match)
    if number == 0:
        return start, None, last
    rows = session.scalars(
        select(Turn)
        .where(Turn.match_id == match.id, Turn.number.in_((number - 1, number)))
        .order_by(Turn.number)
    ).all()
    by = {t.number: t for t in rows}
    before = by[number - 1].state if number > 1 else start
    return before, _row(by[number]), last


def scenes(before: dict[str, Any], row: TurnRow | None, _: Any, lang: str = "en") -> list[Scene]:
    if row is None:
        return [start_scene(before, _, lang)]
    return turn_scenes(before, row, _, lang)


@router.get("/api/matches/{match_id}/turns/{number}/scenes")
async def turn_scenes_json(request: Request, match_id: str, number: TurnNumber) -> Response:
    """A turn's drawings (the board alone) and sentences, in the visitor's language."""
    _ = request.state.gettext

    def load(session: Session) -> tuple[dict[str, Any], TurnRow | None, int]:
        return _scenes_of(session, _match(session, match_id), number)

    before, row, last = await read(request, load)
    made = await run_in_threadpool(scenes, before, row, _, request.state.visitor.locale)
    return JSONResponse(
        {
            "turn": number,
            "last": last,
            "notation": notation(before, row.orders, _) if row else "",
            "scenes": [s.to_json() for s in made],
        }
    )


@router.get("/matches/{match_id}/replay")
async def replay_page(request: Request, match_id: str, turn: int | None = None) -> Response:
    """The move list and one turn's board; without a script, one page per turn."""
    _ = request.state.gettext

    def load(session: Session) -> dict[str, Any]:
        match = _match(session, match_id)
        if match.state is None:
            return {"match": match, "state": None}
        turns = _turns(session, match_id)
        last = len(turns)
        n = last if turn is None else max(0, min(turn, last))
        start = _start(match)
        states = [start, *(t.state for t in turns)]
        moves = [
            {"turn": t.number, "text": notation(states[i], t.orders, _), "missed": t.missed}
            for i, t in enumerate(turns)
        ]
        row = _row(turns[n - 1]) if n else None
        return {
            "match": match,
            "n": n,
            "last": last,
            "moves": moves,
            "state": states[n],
            "before": states[n - 1] if n else start,
            "row": row,
        }

    data = await read(request, load)
    if data["state"] is not None:
        made = await run_in_threadpool(
            scenes, data["before"], data["row"], _, request.state.visitor.locale
        )
        data["scene"] = made[-1]
        data["lines"] = [line for s in made for line in s.lines]
    return render(request, "replay.html", **data)
