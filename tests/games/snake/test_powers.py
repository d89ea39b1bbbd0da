"""SS-8: the six races' powers and their special cases, one test per rule."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.snake.helpers import body, death, js, play, position, snake, with_grid

FAR = ["A7", "B7", "C7", "D7", "E7"]  # a corpse out of the way


# --- SS-8.1 Breaker --------------------------------------------------------------------


def test_ss_8_1_a_head_entering_a_still_breakers_head_dies_alone() -> None:
    state = position(
        [
            snake("red", ["E4", "D4", "C4", "B4", "A4"]),
            snake("blue", ["G4", "G5", "G6", "G7", "F7"], race="breaker"),
            snake("green", ["L1"] * 5),
        ]
    )
    after = play(state, {"red": "RRRRR", "blue": {"breaker": True}, "green": "DDDDD"}).state
    assert death(after, "red") == ("body", "blue", 2)
    blue = after.snake("blue")
    assert blue.alive
    assert blue.pending_growth == 3
    assert blue.charges == 0
    assert body(after, "blue") == ["G4", "G5", "G6", "G7", "F7"]


def test_ss_8_1_a_breakers_tail_does_not_move_away() -> None:
    state = position(
        [
            snake("red", ["L4", "M4", "M5", "M6", "M7"]),
            snake("blue", ["G4", "H4", "I4", "J4", "K4"], race="breaker"),
            snake("green", ["A1"] * 5),
        ]
    )
    after = play(state, {"red": "LLLLL", "blue": {"breaker": True}, "green": "DDDDD"}).state
    assert death(after, "red") == ("body", "blue", 1)


# --- SS-8.2 Dasher, SS-4.2 schedule ----------------------------------------------------


def test_ss_4_2_dash_two_and_one_lengthen_the_turn_and_shift_the_steps() -> None:
    state = position(
        [
            snake("pink", ["B2"] * 5, race="dasher"),
            snake("blue", ["B4"] * 5, race="dasher"),
            snake("green", ["B6"] * 5),
        ]
    )
    step = play(
        state,
        {
            "pink": {"path": "RRRRR", "dash": 2},
            "blue": {"path": "RRRRR", "dash": 1},
            "green": "RRRRR",
        },
    )
    heads = [[body(f, s)[0] for s in ("pink", "blue", "green")] for f in step.frames]
    assert heads == [
        ["C2", "B4", "B6"],  # frame 1: the dash-2 snake alone
        ["D2", "C4", "B6"],  # frame 2: both dashers
        ["E2", "D4", "C6"],  # frame 3: everybody
        ["F2", "E4", "D6"],
        ["G2", "F4", "E6"],
        ["G2", "G4", "F6"],  # frame 6: pink has finished
        ["G2", "G4", "G6"],  # frame 7: only the snake that did not dash
    ]
    assert [s.charges for s in step.state.snakes] == [0, 1, 1]


def test_ss_8_2_a_finished_dasher_is_still_and_kills_a_head_entering_its_head() -> None:
    state = position(
        [
            snake("pink", ["B4"] * 5, race="dasher"),
            snake("red", ["L4", "M4", "M5", "M6", "M7"]),
            snake("green", ["A1"] * 5),
        ]
    )
    after = play(
        state, {"pink": {"path": "RRRRR", "dash": 1}, "red": "LLLLL", "green": "DDDDD"}
    ).state
    assert death(after, "red") == ("body", "pink", 6)
    assert after.snake("pink").alive


def test_ss_3_1_a_power_frame_is_the_snakes_own_step_number() -> None:
    state = position(
        [
            snake("red", ["C4", "B4", "A4", "A4", "A4"], race="trapper"),
            snake("pink", ["K2"] * 5, race="dasher"),
        ]
    )
    step = play(
        state,
        {
            "red": {"path": "RRRRD", "trap": {"frame": 1, "dir": "U"}},
            "pink": {"path": "DDDDD", "dash": 1},
        },
    )
    # Red's step 1 is in frame 2 (pink dashes 1): the trap on D3 appears then.
    assert js(step.frames[0])["traps"] == []
    assert js(step.frames[1])["traps"] == ["D3"]


# --- SS-8.3 Trapper --------------------------------------------------------------------


def test_ss_8_3_a_trap_is_a_wall_for_all_and_kills_with_no_killer() -> None:
    state = position(
        [
            snake("red", ["C4", "B4", "A4", "A4", "A4"]),
            snake("blue", ["H3", "I3", "J3", "K3", "L3"]),
            snake("green", ["M7"] * 5),
        ]
    )
    step = play(
        state,
        {
            "red": {"path": "UUURR", "trap": {"frame": 1, "dir": "R"}},
            "blue": "LLLLL",
            "green": "UUUUU",
        },
    )
    assert js(step.frames[0])["traps"] == ["D3"]  # right of red's head C3 after step 1
    assert js(step.frames[0])["grid"][0][2][3] == "T"
    assert death(step.state, "blue") == ("wall", None, 4)


def test_ss_8_3_a_trapper_dies_on_its_own_trap() -> None:
    state = position([snake("red", ["C4", "B4", "A4", "A4", "A4"]), snake("blue", ["K1"] * 5)])
    after = play(
        state, {"red": {"path": "RRRRR", "trap": {"frame": 1, "dir": "R"}}, "blue": "DDDDD"}
    ).state
    assert death(after, "red") == ("wall", None, 2)


@pytest.mark.parametrize("what", ["body", "corpse", "pending", "portal", "wall", "edge"])
def test_ss_8_3_a_trap_fails_on_anything_but_a_free_open_cell(what: str) -> None:
    # After its step 1 red's head is on D4; the trap would go on D3 (D1 + U: the edge).
    red = snake("red", ["C1" if what == "edge" else "C4", "B4", "A4", "A4", "A4"])
    if what == "edge":
        red = snake("red", ["C1", "B1", "A1", "A1", "A1"])
    snakes = [red, snake("blue", ["J2", "J1", "K1", "L1", "M1"], race="shooter")]
    orders: dict[str, object] = {
        "red": {"path": "RRDDD", "trap": {"frame": 1, "dir": "U"}},
        "blue": "DDDDD",
    }
    fields: dict[str, Any] = {}
    if what == "body":
        snakes.append(snake("green", ["D3", "E3", "F3", "G3", "H3"], race="breaker"))
        orders["green"] = {"breaker": True}
    elif what in ("corpse", "pending"):
        snakes.append(snake("x", ["D3", "E3", "F3", "G3", "H3"], alive=False,
                            death={"number": 1}))  # fmt: skip
        if what == "pending":
            fields["pending_deletions"] = [{"cell": "D3", "diggable": True}]
    elif what == "portal":
        fields["portals"] = [{"owner": "blue", "slot": 1, "cell": "D3", "dir": "U",
                              "doomed": False}]  # fmt: skip
    state = position(snakes, **fields)
    if what == "wall":
        state = with_grid(state, D3="#")
    elif what == "portal":
        state = with_grid(state, D2="#")  # the portal's face stays against a wall
    step = play(state, orders)
    assert js(step.frames[0])["traps"] == []
    assert step.state.snake("red").charges == 0  # SS-3.2
    if what == "portal":
        assert js(step.frames[0])["portals"][0]["cell"] == "D3"


def test_ss_8_3_no_terrain_change_removes_a_trap() -> None:
    state = position(
        [
            snake("x", FAR, alive=False, death={"number": 1}),
            snake("red", ["A1", "A2", "A3", "B3", "C3"]),
            snake("blue", ["K6"] * 5),
            snake("green", ["M1"] * 5),
        ]
    )
    state = with_grid(state, G4="T")  # classic removes G4 at the second death
    step = play(state, {"red": "UUUUU", "blue": "LLLLL", "green": "DDDDD"})
    assert step.frames[1].frame == 2
    assert js(step.frames[1])["deaths"] == 2
    assert js(step.state)["grid"][0][3][6] == "T"
    assert js(step.state)["traps"] == ["G4"]


def test_ss_8_3_a_trapper_dead_at_its_step_sets_no_trap() -> None:
    state = position([snake("red", ["A4", "B4", "C4", "D4", "E4"]), snake("blue", ["K1"] * 5)])
    after = play(
        state, {"red": {"path": "LRRRR", "trap": {"frame": 1, "dir": "U"}}, "blue": "DDDDD"}
    ).state
    assert death(after, "red") == ("wall", None, 1)
    assert js(after)["traps"] == []


# --- SS-8.4 Digger ---------------------------------------------------------------------


def test_ss_8_4_a_digger_crosses_touching_walls_and_its_power_ends_outside() -> None:
    state = position(
        [snake("red", ["D4", "C4", "B4", "A4", "A5"], race="digger"), snake("blue", ["K1"] * 5)]
    )
    state = with_grid(state, E4="#", F4="T")
    step = play(state, {"red": {"path": "RRRDD", "dig": {"frame": 1}}, "blue": "DDDDD"})
    digging = [f.snake("red").digging for f in step.frames]
    assert digging == [True, True, False, False, False]
    after = step.state
    assert after.snake("red").alive
    assert body(after, "red")[0] == "G6"
    assert js(after)["grid"][0][3][4:6] == "#T"  # walls are not destroyed


def test_ss_8_4_a_digger_cannot_enter_an_undiggable_wall_nor_the_edge() -> None:
    state = position(
        [snake("red", ["D4", "C4", "B4", "A4", "A5"], race="digger"), snake("blue", ["K1"] * 5)]
    )
    state = with_grid(state, E4="X")
    after = play(state, {"red": {"path": "RRRDD", "dig": {"frame": 1}}, "blue": "DDDDD"}).state
    assert death(after, "red") == ("wall", None, 1)
    state = position(
        [snake("red", ["B4", "C4", "D4", "E4", "F4"], race="digger"), snake("blue", ["K1"] * 5)]
    )
    after = play(state, {"red": {"path": "LLDDD", "dig": {"frame": 2}}, "blue": "DDDDD"}).state
    assert death(after, "red") == ("wall", None, 2)


def test_ss_8_4_living_snakes_still_block_a_digging_digger() -> None:
    state = position(
        [
            snake("red", ["D4", "C4", "B4", "A4", "A5"], race="digger"),
            snake("blue", ["F2", "F3", "F4", "F5", "F6", "F7"]),
            snake("green", ["M1"] * 5),
        ]
    )
    state = with_grid(state, E4="#")
    after = play(
        state, {"red": {"path": "RRRRR", "dig": {"frame": 1}}, "blue": "LLLLL", "green": "DDDDD"}
    ).state
    assert death(after, "red") == ("body", "blue", 2)


def test_ss_8_4_a_dig_on_an_open_cell_is_wasted() -> None:
    state = position(
        [
            snake("x", ["F4", "F5", "F6", "F7", "E7"], alive=False, death={"number": 1}),
            snake("red", ["C4", "B4", "A4", "A4", "A4"], race="digger"),
            snake("blue", ["K1"] * 5),
            snake("green", ["M7"] * 5),
        ]
    )
    after = play(
        state, {"red": {"path": "RRRRR", "dig": {"frame": 1}}, "blue": "DDDDD", "green": "UUUUU"}
    ).state
    assert death(after, "red") == ("wall", None, 3)  # E4 then the corpse on F4
    assert after.snake("red").charges == 0


def test_ss_8_4_digging_goes_on_across_turns_while_the_head_stays_in_walls() -> None:
    state = position(
        [snake("red", ["D4", "C4", "B4", "A4", "A5"], race="digger"), snake("blue", ["M1"] * 5)]
    )
    state = with_grid(state, H4="#", I4="#", J4="#")
    first = play(state, {"red": {"path": "RRRRR", "dig": {"frame": 4}}, "blue": "DDDDD"}).state
    assert body(first, "red")[0] == "I4"
    assert first.snake("red").digging
    second = play(first, {"red": "RRUUU", "blue": "DLLLL"}).state  # J4 is a wall too
    assert second.snake("red").alive
    assert not second.snake("red").digging


@pytest.mark.parametrize(("diggable", "survives"), [(True, True), (False, False)])
def test_ss_8_4_a_pending_x_stops_a_digger_even_under_a_corpse(
    diggable: bool, survives: bool
) -> None:
    state = position(
        [
            snake("z", ["A3", "A4", "A5", "A6", "A7"], alive=False, death={"number": 1}),
            snake("red", ["C3", "D3", "E3", "F3", "G3"], race="digger"),
            snake("blue", ["K1"] * 5),
            snake("green", ["M7"] * 5),
        ],
        pending_deletions=[{"cell": "A3", "diggable": diggable}],
    )
    step = play(
        state, {"red": {"path": "LLUUU", "dig": {"frame": 2}}, "blue": "DDDDD", "green": "UUUUU"}
    )
    assert step.frames[1].snake("red").alive is survives


def test_ss_13_3_digging_stops_when_the_wall_under_the_head_disappears() -> None:
    state = position(
        [
            snake("y", ["E4", "E5", "E6", "D6", "C6"], alive=False, death={"number": 1}),
            snake("red", ["E5", "E4", "D4", "C4", "B4"], race="digger", digging=True, charges=0),
            snake("blue", ["H5", "I5", "J5", "K5", "L5"]),
            snake("green", ["J8"] * 5),
        ],
        terrain="double-grid",
    )
    state = with_grid(state, E7="T")
    step = play(state, {"red": "DDDDD", "blue": "LLLLL", "green": "UUUUU"})
    assert death(step.state, "blue") == ("wall", None, 1)  # death 2: the tunnel opens
    assert body(step.frames[0], "red")[0] == "E6"
    assert step.frames[0].snake("red").digging
    assert body(step.frames[1], "y") == []  # the corpse next to the tunnel is cleared
    assert death(step.state, "red") == ("wall", None, 2)  # E7's trap, no longer digging


# --- SS-8.5 Ghost ----------------------------------------------------------------------


def test_ss_8_5_a_ghost_crosses_snakes_and_is_crossed_for_two_turns() -> None:
    state = position(
        [
            snake("red", ["C4", "B4", "A4", "A4", "A4"], race="ghost"),
            snake("blue", ["F2", "F3", "F4", "F5", "F6"], race="breaker"),
            snake("green", ["D6", "D7", "E7", "F7", "G7"]),
        ]
    )
    # Red crosses blue's body on F4 in frame 3; green enters red's neck D4 in frame 2.
    step = play(
        state,
        {"red": {"path": "RRRRR", "ghost": True}, "blue": {"breaker": True}, "green": "UUUUU"},
    )
    after = step.state
    assert all(s.alive for s in after.snakes)
    assert step.frames[0].snake("red").ghost_turns_left == 3
    assert after.snake("red").ghost_turns_left == 2


def test_ss_8_5_ghosts_never_meet_head_on() -> None:
    state = position(
        [
            snake("red", ["C4", "B4", "A4", "A4", "A4"], race="ghost"),
            snake("blue", ["E2", "E1", "D1", "C1", "B1"]),
        ]
    )
    after = play(state, {"red": {"path": "RRRRR", "ghost": True}, "blue": "DDDDD"}).state
    assert all(s.alive for s in after.snakes)


def test_ss_8_5_the_ghost_turns_count_down_and_end_after_the_first_step_of_the_third() -> None:
    state = position(
        [
            snake("red", ["C2", "B2", "A2", "A2", "A2"], race="ghost"),
            snake("blue", ["K6"] * 5),
        ]
    )
    one = play(state, {"red": {"path": "RRRRR", "ghost": True}, "blue": "LLLLL"}).state
    two = play(one, {"red": "DDDDD", "blue": "UUUUU"}).state
    assert (one.snake("red").ghost_turns_left, two.snake("red").ghost_turns_left) == (2, 1)
    three = play(two, {"red": "LLLLL", "blue": "RRRRR"})
    assert [f.snake("red").ghost_turns_left for f in three.frames] == [0] * 5


def test_ss_8_5_a_ghost_ending_on_another_snake_kills_both_and_survivors_grow_two() -> None:
    state = position(
        [
            snake(
                "red", ["D4", "C4", "B4", "A4", "A3"], race="ghost", ghost_turns_left=1, charges=0
            ),
            snake("blue", ["E2", "E3", "E4", "E5", "E6"]),
            snake("green", ["K7"] * 5),
        ]
    )
    # Red's first step takes its head onto E4, inside blue's body, as it stops being a ghost.
    after = play(state, {"red": "RRRRR", "blue": "LLLLL", "green": "UUUUU"}).state
    assert death(after, "red") == ("ghost", None, 1)
    assert death(after, "blue") == ("ghost", None, 1)
    assert after.snake("green").target_length == 7


def test_ss_8_5_a_ghost_ending_across_its_own_body_dies_alone() -> None:
    state = position(
        [
            snake(
                "red",
                ["C3", "D3", "D4", "C4", "B4", "B3"],
                race="ghost",
                ghost_turns_left=1,
                charges=0,
            ),
            snake("blue", ["K6"] * 5),
            snake("green", ["A1"] * 5),
        ]
    )
    # Step 1 takes red's head down onto C4, already in its body: it ends the frame on it twice.
    after = play(state, {"red": "DLLLL", "blue": "LLLLL", "green": "RRRRR"}).state
    assert death(after, "red") == ("self", None, 1)
    assert after.snake("blue").alive
    assert after.snake("green").alive


def test_ss_8_5_another_ghost_does_not_count() -> None:
    state = position(
        [
            snake(
                "red", ["D4", "C4", "B4", "A4", "A3"], race="ghost", ghost_turns_left=1, charges=0
            ),
            snake(
                "blue", ["E2", "E3", "E4", "E5", "E6"], race="ghost", ghost_turns_left=2, charges=0
            ),
            snake("green", ["K7"] * 5),
        ]
    )
    after = play(state, {"red": "RRRRR", "blue": "LLLDD", "green": "UUUUU"}).state
    assert after.snake("red").alive
    assert after.snake("blue").alive


def test_ss_13_2_a_blocked_expiring_ghost_keeps_its_cause_and_still_kills() -> None:
    state = position(
        [
            snake(
                "red", ["A3", "B3", "B4", "B5", "B6"], race="ghost", ghost_turns_left=1, charges=0
            ),
            snake("blue", ["C4", "B4", "A4", "A5", "A6"]),
            snake("green", ["K7"] * 5),
        ]
    )
    after = play(state, {"red": "LLLLL", "blue": "RRRRR", "green": "UUUUU"}).state
    assert death(after, "red") == ("wall", None, 1)
    assert death(after, "blue") == ("ghost", None, 1)


# --- SS-8.6 Shooter --------------------------------------------------------------------


def test_ss_8_6_a_ray_crosses_snakes_and_stops_at_the_edge() -> None:
    state = position(
        [
            snake("pink", ["F6", "G6", "H6", "I6", "J6"], race="shooter"),
            snake("red", ["E2", "F2", "G2", "H2", "I2"]),
        ]
    )
    shots = [{"frame": 1, "portal": 1, "dir": "U"}, {"frame": 2, "portal": 2, "dir": "L"}]
    step = play(state, {"pink": {"path": "UUUUU", "shoot": shots}, "red": "DDDDD"})
    # The first ray crosses red on F2, the second red's head on E4.
    assert js(step.frames[1])["portals"] == [
        {"owner": "pink", "slot": 1, "cell": "F1", "dir": "U", "doomed": False},
        {"owner": "pink", "slot": 2, "cell": "A4", "dir": "L", "doomed": False},
    ]
    assert step.state.snake("pink").charges == 1


def test_ss_8_6_a_head_already_against_a_wall_places_the_portal_on_its_own_cell() -> None:
    state = position(
        [snake("pink", ["A6", "B6", "C6", "D6", "E6"], race="shooter"), snake("red", ["K1"] * 5)]
    )
    shots = [{"frame": 1, "portal": 1, "dir": "L"}]
    step = play(state, {"pink": {"path": "UUUUU", "shoot": shots}, "red": "DDDDD"})
    assert js(step.frames[0])["portals"][0]["cell"] == "A5"


PAIR = [
    {"owner": "pink", "slot": 1, "cell": "A4", "dir": "L", "doomed": False},
    {"owner": "pink", "slot": 2, "cell": "M2", "dir": "R", "doomed": False},
]


def test_ss_8_6_teleport_keeps_the_paths_directions_and_tracks_the_crossing() -> None:
    state = position(
        [
            snake("pink", ["F6", "G6", "H6", "I6", "J6"], race="shooter"),
            snake("red", ["B4", "C4", "D4", "E4", "F4"]),
        ],
        portals=PAIR,
    )
    step = play(state, {"pink": "LLLLU", "red": "LLLLL"})
    assert body(step.frames[1], "red")[:2] == ["M2", "A4"]
    assert js(step.frames[1])["snakes"][1]["portal_links"] == [{"index": 0, "owner": "pink"}]
    assert step.report.frames[1].teleports[0].owner == "pink"
    assert body(step.state, "red") == ["J2", "K2", "L2", "M2", "A4"]


def test_ss_8_6_stepping_into_a_lone_portal_is_an_ordinary_step() -> None:
    state = position(
        [
            snake("pink", ["F6", "G6", "H6", "I6", "J6"], race="shooter"),
            snake("red", ["B4", "C4", "D4", "E4", "F4"]),
        ],
        portals=PAIR[:1],
    )
    after = play(state, {"pink": "LLLLU", "red": "LLLLL"}).state
    assert death(after, "red") == ("wall", None, 2)


def test_ss_8_6_a_portal_whose_wall_disappears_is_doomed_and_removed_when_free() -> None:
    # Pink's portal 1 faces down against corpse y on D8, which the big terrain's
    # death-4 change clears (corpses in or next to the centre).
    state = position(
        [
            snake("x", ["K1", "L1", "L2", "M2", "M3"], alive=False, death={"number": 1}),
            snake("y", ["D8", "C8", "B8", "B9", "B10"], alive=False, death={"number": 2}),
            snake("z", ["H3", "H2", "I2", "J2", "K2"], alive=False, death={"number": 3}),
            snake("pink", ["B11", "B12", "C12", "D12", "E12"], race="shooter"),
            snake("red", ["A3"] * 5),
            snake("blue", ["M10"] * 5),
        ],
        terrain="big",
        portals=[
            {"owner": "pink", "slot": 1, "cell": "D7", "dir": "D", "doomed": False},
            {"owner": "pink", "slot": 2, "cell": "M13", "dir": "D", "doomed": False},
        ],
    )
    step = play(state, {"pink": "RRRRR", "red": "UUUUU", "blue": "UUUUU"})
    assert death(step.state, "red") == ("wall", None, 3)  # death 4
    assert js(step.frames[2])["portals"][0]["doomed"] is False
    assert body(step.frames[3], "y") == []
    assert [p["slot"] for p in js(step.frames[3])["portals"]] == [2]
    assert step.report.frames[3].portals_doomed[0].slot == 1


def test_ss_9_1_a_removed_shooters_portals_are_doomed_then_removed() -> None:
    state = position(
        [
            snake("pink", ["F6", "G6", "H6", "I6", "J6"], race="shooter"),
            snake("red", ["C2"] * 5),
            snake("blue", ["K2"] * 5),
        ],
        portals=PAIR,
    )
    step = play(state, {"pink": {"removed": True}, "red": "RRRRR", "blue": "DDDDD"})
    assert js(step.frames[0])["portals"] == []
