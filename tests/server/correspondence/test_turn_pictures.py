"""A correspondence turn's pictures say which turn they show (issue 19: all said "turn 1")."""

from __future__ import annotations

import re
from random import Random
from typing import Any

import pytest

from samtempa.bots.registry import make_bot
from samtempa.games.registry import get_game
from samtempa.server.services.turn_posts import turn_pictures

SETUPS: dict[str, Any] = {
    "snake-synapse": {
        "terrain": "big",
        "snakes": [{"id": c, "race": "ghost"} for c in ("red", "blue")],
    },
    "what-the-shell": None,
}


def state_after(game_name: str, turns: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game ``turns`` turns in (the easy bots' orders), and their orders for the next turn."""
    game = get_game(game_name)
    bot = make_bot(game_name, "easy")
    rng = Random(seed)
    state = game.initial_state(SETUPS[game_name])

    def orders_now() -> dict[str, Any]:
        return {p: bot.choose(game, state, p, 0.05, rng) for p in game.players(state)}

    for _ in range(turns):
        parsed = {p: game.parse_orders(state, p, o) for p, o in orders_now().items()}
        state = game.step(state, parsed).state
        assert game.outcome(state) is None, "pick another seed: the game ended"
    return game.to_json(state), orders_now()


@pytest.mark.parametrize("game_name", ["snake-synapse", "what-the-shell"])
@pytest.mark.parametrize("turns", [0, 3])
def test_a_turns_pictures_are_captioned_with_its_own_number(game_name: str, turns: int) -> None:
    before, orders = state_after(game_name, turns, seed=7)
    pictures = turn_pictures(game_name, before, orders)
    assert pictures
    captions = [re.findall(r"turn (\d+)", svg) for svg, _ in pictures]
    numbers = {int(n) for found in captions for n in found}
    assert numbers == {turns + 1}, captions
