"""The arena tells every bot each reveal, as the server does (issue 18 item 6)."""

from __future__ import annotations

from typing import Any

from samtempa.arena.match import BotSpec, game_specs, play_game
from samtempa.bots.base import Bot, RandomBot
from samtempa.games.base import Game


class Listener(RandomBot):
    """A random bot that counts the reveals it was told."""

    def __init__(self) -> None:
        self.turns: list[Any] = []

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        self.turns.append(game.to_json(state).get("turn"))


def test_each_bot_observes_every_turn_of_an_arena_game() -> None:
    spec = game_specs("what-the-shell", [BotSpec("A", "easy"), BotSpec("B", "easy")], 1, 3, 0.01)[0]
    a, b = Listener(), Listener()
    bots: dict[str, Bot] = {"A": a, "B": b}
    result = play_game(spec, bots)
    assert result.turns > 0
    assert a.turns == list(range(1, result.turns + 1))
    assert b.turns == a.turns
