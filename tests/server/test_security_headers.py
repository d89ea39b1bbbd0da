"""Security headers on every response, and pages that need no inline code (issue 17 item 12).

The Content-Security-Policy forbids inline scripts, inline event handlers and style
attributes; these tests read every template and script for them, and ask every route
of the app (pages, API, static files, refusals) for its headers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient

from samtempa.server.core.headers import CONTENT_SECURITY_POLICY, SECURITY_HEADERS

from .conftest import csrf_of, sign_up

SERVER = Path(__file__).resolve().parents[2] / "src" / "samtempa" / "server"
TEMPLATES = sorted((SERVER / "templates").glob("*.html"))
SCRIPTS = sorted((SERVER / "static" / "js").glob("*.js"))


def api_routes(routes: Iterable[Any]) -> Iterator[APIRoute]:
    """Every route of the app, through the routers it includes (whatever FastAPI wraps them in)."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        inner = getattr(route, "original_router", None) or getattr(route, "router", None)
        if inner is not None and hasattr(inner, "routes"):
            yield from api_routes(inner.routes)


def assert_secure(response_headers: object, what: str) -> None:
    headers = {k.lower(): v for k, v in dict(response_headers).items()}  # type: ignore[call-overload]
    for name, value in SECURITY_HEADERS:
        assert headers.get(name) == value, f"{what}: {name} is {headers.get(name)!r}"


def test_the_policy_allows_no_inline_code_and_no_framing() -> None:
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert "unsafe-inline" not in CONTENT_SECURITY_POLICY
    assert "unsafe-eval" not in CONTENT_SECURITY_POLICY
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["object-src"] == "'none'"
    names = dict(SECURITY_HEADERS)
    assert names["x-frame-options"] == "DENY"
    assert names["x-content-type-options"] == "nosniff"
    assert names["referrer-policy"] in ("same-origin", "strict-origin-when-cross-origin")


def test_every_get_route_answers_with_the_headers(client: TestClient) -> None:
    sign_up(client, "headers")
    csrf = csrf_of(client, "/play?game=what-the-shell")
    created = client.post(
        "/matches",
        data={"csrf_token": csrf, "game": "what-the-shell", "opponent": "bot:easy", "clock": "60"},
        follow_redirects=False,
    )
    match = created.headers["location"].rstrip("/").split("/")[-1]
    values = {"match_id": match, "game": "what-the-shell", "number": "0", "locale": "fr"}
    seen = 0
    app_routes = client.app.routes  # type: ignore[attr-defined]
    routes = [r for r in api_routes(app_routes) if "GET" in (r.methods or ())]
    assert len(routes) > 20
    for route in routes:
        params = re.findall(r"{(\w+)}", route.path)
        if any(p not in values for p in params):
            # Unknown parameters still get an answer (a refusal): with the headers.
            path = re.sub(r"{\w+}", "1", route.path)
        else:
            path = route.path.format(**values)
        r = client.get(path, follow_redirects=False)
        assert r.status_code < 500, path
        assert_secure(r.headers, path)
        seen += 1
    for path in ("/static/css/site.css", "/static/js/site.js", "/no/such/page", "/matches/nope"):
        r = client.get(path, follow_redirects=False)
        assert_secure(r.headers, path)
        seen += 1
    r = client.post("/matches", data={"game": "what-the-shell"}, follow_redirects=False)
    assert r.status_code == 403  # no CSRF token: refused, with the headers all the same
    assert_secure(r.headers, "POST /matches")
    assert seen > 24


def test_a_header_an_app_set_is_replaced_not_doubled(client: TestClient) -> None:
    r = client.get("/")
    assert r.headers.get_list("content-security-policy") == [CONTENT_SECURITY_POLICY]
    assert r.headers.get_list("x-frame-options") == ["DENY"]


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_templates_carry_no_inline_code_or_style(template: Path) -> None:
    text = template.read_text()
    for tag in re.finditer(r"<script\b([^>]*)>(.*?)</script>", text, re.S):
        attrs, body = tag.group(1), tag.group(2)
        if 'type="application/json"' in attrs:
            continue  # data for a script file, never executed
        assert "src=" in attrs, f"{template.name}: an inline script: {tag.group(0)[:80]}"
        assert not body.strip(), f"{template.name}: code inside <script src>"
    assert not re.search(r"<style\b", text), f"{template.name}: a <style> element"
    assert not re.search(r"\sstyle\s*=", text), f"{template.name}: a style attribute"
    handler = re.search(r"<[^>]*\son[a-z]+\s*=", text)
    assert not handler, f"{template.name}: an inline event handler: {handler.group(0)[:80]}"
    assert "javascript:" not in text, f"{template.name}: a javascript: address"


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_scripts_build_no_markup_the_policy_would_block(script: Path) -> None:
    text = script.read_text()
    assert not re.search(r"""style\s*=\s*['"\\]""", text), f"{script.name}: a style attribute"
    assert not re.search(r"""['"][^'"]*<[^'"]*\son[a-z]+=""", text), f"{script.name}: a handler"
    for forbidden in ('setAttribute("style"', "setAttribute('style'", "eval(", "new Function"):
        assert forbidden not in text, f"{script.name}: {forbidden}"


def test_the_test_finds_what_it_forbids(tmp_path: Path) -> None:
    """The template check is not blind: it fails on each thing it forbids."""
    for bad in (
        "<script>alert(1)</script>",
        '<p style="color: red">x</p>',
        '<button onclick="go()">x</button>',
        '<a href="javascript:history.back()">x</a>',
        "<style>p{}</style>",
    ):
        page = tmp_path / "bad.html"
        page.write_text(bad)
        with pytest.raises(AssertionError):
            test_templates_carry_no_inline_code_or_style(page)


def test_https_sites_also_ask_browsers_to_keep_to_https(tmp_path: Path) -> None:
    from samtempa.server.app import create_app
    from samtempa.server.core.config import Settings

    with TestClient(create_app(Settings(data_dir=tmp_path, cookie_secure=True))) as c:
        r = c.get("/")
        assert r.headers["strict-transport-security"].startswith("max-age=")
        assert_secure(r.headers, "/ over https")


def test_plain_http_sites_do_not_send_hsts(client: TestClient) -> None:
    assert "strict-transport-security" not in client.get("/").headers
