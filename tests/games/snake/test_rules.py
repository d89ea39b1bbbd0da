"""Snake Synapse core rules (no powers), one test per rule of ``rules/snake-synapse.md``."""

from __future__ import annotations

import pytest

from samtempa.games.base import Outcome, StateError
from samtempa.games.snake import load_terrain
from samtempa.games.snake.terrain import DIR_INDEX
from tests.games.snake.helpers import GAME, body, death, js, play, position, snake


def neighbour(terrain: str, cell: str, d: str, rows: tuple[int, ...] | None = None) -> str | None:
    t = load_terrain(terrain)
    nb = t.neighbours(t.wrap_rows if rows is None else rows, t.wrap_columns)
    n = nb[t.cell(cell) * 4 + DIR_INDEX[d]]
    return None if n < 0 else t.name_of(n)


def test_ss_1_1_rows_count_from_the_top() -> None:
    assert neighbour("classic", "G4", "U") == "G3"
    assert neighbour("classic", "G4", "D") == "G5"
    assert neighbour("classic", "G4", "L") == "F4"
    assert neighbour("classic", "A1", "U") is None


def test_ss_1_4_wrap_joins_only_the_listed_rows_and_columns() -> None:
    assert neighbour("cylinder", "A4", "L") == "K4"
    assert neighbour("cylinder", "A1", "U") is None  # columns do not wrap on the cylinder
    assert neighbour("torus", "B1", "U") == "B6"
    assert neighbour("torus", "K6", "R") == "A6"
    assert neighbour("cylinder", "A1", "L", rows=(2, 3, 4)) is None  # row 1 no longer wraps


def test_ss_1_5_a_head_stepping_onto_a_ladder_lands_on_the_other_floor() -> None:
    state = position(
        [snake("red", ["B4", "A4", "A4", "A4", "A4"]), snake("blue", ["I2'"] * 5)],
        terrain="rhizome-9",
    )
    after = play(state, {"red": "RRRRR", "blue": "DDLLL"}).state
    assert body(after, "red")[:4] == ["G4'", "F4'", "E4'", "D4'"]
    assert body(after, "blue")[0] == "F4"  # I4' is a ladder up to I4


def test_ss_2_4_snakes_start_stacked_on_their_spawn_and_unfold_ss_5_7() -> None:
    state = GAME.initial_state(
        {
            "terrain": "classic",
            "snakes": [
                {"id": "red", "race": "ghost", "spawn": "G4"},
                {"id": "blue", "race": "digger", "spawn": "K6"},
            ],
        }
    )
    assert body(state, "red") == ["G4"] * 5
    step = play(state, {"red": "URDDD", "blue": "LLLLL"})
    assert body(step.frames[0], "red") == ["G3", "G4", "G4", "G4", "G4"]
    assert body(step.frames[1], "red") == ["H3", "G3", "G4", "G4", "G4"]


def test_ss_2_5_setup_defaults_and_limits() -> None:
    state = GAME.initial_state(
        {"terrain": "big", "snakes": [{"id": "a", "race": "dasher"}, {"id": "b", "race": "ghost"}]}
    )
    first = state.snake("a")
    assert (first.colour, first.charges, body(state, "a")[0]) == ("a", 2, "A1")
    assert state.turn == 0
    assert state.path_length == 5
    for bad in (
        {"terrain": "classic", "snakes": [{"id": "a", "race": "ghost"}]},
        {"terrain": "classic", "snakes": [{"id": "a", "race": "ghost"}, {"id": "a", "race": "x"}]},
        {"terrain": "classic", "snakes": [{"id": "a"}, {"id": "b", "race": "ghost"}]},
        {"terrain": "aperture-science", "snakes": [{"id": "a", "race": "ghost"}, {"id": "b"}]},
        {"terrain": "big", "snakes": [{"id": "a", "race": "ghost", "spawn": "E5"}, {"id": "b"}]},
    ):
        with pytest.raises(StateError):
            GAME.initial_state(bad)


def test_ss_5_3_stepping_off_the_edge_is_a_wall_death() -> None:
    state = position([snake("red", ["B4", "C4", "D4", "E4", "F4"]), snake("blue", ["K6"] * 5)])
    after = play(state, {"red": "LLUUU", "blue": "LLLLL"}).state
    assert death(after, "red") == ("wall", None, 2)
    assert body(after, "red") == ["A4", "B4", "C4", "D4", "E4"]


def test_ss_5_5_follower_of_blocked_snake_dies() -> None:
    # Blue hits the left edge, so its tail E2 stays: red, following it, dies, killed by blue.
    state = position(
        [
            snake("red", ["F2", "G2", "H2", "I2", "J2"]),
            snake("blue", ["A2", "B2", "C2", "D2", "E2"]),
            snake("green", ["K6"] * 5),
        ]
    )
    after = play(state, {"red": "LLLLL", "blue": "LLLLL", "green": "LLLLL"}).state
    assert death(after, "blue") == ("wall", None, 1)
    assert death(after, "red") == ("body", "blue", 1)


def test_ss_5_5_follower_of_moving_snake_survives() -> None:
    state = position(
        [
            snake("red", ["K2", "K3", "K4", "K5", "K6"]),
            snake("blue", ["F2", "G2", "H2", "I2", "J2"]),
        ]
    )
    after = play(state, {"red": "LLLLL", "blue": "LLLLL"}).state
    assert after.snake("red").alive
    assert after.snake("blue").alive


def test_ss_5_5_a_growing_snake_keeps_its_tail_and_kills_its_follower() -> None:
    state = position(
        [
            snake("red", ["F5", "F6", "G6", "H6", "I6"]),
            snake("blue", ["F2", "F3", "F4", "E4", "E5"], pending_growth=1),
            snake("green", ["L1"] * 5),
        ]
    )
    # Red's head F5 goes left onto E5, blue's tail, which blue's growth keeps in place.
    after = play(state, {"red": "LLLLL", "blue": "RRRRR", "green": "DDDDD"}).state
    assert death(after, "red") == ("body", "blue", 1)
    blue = after.snake("blue")
    assert blue.alive
    assert blue.length == 9
    assert blue.pending_growth == 0
    assert after.snake("green").target_length == 6


def test_ss_5_5_two_heads_swapping_places_both_die_each_killed_by_the_other() -> None:
    state = position(
        [
            snake("red", ["E4", "D4", "C4", "B4", "A4"]),
            snake("blue", ["F4", "G4", "H4", "I4", "J4"]),
            snake("green", ["L7"] * 5),
        ]
    )
    after = play(state, {"red": "RRRRR", "blue": "LLLLL", "green": "UUUUU"}).state
    assert death(after, "red") == ("body", "blue", 1)
    assert death(after, "blue") == ("body", "red", 1)


def test_ss_5_5_a_snake_may_follow_its_own_tail() -> None:
    state = position(
        [snake("red", ["B2", "B3", "C3", "C2"]), snake("blue", ["K6"] * 5)]  # a 2x2 loop
    )
    after = play(state, {"red": "RDLUR", "blue": "LLLLL"}).state
    assert after.snake("red").alive
    assert body(after, "red") == ["C2", "B2", "B3", "C3"]


def test_ss_5_5_turning_into_its_own_neck_kills_with_no_killer() -> None:
    state = position([snake("red", ["E4", "D4", "C4", "B4", "A4"]), snake("blue", ["K6"] * 5)])
    after = play(state, {"red": "LRRRR", "blue": "LLLLL"}).state
    assert death(after, "red") == ("self", None, 1)


def test_ss_5_6_heads_meeting_on_a_cell_all_move_there_and_die_without_killer() -> None:
    state = position(
        [
            snake("red", ["F4", "E4", "D4", "C4", "B4"]),
            snake("blue", ["H4", "I4", "J4", "K4", "L4"]),
            snake("green", ["G3", "G2", "G1", "F1", "E1"]),
            snake("pink", ["A7"] * 5),
        ]
    )
    step = play(state, {"red": "RRRRR", "blue": "LLLLL", "green": "DDDDD", "pink": "RRRRR"})
    after = step.state
    for sid in ("red", "blue", "green"):
        assert death(after, sid) == ("head-on", None, 1)
        assert body(after, sid)[0] == "G4"  # the corpse lies moved onto the contested cell
    # SS-6.1: three deaths, no killer: the survivor grows 3.
    assert after.snake("pink").length + after.snake("pink").pending_growth == 8


def test_ss_5_8_deaths_of_a_frame_are_numbered_in_seat_order() -> None:
    state = position(
        [
            snake("red", ["A2", "B2", "C2", "D2", "E2"]),
            snake("blue", ["M5", "L5", "K5", "J5", "I5"]),
            snake("green", ["G7"] * 5),
        ]
    )
    after = play(state, {"red": "LLLLL", "blue": "RRRRR", "green": "UUUUU"}).state
    numbers = {s.id: s.death.number for s in after.snakes if s.death}
    assert numbers == {"red": 1, "blue": 2}
    assert after.result == Outcome("green")


def test_ss_6_1_a_killer_grows_three_the_others_one() -> None:
    state = position(
        [
            snake("red", ["E3", "E2", "D2", "C2", "B2"]),
            snake("blue", ["I4", "H4", "G4", "F4", "E4", "D4"], race="digger"),
            snake("green", ["A6"] * 5),
        ]
    )
    after = play(state, {"red": "DRRRR", "blue": "RRRDD", "green": "RRRRR"}).state
    assert death(after, "red") == ("body", "blue", 1)
    assert after.snake("blue").target_length == 9
    assert after.snake("green").target_length == 6


def test_ss_6_3_the_cap_never_shrinks_a_target_above_12() -> None:
    long_body = ["M1", "L1", "K1", "J1", "I1", "H1", "G1", "F1", "E1", "D1", "C1", "B1", "A1"]
    state = position(
        [
            snake("red", long_body),
            snake("blue", ["G4", "G5", "G6", "G7", "F7"]),
            snake("green", ["A3", "B3", "C3", "D3", "E3"]),
        ]
    )
    after = play(state, {"red": "DDDDD", "blue": "UURRR", "green": "LLLLL"}).state
    assert death(after, "green") == ("wall", None, 1)
    assert after.snake("red").target_length == 13  # max(13, min(12, 14))
    assert after.snake("blue").target_length == 6


def test_ss_6_2_three_turns_without_death_grow_everyone_and_restart_the_count() -> None:
    state = position([snake("red", ["C2"] * 5), snake("blue", ["K6"] * 5)], turns_without_death=2)
    after = play(state, {"red": "RRRRR", "blue": "LLLLL"}).state
    assert after.turns_without_death == 0
    assert [s.pending_growth for s in after.snakes] == [1, 1]


def test_ss_6_4_two_survivors_at_12_grow_each_turn_past_the_cap() -> None:
    twelve = ["H2", "H1", "G1", "F1", "E1", "D1", "C1", "B1", "A1", "A2", "A3", "B3"]
    state = position(
        [
            snake("red", twelve),
            snake("blue", ["H6", "H5", "G5", "F5", "E5", "D5", "C5", "B5", "A5", "A6", "A7", "B7"]),
        ]
    )
    after = play(state, {"red": "DLLLL", "blue": "DLLLL"}).state
    assert [s.target_length for s in after.snakes] == [13, 13]
    assert after.turns_without_death == 1


def test_ss_6_5_a_snake_that_does_not_move_keeps_its_pending_growth() -> None:
    state = position(
        [
            snake("red", ["E4", "D4", "C4", "B4", "A4"]),
            snake("blue", ["G2"] * 5, race="breaker", pending_growth=2),
        ]
    )
    after = play(state, {"red": "UUURR", "blue": {"breaker": True}}).state
    assert after.snake("blue").pending_growth == 2
    assert body(after, "blue") == ["G2"] * 5


def test_ss_4_3_a_change_queued_by_a_last_frame_death_runs_in_a_settling_frame() -> None:
    state = position(
        [
            snake("x", ["I6", "J6", "K6", "L6", "L5"], alive=False, death={"number": 1}),
            snake("red", ["E1", "D1", "C1", "B1", "A1"]),
            snake("blue", ["B3", "B4", "B5", "B6", "B7"]),
            snake("green", ["M4"] * 5),
        ]
    )
    # Blue follows red's tail along row 1 and turns away before red dies on the edge.
    step = play(state, {"red": "RRRRU", "blue": "UURRD", "green": "LLLLL"})
    assert [f.frame for f in step.frames] == [1, 2, 3, 4, 5, 6]
    assert death(step.state, "red") == ("wall", None, 5)
    assert js(step.frames[4])["queued_changes"] == [2]
    assert js(step.frames[5])["grid"][0][3] == "......#......"
    assert step.state.frame == 0
    assert step.state.queued == ()


def test_ss_7_2_a_death_count_without_change_takes_no_frame() -> None:
    state = position(
        [
            snake("red", ["E1", "D1", "C1", "B1", "A1"]),
            snake("blue", ["B3"] * 5),
            snake("c", ["M7"] * 5),
        ]
    )
    step = play(state, {"red": "RRRRU", "blue": "RRRRR", "c": "UUUUU"})
    assert step.state.deaths == 1
    assert len(step.frames) == 5


def test_ss_7_2_several_deaths_in_one_frame_give_one_change_per_following_frame() -> None:
    state = position(
        [
            snake("x", ["I6", "J6", "K6", "L6", "L5"], alive=False, death={"number": 1}),
            snake("red", ["B2", "C2", "D2", "E2", "F2"]),
            snake("blue", ["L3", "K3", "J3", "I3", "H3"]),
            snake("green", ["E6", "E7", "D7", "C7", "B7"]),
            snake("pink", ["G7"] * 5),
        ]
    )
    step = play(state, {"red": "UUUUU", "blue": "RRLLL", "green": "UULLL", "pink": "RRRRR"})
    # Frame 2: red (top edge) and blue (right edge) die: deaths 2 and 3.
    assert js(step.frames[1])["queued_changes"] == [2, 3]
    assert js(step.frames[2])["queued_changes"] == [3]  # frame 3: G4 removed
    assert js(step.frames[2])["grid"][0][3][6] == "#"
    assert js(step.frames[3])["grid"][0][4][0] == "X"  # frame 4: columns A and M


def test_ss_7_4_a_pending_deletion_is_a_wall_at_once_and_settles_when_left() -> None:
    state = position(
        [
            snake("x", ["A7", "B7", "C7", "D7", "E7"], alive=False, death={"number": 1}),
            snake("red", ["F2", "F3", "G3", "G4", "G5", "G6", "G7"]),
            snake("blue", ["A1", "A2", "A3", "A4", "A5"]),
            snake("green", ["J6", "K6", "L6", "M6", "M7"]),
        ]
    )
    # Blue dies on the top edge in frame 1 (death 2); in frame 2 G4 is removed under red.
    step = play(state, {"red": "RRRRR", "blue": "UUUUU", "green": "LLLLL"})
    for f in (1, 2, 3):  # frames 2 to 4 (red grew 1 from blue's death: its tail waited)
        frame = js(step.frames[f])
        assert frame["pending_deletions"] == [{"cell": "G4", "diggable": True}]
        assert frame["grid"][0][3][6] == "."  # a pending deletion shows its old character
    assert js(step.frames[4])["pending_deletions"] == []  # red's tail left G4 in frame 5
    assert js(step.frames[4])["grid"][0][3][6] == "#"


def test_ss_9_1_a_removed_snake_vanishes_without_death_growth_or_change() -> None:
    state = position(
        [snake("red", ["C2"] * 5), snake("blue", ["K6"] * 5), snake("green", ["G4"] * 5)]
    )
    after = play(state, {"red": {"removed": True}, "blue": "LLLLL", "green": "UUURR"}).state
    red = js(after)["snakes"][0]
    assert red["removed"]
    assert not red["alive"]
    assert red["body"] == []
    assert red["death"] is None
    assert after.deaths == 0
    assert after.turns_without_death == 1
    assert all(s.pending_growth == 0 for s in after.snakes)


def test_ss_10_1_the_last_snakes_dying_together_share_a_draw_in_seat_order() -> None:
    state = position(
        [
            snake("red", ["F4", "E4", "D4", "C4", "B4"]),
            snake("blue", ["H4", "I4", "J4", "K4", "L4"]),
        ]
    )
    step = play(state, {"blue": "LLLLL", "red": "RRRRR"})
    assert step.state.result == Outcome(None, ("red", "blue"))
    assert len(step.frames) == 1  # the rest of the turn's frames are skipped
    with pytest.raises(Exception, match="over") as e:
        play(step.state, {})
    assert getattr(e.value, "code", None) == "game-over"


def test_ss_10_1_the_game_ends_at_removal_and_ss_13_6_keeps_the_counter() -> None:
    state = position([snake("red", ["C2"] * 5), snake("blue", ["K6"] * 5)], turns_without_death=2)
    step = play(state, {"red": {"removed": True}, "blue": "LLLLL"})
    assert step.state.result == Outcome("blue")
    assert step.frames == ()
    assert step.state.turns_without_death == 3
    assert body(step.state, "blue") == ["K6"] * 5


def test_step_never_mutates_its_input() -> None:
    state = position([snake("red", ["C2"] * 5), snake("blue", ["K6"] * 5)])
    before = js(state)
    play(state, {"red": "RRRRR", "blue": "LLLLL"})
    assert js(state) == before


def test_ss_10_1_a_game_ending_at_removals_leaves_pending_deletions_unsettled() -> None:
    # No frame is played, so step 10 never comes (SS-7.4): the cell stays pending.
    state = position(
        [snake("red", ["G4", "G5", "G6", "G7", "F7"]), snake("blue", ["K6"] * 5)],
        pending_deletions=[{"cell": "G4", "diggable": True}],
        deaths=0,
    )
    after = play(state, {"red": {"removed": True}, "blue": "LLLLL"}).state
    assert after.result == Outcome("blue")
    assert js(after)["pending_deletions"] == [{"cell": "G4", "diggable": True}]
    assert GAME.from_json(js(after)) == after


def test_ss_2_3_a_living_snake_of_one_cell_is_no_state() -> None:
    """The 2026-12-01 decision: bodies start at 5 and never shrink, so a living body
    has 2 cells or more; one of 1 (the old SS-5.4 reading's case) is refused."""
    two = [snake("blue", ["F4", "G4", "H4", "I4", "J4"]), snake("c", ["A7", "A6"])]
    assert position([snake("red", ["E4", "E5"]), *two]).snake("red").length == 2
    with pytest.raises(StateError, match="2 body cells"):
        position([snake("red", ["E4"]), *two])
