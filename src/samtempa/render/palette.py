"""Colours of the pictures: the Okabe–Ito palette, safe for the common colour blindnesses.

Colour is never the only cue in a picture (labels, shapes and patterns say
the same thing), but the colours themselves are chosen to stay apart for
deuteranopia, protanopia and tritanopia.
"""

from __future__ import annotations

from collections.abc import Sequence

# Okabe & Ito, "Color Universal Design" (2008).
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
BLUISH_GREEN = "#009E73"
YELLOW = "#F0E442"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
REDDISH_PURPLE = "#CC79A7"
PURPLE = "#882E72"  # not Okabe–Ito: a darker purple, apart from reddish purple by lightness

#: Snake colours in the order they are given to snakes whose colour has no name we know.
SNAKE_PALETTE: tuple[str, ...] = (
    VERMILLION,
    BLUE,
    BLUISH_GREEN,
    ORANGE,
    REDDISH_PURPLE,
    SKY_BLUE,
    YELLOW,
    PURPLE,
    "#7F7F7F",
    "#FFFFFF",
    "#1A1A1A",
)

#: Colour names a player may choose (English and French), drawn as the nearest safe colour.
NAMED: dict[str, str] = {
    "red": VERMILLION,
    "rouge": VERMILLION,
    "vermillion": VERMILLION,
    "blue": BLUE,
    "bleu": BLUE,
    "green": BLUISH_GREEN,
    "vert": BLUISH_GREEN,
    "orange": ORANGE,
    "yellow": YELLOW,
    "jaune": YELLOW,
    "pink": REDDISH_PURPLE,
    "rose": REDDISH_PURPLE,
    "magenta": REDDISH_PURPLE,
    # Purple must differ from pink (the lobby offers both): Paul Tol's darker purple.
    "purple": PURPLE,
    "violet": PURPLE,
    "cyan": SKY_BLUE,
    "sky": SKY_BLUE,
    "lightblue": SKY_BLUE,
    "turquoise": SKY_BLUE,
    "grey": "#7F7F7F",
    "gray": "#7F7F7F",
    "gris": "#7F7F7F",
    "white": "#FFFFFF",
    "blanc": "#FFFFFF",
    "black": "#1A1A1A",
    "noir": "#1A1A1A",
}

# Board and terrain colours.
INK = "#1A1A1A"
FLOOR = "#FAFAF5"
GRID = "#B8B8B0"
WALL_DIGGABLE = "#A6A6A6"
WALL_HATCH = "#6E6E6E"
WALL_UNDIGGABLE = "#363636"
TRAP = YELLOW
LADDER = "#8B5A2B"
SAND = "#DCC89C"
SAND_GRID = "#8C7650"
EGG = "#F6EBC5"
EGG_STROKE = "#7A6535"


def is_hex(colour: str) -> bool:
    return (
        len(colour) == 7
        and colour[0] == "#"
        and all(c in "0123456789abcdefABCDEF" for c in colour[1:])
    )


def snake_colours(names: Sequence[str]) -> list[str]:
    """A distinct drawable colour for each snake's colour name, in seat order.

    Known names map to the palette and ``#rrggbb`` is kept as given, first
    come first served; then a name we do not know, or a colour already taken,
    gets the first unused colour of :data:`SNAKE_PALETTE`.

    >>> snake_colours(["x", "red", "rouge"])
    ['#0072B2', '#D55E00', '#009E73']
    """
    wanted: list[str | None] = []
    for name in names:
        key = name.strip().lower().replace(" ", "").replace("-", "")
        colour = name.upper() if is_hex(name) else NAMED.get(key)
        wanted.append(None if colour is None or colour in wanted else colour)
    taken = {c for c in wanted if c is not None}
    spare = iter([c for c in SNAKE_PALETTE if c not in taken] + list(SNAKE_PALETTE))
    return [c if c is not None else next(spare) for c in wanted]


def luminance(colour: str) -> float:
    """Relative luminance (WCAG) of ``#rrggbb``."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour``."""
    return INK if luminance(colour) > 0.18 else "#FFFFFF"


def darken(colour: str, amount: float) -> str:
    """``colour`` mixed with black (``amount`` 0: unchanged, 1: black)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    k = 1 - amount
    return f"#{round(r * k):02X}{round(g * k):02X}{round(b * k):02X}"


def hex_to_rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
