"""WTS-5.2: captures that find no egg are lost, and the engine's report says so."""

from __future__ import annotations

from samtempa.games.registry import get_game
from samtempa.games.shell import square
from samtempa.games.shell.report_json import report_to_json
from samtempa.games.shell.rules import TurnReport


def play(turns: list[str]) -> TurnReport:
    game = get_game("what-the-shell")
    state = game.initial_state()
    report = None
    for turn in turns:
        b, w = turn.split("/")
        picks = {
            "black": game.parse_orders(state, "black", b),
            "white": game.parse_orders(state, "white", w),
        }
        step = game.step(state, picks)
        state, report = step.state, step.report
    assert isinstance(report, TurnReport)
    return report


def test_a_capture_with_no_egg_left_is_lost_and_said() -> None:
    # Black's A4 closes A2 and A3 against A1: one capture, no egg on the board.
    report = play(["A1/A2", "I9/A3", "A4/I1"])
    (wave,) = report.waves
    assert len(wave.captures) == 1
    assert (wave.hatched, wave.vanished) == ([], [])
    assert (wave.lost_pairs, wave.lost, wave.lost_colour) == (0, 1, "black")
    data = report_to_json(report)["waves"][0]
    assert (data["lost_pairs"], data["lost"], data["lost_colour"]) == (0, 1, "black")
    assert any("lost (WTS-5.2)" in line for line in report.describe())


def test_a_pair_of_captures_with_no_egg_is_lost_and_said() -> None:
    # Black's A4 and white's I4 each capture in wave 0; m = 1 and no egg to vanish.
    report = play(["A1/A2", "I9/A3", "I2/I1", "I3/H9", "A4/I4"])
    (wave,) = report.waves
    assert sorted(c.colour for c in wave.captures) == ["black", "white"]
    assert (wave.lost_pairs, wave.lost, wave.lost_colour) == (1, 0, None)
    assert report_to_json(report)["waves"][0]["lost_pairs"] == 1


def test_captures_that_find_their_eggs_lose_nothing() -> None:
    # An egg at C3 (collision), then black's A4 capture hatches it (WTS-5.2).
    report = play(["C3/C3", "A1/A2", "I9/A3", "A4/I1"])
    wave = report.waves[0]
    assert wave.hatched == [square("C3")]
    assert (wave.lost_pairs, wave.lost, wave.lost_colour) == (0, 0, None)
    assert not any("lost" in line for line in report.describe())
