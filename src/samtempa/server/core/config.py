"""Server settings (pydantic-settings): from arguments, ``SAMTEMPA_*`` variables or defaults.

Built by :func:`load_settings` when the server starts, never at import time, so
tests give every app its own database and clock.
"""

from __future__ import annotations

import socket
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Everything an operator may change, with defaults that run on one machine."""

    model_config = SettingsConfigDict(env_prefix="SAMTEMPA_", extra="ignore")

    database_url: str = Field(
        default="", description="SQLAlchemy URL; empty: SQLite in data_dir/samtempa.db"
    )
    data_dir: Path = Path("data")
    redis_url: str = Field(
        default="",
        description="Redis URL (redis://…): live updates between several server processes "
        "over its pub/sub; empty: one process, updates in memory",
    )
    base_url: str = Field(
        default="",
        description="public address for links in emails and snippets; empty: the address "
        "`samtempa serve` listens on (never the request's Host header, which anyone can forge)",
    )
    listen_host: str = Field(default="127.0.0.1", description="set by `samtempa serve --host`")
    listen_port: int = Field(default=8000, description="set by `samtempa serve --port`")
    cookie_secure: bool = Field(
        default=False, description="send the session cookie over https only"
    )
    # Mail (password reset). Without smtp_host the message is written to the log.
    smtp_host: str = ""
    smtp_port: int = 587
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_from: str = "samtempa@localhost"
    smtp_starttls: bool = True
    # Login rate limit (in the database, shared by every server process): attempts allowed
    # at once per account (whatever name or email is typed) and per address; after that,
    # one more per window / limit seconds.
    login_failures_per_name: int = 5
    login_failures_per_address: int = 20
    login_window_s: float = 300.0
    # Sign-ups and password-reset requests (issue 17), counted the same way: per client
    # address, and per email named for a reset; allowed at once, then one per window / limit.
    signups_per_address: int = 10
    resets_per_address: int = 10
    resets_per_email: int = 5
    request_window_s: float = 3600.0
    # Live games.
    default_clock_s: int = 60
    min_clock_s: int = 5
    max_clock_s: int = 3600
    bot_budget_s: float = 0.5
    # Built-in bots think in this many worker processes, each seat's bot kept for its match
    # (issue 21); 0: in two threads of the server process.
    bot_workers: int = 0
    # With redis_url: the bots think in this many `samtempa bots work --shard K --shards N`
    # processes (any machine that reaches Redis), not in the web processes at all.
    bot_shards: int = 0
    # Account age rule (issue 7: online accounts need 16 or more).
    min_account_age: int = 16
    password_reset_hours: int = 2
    email_confirm_hours: int = 48
    # Correspondence games (issue 8): width of the posted turn GIFs, and how often at
    # most the correspondence clock looks for what is due (it also wakes when told).
    turn_gif_width: int = 480
    correspondence_poll_s: float = 30.0
    # Abandoned games (issue 19): a live game ends as abandoned, with no result and no
    # rating, at the deadline of its Nth turn in a row played by the clock for every
    # person in it while none of them is connected (0: never); an open game nobody
    # joined leaves the lobby after this many hours. The sweep looks every so often.
    abandon_after_idle_turns: int = 3
    abandon_open_after_h: float = 24.0
    abandon_sweep_s: float = 600.0

    def public_url(self) -> str:
        """Where links sent out point: configuration only, never a request's headers."""
        if self.base_url:
            return self.base_url.rstrip("/")
        host = self.listen_host
        if host in ("0.0.0.0", "::", ""):
            host = socket.getfqdn()  # every interface: the machine's name, not a wildcard
        if ":" in host:
            host = f"[{host}]"  # an IPv6 address
        return f"http://{host}:{self.listen_port}"

    def sqlalchemy_url(self) -> str:
        if self.database_url:
            return self.database_url
        return f"sqlite:///{(self.data_dir / 'samtempa.db').resolve()}"


def load_settings(**overrides: object) -> Settings:
    """Settings from the environment, with ``overrides`` (command-line options) on top."""
    given = {k: v for k, v in overrides.items() if v is not None}
    return Settings(**given)  # type: ignore[arg-type]
