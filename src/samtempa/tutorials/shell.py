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
from samtempa.tutorials.lessons import LANGS, Lesson, Texts, pick_lang

NAME = "what-the-shell"

#: Colours as adjectives agreeing with "tortue" (the names are the games' words).
_ADJ: dict[str, Texts] = {
    "black": {"fr": "noire", "eo": "nigra", "en": "black"},
    "white": {"fr": "blanche", "eo": "blanka", "en": "white"},
}

_S: dict[str, Texts] = {
    "picks": {
        "fr": "{b} joue {bp}, {w} joue {wp}.",
        "eo": "{b} metas {bp}, {w} metas {wp}.",
        "en": "{b} plays {bp}, {w} plays {wp}.",
    },
    "collision": {
        "fr": "Les deux joueurs ont choisi {cell} : aucune tortue n'y atterrit, un œuf y est "
        "pondu à la place, et rien n'est capturé ce tour-ci (WTS-3.2).",
        "eo": "Ambaŭ ludantoj elektis {cell}: neniu testudo alteriĝas tie, anstataŭe aperas "
        "ovo, kaj nenio estas kaptita en ĉi tiu vico (WTS-3.2).",
        "en": "Both players picked {cell}: no turtle lands there, an egg is laid instead, and "
        "nothing is captured this turn (WTS-3.2).",
    },
    "capture": {
        "fr": "La tortue {adj} {closer} referme l'étau avec {anchor} : elle capture {a} et {b}.",
        "eo": "La {adj} testudo {closer} fermas la enfermon kun {anchor}: ĝi kaptas {a} kaj {b}.",
        "en": "The {adj} turtle {closer} closes the sandwich with {anchor}: "
        "it captures {a} and {b}.",
    },
    "capture-hatched": {
        "fr": "Puis la tortue {adj} fraîchement éclose {closer} referme l'étau avec {anchor} : "
        "elle capture {a} et {b}.",
        "eo": "Poste la ĵus elkoviĝinta {adj} testudo {closer} fermas la enfermon kun {anchor}: "
        "ĝi kaptas {a} kaj {b}.",
        "en": "Then the freshly hatched {adj} turtle {closer} closes the sandwich with {anchor}: "
        "it captures {a} and {b}.",
    },
    "egg": {"fr": "l'œuf {cell}", "eo": "la ovon {cell}", "en": "the egg {cell}"},
    "turtle": {
        "fr": "la tortue {adj} {cell}",
        "eo": "la {adj}n testudon {cell}",
        "en": "the {adj} turtle {cell}",
    },
    "vanished": {
        "fr": "L'œuf {cell} disparaît : une capture noire et une capture blanche le revendiquent "
        "en même temps, il n'éclot pour personne (WTS-5.2).",
        "eo": "La ovo {cell} malaperas: unu nigra kaj unu blanka kapto postulas ĝin samtempe, "
        "ĝi elkoviĝas por neniu (WTS-5.2).",
        "en": "The egg {cell} vanishes: a black and a white capture claim it together, so it "
        "hatches for no one (WTS-5.2).",
    },
    "hatched": {
        "fr": "L'œuf {cell} éclot en tortue {adj} (WTS-5.2).",
        "eo": "La ovo {cell} elkoviĝas kiel {adj} testudo (WTS-5.2).",
        "en": "The egg {cell} hatches as a {adj} turtle (WTS-5.2).",
    },
    "lost": {
        "fr": "Aucun œuf n'attendait plus : ces captures ne font rien éclore, et une capture ne "
        "se garde jamais pour plus tard (WTS-5.2).",
        "eo": "Neniu ovo plu atendis: tiuj kaptoj elkovas nenion, kaj kapto neniam konserviĝas "
        "por poste (WTS-5.2).",
        "en": "No egg was left waiting: these captures hatch nothing, and captures are never "
        "kept for later (WTS-5.2).",
    },
    "nothing": {
        "fr": "Aucune capture : personne ne coince exactement deux pièces ennemies.",
        "eo": "Neniu kapto: neniu enfermas ekzakte du kontraŭulajn pecojn.",
        "en": "No capture: nobody closes a sandwich on exactly two hostile pieces.",
    },
    "wins": {
        "fr": "{b} : {nb}, {w} : {nw}. {winner} gagne (WTS-6.2).",
        "eo": "{b}: {nb}, {w}: {nw}. {winner} venkas (WTS-6.2).",
        "en": "{b}: {nb}, {w}: {nw}. {winner} wins (WTS-6.2).",
    },
    "count": {
        "fr": "{n} tortue gagnante|{n} tortues gagnantes",
        "eo": "{n} venka testudo|{n} venkaj testudoj",
        "en": "{n} winning turtle|{n} winning turtles",
    },
    "sudden-death": {
        "fr": "Les deux ont {n} tortues gagnantes : Mort subite, la partie continue (WTS-6.2).",
        "eo": "Ambaŭ havas {n} venkajn testudojn: Subita morto, la ludo daŭras (WTS-6.2).",
        "en": "Both have {n} winning turtles: sudden death, the game goes on (WTS-6.2).",
    },
    "sudden-death-ends": {
        "fr": "Plus aucune ligne de cinq de part et d'autre : la Mort subite prend fin, le jeu "
        "normal reprend (WTS-6.2).",
        "eo": "Neniu linio de kvin restas ĉe ambaŭ flankoj: la Subita morto finiĝas, la normala "
        "ludo daŭras (WTS-6.2).",
        "en": "No line of five is left on either side: sudden death ends and normal play "
        "resumes (WTS-6.2).",
    },
    "draw": {
        "fr": "Le plateau est plein et personne n'a gagné : égalité (WTS-6.4).",
        "eo": "La tabulo estas plena kaj neniu venkis: la ludo estas senrezulta (WTS-6.4).",
        "en": "The board is full and nobody has won: the game is a draw (WTS-6.4).",
    },
}

_ERRORS: dict[str, Texts] = {
    "occupied": {
        "fr": "{cell} n'est pas libre : choisissez une case vide (WTS-2.1).",
        "eo": "{cell} ne estas malplena: elektu malplenan lokon (WTS-2.1).",
        "en": "{cell} is not empty: pick an empty cell (WTS-2.1).",
    },
    "off-board": {
        "fr": "{cell} n'est pas sur le plateau, qui va de A1 à I9.",
        "eo": "{cell} ne estas sur la tabulo, kiu iras de A1 ĝis I9.",
        "en": "{cell} is not on the board, which runs from A1 to I9.",
    },
    "bad-notation": {
        "fr": "Écrivez une case comme E5 : une colonne de A à I, puis une ligne de 1 à 9.",
        "eo": "Skribu lokon kiel E5: kolumno de A ĝis I, poste horizontalo de 1 ĝis 9.",
        "en": "Write a cell like E5: a column from A to I, then a row from 1 to 9.",
    },
    "game-over": {
        "fr": "La partie est terminée.",
        "eo": "La ludo finiĝis.",
        "en": "The game is over.",
    },
}

LEGEND: Texts = {
    "fr": "● noir  ○ blanc  1 2 3… œufs (le 1 éclot en premier)  [ ] coups joués  × capturé  "
    "∅ œuf disparu",
    "eo": "● nigra  ○ blanka  1 2 3… ovoj (1 elkoviĝas unue)  [ ] metoj  × kaptita  "
    "∅ malaperinta ovo",
    "en": "● black  ○ white  1 2 3… eggs (1 hatches first)  [ ] picks  × captured  ∅ vanished egg",
}


def _t(texts: Texts, lang: str, **values: Any) -> str:
    return texts[pick_lang(lang)].format(**values)


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
            raise ActionError("bad-notation", _ERRORS["bad-notation"])
        pick = notation.normalise_pick(action)
        if not notation.is_pick_shape(pick):
            raise ActionError("bad-notation", _ERRORS["bad-notation"])
        return pick

    def parse_text(self, lesson: Lesson, text: str, lang: str) -> str:
        """``e5``, ``E5`` and `` E 5 `` all mean E5."""
        return self.normalise(lesson, text)

    def turn(self, lesson: Lesson, state: Any, action: Any, reply: Any) -> str:
        return f"{action}/{reply}" if lesson.player == BLACK else f"{reply}/{action}"

    def refusal(self, lesson: Lesson, error: OrderError) -> ActionError:
        texts = _ERRORS.get(error.code)
        if texts is None:
            return ActionError(error.code, dict.fromkeys(LANGS, error.message))
        cell = _cell_in(error.message)
        return ActionError(error.code, {k: v.format(cell=cell) for k, v in texts.items()})

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
        _t(
            _S["picks"],
            lang,
            b=names["black"],
            bp=square_name(report.black_pick),
            w=names["white"],
            wp=square_name(report.white_pick),
        )
    ]
    if report.collision:
        lines.append(_t(_S["collision"], lang, cell=square_name(report.black_pick)))
    else:
        eggs_now = set(before.queue)
        for n, wave in enumerate(report.waves):
            for cap in wave.captures:
                pieces = [
                    _t(_S["egg"], lang, cell=square_name(sq))
                    if sq in eggs_now
                    else _t(
                        _S["turtle"],
                        lang,
                        adj=_t(_ADJ["white" if cap.colour == "black" else "black"], lang),
                        cell=square_name(sq),
                    )
                    for sq in cap.pair
                ]
                lines.append(
                    _t(
                        _S["capture-hatched" if n else "capture"],
                        lang,
                        adj=_t(_ADJ[cap.colour], lang),
                        closer=square_name(cap.closer),
                        anchor=square_name(cap.anchor),
                        a=pieces[0],
                        b=pieces[1],
                    )
                )
            lines += [_t(_S["vanished"], lang, cell=square_name(sq)) for sq in wave.vanished]
            colour = wave.hatched_colour or "black"
            lines += [
                _t(_S["hatched"], lang, cell=square_name(sq), adj=_t(_ADJ[colour], lang))
                for sq in wave.hatched
            ]
            kb = sum(1 for c in wave.captures if c.colour == "black")
            kw = len(wave.captures) - kb
            if max(kb, kw) > len(wave.vanished) + len(wave.hatched):
                lines.append(_t(_S["lost"], lang))
            eggs_now -= set(wave.removed) | set(wave.vanished) | set(wave.hatched)
    result = _result_lines(before, after, names, lang)
    if not report.collision and not report.waves and not result:
        lines.append(_t(_S["nothing"], lang))
    return lines + result


def _count(n: int, lang: str) -> str:
    """``n`` winning turtles, singular or plural (French counts 0 as singular)."""
    one, many = _t(_S["count"], lang, n=n).split("|")
    singular = n <= 1 if pick_lang(lang) == "fr" else n == 1
    return one if singular else many


def _result_lines(
    before: ShellState, after: ShellState, names: dict[str, str], lang: str
) -> list[str]:
    nb, nw = after.winning_black, after.winning_white
    if after.result == DRAW:
        return [_t(_S["draw"], lang)]
    if after.result is not None:
        winner = names[after.result]
        counts = {"nb": _count(nb, lang), "nw": _count(nw, lang)}
        return [_t(_S["wins"], lang, b=names["black"], w=names["white"], winner=winner, **counts)]
    if after.phase == SUDDEN_DEATH:
        return [_t(_S["sudden-death"], lang, n=nb)]
    if before.phase == SUDDEN_DEATH and after.phase == NORMAL:
        return [_t(_S["sudden-death-ends"], lang)]
    return []
