"""What the Shell rules, one test per rule or decision of rules/what-the-shell.md."""

from __future__ import annotations

import pytest

from samtempa.games.base import OrderError
from samtempa.games.shell import INITIAL, ShellState, square, step, step_with_report
from samtempa.games.shell.board import square_name, squares_of, winning_count
from samtempa.games.shell.notation import parse_turn, to_json
from samtempa.games.shell.state import NORMAL, SUDDEN_DEATH
from samtempa.grid import EIGHT_DIRECTIONS
from tests.games.shell.util import position


def play(state: ShellState, turn: str) -> ShellState:
    black, white = parse_turn(state, turn)
    return step(state, black, white)


def cells(state: ShellState, kind: str) -> list[str]:
    mask = {"B": state.black, "W": state.white, "O": state.eggs}[kind]
    return [square_name(s) for s in squares_of(mask)]


def test_wts_1_1_a1_is_top_left_and_i9_bottom_right() -> None:
    state = play(INITIAL, "A1/I9")
    board = to_json(state)["board"]
    assert board[0][0] == "B"
    assert board[8][8] == "W"


def test_wts_3_1_different_picks_place_both_turtles() -> None:
    state = play(INITIAL, "E5/D4")
    assert cells(state, "B") == ["E5"]
    assert cells(state, "W") == ["D4"]
    assert state.turn == 1


def test_wts_3_2_collision_lays_an_egg_at_the_end_of_the_queue() -> None:
    state = play(position([], eggs=[]), "A1/A1")
    state = play(state, "E5/E5")
    assert [square_name(s) for s in state.queue] == ["A1", "E5"]
    assert state.black == state.white == 0


def test_wts_3_2_collision_captures_nothing() -> None:
    # E5 would capture D5,C5 against B5 for black; as a collision it lays an egg.
    state = position(["", "", "", "", ".BWW....."])
    after = play(state, "E5/E5")
    assert cells(after, "W") == ["C5", "D5"]
    assert cells(after, "O") == ["E5"]


@pytest.mark.parametrize(("dx", "dy"), EIGHT_DIRECTIONS)
def test_wts_4_1_capture_in_each_of_the_eight_directions(dx: int, dy: int) -> None:
    rows = [["."] * 9 for _ in range(9)]
    rows[4 + dy][4 + dx] = "W"
    rows[4 + 2 * dy][4 + 2 * dx] = "W"
    rows[4 + 3 * dy][4 + 3 * dx] = "B"
    state = position(["".join(r) for r in rows])
    after, report = step_with_report(state, square("E5"), square("A1"))
    assert cells(after, "W") == ["A1"], "both white turtles of the sandwich are gone"
    pair = [(4 + dy) * 10 + 4 + dx, (4 + 2 * dy) * 10 + 4 + 2 * dx]
    assert sorted(report.captured) == sorted(pair)
    assert len(report.waves[0].captures) == 1


def test_wts_4_1_eggs_are_hostile_and_capturable() -> None:
    state = position(["", "", "", "", ".BOW....."], eggs=["C5"])
    after = play(state, "E5/A9")
    assert cells(after, "O") == []
    assert cells(after, "W") == ["A9"]
    assert after.queue == ()


@pytest.mark.parametrize(
    "row",
    [".B.W.....", ".BWWW...."],  # one hostile piece; three hostile pieces
    ids=["one", "three"],
)
def test_wts_4_2_exactly_two_hostile_pieces(row: str) -> None:
    state = position(["", "", "", "", row])
    black_pick = row.rindex("W") + 1
    after = step(state, 4 * 10 + black_pick, square("A9"))
    assert cells(after, "W").count("A9") == 1
    assert len(cells(after, "W")) == row.count("W") + 1


def test_wts_4_3_walking_into_a_trap_is_safe() -> None:
    state = position(["", "", "", "", ".BW.B...."])
    after = play(state, "I9/D5")
    assert "D5" in cells(after, "W")
    assert "C5" in cells(after, "W")


def test_wts_4_5_capture_by_anticipation() -> None:
    # Black D5 closes C5 and white's new B5 against A5.
    state = position(["", "", "", "", "B.W......"])
    after, report = step_with_report(state, square("D5"), square("B5"))
    assert cells(after, "W") == []
    assert sorted(report.captured) == [square("B5"), square("C5")]


def test_wts_4_5_a_captured_new_turtle_still_captures() -> None:
    # Black E5 takes D5 (white's new turtle),C5 against B5 and F5,G5 against H5;
    # white's D5, captured in the same wave, still takes D4,D3 against D2.
    state = position(["", "...W.....", "...B.....", "...B.....", ".BW..WWB."])
    after, report = step_with_report(state, square("E5"), square("D5"))
    assert sorted(report.captured) == sorted(
        square(c) for c in ("C5", "D5", "F5", "G5", "D4", "D3")
    )
    assert cells(after, "W") == ["D2"]
    assert cells(after, "B") == ["B5", "E5", "H5"]


def test_wts_4_6_a_piece_captured_twice_is_removed_once_and_both_captures_count() -> None:
    # Black A5 takes B5,C5 against D5; white E5 takes D5,C5 against B5; egg C5 is in both.
    state = position(["", "", "", "", ".WOB.....", "", "", "", "........O"], eggs=["I9", "C5"])
    after, report = step_with_report(state, square("A5"), square("E5"))
    assert len(report.waves[0].captures) == 2
    assert sorted(report.captured) == [square("B5"), square("C5"), square("D5")]
    # kb = kw = 1: the pair claims the oldest egg still on the board, I9 (WTS-5.2).
    assert report.vanished == [square("I9")]
    assert after.eggs == 0
    assert after.queue == ()
    assert cells(after, "B") == ["A5"]
    assert cells(after, "W") == ["E5"]


def test_wts_4_7_same_pair_closed_from_both_ends_counts_once() -> None:
    state = position(
        ["........O", "OWWO.....", "", "", ".BWW.WWB.", "", "", "", "........O"],
        eggs=["A2", "D2", "I9", "I1"],
    )
    after, report = step_with_report(state, square("E5"), square("G8"))
    assert len(report.waves) == 2
    assert len(report.waves[1].captures) == 1
    assert report.waves[1].hatched == [square("I9")]
    assert [square_name(s) for s in after.queue] == ["I1"]


def test_wts_5_2_captures_beyond_the_eggs_are_lost() -> None:
    # Black E5 makes two captures; one egg: it hatches, the second capture is lost.
    state = position(["", "", "", "", ".BWW.WWB.", "", "", "", "O........"])
    after, report = step_with_report(state, square("E5"), square("A1"))
    assert len(report.waves[0].captures) == 2
    assert report.waves[0].hatched == [square("A9")]
    assert after.eggs == 0
    assert "A9" in cells(after, "B")


def test_wts_5_2_pairs_vanish_the_oldest_eggs_first() -> None:
    state = position(
        ["..WWB....", "", "", "", "", "", "", "....WBB..", "O.......O"], eggs=["I9", "A9"]
    )
    after, report = step_with_report(state, square("B1"), square("H8"))
    assert report.vanished == [square("I9")]
    assert [square_name(s) for s in after.queue] == ["A9"]


def test_wts_5_3_hatched_turtles_capture_in_the_next_wave() -> None:
    state = position(
        [
            ".........",
            "..WWB....",
            "........O",
            "........W",
            "....O...W",
            "........B",
            ".....O...",
            ".........",
            "OWWB.....",
        ],
        eggs=["I3", "A9", "F7", "E5"],
    )
    after, report = step_with_report(state, square("B2"), square("H8"))
    assert [w.hatched for w in report.waves] == [[square("I3")], [square("A9")], [square("F7")]]
    assert [square_name(s) for s in after.queue] == ["E5"]


def test_wts_6_1_a_cross_of_two_fives_counts_nine() -> None:
    state = position(["", "", "....B....", "....B....", "..BB.BB..", "....B....", "....B...."])
    after = play(state, "E5/A1")
    assert after.winning_black == 9
    assert after.result == "black"


def test_wts_6_1_one_run_of_eight_counts_eight() -> None:
    mask = sum(1 << (8 * 10 + c) for c in range(8))
    assert winning_count(mask) == 8
    assert winning_count(mask & ~(1 << (8 * 10 + 4))) == 0  # broken into 4 + 3


def test_wts_6_2_equal_counts_start_sudden_death_which_persists() -> None:
    state = position(["BBBB.....", "", "", "", "", "", "", "", "WWWW....."])
    state = play(state, "E1/E9")
    assert (state.phase, state.result) == (SUDDEN_DEATH, None)
    assert state.winning_black == state.winning_white == 5
    state = play(state, "A5/A6")
    assert (state.phase, state.result) == (SUDDEN_DEATH, None)


def test_wts_6_2_sudden_death_ends_when_both_lines_are_broken() -> None:
    # Black B3 takes B4,B5 (breaking white's row 5); white D9 takes D8,D7 (black's row 7).
    state = position(["", "", "", ".W.......", "WWWWW....", ".B.W.....", "BBBBB....", "...B....."])
    assert state.phase == SUDDEN_DEATH
    after = play(state, "B3/D9")
    assert (after.phase, after.result) == (NORMAL, None)
    assert after.winning_black == after.winning_white == 0


def test_wts_6_4_full_board_is_a_draw() -> None:
    rows = [
        "BWBWBWBWB",
        "BWBWBWBWB",
        "WBWBWBWBW",
        "WBWBWBWBW",
        "BWBWBWBWB",
        "BWBWBWBWB",
        "WBWBWBWBW",
        "WBWBWBWBW",
        "BWBWBWBW.",
    ]
    state = position(rows)
    assert state.phase == NORMAL
    after = play(state, "I9/I9")
    assert after.result == "draw"
    with pytest.raises(OrderError) as e:
        play(after, "I9/I9")
    assert e.value.code == "game-over"
    with pytest.raises(OrderError) as e:
        parse_turn(after, "nonsense")
    assert e.value.code == "game-over", "game-over is reported before bad notation"


@pytest.mark.parametrize(
    ("turn", "code"),
    [
        ("E5-B4", "bad-notation"),
        ("E5/B4/C3", "bad-notation"),
        ("e5/B4", "bad-notation"),
        ("E05/B4", "bad-notation"),
        (" E5/B4", "bad-notation"),
        ("E5/", "bad-notation"),
        ("J5/B4", "off-board"),
        ("E10/B4", "off-board"),
        ("E0/B4", "off-board"),
        ("J5/e5", "bad-notation"),  # bad notation is reported before off-board
        ("E5/Z1", "off-board"),
    ],
)
def test_wts_2_3_notation_errors_in_their_order(turn: str, code: str) -> None:
    with pytest.raises(OrderError) as e:
        parse_turn(INITIAL, turn)
    assert e.value.code == code


def test_wts_2_3_occupied_is_reported_for_black_first() -> None:
    state = play(INITIAL, "A1/B1")
    with pytest.raises(OrderError) as e:
        play(state, "A1/B1")
    assert (e.value.code, e.value.player) == ("occupied", "black")
    with pytest.raises(OrderError) as e:
        play(state, "C1/B1")
    assert (e.value.code, e.value.player) == ("occupied", "white")


def test_wts_2_1_a_rejected_turn_changes_nothing() -> None:
    state = play(INITIAL, "A1/B1")
    before = to_json(state)
    with pytest.raises(OrderError):
        play(state, "A1/C1")
    assert to_json(state) == before


def test_step_returns_a_new_state_and_keeps_the_old_one() -> None:
    state = position(["", "", "", "", ".BWW....."])
    before = to_json(state)
    after = play(state, "E5/A1")
    assert to_json(state) == before
    assert after is not state
    assert after.turn == state.turn + 1
