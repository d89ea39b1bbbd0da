"""Short interface texts of the tutorials, in English; the catalogue translates them.

The lessons carry their own texts (``lessons/*.json``); these are the pages' and
the terminal's words, by key (the pages' templates read them as ``t.<key>``).

>>> say("fr", "your-move"), say("en", "lesson", n=2, total=9)
('Votre coup', 'Lesson 2/9')
"""

from __future__ import annotations

from samtempa import words
from samtempa.tutorials.catalog import N_, pick_lang, tr, trc

TEXTS: dict[str, str] = {
    "snake-syntax": N_(
        "Type a path of 5 letters (U up, D down, L left, R right), then a power if you "
        "like: dash 1 · trap 2 U · dig 1 · ghost · breaker (no path) · shoot 1 1 L (step,"
        " portal, direction)."
    ),
    "path": N_("Path"),
    "power": N_("Power"),
    "no-power": N_("none"),
    "at-step": N_("at step"),
    "direction": N_("direction"),
    "shot": N_("Shot"),
    "dash-frames": N_("frames ahead"),
    "path-help": N_("5 letters: U up, D down, L left, R right"),
    "tutorial": N_("Tutorial"),
    "tutorial-intro": N_(
        "Short lessons: a prepared position, an instruction, your move, then what "
        "happened and why. No account needed; your progress is kept in this browser."
    ),
    "lessons": N_("Lessons"),
    "start": N_("Start"),
    "resume": N_("Continue"),
    "again": N_("Start again"),
    "done": N_("done"),
    "next-lesson": N_("Next lesson"),
    "back-to-lessons": N_("Back to the lessons"),
    "reset": N_("Reset my progress"),
    "send": N_("Play"),
    "board": N_("Board"),
    "board-after": N_("The board after the turn"),
    "pick-cell": N_("Click an empty cell (or choose it with the keyboard)."),
    "show-hint": N_("Show the hint"),
    "stale": N_("This lesson link is out of date; the lesson starts again."),
    "your-move": N_("Your move"),
    "you-are": N_("You play %(who)s."),
    "lesson": N_("Lesson %(n)s/%(total)s"),
    "step": N_("step %(n)s/%(total)s"),
    "rules": N_("Rules"),
    "well-done": N_("Well done!"),
    "not-yet": N_("Not quite."),
    "hint": N_("Hint"),
    "try-again": N_("Try again from the same position."),
    "what-happened": N_("What happened"),
    "why": N_("Why"),
    "illegal": N_("Move refused"),
    "all-done": N_("You have finished every lesson. Now go and play!"),
    "lesson-done": N_("Lesson complete."),
    "continue": N_("Enter to go on, q to quit: "),
    "progress-reset": N_("Progress reset."),
    "saved": N_("Progress saved: you will start again here."),
    "help-keys": N_("(h: hint, q: quit)"),
    "unknown-lesson": N_("Unknown lesson: %(id)s"),
}

#: Interface texts that are games' words (:mod:`samtempa.words`), not sentences.
WORDS: dict[str, str] = {"portal": "portal"}


def say(lang: str, key: str, **values: object) -> str:
    """The text ``key`` in ``lang`` (English when the language is unknown)."""
    if key in WORDS:
        return words.word(pick_lang(lang), WORDS[key])
    return tr(lang, TEXTS[key], **values)


def all_texts(lang: str) -> dict[str, str]:
    """Every interface text in ``lang``, placeholders left for the page to fill."""
    found = {key: tr(lang, text) for key, text in TEXTS.items()}
    return found | {key: words.word(pick_lang(lang), word) for key, word in WORDS.items()}


def colon(lang: str) -> str:
    """A colon spaced as each language wants (French puts a space before it)."""
    return trc(lang, "colon", ": ")


def label(lang: str, key: str) -> str:
    """``key`` as a label before a colon (``Indice : ``)."""
    return say(lang, key) + colon(lang)
