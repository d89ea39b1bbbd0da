"""Built-in bots by game and level (bot-protocol.md: easy…expert, easy…hard)."""

from __future__ import annotations

from samtempa.bots.base import Bot, RandomBot

LEVELS: dict[str, tuple[str, ...]] = {
    "what-the-shell": ("easy", "medium", "hard", "expert"),
    "snake-synapse": ("easy", "medium", "hard"),
}


def make_bot(game: str, level: str) -> Bot:
    """A new built-in bot; raises ``KeyError`` for an unknown game or level.

    Imports lazily: a server filling one seat never pays for the other game's bots.
    """
    if game not in LEVELS:
        raise KeyError(f"no bots for game {game!r}")
    if level not in LEVELS[game]:
        raise KeyError(f"{game} has no bot level {level!r}; levels: {', '.join(LEVELS[game])}")
    if game == "what-the-shell":
        if level == "easy":
            return RandomBot()
        from samtempa.bots import shell

        if level == "medium":
            return shell.ShellMediumBot()
        return shell.ShellSearchBot(level, shell.HARD if level == "hard" else shell.EXPERT)
    from samtempa.bots.snake import make_snake_bot

    return make_snake_bot(level)
