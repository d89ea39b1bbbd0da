"""The live board's drawing (render/shell_board.py) and the turn's sentences (shell_story)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from samtempa.games.registry import get_game
from samtempa.render.shell import turn_pictures
from samtempa.render.shell_board import VIEW, board_svg, final_picture
from samtempa.render.shell_story import end_lines, step_lines

NS = "{http://www.w3.org/2000/svg}"


def play(turns: list[str]) -> tuple[dict[str, object], object, dict[str, object]]:
    game = get_game("what-the-shell")
    state = game.initial_state()
    before = game.to_json(state)
    report = None
    for turn in turns:
        b, w = turn.split("/")
        before = game.to_json(state)
        picks = {
            "black": game.parse_orders(state, "black", b),
            "white": game.parse_orders(state, "white", w),
        }
        step = game.step(state, picks)
        state, report = step.state, step.report
    return before, report, game.to_json(state)


def test_the_board_alone_has_no_word_and_its_picks_carry_chips_not_letters() -> None:
    before, report, after = play(["A1/A2", "I9/A3", "A4/I1"])
    for picture in turn_pictures(before, report, after):  # type: ignore[arg-type]
        root = ET.fromstring(board_svg(picture))
        texts = {t.text for t in root.iter(f"{NS}text")}
        # Only the coordinates (WTS-1.1) and the egg numbers are written.
        assert texts <= set("ABCDEFGHI") | {str(n) for n in range(1, 82)}, texts
        assert root.find(f"{NS}title") is None
        assert root.get("aria-hidden") == "true"
        assert root.get("viewBox") == " ".join(str(v) for v in VIEW)
    last = ET.fromstring(board_svg(turn_pictures(before, report, after)[-1]))  # type: ignore[arg-type]
    picks = [g for g in last.iter(f"{NS}g") if "pick" in (g.get("class") or "")]
    assert {g.get("data-cell") for g in picks} == {"A4", "I1"}
    assert all(g.find(f"{NS}circle") is not None for g in picks)


def test_the_sentences_follow_the_report_and_leave_the_winner_to_the_verdict() -> None:
    before, report, after = play(["A1/A2", "I9/A3", "A4/I1"])
    lines = step_lines(report, after, ["white"], lambda s, **v: s % v if v else s)  # type: ignore[arg-type]
    assert len(lines) == len(turn_pictures(before, report, after))  # type: ignore[arg-type]
    flat = [s for step in lines for s in step]
    assert flat[0].startswith("White sent nothing in time")
    assert any(re.fullmatch(r"Black A4 captures A[23] and A[23] against A1\.", s) for s in flat)
    line = ["A1/I1", "A2/I2", "A3/I3", "A4/I4", "A5/I6"]
    *_, final = play(line)
    told = end_lines(final, lambda s, **v: s % v if v else s)
    assert told == ["Winning turtles: black 5, white 0", "The game is over."]
    assert not any("wins" in s or "won" in s for s in told)


def test_a_collision_is_told_picks_then_egg() -> None:
    """WTS-3.2: the picks step says who picked the cell, the next one the egg laid there."""
    _, report, after = play(["E5/E5"])
    lines = step_lines(report, after, [], lambda s, **v: s % v if v else s)  # type: ignore[arg-type]
    assert lines[0] == ["Black and white both picked E5."]
    assert lines[1] == ["Same cell: no turtle lands, an egg is laid on E5."]
    assert board_svg(final_picture(after, report)).count('class="chip') == 2  # type: ignore[arg-type]
