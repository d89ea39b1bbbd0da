"""Snake Synapse orders as text: one notation and one parser, in the engine."""

from __future__ import annotations

from random import Random

import pytest

from samtempa.games.snake import SnakeSynapse
from samtempa.games.snake.game import random_order
from samtempa.games.snake.notation import NotationError, order_text, parse_order_text
from samtempa.games.snake.orders import parse_order


def test_every_random_order_round_trips_through_its_text() -> None:
    game = SnakeSynapse()
    rng = Random(7)
    state = game.initial_state()
    seen = set()
    for _ in range(400):
        for player in game.players(state):
            order = random_order(state, player, rng, power_chance=0.9)
            text = order_text(order.to_json())
            assert parse_order(player, parse_order_text(text)) == order, text
            seen.update(order.powers())
    assert len(seen) >= 4  # powers were written, not only paths


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "bad-notation"), ("URDRX", "bad-direction"), ("URDRR fly", "bad-notation"),
     ("URDRR trap 2", "bad-notation"), ("URDRR trap 2 Q", "bad-direction"),
     ("URDRR dash", "bad-notation")],
)  # fmt: skip
def test_bad_text_says_which_kind(text: str, code: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_order_text(text)
    assert caught.value.code == code


def test_the_terminal_and_the_lessons_read_the_same_notation() -> None:
    from samtempa.terminal.snake import parse_orders_text
    from samtempa.tutorials.snake.orders import parse_order_text as lesson_parse

    for text in ("URDRR trap 2 U shoot 1 1 L", "break", "RRRRR dash 1", "LLLLL dig 3 ghost"):
        engine = parse_order_text(text)
        assert lesson_parse(text, "en") == engine
        assert parse_orders_text(text) == parse_order("your orders", engine)


def test_a_lesson_reads_its_learners_letters() -> None:
    from samtempa.tutorials.snake.orders import letters, typed_letters

    french = letters("URDL", "fr")
    assert parse_order_text(french, typed_letters("fr")) == {"path": "URDL"}
