"""A browser's display choices: light or dark colours, and the board theme.

Both are kept in plain cookies (they are no secret) so that the server writes them
on ``<html>`` before the first paint: no flash of the wrong theme, and no inline
script needed to read them (the Content-Security-Policy allows none).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

THEME_COOKIE = "samtempa_theme"
BOARD_COOKIE = "samtempa_board"
#: ``auto`` follows the device (prefers-color-scheme); it is the absence of a cookie.
THEMES = ("auto", "light", "dark")
#: Board themes and their names (English msgids, translated on the page).
BOARD_THEMES = (("wood", "wood"), ("slate", "slate"), ("contrast", "high contrast"))
DEFAULT_BOARD = "wood"


@dataclass(frozen=True)
class Display:
    """``theme`` is None for ``auto``; ``board`` one of :data:`BOARD_THEMES`."""

    theme: str | None
    board: str


def display_of(cookies: Mapping[str, str]) -> Display:
    """The choices a request's cookies carry; anything unknown is the default."""
    theme = cookies.get(THEME_COOKIE)
    board = cookies.get(BOARD_COOKIE)
    return Display(
        theme if theme in ("light", "dark") else None,
        board if board in {b for b, _ in BOARD_THEMES} else DEFAULT_BOARD,
    )
