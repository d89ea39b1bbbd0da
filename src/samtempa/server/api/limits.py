"""Limits on what a request may carry, for every route in one place.

:class:`BodyLimit` counts the bytes of a request body as they stream in and
refuses with 413 as soon as they pass the limit: at once when the declared
``Content-Length`` is too large, and while reading a chunked body that
declares none, before it is all read. A JSON body (small by then) is read
whole and checked by :func:`check_json` before any route sees it: text that
is Unicode (no lone surrogate escape such as ``"\\ud800"``, which nothing
could store or print back) and nested no deeper than any of our messages.
The websocket reads its messages through the same :func:`check_json`.
"""

from __future__ import annotations

import json
import re
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from samtempa.server.api.errors import refusal_response
from samtempa.server.services.errors import Refusal

#: The largest request body, in bytes: far above any form or orders object of ours.
MAX_BODY_BYTES = 256 * 1024
#: The largest websocket message, in bytes (orders, a chat line: a few hundred).
MAX_MESSAGE_BYTES = 64 * 1024
#: The deepest nesting of a JSON body or message (ours are 4 deep at most).
MAX_DEPTH = 32

#: What may start a lone surrogate: an escape of one, or its bytes (CESU-8, which
#: ``json.loads`` decodes with surrogatepass). Bodies without any skip the full check.
_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]|\xed[\xa0-\xbf]")
_SURROGATE_TEXT = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")


def too_large(limit: int) -> Refusal:
    return Refusal(
        "too-large", "this request is too large (at most %(kib)s KiB)", 413, kib=limit // 1024
    )


class BodyTooLarge(HTTPException):
    """Raised from ``receive`` when a streamed body passes the limit: the framework lets
    an HTTP exception through its body parsing, and :mod:`.errors` answers its refusal."""

    def __init__(self, limit: int) -> None:
        super().__init__(413)
        self.refusal = too_large(limit)


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed JSON value (without recursion)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        node, level = stack.pop()
        if isinstance(node, dict | list):
            deepest = max(deepest, level)
            children = node.values() if isinstance(node, dict) else node
            stack.extend((child, level + 1) for child in children)
    return deepest


def check_json(data: bytes | str) -> Any:
    """Parse JSON text as the platform accepts it; a :class:`Refusal` (400) otherwise.

    Returns the value. Cheap for the usual message: the full checks run only when a
    surrogate or deep nesting is possible at all.
    """
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    try:
        value = json.loads(raw)
    except RecursionError:
        value = None
        nested = True
    except ValueError as e:
        raise Refusal("bad-json", "this is not JSON text", 400) from e
    else:
        nested = (raw.count(b"[") + raw.count(b"{")) > MAX_DEPTH and _depth(value) > MAX_DEPTH
    if nested:
        raise Refusal("bad-json", "this JSON nests too deeply (at most %(n)s levels)", 400,
                      n=MAX_DEPTH)  # fmt: skip
    if _SURROGATE.search(raw):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as e:
            raise Refusal(
                "bad-json", "this JSON holds a lone surrogate: it is not text", 400
            ) from e
    return value


def has_lone_surrogate(text: str) -> bool:
    """Whether decoded text holds half of a surrogate pair (from a form field, say)."""
    if not _SURROGATE_TEXT.search(text):
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _is_json(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            media: bytes = value.split(b";")[0].strip().lower()
            return media == b"application/json" or media.endswith(b"+json")
    return False


def _declared_length(scope: Scope) -> int | None:
    """The ``Content-Length``; -1 when it is not a number (refused like a too large one)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            return int(value) if value.isdigit() and len(value) < 19 else -1
    return None


class BodyLimit:
    """ASGI middleware: every HTTP request body is capped at ``limit`` bytes."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _declared_length(scope)
        if declared is not None and not 0 <= declared <= self.limit:
            await self._refuse(scope, receive, send, too_large(self.limit))
            return
        if _is_json(scope):
            await self._json(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        await self.app(scope, counted, send)

    async def _json(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Read a JSON body whole (it is small), check it, then hand it on."""
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await self._refuse(scope, receive, send, too_large(self.limit))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body:
            try:
                check_json(body)
            except Refusal as refusal:
                await self._refuse(scope, receive, send, refusal)
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, refusal: Refusal) -> None:
        response = refusal_response(Request(scope, receive), refusal)
        response.headers["connection"] = "close"  # what is left of the body is not read
        await response(scope, receive, send)
