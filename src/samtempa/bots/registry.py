"""Built-in bots by game and level (bot-protocol.md: easy…expert, easy…hard)."""

from __future__ import annotations

from samtempa.bots.base import Bot, RandomBot

LEVELS: dict[str, tuple[str, ...]] = {
    "what-the-shell": ("easy", "medium", "hard", "expert"),
    "snake-synapse": ("easy", "medium", "hard"),
}


def make_bot(game: str, level: str) -> Bot:
    """A new built-in bot; raises ``KeyError`` for an unknown game or level."""
    if level not in LEVELS[game]:
        raise KeyError(f"{game} has no bot level {level!r}; levels: {', '.join(LEVELS[game])}")
    # Only the random bot exists so far; the bots issue (#6) brings the others.
    return RandomBot()
