"""The game master's actions on a correspondence game (``/editions/{id}/gm/{action}``).

Each is a form of the edition page; the logic and the rights are in
:mod:`~samtempa.server.services.gamemaster` (and :mod:`.seat_hands`). Those that
act on a turn name it (issue 17): sent twice, or replayed once that turn has
resolved, they are refused and change nothing.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response

from samtempa.server.api.deps import CsrfChecked, CurrentUser, services_of
from samtempa.server.api.routes.editions import _act, _int, _me, _see_other
from samtempa.server.services import gamemaster, topics
from samtempa.server.services.errors import Refusal

router = APIRouter()


def _turn(form: Any) -> int:
    """The turn a request is meant for (issue 17): sent twice, or replayed once that turn
    has resolved, it is refused instead of acting on the next one."""
    value = str(form.get("turn", ""))
    if not value.isdigit() or len(value) > 9:
        raise Refusal("turn-needed", "this request names the turn it is meant for", 400)
    return int(value)


@router.post("/editions/{match_id}/gm/{action}", dependencies=[CsrfChecked])
async def game_master(request: Request, user: CurrentUser, match_id: str, action: str) -> Response:
    form = await request.form()
    services = services_of(request)
    if action == "pause":
        turn = _turn(form)
        await _act(
            request,
            match_id,
            lambda s, now: gamemaster.pause_tx(s, _me(s, user), match_id, now, turn),
        )
    elif action == "resume":
        turn = _turn(form)
        await _act(
            request,
            match_id,
            lambda s, now: gamemaster.resume_tx(s, _me(s, user), match_id, now, turn),
        )
    elif action == "extend":
        hours = _int(form.get("hours", ""), "hours")
        turn, seen = _turn(form), str(form.get("deadline", ""))
        if not seen:
            raise Refusal("deadline-needed", "this request names the deadline it extends", 400)
        await _act(
            request,
            match_id,
            lambda s, now: gamemaster.extend_tx(s, _me(s, user), match_id, hours, now, turn, seen),
        )
    elif action == "resolve":
        turn = _turn(form)
        await _act(
            request,
            match_id,
            lambda s, now: gamemaster.resolve_now_tx(s, _me(s, user), match_id, now, turn),
        )
        await services.coordinator.resolve_due(match_id)
        services.correspondence.wake()  # draws the posted GIF and sends the emails
    elif action == "replace":
        player, who = str(form.get("player", "")), str(form.get("replacement", ""))
        turn = _turn(form)
        await _act(
            request,
            match_id,
            lambda s, now: gamemaster.replace_tx(s, _me(s, user), match_id, player, who, now, turn),
        )
    elif action == "cancel":
        await _act(
            request, match_id, lambda s, now: gamemaster.cancel_tx(s, _me(s, user), match_id, now)
        )
    elif action in ("hide", "show"):
        post_id = _int(form.get("post", ""), "the message")
        await _act(
            request,
            match_id,
            lambda s, now: topics.set_hidden_tx(
                s, _me(s, user), match_id, post_id, action == "hide", now
            ),
        )
    else:
        raise Refusal(
            "unknown-action", "there is no game-master action %(action)s", 404, action=action
        )
    return _see_other(f"/editions/{match_id}")
