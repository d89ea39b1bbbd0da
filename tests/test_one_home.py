"""Each of these has one home in its engine, and the others use it (issue 18, item 2)."""

from __future__ import annotations

from random import Random

from samtempa.arena import match as arena
from samtempa.envs import snake as snake_env
from samtempa.games.base import Outcome
from samtempa.games.registry import get_game, get_spec
from samtempa.games.shell.spec import SPEC as SHELL
from samtempa.games.snake import codec
from samtempa.games.snake.game import DEFAULT_SETUP
from samtempa.games.snake.spec import SPEC as SNAKE
from samtempa.games.snake.state import CHARGES, COLOURS, Race
from samtempa.games.snake.terrain import RACES
from samtempa.records import turn_notation
from samtempa.server.services import lobby
from samtempa.terminal import snake as snake_terminal


def test_the_race_list_is_the_engines() -> None:
    assert tuple(r.value for r in Race) == RACES == SNAKE.races
    assert set(CHARGES) == set(RACES) == set(SNAKE.charges)
    assert lobby.RACES is RACES
    assert arena.SNAKE_RACES is RACES
    assert SHELL.races == ()


def test_the_sixth_snake_is_the_same_on_the_web_in_the_terminal_and_in_the_envs() -> None:
    # The web seated orange sixth, the terminal cyan: one order now, the engine's.
    assert lobby.SNAKE_COLOURS == snake_terminal.COLOURS == snake_env.SEAT_NAMES == COLOURS
    assert COLOURS[5] == "cyan"
    assert [s["id"] for s in DEFAULT_SETUP["snakes"]] == list(COLOURS[:6])
    assert len(set(COLOURS)) == len(COLOURS) == SNAKE.max_players


def test_the_web_seats_a_sixth_snake_as_the_terminal_does() -> None:
    form = lobby.NewMatch(SNAKE.name, ["me"] + ["bot:easy"] * 5, 60, False, terrain="big")
    players, _ = lobby._players_and_setup(form)
    assert players[5] == snake_terminal.COLOURS[5]


def test_the_outcome_json_is_outcomes() -> None:
    for outcome in (Outcome("red"), Outcome(None, ("red", "blue"))):
        assert codec.result_to_json(outcome) == outcome.to_json()
    assert codec.result_to_json(None) is None


def test_the_snake_report_result_is_the_outcomes() -> None:
    game = get_game(SNAKE.name)
    state = game.initial_state(
        {
            "terrain": "classic",
            "snakes": [{"id": "red", "race": "ghost"}, {"id": "blue", "race": "ghost"}],
        }
    )
    rng = Random(3)
    for _ in range(60):
        orders = {p: game.random_orders(state, p, rng) for p in game.players(state)}
        step = game.step(state, orders)
        state = step.state
        out = SNAKE.report_to_json(step.report, state)
        result = game.outcome(state)
        assert out["result"] == (None if result is None else result.to_json())
        if result is not None:
            break


def test_the_turn_notation_is_the_specs() -> None:
    assert turn_notation(SHELL.name, {"black": "E5", "white": "B4"}) == "E5/B4"
    assert SHELL.turn_notation({"white": "B4", "black": "E5"}) == "E5/B4"
    orders = {"red": {"path": "RRRRR"}}
    copied = turn_notation(SNAKE.name, orders)
    assert copied == orders
    assert copied["red"] is not orders["red"]
    assert get_spec(SNAKE.name) is SNAKE


def test_the_shell_turn_is_written_by_the_engine_only() -> None:
    from samtempa.games.shell.notation import format_turn, parse_turn, turn_text
    from samtempa.games.shell.state import INITIAL
    from samtempa.render.shell_story import notation

    picks = {"black": "E5", "white": "B4"}
    assert notation(picks) == SHELL.turn_notation(picks) == turn_text("E5", "B4")
    black, white = parse_turn(INITIAL, turn_text("E5", "B4"))
    assert format_turn(black, white) == "E5/B4"


def test_the_servers_turn_report_is_the_engines() -> None:
    import json

    from samtempa.server.services.reports import report_to_json

    rng = Random(5)
    for spec in (SHELL, SNAKE):
        game = spec.engine()
        state = game.initial_state()
        for _ in range(8):
            if game.outcome(state) is not None:
                break
            orders = {p: game.random_orders(state, p, rng) for p in game.players(state)}
            step = game.step(state, orders)
            state = step.state
            out = report_to_json(spec.name, step.report, state)
            assert out == spec.report_to_json(step.report, state)
            assert json.loads(json.dumps(out)) == out
