"""SS-3: the orders object and the checks of SS-3.3, in their order, with their codes."""

from __future__ import annotations

from typing import Any

import pytest

from samtempa.games.base import OrderError, OrderTypeError
from samtempa.games.snake import Order, Shot, Trap
from samtempa.games.snake.orders import parse_order
from tests.games.snake.helpers import GAME, js, play, position, snake


def base() -> Any:
    return position(
        [
            snake("red", ["C2"] * 5, race="trapper"),
            snake("blue", ["K6"] * 5, race="shooter"),
            snake(
                "dead",
                ["A5", "A6", "A7", "B7", "C7"],
                race="ghost",
                alive=False,
                death={"number": 1},
            ),
        ]
    )


def code(orders: Any, state: Any = None) -> str:
    with pytest.raises(OrderError) as e:
        GAME.play(base() if state is None else state, orders)
    return e.value.code


OK_BLUE = {"path": "LLLLL"}


@pytest.mark.parametrize(
    "red",
    [
        "URDRR",  # not an object
        {"path": "URDRR", "jump": True},  # unknown key
        {"path": "URDRR", "trap": {"frame": 1}},  # missing key in trap
        {"path": "URDRR", "trap": {"frame": 1, "dir": "U", "x": 1}},  # unknown key anywhere
        {"path": 12345},  # wrong type
        {"path": ["U", "R", 1, "R", "R"]},  # wrong type in a list
        {"removed": False},  # removed not true
        {"removed": True, "path": "URDRR"},  # removed not alone
        {"breaker": True, "path": "URDRR"},  # a path with breaker true
        {"path": "URDRR", "dash": 3},
        {"path": "URDRR", "dash": True},
        {"path": "URDRR", "trap": {"frame": 2.0, "dir": "U"}},  # SS-13.7
        {"path": "URDRR", "shoot": []},
        {"path": "URDRR", "shoot": {"frame": 1, "portal": 1, "dir": "U"}},
        {"path": "URDRR", "shoot": [{"frame": 1, "portal": 3, "dir": "U"}]},
        {"path": "URDRR", "ghost": "yes"},
    ],
)
def test_ss_3_3_bad_notation(red: Any) -> None:
    assert code({"red": red, "blue": OK_BLUE}) == "bad-notation"


def test_ss_3_3_orders_that_are_not_an_object_are_bad_notation() -> None:
    assert code(["red", "URDRR"]) == "bad-notation"


def test_ss_3_3_checks_run_in_order_over_all_entries() -> None:
    # Each pair breaks two checks; the earlier check wins whatever the entry order.
    assert code({"pink": OK_BLUE, "red": {"path": "URDRR", "x": 1}, "blue": OK_BLUE}) == (
        "bad-notation"
    )
    assert code({"red": {"path": "UR"}, "pink": OK_BLUE, "blue": OK_BLUE}) == "unknown-snake"
    assert code({"red": {"path": "UR"}, "dead": OK_BLUE, "blue": OK_BLUE}) == "snake-dead"
    assert code({"red": {"path": "UR"}}) == "missing-orders"
    assert code({"red": {"path": "UR", "dig": {"frame": 1}}, "blue": OK_BLUE}) == (
        "power-not-of-race"
    )
    red = {"path": "UR", "trap": {"frame": 9, "dir": "Q"}}
    assert code({"red": red, "blue": {"path": "LLLLL", "shoot": [{"frame": 1, "portal": 1,
         "dir": "U"}] * 4}}) == "no-charges-left"  # fmt: skip
    assert code({"red": red, "blue": OK_BLUE}) == "bad-direction"
    assert code({"red": {"path": "UR", "trap": {"frame": 9, "dir": "U"}}, "blue": OK_BLUE}) == (
        "wrong-path-length"
    )
    assert code({"red": {"path": "URRRR", "trap": {"frame": 9, "dir": "U"}}, "blue": OK_BLUE}) == (
        "bad-frame"
    )


def test_ss_3_3_game_over_comes_first() -> None:
    state = base()
    over = play(state, {"red": "UUUUU", "blue": OK_BLUE}).state  # red leaves the board
    assert over.result is not None
    assert code({"anybody": 1}, over) == "game-over"


def test_ss_3_3_a_player_reads_why_the_path_is_wrong() -> None:
    with pytest.raises(OrderError) as e:
        GAME.play(base(), {"red": {"path": "URDR"}, "blue": OK_BLUE})
    assert e.value.message == "red: path has 4 moves, this turn needs 5"
    assert e.value.player == "red"


def test_ss_13_7_false_powers_of_other_races_and_bad_directions() -> None:
    ok = GAME.play(base(), {"red": {"path": "URRRR", "ghost": False, "breaker": False},
                            "blue": OK_BLUE})  # fmt: skip
    assert ok.state.turn == 7
    for bad in (["U", "R", "UR", "R", "R"], ["U", "R", "", "R", "R"], "URXRR"):
        assert code({"red": {"path": bad}, "blue": OK_BLUE}) == "bad-direction"
    assert code({"red": {"path": "URRRR", "trap": {"frame": 1, "dir": "N"}},
                 "blue": OK_BLUE}) == "bad-direction"  # fmt: skip


def test_ss_3_3_a_missing_path_counts_as_empty() -> None:
    assert code({"red": {}, "blue": OK_BLUE}) == "wrong-path-length"


def test_ss_3_3_two_shots_in_one_frame_and_frames_out_of_range() -> None:
    shots = [{"frame": 2, "portal": 1, "dir": "L"}, {"frame": 2, "portal": 2, "dir": "R"}]
    assert code({"red": {"path": "URRRR"}, "blue": {"path": "LLLLL", "shoot": shots}}) == (
        "bad-frame"
    )
    assert code({"red": {"path": "URRRR", "trap": {"frame": 0, "dir": "U"}}, "blue": OK_BLUE}) == (
        "bad-frame"
    )


def test_ss_3_2_charges_are_spent_on_acceptance_even_for_nothing() -> None:
    # After step 1 red's head is on D2; the cell left of it, C2, still holds red's body.
    after = play(base(), {"red": {"path": "RRRRR", "trap": {"frame": 1, "dir": "L"}},
                          "blue": OK_BLUE}).state  # fmt: skip
    assert after.snake("red").charges == 0
    assert js(after)["traps"] == []  # C2 still holds red's stacked body: nothing happened
    assert code({"red": {"path": "RRRRR", "trap": {"frame": 1, "dir": "U"}}, "blue": OK_BLUE},
                after) == "no-charges-left"  # fmt: skip


def test_ss_3_1_a_path_may_be_a_string_or_a_list_and_orders_round_trip() -> None:
    a = parse_order("red", {"path": ["U", "R", "D", "R", "R"], "trap": {"frame": 2, "dir": "U"}})
    b = parse_order("red", {"path": "URDRR", "trap": {"frame": 2, "dir": "U"}})
    assert a == b == Order(path=tuple("URDRR"), trap=Trap(2, "U"))
    shooter = Order(path=tuple("UUUUU"), shoot=(Shot(1, 1, "L"), Shot(4, 2, "D")))
    assert parse_order("x", shooter.to_json()) == shooter
    assert parse_order("x", {"breaker": True}).to_json() == {"breaker": True}


def test_validate_checks_one_players_order() -> None:
    state = base()
    GAME.validate(state, "red", parse_order("red", {"path": "RRRRR"}))
    with pytest.raises(OrderError) as e:
        GAME.validate(state, "red", parse_order("red", {"path": "RRRRR", "ghost": True}))
    assert e.value.code == "power-not-of-race"
    with pytest.raises(OrderError) as e:
        GAME.validate(state, "dead", parse_order("dead", {"path": "RRRRR"}))
    assert e.value.code == "snake-dead"


# conformance.md: a field of the wrong JSON type makes a case invalid; for a player it is
# still bad-notation (SS-3.3 check 2). The wrong values of the right type stay plain.
WRONG_TYPES = [
    "URDRR",
    {"path": 12345},
    {"path": ["U", "R", 1, "R", "R"]},
    {"path": "URDRR", "dash": True},
    {"path": "URDRR", "dash": "1"},
    {"removed": 1},
    {"breaker": "yes"},
    {"path": "URDRR", "ghost": "yes"},
    {"path": "URDRR", "trap": [2, "U"]},
    {"path": "URDRR", "trap": {"frame": "2", "dir": "U"}},
    {"path": "URDRR", "trap": {"frame": 2, "dir": ["U"]}},
    {"path": "URDRR", "dig": {"frame": None}},
    {"path": "URDRR", "shoot": {"frame": 1, "portal": 1, "dir": "U"}},
    {"path": "URDRR", "shoot": [[1, 1, "U"]]},
    {"path": "URDRR", "shoot": [{"frame": 1, "portal": "1", "dir": "U"}]},
]
WRONG_VALUES = [
    {"path": "URDRR", "jump": True},
    {"path": "URDRR", "jump": [[[]]]},  # an unknown key: its value is nobody's type
    {"removed": False},
    {"path": "URDRR", "dash": 3},
    {"path": "URDRR", "dash": 1.0},
    {"path": "URDRR", "trap": {"frame": 2.0, "dir": "U"}},  # SS-13.7
    {"path": "URDRR", "trap": {"frame": 2}},
    {"path": "URDRR", "shoot": []},
    {"path": "URDRR", "shoot": [{"frame": 1, "portal": 3, "dir": "U"}]},
]


@pytest.mark.parametrize("red", WRONG_TYPES)
def test_a_field_of_the_wrong_json_type_is_an_order_type_error(red: Any) -> None:
    with pytest.raises(OrderTypeError) as e:
        GAME.check_turn({"red": red, "blue": OK_BLUE})
    assert e.value.code == "bad-notation"
    with pytest.raises(OrderTypeError):
        GAME.play(base(), {"red": red, "blue": OK_BLUE})


@pytest.mark.parametrize("red", WRONG_VALUES)
def test_a_wrong_value_of_the_right_type_is_plain_bad_notation(red: Any) -> None:
    GAME.check_turn({"red": red, "blue": OK_BLUE})  # no type error
    with pytest.raises(OrderError) as e:
        GAME.play(base(), {"red": red, "blue": OK_BLUE})
    assert not isinstance(e.value, OrderTypeError)
    assert e.value.code == "bad-notation"


@pytest.mark.parametrize("turn", [[], "UUUUU", None, 5])
def test_orders_that_are_not_an_object_are_an_order_type_error(turn: Any) -> None:
    with pytest.raises(OrderTypeError):
        GAME.check_turn(turn)
