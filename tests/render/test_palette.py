"""Snake colours: named colours keep their colour, every snake gets its own."""

from __future__ import annotations

import doctest

import samtempa.render.palette
from samtempa.render.palette import (
    BLUE,
    REDDISH_PURPLE,
    VERMILLION,
    luminance,
    snake_colours,
    text_on,
)


def test_lobby_colours_are_all_distinct() -> None:
    names = ("red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink")
    colours = snake_colours(names)
    assert len(set(colours)) == len(names)
    assert colours[0] == VERMILLION
    assert colours[1] == BLUE
    assert colours[7] == REDDISH_PURPLE


def test_unknown_names_never_take_a_named_colour() -> None:
    colours = snake_colours(["x", "y", "red", "#123456"])
    assert colours[2] == VERMILLION
    assert colours[3] == "#123456"
    assert len(set(colours)) == 4


def test_text_reads_on_its_background() -> None:
    assert text_on("#FFFFFF") == "#1A1A1A"
    assert text_on("#000000") == "#FFFFFF"
    assert luminance("#FFFFFF") > luminance(BLUE) > luminance("#000000")


def test_docstring_examples() -> None:
    assert doctest.testmod(samtempa.render.palette).failed == 0
