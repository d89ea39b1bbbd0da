"""The lobby: the create-game page, open games, join, leave, rematch (forms and JSON)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from samtempa.bots.registry import LEVELS
from samtempa.games.registry import get_spec
from samtempa.server.api.deps import (
    CsrfChecked,
    CurrentVisitor,
    Visitor,
    read,
    render,
    services_of,
    write,
)
from samtempa.server.models import Match, User
from samtempa.server.services import lobby
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import TurnOpen, utcnow
from samtempa.server.services.profiles import openers

router = APIRouter()


@router.get("/play")
async def play_page(request: Request, game: str = lobby.SHELL) -> Response:
    if game not in lobby.GAMES:
        raise Refusal("unknown-game", "there is no game called %(name)s", 404, name=game)
    return render(
        request,
        "play.html",
        game=game,
        levels=LEVELS,
        terrains=lobby.terrains(),
        races=lobby.RACES,
        default_clock=services_of(request).settings.default_clock_s,
    )


@router.get("/lobby")
async def lobby_page(request: Request) -> Response:
    def load(session: Session) -> dict[str, Any]:
        games = {"open": lobby.open_matches(session), "live": lobby.live_matches(session)}
        return {**games, "openers": openers(session, [*games["open"], *games["live"]])}

    return render(request, "lobby.html", **(await read(request, load)))


def _form_to_new_match(form: Any) -> lobby.NewMatch:
    """The create-game form: What the Shell names the opponent, Snake Synapse lists seats."""
    game = str(form.get("game", ""))
    try:
        clock = int(str(form.get("clock", "60")))
    except ValueError:
        raise Refusal("bad-clock", "the clock is a number of seconds") from None
    public = form.get("public") == "on"
    if game in lobby.GAMES and not get_spec(game).terrains:  # two fixed seats: me and one
        opponent = str(form.get("opponent", "local"))
        colour = str(form.get("colour", "black"))
        seats = ["me", opponent] if colour != "white" else [opponent, "me"]
        return lobby.NewMatch(game, seats, clock, public)
    seats, races = [], []
    for i in range(8):
        spec = str(form.get(f"seat{i}", "none"))
        if spec != "none":
            seats.append(spec)
            races.append(str(form.get(f"race{i}", "random")))
    return lobby.NewMatch(game, seats, clock, public, str(form.get("terrain", "classic")), races)


async def _create(request: Request, visitor: Visitor, new: lobby.NewMatch) -> str:
    services = services_of(request)
    settings = services.settings
    now = utcnow()

    def work(session: Session) -> tuple[str, TurnOpen | None]:
        user = session.get(User, visitor.user.id) if visitor.user else None
        match, opened = lobby.create_match(
            session, visitor.actor, user, new, now, (settings.min_clock_s, settings.max_clock_s)
        )
        return match.id, opened

    match_id, opened = await write(request, work)
    if opened is not None:
        services.coordinator.turn_opened(opened)
    return match_id


@router.post("/matches", dependencies=[CsrfChecked])
async def create(request: Request, visitor: CurrentVisitor) -> Response:
    new = _form_to_new_match(await request.form())
    match_id = await _create(request, visitor, new)
    return RedirectResponse(f"/matches/{match_id}", status_code=303)


class NewMatchIn(BaseModel):
    """The JSON form of a new game (scripts, the load benchmark)."""

    game: str
    seats: list[str]
    clock_s: int = 60
    public: bool = True
    terrain: str | None = None
    races: list[str] = Field(default_factory=list)


@router.post("/api/matches", dependencies=[CsrfChecked])
async def create_json(request: Request, visitor: CurrentVisitor, body: NewMatchIn) -> Response:
    new = lobby.NewMatch(body.game, body.seats, body.clock_s, body.public, body.terrain, body.races)
    return JSONResponse({"match": await _create(request, visitor, new)}, status_code=201)


async def _seat_change(
    request: Request, visitor: Visitor, match_id: str, action: str, **kw: Any
) -> str:
    services = services_of(request)
    now = utcnow()

    def work(session: Session) -> tuple[str, TurnOpen | None]:
        user = session.get(User, visitor.user.id) if visitor.user else None
        match: Match
        opened: TurnOpen | None = None
        if action == "join":
            match, opened = lobby.join_match(session, visitor.actor, user, match_id, now, **kw)
        elif action == "leave":
            match = lobby.leave_match(session, visitor.actor, match_id)
        else:
            match, opened = lobby.rematch(session, visitor.actor, user, match_id, now)
        return match.id, opened

    target, opened = await write(request, work)
    if opened is not None:
        services.coordinator.turn_opened(opened)
    services.coordinator.publish_snapshot(match_id)
    if target != match_id:
        services.coordinator.publish_snapshot(target)
    return target


@router.post("/matches/{match_id}/join", dependencies=[CsrfChecked])
async def join(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    form = await request.form()
    seat = form.get("seat")
    race = str(form.get("race", ""))
    index = int(str(seat)) if seat not in (None, "") and str(seat).isdigit() else None
    await _seat_change(request, visitor, match_id, "join", seat_index=index, race=race)
    return RedirectResponse(f"/matches/{match_id}", status_code=303)


@router.post("/api/matches/{match_id}/join", dependencies=[CsrfChecked])
async def join_json(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    await _seat_change(request, visitor, match_id, "join")
    return JSONResponse({"match": match_id})


@router.post("/matches/{match_id}/leave", dependencies=[CsrfChecked])
async def leave(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    await _seat_change(request, visitor, match_id, "leave")
    return RedirectResponse("/", status_code=303)


@router.post("/matches/{match_id}/rematch", dependencies=[CsrfChecked])
async def rematch(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    target = await _seat_change(request, visitor, match_id, "rematch")
    return RedirectResponse(f"/matches/{target}", status_code=303)
