"""A Snake Synapse order as a learner writes it: typed words, or the lesson page's form.

The result is one snake's entry of the orders object (SS-3.1); the engine's
:func:`~samtempa.games.snake.orders.parse_order` then checks it. Letters follow
the learner's language (French types H B G D, as on the live page), and
English letters and power words always work.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from samtempa import words as vocabulary
from samtempa.games.base import JSON
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.catalog import LANGS, N_, each_lang, pick_lang, tr

ENGLISH_LETTERS = "UDLR"
#: Translators: the letters a learner types for up, down, left and right, in this order
#: (French: Haut, Bas, Gauche, Droite).
LETTERS = N_("UDLR")

#: Power words a learner may type: the English keywords and a few verbs ("creuser",
#: "pafi"); the race and cell names of every language come from the games' words.
_VERBS = {
    "breaker": "breaker",
    "break": "breaker",
    "bremsi": "breaker",
    "dash": "dash",
    "trap": "trap",
    "dig": "dig",
    "creuse": "dig",
    "creuser": "dig",
    "fosi": "dig",
    "ghost": "ghost",
    "shoot": "shoot",
    "tir": "shoot",
    "tire": "shoot",
    "pafo": "shoot",
    "pafi": "shoot",
}
#: The power each games' word names: a race's own power, or the trap it sets.
_NAMED = {"breaker": "breaker", "ghost": "ghost", "trap": "trap"}


def _plain(word: str) -> str:
    """A word without its accents (``fantôme`` → ``fantome``), as a keyboard may type it."""
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode("ascii")


def _power_words() -> dict[str, str]:
    found = dict(_VERBS)
    for lang in LANGS:
        for english, power in _NAMED.items():
            word = vocabulary.word(lang, english).lower()
            found.setdefault(word, power)
            found.setdefault(_plain(word), power)
    return found


_WORDS = _power_words()

BAD_NOTATION = N_(
    "Write a path of letters (U, D, L, R), then a power if you like: "
    "“RRRRR dash 1”, “breaker”, “URRRR trap 1 U”…"
)
BAD_DIRECTION = N_("A direction is one letter: U (up), D (down), L (left), R (right).")


def bad_notation() -> ActionError:
    return ActionError("bad-notation", each_lang(BAD_NOTATION))


def typed_letters(lang: str) -> dict[str, str]:
    """The letters a learner may type → the engine's direction: the language's own
    letters first, then the English ones it leaves free (French D is right)."""
    local = tr(lang, LETTERS)
    found = dict(zip(local, ENGLISH_LETTERS, strict=True))
    for letter in ENGLISH_LETTERS:
        found.setdefault(letter, letter)
    return found


def letters(path: str, lang: str) -> str:
    """A path in the letters the learner types: ``DDDDD`` for right ×5 in French."""
    return path.translate(str.maketrans(ENGLISH_LETTERS, tr(lang, LETTERS)))


_TOKEN = re.compile(r"[^\s,;]+")


def _direction(word: str, lang: str) -> str:
    found = typed_letters(lang).get(word.upper())
    if found is None:
        raise ActionError("bad-direction", each_lang(BAD_DIRECTION))
    return found


def _number(word: str) -> int:
    if not word.isdigit():
        raise bad_notation()
    return int(word)


def parse_order_text(text: str, lang: str) -> JSON:
    """One order from the terminal's words into the orders entry of SS-3.1."""
    words = _TOKEN.findall(text.strip())
    if not words:
        raise bad_notation()
    order: JSON = {}
    i = 0
    if words[0].lower() not in _WORDS:
        order["path"] = "".join(_direction(ch, lang) for ch in words[0])
        i = 1
    shots: list[JSON] = []
    try:
        while i < len(words):
            word = _WORDS.get(words[i].lower())
            if word is None:
                raise bad_notation()
            if word in ("breaker", "ghost"):
                order[word] = True
                i += 1
            elif word == "dash":
                order["dash"] = _number(words[i + 1])
                i += 2
            elif word == "trap":
                frame, d = _number(words[i + 1]), _direction(words[i + 2], lang)
                order["trap"] = {"frame": frame, "dir": d}
                i += 3
            elif word == "dig":
                order["dig"] = {"frame": _number(words[i + 1])}
                i += 2
            else:
                frame, portal = _number(words[i + 1]), _number(words[i + 2])
                shots.append(
                    {"frame": frame, "portal": portal, "dir": _direction(words[i + 3], lang)}
                )
                i += 4
    except IndexError:
        raise bad_notation() from None
    if shots:
        order["shoot"] = shots
    return order


def order_from_form(form: dict[str, str], lang: str) -> JSON:
    """The lesson form's fields: ``path``, ``power`` (none, breaker, dash, trap, dig, ghost,
    shoot) and its details (``dash``, ``frame``, ``dir``, ``shotN_frame/portal/dir``)."""
    power = form.get("power", "")
    order: JSON = {}
    path = form.get("path", "").strip()
    if power != "breaker" or path:
        order["path"] = "".join(_direction(ch, lang) for ch in path if not ch.isspace())
    if power in ("breaker", "ghost"):
        order[power] = True
    elif power == "dash":
        order["dash"] = _number(form.get("dash", "1"))
    elif power == "trap":
        order["trap"] = {"frame": _number(form.get("frame", "")), "dir": form.get("dir", "")}
    elif power == "dig":
        order["dig"] = {"frame": _number(form.get("frame", ""))}
    elif power == "shoot":
        shots = []
        for n in (1, 2, 3):
            frame = form.get(f"shot{n}_frame", "")
            if frame:
                shots.append(
                    {
                        "frame": _number(frame),
                        "portal": _number(form.get(f"shot{n}_portal", "1")),
                        "dir": form.get(f"shot{n}_dir", ""),
                    }
                )
        if shots:
            order["shoot"] = shots
    return order


def order_text(order: JSON, lang: str) -> str:
    """An order as the reveal shows it, in the learner's letters: ``RRURR, dash 1``."""
    if order.get("breaker"):
        breaker = vocabulary.race_name(pick_lang(lang), "breaker")
        return tr(lang, "%(race)s, still the whole turn", race=breaker)

    def d(x: Any) -> str:
        return letters(str(x), lang)

    parts = [d(order.get("path", ""))]
    if order.get("dash"):
        parts.append(f"dash {order['dash']}")
    if "trap" in order:
        parts.append(f"trap {order['trap']['frame']} {d(order['trap']['dir'])}")
    if "dig" in order:
        parts.append(f"dig {order['dig']['frame']}")
    if order.get("ghost"):
        parts.append("ghost")
    for shot in order.get("shoot", []):
        parts.append(f"shoot {shot['frame']} {shot['portal']} {d(shot['dir'])}")
    return ", ".join(parts)
