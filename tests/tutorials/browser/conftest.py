"""The web platform's browser fixtures (a real server, Debian's Chromium), reused as they are."""

from tests.server.browser.conftest import browser, server

__all__ = ["browser", "server"]
