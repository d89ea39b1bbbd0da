"""Helpers for the account attacks: a browser over plain HTTP and a local mail server.

A :class:`Browser` is one cookie jar (one person's browser, or one borrowed by
another); it reads the CSRF token from the pages the way a browser's forms
carry it. :class:`MailCatcher` is an SMTP server on loopback (aiosmtpd) that
keeps every message, optionally answering slowly (a mail server far away).
"""

from __future__ import annotations

import asyncio
import re
import statistics
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email import message_from_bytes
from email.message import Message
from email.policy import default as default_policy
from pathlib import Path
from typing import Any

import httpx
from aiosmtpd.controller import Controller

from tests.security.conftest import ServeProcess
from tests.servers import free_port

PASSWORD = "password123"
# These attacks sign up and ask for resets by the dozen from one address: the limits on
# those (tests/security/test_links_and_limits.py) are raised out of their way.
MANY_REQUESTS = {
    "SAMTEMPA_SIGNUPS_PER_ADDRESS": "1000",
    "SAMTEMPA_RESETS_PER_ADDRESS": "1000",
    "SAMTEMPA_RESETS_PER_EMAIL": "1000",
}
CSRF_RE = re.compile(r'name="csrf_token" value="([^"]+)"')


class Browser:
    """One browser: its cookies, and the CSRF token of its session."""

    def __init__(self, base: str) -> None:
        self.client = httpx.Client(base_url=base, timeout=60, follow_redirects=False)

    def close(self) -> None:
        self.client.close()

    @property
    def session_cookie(self) -> str | None:
        return self.client.cookies.get("samtempa_session")

    def csrf(self, path: str = "/") -> str:
        page = self.client.get(path)
        found = CSRF_RE.search(page.text)
        assert found, page.text[:300]
        return found.group(1)

    def post_form(self, path: str, data: dict[str, str], **kw: Any) -> httpx.Response:
        return self.client.post(path, data={"csrf_token": self.csrf(), **data}, **kw)

    def sign_up(self, login: str, email: str | None = None, **extra: str) -> httpx.Response:
        form = {
            "login": login,
            "name": login.title(),
            "email": email or f"{login}@example.org",
            "password": PASSWORD,
            "birth_date": "1990-01-01",
            **extra,
        }
        return self.post_form("/signup", form)

    def log_in(self, ident: str, password: str = PASSWORD) -> httpx.Response:
        return self.post_form("/login", {"login": ident, "password": password})

    def who(self) -> str | None:
        """The login of the account this browser is logged in as (None: a guest)."""
        page = self.client.get("/account")
        if page.status_code != 200:
            return None
        found = re.search(r"\(([A-Za-z0-9_.-]+)[,)]", page.text)
        return found.group(1) if found else None

    def confirm_email(self, token: str) -> httpx.Response:
        """Open a confirmation link and press its button."""
        return self.post_form(f"/account/email/{token}", {})

    def api(self, method: str, path: str, body: Any = None) -> httpx.Response:
        token = self.csrf()
        return self.client.request(method, path, json=body, headers={"X-CSRF-Token": token})


CONFIRM_RE = re.compile(r"/account/email/([\w-]{20,})")


def link_token(text: str, pattern: re.Pattern[str] = CONFIRM_RE) -> str:
    found = pattern.search(text)
    assert found, text
    return found.group(1)


def wait_in_log(proc: ServeProcess, pattern: re.Pattern[str], timeout: float = 60) -> str:
    """A token the server wrote to its log (its mail, without an SMTP server)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = pattern.search(proc.log_text())
        if found:
            return found.group(1)
        time.sleep(0.05)
    raise AssertionError(f"no {pattern.pattern} in the server log")


def reset_request(base: str, email: str, host: str | None = None) -> tuple[httpx.Response, float]:
    """Ask for a password reset as a fresh visitor; the answer and its time in seconds."""
    browser = Browser(base)
    try:
        token = browser.csrf("/password-reset")
        headers = {"Host": host} if host else {}
        start = time.perf_counter()
        answer = browser.client.post(
            "/password-reset", data={"csrf_token": token, "email": email}, headers=headers
        )
        return answer, time.perf_counter() - start
    finally:
        browser.close()


def page_text(answer: httpx.Response) -> str:
    """A page without what differs on every visit (the CSRF token, nonces)."""
    text = CSRF_RE.sub("", answer.text)
    return re.sub(r'nonce="[^"]*"', "", text)


def sign_up_confirmed(proc: ServeProcess, login: str, mailbox: MailCatcher | None) -> Browser:
    """A new account whose address is confirmed (the link from ``mailbox``, else the log)."""
    browser = Browser(proc.url)
    assert browser.sign_up(login).status_code == 303
    address = f"{login}@example.org"
    if mailbox is not None:
        token = link_token(mailbox.wait_for(address, lambda text: "/account/email/" in text))
    else:
        token = wait_in_log(proc, re.compile(rf"{login}.*?/account/email/([\w-]{{20,}})", re.S))
    assert browser.confirm_email(token).status_code == 200
    return browser


@dataclass
class Figures:
    """Timings of one kind of request, for the report."""

    samples: list[float] = field(default_factory=list)

    @property
    def mean_ms(self) -> float:
        return 1000 * statistics.fmean(self.samples)

    @property
    def median_ms(self) -> float:
        return 1000 * statistics.median(self.samples)

    @property
    def spread_ms(self) -> float:
        return 1000 * statistics.pstdev(self.samples)

    def __str__(self) -> str:
        return (
            f"mean {self.mean_ms:.1f} ms, median {self.median_ms:.1f} ms, "
            f"sd {self.spread_ms:.1f} ms"
        )


# --- a mail server on loopback ------------------------------------------------------------


class _Keeper:
    def __init__(self, delay_s: float) -> None:
        self.delay_s = delay_s
        self.messages: list[Message] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        if self.delay_s:
            await asyncio.sleep(self.delay_s)
        message = message_from_bytes(envelope.content, policy=default_policy)
        with self.lock:
            self.messages.append(message)
        return "250 OK"


class MailCatcher:
    """Every message sent to it; ``wait_for`` waits until one matches (never a fixed time)."""

    def __init__(self, delay_s: float = 0.0) -> None:
        self.port = free_port()
        self._keeper = _Keeper(delay_s)
        self._controller = Controller(self._keeper, hostname="127.0.0.1", port=self.port)

    def __enter__(self) -> MailCatcher:
        self._controller.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._controller.stop()

    @contextmanager
    def down(self) -> Iterator[None]:
        """The mail server stopped for a while (connections refused), then back."""
        self._controller.stop()
        try:
            yield
        finally:
            self._controller = Controller(self._keeper, hostname="127.0.0.1", port=self.port)
            self._controller.start()

    @contextmanager
    def slow(self, delay_s: float) -> Iterator[None]:
        """The mail server taking ``delay_s`` to accept each message, for a while."""
        self._keeper.delay_s = delay_s
        try:
            yield
        finally:
            self._keeper.delay_s = 0.0

    @property
    def env(self) -> dict[str, str]:
        """The ``SAMTEMPA_*`` variables that send a server's mail here."""
        return {
            "SAMTEMPA_SMTP_HOST": "127.0.0.1",
            "SAMTEMPA_SMTP_PORT": str(self.port),
            "SAMTEMPA_SMTP_STARTTLS": "false",
        }

    def to(self, address: str) -> list[Message]:
        with self._keeper.lock:
            return [m for m in self._keeper.messages if m["To"] == address]

    def wait_for(
        self, address: str, match: Callable[[str], bool] = lambda _: True, timeout: float = 60
    ) -> str:
        """The body of the first message to ``address`` whose text ``match``es."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for message in self.to(address):
                text = body_of(message)
                if match(text):
                    return text
            time.sleep(0.05)
        raise AssertionError(f"no matching mail to {address} within {timeout} s")


def body_of(message: Message) -> str:
    part = message.get_body(preferencelist=("plain",))  # type: ignore[attr-defined]
    assert part is not None
    return str(part.get_content())


@contextmanager
def serving(data_dir: Path, env: dict[str, str]) -> Iterator[ServeProcess]:
    """A ``samtempa serve`` of its own for one attack, stopped afterwards."""
    proc = ServeProcess(data_dir, env={**MANY_REQUESTS, **env})
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()
