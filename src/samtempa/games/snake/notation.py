"""Snake Synapse orders as typed text: the one notation and its parser.

``URDRR dash 1``, ``break``, ``URRRR trap 2 U``, ``LLLLL shoot 1 2 R``: a path
of letters, then powers with their numbers and directions, separated by
spaces, commas or semicolons. The terminal game and the lessons both read and
write it here; a lesson passes its learner's letters and power words (French
H B G D, "creuser"), which map onto the English ones below. The text becomes
the orders entry of SS-3.1, which :func:`.orders.parse_order` then checks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from samtempa.games.base import JSON, OrderError

DIRECTIONS = "UDLR"
#: The English power words and the power each names.
WORDS: Mapping[str, str] = {
    "break": "breaker",
    "breaker": "breaker",
    "dash": "dash",
    "trap": "trap",
    "dig": "dig",
    "ghost": "ghost",
    "shoot": "shoot",
}
_LETTERS: Mapping[str, str] = {d: d for d in DIRECTIONS}
_TOKEN = re.compile(r"[^\s,;]+")


class NotationError(OrderError):
    """Text that is not an order: ``bad-notation``, or ``bad-direction`` for a bad letter."""


def _no_path() -> NotationError:
    return NotationError("bad-notation", "type a path like URDRR (or 'break' for a Breaker)")


def parse_order_text(
    text: str,
    letters: Mapping[str, str] = _LETTERS,
    words: Mapping[str, str] = WORDS,
) -> JSON:
    """One snake's orders entry (SS-3.1) from its text; raises :class:`NotationError`.

    ``letters`` maps each typed letter (upper case) to U, D, L or R; ``words`` each
    typed power word (lower case) to its power.
    """
    tokens = _TOKEN.findall(text)
    if not tokens:
        raise _no_path()

    def direction(word: str, what: str) -> str:
        found = letters.get(word.upper())
        if found is None:
            raise NotationError("bad-direction", f"'{what}' needs a direction U, D, L or R")
        return found

    order: JSON = {}
    i = 0
    if tokens[0].lower() not in words:
        order["path"] = "".join(direction(ch, "a path") for ch in tokens[0])
        i = 1
    rest = tokens[i:]

    def number(k: int, what: str) -> int:
        if k >= len(rest) or not rest[k].isdigit():
            raise NotationError("bad-notation", f"'{what}' needs a number after it")
        return int(rest[k])

    def dir_at(k: int, what: str) -> str:
        if k >= len(rest):
            raise NotationError("bad-notation", f"'{what}' needs a direction U, D, L or R")
        return direction(rest[k], what)

    shots: list[JSON] = []
    k = 0
    while k < len(rest):
        typed = rest[k]
        power = words.get(typed.lower())
        if power is None:
            raise NotationError(
                "bad-notation", f"unknown word {typed!r}; powers: dash, trap, dig, ghost, shoot"
            )
        if power in ("breaker", "ghost"):
            order[power] = True
            k += 1
        elif power == "dash":
            order["dash"], k = number(k + 1, typed), k + 2
        elif power == "trap":
            order["trap"] = {"frame": number(k + 1, typed), "dir": dir_at(k + 2, typed)}
            k += 3
        elif power == "dig":
            order["dig"], k = {"frame": number(k + 1, typed)}, k + 2
        else:
            shot = {"frame": number(k + 1, typed), "portal": number(k + 2, typed)}
            shots.append({**shot, "dir": dir_at(k + 3, typed)})
            k += 4
    if shots:
        order["shoot"] = shots
    return order


def order_text(
    order: Mapping[str, Any], sep: str = " ", letters: Callable[[str], str] = str
) -> str:
    """The text of an orders entry (inverse of :func:`parse_order_text`).

    ``letters`` writes a path or a direction in the reader's letters.
    """
    if order.get("breaker") and "path" not in order:
        return "break"
    parts = [letters(str(order.get("path", "")))]
    if order.get("dash"):
        parts.append(f"dash {order['dash']}")
    if "trap" in order:
        parts.append(f"trap {order['trap']['frame']} {letters(str(order['trap']['dir']))}")
    if "dig" in order:
        parts.append(f"dig {order['dig']['frame']}")
    if order.get("ghost"):
        parts.append("ghost")
    for shot in order.get("shoot", []):
        parts.append(f"shoot {shot['frame']} {shot['portal']} {letters(str(shot['dir']))}")
    return sep.join(parts)
