"""Built-in bots by game and level (bot-protocol.md: easy…expert, easy…hard).

``games`` may not know its bots, so the table lives here, keyed by each
game spec's name (read from the spec, never spelled): a third game adds one
line to :data:`_FACTORIES` and nothing else changes.
"""

from __future__ import annotations

from collections.abc import Callable

from samtempa.bots.base import Bot, RandomBot
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake.spec import SPEC as SNAKE


def _shell_bot(level: str) -> Bot:
    if level == "easy":
        return RandomBot()
    from samtempa.bots import shell  # noqa: PLC0415 — a lazy plug-in load: the search is heavy to import

    if level == "medium":
        return shell.ShellMediumBot()
    return shell.ShellSearchBot(level, shell.HARD if level == "hard" else shell.EXPERT)


def _snake_bot(level: str) -> Bot:
    from samtempa.bots.snake import make_snake_bot  # noqa: PLC0415 — a lazy plug-in load: a shell seat never pays for it

    return make_snake_bot(level)


_FACTORIES: dict[str, tuple[tuple[str, ...], Callable[[str], Bot]]] = {
    SHELL.name: (("easy", "medium", "hard", "expert"), _shell_bot),
    SNAKE.name: (("easy", "medium", "hard"), _snake_bot),
}

LEVELS: dict[str, tuple[str, ...]] = {game: levels for game, (levels, _) in _FACTORIES.items()}


def make_bot(game: str, level: str) -> Bot:
    """A new built-in bot; raises ``KeyError`` for an unknown game or level."""
    if game not in LEVELS:
        raise KeyError(f"no bots for game {game!r}")
    if level not in LEVELS[game]:
        raise KeyError(f"{game} has no bot level {level!r}; levels: {', '.join(LEVELS[game])}")
    return _FACTORIES[game][1](level)
