"""What the Shell in the tutorial: picks, the scripted reply, and the turn in words.

Sentences are built from the engine's :class:`~samtempa.games.shell.rules.TurnReport`
(captures per wave, vanished and hatched eggs, winning turtles); nothing here
decides a rule.
"""

from __future__ import annotations

from typing import Any

from samtempa import words as vocabulary
from samtempa.games.base import OrderError
from samtempa.games.shell import notation
from samtempa.games.shell.board import square_name
from samtempa.games.shell.rules import TurnReport
from samtempa.games.shell.state import BLACK, DRAW, INITIAL, NORMAL, SUDDEN_DEATH, ShellState
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.catalog import LANGS, N_, each_lang, ntr, pick_lang, tr
from samtempa.tutorials.lessons import Lesson

NAME = "what-the-shell"

#: What the engine's refusals say (``OrderError.code``), the cell put back in.
_ERRORS: dict[str, str] = {
    "occupied": N_("%(cell)s is not empty: pick an empty cell (WTS-2.1)."),
    "off-board": N_("%(cell)s is not on the board, which runs from A1 to I9."),
    "bad-notation": N_("Write a cell like E5: a column from A to I, then a row from 1 to 9."),
    "game-over": N_("The game is over."),
}
#: Sentences naming a turtle by its colour: one message per colour, so that each
#: language makes the colour agree with the turtle (French "noire", Esperanto "nigran").
_CAPTURE = {
    "black": N_(
        "The black turtle %(closer)s closes the sandwich with %(anchor)s: "
        "it captures %(a)s and %(b)s."
    ),
    "white": N_(
        "The white turtle %(closer)s closes the sandwich with %(anchor)s: "
        "it captures %(a)s and %(b)s."
    ),
}
_CAPTURE_HATCHED = {
    "black": N_(
        "Then the freshly hatched black turtle %(closer)s closes the sandwich with "
        "%(anchor)s: it captures %(a)s and %(b)s."
    ),
    "white": N_(
        "Then the freshly hatched white turtle %(closer)s closes the sandwich with "
        "%(anchor)s: it captures %(a)s and %(b)s."
    ),
}
_TURTLE = {"black": N_("the black turtle %(cell)s"), "white": N_("the white turtle %(cell)s")}
_HATCHED = {
    "black": N_("The egg %(cell)s hatches as a black turtle (WTS-5.2)."),
    "white": N_("The egg %(cell)s hatches as a white turtle (WTS-5.2)."),
}

#: What the terminal board's signs mean (the colours are the games' words).
LEGEND = N_(
    "● %(black)s  ○ %(white)s  1 2 3… eggs (1 hatches first)  [ ] picks  × captured  ∅ vanished egg"
)


def legend(lang: str) -> str:
    """The signs of the terminal board, in ``lang``."""
    lang = pick_lang(lang)
    return tr(
        lang, LEGEND, black=vocabulary.word(lang, "black"), white=vocabulary.word(lang, "white")
    )


def who(colour: str, lang: str) -> str:
    """The colour as a player's name: ``Noir``, ``Nigro``, ``Black``."""
    return vocabulary.word(pick_lang(lang), colour.capitalize())


class ShellLessons:
    """The What the Shell adapter: an action is a pick, ``"E5"``; the reply is a pick too."""

    name = NAME

    def start_state(self, lesson: Lesson) -> ShellState:
        return INITIAL if lesson.start is None else notation.from_json(lesson.start)

    def normalise(self, lesson: Lesson, action: Any) -> str:
        if not isinstance(action, str):
            raise ActionError("bad-notation", each_lang(_ERRORS["bad-notation"]))
        pick = notation.normalise_pick(action)
        if not notation.is_pick_shape(pick):
            raise ActionError("bad-notation", each_lang(_ERRORS["bad-notation"]))
        return pick

    def parse_text(self, lesson: Lesson, text: str, lang: str) -> str:
        """``e5``, ``E5`` and `` E 5 `` all mean E5."""
        return self.normalise(lesson, text)

    def turn(self, lesson: Lesson, state: Any, action: Any, reply: Any) -> str:
        return f"{action}/{reply}" if lesson.player == BLACK else f"{reply}/{action}"

    def refusal(self, lesson: Lesson, error: OrderError) -> ActionError:
        message = _ERRORS.get(error.code)
        if message is None:
            return ActionError(error.code, dict.fromkeys(LANGS, error.message))
        return ActionError(error.code, each_lang(message, cell=_cell_in(error.message)))

    def describe(
        self, lesson: Lesson, turn: Any, before: Any, after: Any, report: Any, lang: str
    ) -> list[str]:
        return describe_turn(before, after, report, lang)

    def parse_form(self, lesson: Lesson, form: dict[str, str], lang: str) -> str:
        """The clicked cell (the board's buttons are named ``action``)."""
        return form.get("action", "")

    def player_name(self, lesson: Lesson, lang: str) -> str:
        return who(lesson.player, lang)


def _cell_in(message: str) -> str:
    """The first cell name in an engine message (``E5``), to repeat it in another language."""
    for word in message.replace("'", " ").replace("(", " ").split():
        if notation.is_pick_shape(word):
            return word
    return "?"


def describe_turn(
    before: ShellState, after: ShellState, report: TurnReport, lang: str
) -> list[str]:
    """The turn in sentences, from the engine's report (WTS-2.2 order)."""
    names = {c: who(c, lang) for c in ("black", "white")}
    lines = [
        tr(
            lang,
            "%(b)s plays %(bp)s, %(w)s plays %(wp)s.",
            b=names["black"],
            bp=square_name(report.black_pick),
            w=names["white"],
            wp=square_name(report.white_pick),
        )
    ]
    if report.collision:
        lines.append(
            tr(
                lang,
                "Both players picked %(cell)s: no turtle lands there, an egg is laid instead, "
                "and nothing is captured this turn (WTS-3.2).",
                cell=square_name(report.black_pick),
            )
        )
    else:
        eggs_now = set(before.queue)
        for n, wave in enumerate(report.waves):
            for cap in wave.captures:
                hostile = "white" if cap.colour == "black" else "black"
                pieces = [
                    tr(lang, "the egg %(cell)s", cell=square_name(sq))
                    if sq in eggs_now
                    else tr(lang, _TURTLE[hostile], cell=square_name(sq))
                    for sq in cap.pair
                ]
                lines.append(
                    tr(
                        lang,
                        (_CAPTURE_HATCHED if n else _CAPTURE)[cap.colour],
                        closer=square_name(cap.closer),
                        anchor=square_name(cap.anchor),
                        a=pieces[0],
                        b=pieces[1],
                    )
                )
            lines += [
                tr(
                    lang,
                    "The egg %(cell)s vanishes: a black and a white capture claim it together, "
                    "so it hatches for no one (WTS-5.2).",
                    cell=square_name(sq),
                )
                for sq in wave.vanished
            ]
            colour = wave.hatched_colour or "black"
            lines += [tr(lang, _HATCHED[colour], cell=square_name(sq)) for sq in wave.hatched]
            kb = sum(1 for c in wave.captures if c.colour == "black")
            kw = len(wave.captures) - kb
            if max(kb, kw) > len(wave.vanished) + len(wave.hatched):
                lines.append(
                    tr(
                        lang,
                        "No egg was left waiting: these captures hatch nothing, and captures "
                        "are never kept for later (WTS-5.2).",
                    )
                )
            eggs_now -= set(wave.removed) | set(wave.vanished) | set(wave.hatched)
    result = _result_lines(before, after, names, lang)
    if not report.collision and not report.waves and not result:
        lines.append(
            tr(lang, "No capture: nobody closes a sandwich on exactly two hostile pieces.")
        )
    return lines + result


def _count(n: int, lang: str) -> str:
    """``n`` winning turtles, singular or plural as the language counts (French: "0 tortue")."""
    return ntr(lang, "%(n)s winning turtle", "%(n)s winning turtles", n, n=n)


def _result_lines(
    before: ShellState, after: ShellState, names: dict[str, str], lang: str
) -> list[str]:
    nb, nw = after.winning_black, after.winning_white
    if after.result == DRAW:
        return [tr(lang, "The board is full and nobody has won: the game is a draw (WTS-6.4).")]
    if after.result is not None:
        return [
            tr(
                lang,
                "%(b)s: %(nb)s, %(w)s: %(nw)s. %(winner)s wins (WTS-6.2).",
                b=names["black"],
                w=names["white"],
                winner=names[after.result],
                nb=_count(nb, lang),
                nw=_count(nw, lang),
            )
        ]
    if after.phase == SUDDEN_DEATH:
        return [
            tr(
                lang,
                "Both have %(n)s winning turtles: sudden death, the game goes on (WTS-6.2).",
                n=nb,
            )
        ]
    if before.phase == SUDDEN_DEATH and after.phase == NORMAL:
        return [
            tr(
                lang,
                "No line of five is left on either side: sudden death ends and normal play "
                "resumes (WTS-6.2).",
            )
        ]
    return []
