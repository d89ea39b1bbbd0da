"""The live websocket of a match: ``/ws/matches/{id}``.

Server → client: ``snapshot`` (on connect and when seats change),
``submitted`` (a player has sent orders; the orders only to their author),
``reveal`` (the resolved turn: every order, the report, frames, new view),
``chat`` (a line of the players' chat, to the players who may read it only),
``error`` (a refusal, with its code and reason; ``"about": "chat"`` for a chat line),
``pong``.
Client → server: ``{"type": "orders", "player": P, "orders": O, "turn": N}`` (the
turn is required: a message replayed once its turn resolved is refused, never
played on the next),
``{"type": "chat", "text": T}``, ``{"type": "control", "action": A, "turn": N}``
(game controls, :mod:`.controls`) and ``{"type": "ping"}``.

The session cookie says who is connected; the Origin header must be this
site (no other site's page may play for a visitor).
What each message carries is decided when it is sent, from the seats as they are
then (the coordinator), not from the rights the socket had when it connected; a
socket is refreshed when seats change hands and closed when its session ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlparse

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.types import Message

from samtempa.server.api.deps import LANG_COOKIE, SESSION_COOKIE
from samtempa.server.api.limits import MAX_MESSAGE_BYTES, check_json
from samtempa.server.api.routes.controls import socket_control
from samtempa.server.core.i18n import LOCALES, negotiate
from samtempa.server.models import Match, Seat
from samtempa.server.services import accounts, chat
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection
from samtempa.server.services.matches import Actor, seats_of

router = APIRouter()


@router.websocket("/ws/matches/{match_id}")
async def match_socket(websocket: WebSocket, match_id: str) -> None:
    services = websocket.app.state.services
    origin = websocket.headers.get("origin")
    if origin and urlparse(origin).netloc != websocket.headers.get("host"):
        await websocket.close(code=4403, reason="cross-site connection refused")
        return
    token = websocket.cookies.get(SESSION_COOKIE)

    def load() -> tuple[Actor, frozenset[str]] | None:
        with services.db.read() as session:
            row = accounts.browser_session(session, token)
            actor = Actor(row.user_id, row.id) if row else Actor()
            if session.get(Match, match_id) is None:
                return None
            seats: list[Seat] = seats_of(session, match_id)
            return actor, frozenset(
                s.player for s in seats if s.kind == "human" and actor.controls(s)
            )

    loaded = await services.db.run(load)
    if loaded is None:
        await websocket.close(code=4404, reason="there is no such game")
        return
    actor, players = loaded
    lang = websocket.cookies.get(LANG_COOKIE)
    locale = lang if lang in LOCALES else negotiate(websocket.headers.get("accept-language"))
    gettext = services.catalogs.gettext(locale)
    await websocket.accept()
    conn = Connection(match_id, players, actor.user_id, actor.session_id)
    coordinator = services.coordinator
    # Under the match's lock: no turn of this process is revealed between joining the hub
    # and the snapshot; what another process publishes meanwhile waits for the snapshot.
    async with coordinator.lock(match_id):
        conn.hold()
        services.hub.add(conn)
        try:
            snapshot = await coordinator.snapshot_for(conn)
        except BaseException:
            services.hub.remove(conn)
            raise
        conn.release(snapshot)
    sender = asyncio.get_running_loop().create_task(_send(websocket, conn))
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                raise WebSocketDisconnect(frame.get("code", 1000))
            message = _parse(frame)
            if isinstance(message, Refusal):  # answered; the socket stays open
                reply: dict[str, Any] | None = _error(message, gettext)
            else:
                reply = await _handle(message, conn, actor, coordinator, gettext, services.controls)
            if reply is not None:
                conn.push(reply)
    except WebSocketDisconnect:
        pass
    finally:
        services.hub.remove(conn)
        conn.close()
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send(websocket: WebSocket, conn: Connection) -> None:
    while True:
        message = await conn.queue.get()
        if message is None:
            with contextlib.suppress(Exception):
                await websocket.close()
            return
        await websocket.send_text(message if isinstance(message, str) else json.dumps(message))


def _parse(frame: Message) -> dict[str, Any] | Refusal:
    """A client's message, read as every request body is (:func:`.limits.check_json`):
    JSON text within :data:`.limits.MAX_MESSAGE_BYTES`, Unicode, not deeply nested."""
    text = frame.get("text")
    if not isinstance(text, str):
        return Refusal("bad-message", "a message is JSON text, not binary data")
    if len(text) > MAX_MESSAGE_BYTES:
        return Refusal(
            "too-large", "a message has at most %(kib)s KiB", kib=MAX_MESSAGE_BYTES // 1024
        )
    try:
        message = check_json(text)
    except Refusal as refusal:  # the socket's code for any unreadable message
        return Refusal("bad-message", refusal.template, **refusal.values)
    if not isinstance(message, dict):
        return Refusal("bad-message", "a message is a JSON object")
    return message


async def _handle(
    message: dict[str, Any],
    conn: Connection,
    actor: Actor,
    coordinator: Any,
    gettext: Any,
    controls: Any = None,
) -> dict[str, Any] | None:
    kind = message.get("type")
    if kind == "ping":
        return {"type": "pong"}
    if kind == "chat":
        return await _chat(message, conn, actor, coordinator, gettext)
    if kind == "control" and controls is not None:  # resign, draws, abort (issue 19)
        return await socket_control(controls, message, conn, actor, gettext)
    if kind != "orders":
        return _error(Refusal("bad-message", "unknown message type %(kind)s", kind=kind), gettext)
    player = message.get("player")
    turn = message.get("turn")
    # Orders name their turn (issue 17): a message replayed after it never plays the next.
    if not isinstance(player, str) or isinstance(turn, bool) or not isinstance(turn, int):
        return _error(
            Refusal("bad-message", "orders need a player name and a turn number"), gettext
        )
    try:
        await coordinator.submit(conn.match_id, actor, player, message.get("orders"), turn)
    except Refusal as refusal:
        return _error(refusal, gettext, player=player, turn=turn)
    return None


async def _chat(
    message: dict[str, Any], conn: Connection, actor: Actor, coordinator: Any, gettext: Any
) -> dict[str, Any] | None:
    """A chat line: stored, then pushed to the players (its author included) by the hub."""
    text = message.get("text")
    if not isinstance(text, str):
        return _error(Refusal("bad-message", "a chat line needs a text"), gettext, about="chat")
    try:
        await chat.post(
            coordinator.db, coordinator.hub, actor.user_id, conn.match_id, text, coordinator.now()
        )
    except Refusal as refusal:
        return _error(refusal, gettext, about="chat")
    return None


def _error(refusal: Refusal, gettext: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "error", **refusal.to_json(gettext), **extra}
