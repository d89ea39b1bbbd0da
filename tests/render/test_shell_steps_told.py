"""Every step of a What the Shell turn is told (render/shell_story.py), each sentence
with a capital, in English, French and Esperanto: the live page's step bar shows one
step's sentences alone, so a step without words would leave it saying only "step 2 of 3"."""

from __future__ import annotations

import itertools

import pytest

from samtempa.render.shell import turn_pictures
from samtempa.render.shell_story import step_lines
from samtempa.server.core.i18n import Catalogs

from .test_shell_board import play

TURNS = {
    "collision": ["E5/E5"],  # WTS-3.2: an egg, no turtle
    "plain": ["E5/F4"],  # WTS-3.1: two turtles, nothing captured
    "capture": ["A1/A2", "I9/A3", "A4/I1"],  # WTS-4.1, the capture lost for want of an egg
    "hatch": ["E5/E5", "A1/A2", "I9/A3", "A4/I1"],  # WTS-5.1: the capture hatches E5
}
CATALOGS = Catalogs()


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
@pytest.mark.parametrize("turn", sorted(TURNS))
def test_every_step_has_a_sentence_starting_with_a_capital(lang: str, turn: str) -> None:
    before, report, after = play(TURNS[turn])
    steps = step_lines(report, after, ["white"], CATALOGS.gettext(lang))  # type: ignore[arg-type]
    assert len(steps) == len(turn_pictures(before, report, after, lang))  # type: ignore[arg-type]
    for n, lines in enumerate(steps):
        assert lines, (turn, lang, n, steps)
        for line in lines:
            assert line[:1].isupper(), (turn, lang, n, line)
            assert "%(" not in line
    flat = [line for lines in steps for line in lines]
    assert all(a != b for a, b in itertools.pairwise(flat)), flat


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
def test_the_placement_says_what_the_rules_did_not_the_picks_again(lang: str) -> None:
    """Told one after the other (the list under the board, the replay), the picks name the
    cells and the placement tells WTS-3.1 without naming them a second time."""
    _ = CATALOGS.gettext(lang)
    _b, report, after = play(["E5/F4"])
    picks, placement, *_rest = step_lines(report, after, [], _)  # type: ignore[arg-type]
    assert "E5" in picks[0]
    assert "F4" in picks[0]
    assert placement == [_("Different cells: both turtles land on the board.")]
    _b, report, after = play(["E5/E5"])
    picks, egg, *_rest = step_lines(report, after, [], _)  # type: ignore[arg-type]
    assert egg == [_("Same cell: no turtle lands, an egg is laid on %(cell)s.", cell="E5")]


def test_the_hatch_turn_is_told_with_its_egg() -> None:
    _b, report, after = play(TURNS["hatch"])
    flat = [s for lines in step_lines(report, after, [], CATALOGS.gettext("en")) for s in lines]  # type: ignore[arg-type]
    assert "Egg E5 hatches as black." in flat, flat
    assert flat[-1] == "No winning turtle: the game goes on."
