"""Security headers on every HTTP response (issue 17 item 12), in one ASGI middleware.

The pages run no inline code at all: every script is a file under ``/static/js``,
every style a rule in ``/static/css`` (a test reads the templates for ``<script>``
code, ``on…=`` handlers and ``style=`` attributes), so the policy needs neither
``'unsafe-inline'`` nor nonces. Data a page's script needs travels in
``<script type="application/json">`` blocks, which are never executed.
"""

from __future__ import annotations

from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: One directive per line; ``'self'`` covers the same-origin websocket (CSP level 3).
CSP_DIRECTIVES = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)
CONTENT_SECURITY_POLICY = "; ".join(CSP_DIRECTIVES)

#: Every response carries these (names in lower case, as ASGI wants them).
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "same-origin"),
    ("cross-origin-opener-policy", "same-origin"),
    ("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()"),
)

#: Sent only when the site is behind https (a plain-http site must not send it).
HSTS = "max-age=31536000; includeSubDomains"


class SecurityHeaders:
    """Adds :data:`SECURITY_HEADERS` to every HTTP response, replacing any the app set."""

    def __init__(
        self,
        app: ASGIApp,
        headers: Iterable[tuple[str, str]] = SECURITY_HEADERS,
        *,
        https: bool = False,
    ) -> None:
        """``https``: the site is served over https only (``SAMTEMPA_COOKIE_SECURE``), so
        browsers are told to keep to it (Strict-Transport-Security)."""
        self.app = app
        pairs = list(headers)
        if https:
            pairs.append(("strict-transport-security", HSTS))
        self.headers = [(k.encode("latin-1"), v.encode("latin-1")) for k, v in pairs]
        self.names = {k for k, _ in self.headers}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                kept = [
                    (k, v) for k, v in message.get("headers", []) if k.lower() not in self.names
                ]
                message["headers"] = [*kept, *self.headers]
            await send(message)

        await self.app(scope, receive, send_with_headers)
