"""The arena tells every bot each reveal, as the server does (issue 18 item 6)."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from samtempa.arena import match as arena_match
from samtempa.arena.match import BotSpec, game_specs, play_game
from samtempa.bots.base import Bot, RandomBot
from samtempa.games.base import Game, PlayerId


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


class Seated(RandomBot):
    """A random bot that writes down whom it played and how many reveals it heard."""

    def __init__(self, log: list[tuple[int, str]]) -> None:
        self.log = log
        self.heard = 0

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        self.log.append((id(self), player))
        return super().choose(game, state, player, budget_s, rng)

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        self.heard += 1


def test_each_snake_of_an_arena_game_has_its_own_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    """A label holding several snakes plays each with its own object, as the server does
    (one bot per seat, issue 18), and each object hears every reveal once."""
    log: list[tuple[int, str]] = []
    built: list[Seated] = []

    def factory(game: str, level: str) -> Bot:
        bot = Seated(log)
        built.append(bot)
        return bot

    monkeypatch.setattr(arena_match, "make_bot", factory)
    spec = game_specs("snake-synapse", [BotSpec("A", "easy"), BotSpec("B", "easy")], 1, 5, 0.01)[0]
    assert len(spec.seats) > 2
    result = play_game(spec)
    assert len(built) == len(spec.seats)
    players_of = {bot: {p for b, p in log if b == bot} for bot, _ in log}
    assert all(len(players) == 1 for players in players_of.values())
    assert all(bot.heard == result.turns for bot in built)
