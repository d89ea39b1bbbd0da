"""The story tells captures lost for want of an egg (WTS-5.2), in fr, eo and en."""

from __future__ import annotations

import pytest

from samtempa.render.shell_story import step_lines
from samtempa.server.core.i18n import Catalogs

from ..games.shell.test_lost_captures import play


@pytest.mark.parametrize(
    ("lang", "single", "pair"),
    [
        (
            "en",
            "A capture by black finds no egg to hatch",
            "A black and a white capture find no egg",
        ),
        ("fr", "Une capture de noir ne trouve aucun œuf", "Une capture de noir et une de blanc"),
        ("eo", "Kapto de nigra trovas neniun ovon", "Kapto de nigra kaj kapto de blanka"),
    ],
)
def test_lost_captures_are_told_with_the_rule(lang: str, single: str, pair: str) -> None:
    _ = Catalogs().gettext(lang)
    after = {"winning_turtles": {"black": 0, "white": 0}, "result": None, "phase": "normal"}
    one = [s for step in step_lines(play(["A1/A2", "I9/A3", "A4/I1"]), after, [], _) for s in step]
    assert any(s.startswith(single) and s.endswith("(WTS-5.2).") for s in one), one
    both = play(["A1/A2", "I9/A3", "I2/I1", "I3/H9", "A4/I4"])
    two = [s for step in step_lines(both, after, [], _) for s in step]
    assert any(s.startswith(pair) and "(WTS-5.2)" in s for s in two), two
