"""Endings by the players (resignation, agreed draw) and places, through the Game protocol."""

from __future__ import annotations

import pytest

from samtempa.games.base import OrderError, Outcome, StateError, Termination
from samtempa.games.shell import WhatTheShell
from samtempa.games.snake import Order, SnakeSynapse
from samtempa.records import Player, Record, RecordError, new_record

BLACK_FIVE = ["A1/I1", "A2/I3", "A3/I5", "A4/I7", "A5/I9"]  # black's line of five on turn 5
THREE = {
    "terrain": "classic",
    "snakes": [
        {"id": "red", "race": "trapper"},
        {"id": "blue", "race": "digger"},
        {"id": "green", "race": "dasher"},
    ],
}


def test_outcome_json_keeps_the_termination_and_reads_back() -> None:
    for outcome in (
        Outcome("black"),
        Outcome(None, ("black", "white")),
        Outcome("white", (), Termination.RESIGNATION),
        Outcome(None, ("black", "white"), Termination.AGREEMENT),
    ):
        assert Outcome.from_json(outcome.to_json()) == outcome
    # An ending by the rules keeps the form every record already has.
    assert Outcome("black").to_json() == {"winner": "black"}
    bad: object
    for bad in ({"winner": 3}, {"draw": "x"}, {"winner": "a", "termination": "lost"}, [], {}):
        with pytest.raises(StateError):
            Outcome.from_json(bad)


def test_shell_resignation_ends_at_once_and_the_other_wins() -> None:
    game = WhatTheShell()
    state = game.initial_state()
    assert game.resign(state, "black").outcome == Outcome("white", (), Termination.RESIGNATION)
    assert game.resign(state, "white").outcome == Outcome("black", (), Termination.RESIGNATION)
    assert game.resign(state, "black").orders is None
    with pytest.raises(OrderError) as err:
        game.resign(state, "green")
    assert err.value.code == "unknown-player"


def test_shell_agreed_draw_and_places() -> None:
    game = WhatTheShell()
    state = game.initial_state()
    draw = game.agreed_draw(state)
    assert draw == Outcome(None, ("black", "white"), Termination.AGREEMENT)
    assert game.placings(state, draw) == [("black", "white")]
    assert game.placings(state, Outcome("white")) == [("white",), ("black",)]
    assert game.placings(state, None) == [("black", "white")]


def test_shell_no_resignation_or_draw_after_the_end() -> None:
    game = WhatTheShell()
    state = game.initial_state()
    for black, white in zip(
        ["A1", "A2", "A3", "A4", "A5"], ["I1", "I3", "I5", "I7", "I9"], strict=True
    ):
        state = game.play(state, f"{black}/{white}").state
    assert game.outcome(state) == Outcome("black")
    for call in (lambda: game.resign(state, "white"), lambda: game.agreed_draw(state)):
        with pytest.raises(OrderError) as err:
            call()
        assert err.value.code == "game-over"


def test_snake_resignation_is_the_removal_order_of_ss_9_1() -> None:
    game = SnakeSynapse()
    state = game.initial_state(THREE)
    resignation = game.resign(state, "red")
    assert resignation.outcome is None
    assert resignation.orders == Order(removed=True)
    assert game.agreed_draw(state) is None
    step = game.play(state, {"red": {"removed": True}, "blue": {"path": "DDDDD"},
                             "green": {"path": "DDDDD"}})  # fmt: skip
    assert game.outcome(step.state) is None  # the two others play on
    red = step.state.snake("red")
    assert red.removed
    assert not red.alive
    assert red.body == ()
    with pytest.raises(OrderError) as err:
        game.resign(step.state, "red")
    assert err.value.code == "snake-dead"


def test_snake_places_follow_the_deaths_and_removals() -> None:
    game = SnakeSynapse()
    state = game.initial_state(THREE)
    # Red dies in frame 2 against the wall, green in frame 4 against blue: blue wins.
    after = game.play(
        state, {"red": {"path": "UUUUU"}, "blue": {"path": "DDDDD"}, "green": {"path": "LLLLL"}}
    ).state
    assert game.placings(after, game.outcome(after)) == [("blue",), ("green",), ("red",)]
    # A removed snake is placed below every snake that died (SS-9.1 has no death).
    removed = game.play(
        state, {"red": {"removed": True}, "blue": {"path": "DDDDD"}, "green": {"path": "UUUUU"}}
    ).state
    assert game.outcome(removed) == Outcome("blue")
    assert game.placings(removed, Outcome("blue")) == [("blue",), ("green",), ("red",)]
    # Before the end, the living share the first place.
    assert game.placings(state, None) == [("red", "blue", "green")]


def test_a_record_keeps_a_resignation_and_replays_it() -> None:
    record = new_record("what-the-shell", players=[Player("black", "Ana"), Player("white", "Bo")])
    record.append("E5/B4")
    record.end(Outcome("black", (), Termination.RESIGNATION))
    again = Record.from_json(record.to_json())
    assert again.result == {"winner": "black", "termination": "resignation"}
    assert again.check().turn == 1
    with pytest.raises(OrderError):
        again.append("C3/D4")  # nothing after the end


def test_a_record_keeps_an_agreed_draw_and_refuses_a_false_one() -> None:
    record = new_record("what-the-shell")
    record.append("E5/B4")
    record.end(Outcome(None, ("black", "white"), Termination.AGREEMENT))
    assert Record.from_json(record.to_json()).check().turn == 1
    data = record.to_json()
    data["result"] = {"winner": "black", "termination": "agreement"}  # not what agreeing gives
    with pytest.raises(RecordError) as err:
        Record.from_json(data).check()
    assert err.value.code == "result-mismatch"
    data["result"] = {"winner": "black"}  # by the rules: the replay has no result
    with pytest.raises(RecordError):
        Record.from_json(data).check()


def test_end_refuses_what_the_engine_does_not_give() -> None:
    snake = new_record("snake-synapse", THREE)
    with pytest.raises(RecordError):
        snake.end(Outcome(None, ("red", "blue", "green"), Termination.AGREEMENT))  # no such draw
    shell = new_record("what-the-shell")
    with pytest.raises(RecordError):
        shell.end(Outcome("black"))  # the rules' ending is the engine's, not the players'
    for black, white in zip(
        ["A1", "A2", "A3", "A4", "A5"], ["I1", "I3", "I5", "I7", "I9"], strict=True
    ):
        shell.append(f"{black}/{white}")
    with pytest.raises(RecordError):
        shell.end(Outcome("white", (), Termination.RESIGNATION))  # over already
