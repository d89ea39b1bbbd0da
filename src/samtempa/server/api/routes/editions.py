"""Correspondence games: the list, the game master's form, the game page and the ritual
(the game master's actions: :mod:`.game_master`).

The game page (``/editions/{id}``) holds the whole edition: terrain and its
changes, the ritual (registration, colour draft, secret races), the clock,
every resolved turn with its GIF and forum snippets, the public topic and
the log. Orders are sent from the match page (``/matches/{id}``) as in any
game. The logic is in :mod:`~samtempa.server.services`; these routes only
read forms and render.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse
from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.bots.registry import LEVELS
from samtempa.games.registry import get_game, get_spec
from samtempa.server.api.deps import (
    CsrfChecked,
    CurrentUser,
    CurrentVisitor,
    read,
    render,
    services_of,
)
from samtempa.server.api.params import TurnNumber
from samtempa.server.models import Match, User
from samtempa.server.models_correspondence import Edition, TurnPost
from samtempa.server.services import editions, notices, topics
from samtempa.server.services.editions import edition_title
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import event_json, event_line, events_of
from samtempa.server.services.lobby import RACES, SNAKE, SNAKE_COLOURS, terrains
from samtempa.server.services.matches import TurnOpen, pending_of, seats_of
from samtempa.server.services.turn_posts import snippets, summary_lines

router = APIRouter()
T = TypeVar("T")


def _see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


async def _act(request: Request, match_id: str, fn: Callable[[Session, datetime], T]) -> T:
    """One change to a correspondence game, under the coordinator's lock; viewers are told."""
    services = services_of(request)
    result: T = await services.correspondence.act(match_id, fn)
    if isinstance(result, TurnOpen):
        services.coordinator.turn_opened(result)
    services.coordinator.publish_snapshot(match_id)
    return result


def _me(session: Session, user: User) -> User:
    me = session.get(User, user.id)
    if me is None:
        raise Refusal("login-needed", "log in first", 401)
    return me


def _int(value: Any, what: str) -> int:
    try:
        return int(str(value))
    except ValueError:
        raise Refusal("bad-number", "%(what)s must be a whole number", what=what) from None


# --- list and creation ---------------------------------------------------------------------


@router.get("/editions")
async def editions_page(request: Request) -> Response:
    def load(session: Session) -> list[dict[str, Any]]:
        return [
            {"match": m, "edition": e, "title": edition_title(m, e), "registered": len(m.seats)}
            for m, e in editions.open_editions(session)
        ]

    return render(request, "editions.html", rows=await read(request, load), phases=editions.PHASES)


@router.get("/editions/new")
async def new_edition_page(request: Request, user: CurrentUser) -> Response:
    _ = request.state.gettext
    return render(
        request,
        "edition_new.html",
        terrains=terrains(),
        terrain_names=editions.TERRAIN_NAMES,
        changes={tid: editions.terrain_changes(tid, _) for tid in terrains()},
        clocks=editions.CLOCKS,
    )


def _form_to_edition(form: Any) -> editions.NewEdition:
    game = str(form.get("game", SNAKE))
    seats = form.get("seats")
    turn = form.get("turn_hours")
    if editions.WHOLE_DAYS.get(game) and form.get("turn_days") not in (None, ""):
        turn = str(_int(form.get("turn_days"), "days per move") * 24)
    grace = form.get("grace_hours")
    return editions.NewEdition(
        game=game,
        terrain=str(form.get("terrain", "classic")),
        seats=_int(seats, "seats") if seats not in (None, "") else None,
        turn_hours=_int(turn, "hours per turn") if turn not in (None, "") else None,
        grace_hours=_int(grace, "extra hours") if grace not in (None, "") else None,
        early=form.get("early") == "on",
        title=str(form.get("title", "")),
        public=form.get("public", "on") == "on",
    )


@router.post("/editions", dependencies=[CsrfChecked])
async def create_edition(request: Request, user: CurrentUser) -> Response:
    new = _form_to_edition(await request.form())
    match_id: str = await services_of(request).correspondence.act(
        "new", lambda s, now: editions.create_edition_tx(s, _me(s, user), new, now).id
    )
    return _see_other(f"/editions/{match_id}")


# --- the game page -------------------------------------------------------------------------


def _page_data(session: Session, request: Request, visitor: Any, match_id: str) -> dict[str, Any]:
    match = session.get(Match, match_id)
    edition = session.get(Edition, match_id)
    if match is None or edition is None:
        raise Refusal("no-such-match", "there is no such game", 404)
    _ = request.state.gettext
    user = session.get(User, visitor.user.id) if visitor.user else None
    seats = seats_of(session, match_id)
    mine = next((s for s in seats if user is not None and s.user_id == user.id), None)
    submitted: list[str] = []
    waiting: list[str] = []
    if match.status == "playing" and match.state is not None:
        game = get_game(match.game)
        waiting = game.players(game.from_json(match.state))
        submitted = sorted(pending_of(session, match_id, match.turn + 1))
    title = edition_title(match, edition)
    # Snippets are pasted elsewhere: the configured public address, never the request's Host.
    base = services_of(request).settings.public_url()
    page_url = f"{base}/editions/{match_id}"
    posts = []
    for post in session.scalars(
        select(TurnPost).where(TurnPost.match_id == match_id).order_by(TurnPost.number.desc())
    ):
        gif_url = f"{base}/editions/{match_id}/turns/{post.number}.gif"
        posts.append(
            {
                "number": post.number,
                "posted_at": post.posted_at,
                "lines": summary_lines(post.summary, _, visitor.locale),
                "gif_url": gif_url,
                "gif_ready": post.gif is not None,
                "snippets": snippets(title, post.summary, page_url, gif_url, _, visitor.locale),
            }
        )
    terrain = match.setup.get("terrain") if get_spec(match.game).terrains else None
    return {
        "match": match,
        "edition": edition,
        "title": title,
        "seats": seats,
        "mine": mine,
        "is_gm": user is not None and edition.gm_user_id == user.id,
        "gm": session.get(User, edition.gm_user_id) if edition.gm_user_id else None,
        "terrain": terrain,
        "terrain_name": editions.TERRAIN_NAMES.get(terrain or "", terrain),
        "changes": editions.terrain_changes(terrain, _) if terrain else [],
        "free_colours": editions.free_colours(seats),
        "races": editions.allowed_races(terrain) if terrain else list(RACES),
        "races_chosen": editions.races_chosen(session, match_id),
        "my_race": editions.my_secret_race(session, user, match_id) if user else None,
        "waiting": waiting,
        "submitted": submitted,
        "posts": posts,
        "topic": topics.posts_for(session, user, match_id),
        "can_chat": topics.can_chat(user),
        "events": [(e, event_line(e, _)) for e in events_of(session, match_id, limit=200)],
        "levels": LEVELS[match.game],
        "phases": editions.PHASES,
        "colours": SNAKE_COLOURS,
        "when": notices.when_text,
    }


@router.get("/editions/{match_id}")
async def edition_page(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    data = await read(request, lambda s: _page_data(s, request, visitor, match_id))
    return render(request, "edition.html", **data)


@router.get("/api/editions/{match_id}")
async def edition_json(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    """The game page as data: public things only (never a pending order or a secret race)."""

    def load(session: Session) -> dict[str, Any]:
        d = _page_data(session, request, visitor, match_id)
        match, edition = d["match"], d["edition"]
        return {
            "match": match.id,
            "game": match.game,
            "title": d["title"],
            "phase": edition.phase,
            "status": match.status,
            "turn": match.turn,
            "clock": match.clock,
            "paused": edition.paused_at is not None,
            "deadline": edition.soft_at.isoformat() + "Z" if edition.soft_at else None,
            "hard_deadline": edition.hard_at.isoformat() + "Z" if edition.hard_at else None,
            "seats": [
                {
                    "index": s.index,
                    "player": s.player,
                    "label": s.label,
                    "kind": s.kind,
                    "options": s.options,
                }
                for s in d["seats"]
            ],
            "drafter": edition.drafter,
            "races_chosen": sorted(d["races_chosen"]),
            "your_race": d["my_race"],
            "waiting": d["waiting"],
            "submitted": d["submitted"],
            "terrain": d["terrain"],
            "changes": [{"deaths": n, "text": lines} for n, lines in d["changes"]],
            "posts": [
                {k: v for k, v in p.items() if k != "posted_at"}
                | {"posted_at": p["posted_at"].isoformat() + "Z"}
                for p in d["posts"]
            ],
            "topic": None
            if d["topic"] is None
            else [
                {"id": p.id, "author": p.author, "text": p.text, "hidden": p.hidden}
                for p in d["topic"]
            ],
            "events": [event_json(e) for e, _ in d["events"]],
        }

    return JSONResponse(await read(request, load))


@router.get("/editions/{match_id}/turns/{number}.gif")
async def turn_gif(request: Request, match_id: str, number: TurnNumber) -> Response:
    """A posted turn's animation (drawn now if the background drawer has not got to it)."""
    services = services_of(request)

    def load(session: Session) -> bytes | None:
        post = session.scalar(
            select(TurnPost).where(TurnPost.match_id == match_id, TurnPost.number == number)
        )
        if post is None:
            raise Refusal("no-such-turn", "this turn has not been played", 404)
        return post.gif

    gif = await read(request, load)
    if gif is None:
        await services.correspondence.render_gifs()
        gif = await read(request, load)
    if gif is None:
        raise Refusal(
            "picture-not-ready", "the picture of this turn is not ready yet; try again", 503
        )
    return Response(
        gif,
        media_type="image/gif",
        headers={"Cache-Control": "public, max-age=31536000, immutable"},
    )


# --- the ritual --------------------------------------------------------------------------------


@router.post("/editions/{match_id}/register", dependencies=[CsrfChecked])
async def register(request: Request, user: CurrentUser, match_id: str) -> Response:
    await _act(
        request, match_id, lambda s, now: editions.register_tx(s, _me(s, user), match_id, now)
    )
    return _see_other(f"/editions/{match_id}")


@router.post("/editions/{match_id}/unregister", dependencies=[CsrfChecked])
async def unregister(request: Request, user: CurrentUser, match_id: str) -> Response:
    await _act(
        request, match_id, lambda s, now: editions.unregister_tx(s, _me(s, user), match_id, now)
    )
    return _see_other(f"/editions/{match_id}")


@router.post("/editions/{match_id}/colour", dependencies=[CsrfChecked])
async def colour(request: Request, user: CurrentUser, match_id: str) -> Response:
    form = await request.form()
    chosen = str(form.get("colour", ""))
    nxt = form.get("next")
    next_seat = _int(nxt, "the next player") if nxt not in (None, "") else None
    await _act(
        request,
        match_id,
        lambda s, now: editions.choose_colour_tx(s, _me(s, user), match_id, chosen, next_seat, now),
    )
    return _see_other(f"/editions/{match_id}")


@router.post("/editions/{match_id}/race", dependencies=[CsrfChecked])
async def race(request: Request, user: CurrentUser, match_id: str) -> Response:
    chosen = str((await request.form()).get("race", ""))
    await _act(
        request,
        match_id,
        lambda s, now: editions.choose_race_tx(s, _me(s, user), match_id, chosen, now),
    )
    return _see_other(f"/editions/{match_id}")


# --- the topic ----------------------------------------------------------------------------------


@router.post("/editions/{match_id}/topic", dependencies=[CsrfChecked])
async def post(request: Request, visitor: CurrentVisitor, match_id: str) -> Response:
    text = str((await request.form()).get("text", ""))
    user = visitor.user
    await services_of(request).correspondence.act(
        match_id,
        lambda s, now: (
            topics.post_tx(s, s.get(User, user.id) if user else None, match_id, text, now).id
        ),
    )
    return _see_other(f"/editions/{match_id}#topic")


# --- notifications -----------------------------------------------------------------------------


@router.get("/notifications")
async def notifications_page(request: Request, user: CurrentUser) -> Response:
    _ = request.state.gettext

    def load(session: Session) -> dict[str, Any]:
        notes = notices.inbox(session, user.id)
        return {
            "notes": [(n, notices.headline(n.kind, n.data, _)) for n in notes],
            "prefs": notices.prefs_of(session, user.id),
        }

    return render(
        request,
        "notifications.html",
        kinds=notices.PREF_KINDS,
        labels=notices.PREF_LABELS,
        when=notices.when_text,
        **(await read(request, load)),
    )


@router.post("/notifications/settings", dependencies=[CsrfChecked])
async def notification_settings(request: Request, user: CurrentUser) -> Response:
    form = await request.form()
    choices = {
        kind: {"web": form.get(f"{kind}.web") == "on", "email": form.get(f"{kind}.email") == "on"}
        for kind in notices.PREF_KINDS
    }
    db = services_of(request).db

    def work() -> None:
        with db.write() as session:
            notices.set_prefs(session, user.id, choices)

    await db.run(work)
    return _see_other("/notifications")


@router.post("/notifications/read", dependencies=[CsrfChecked])
async def notifications_read(request: Request, user: CurrentUser) -> Response:
    services = services_of(request)
    now = services.correspondence.now()

    def work() -> None:
        with services.db.write() as session:
            notices.mark_read(session, user.id, now)

    await services.db.run(work)
    return _see_other("/notifications")
