"""Snake Synapse in the tutorial: orders typed or filled in, the other snakes' scripted
orders, and the turn in words frame by frame.

Sentences come from the engine's :class:`~samtempa.games.snake.report.TurnReport`
(deaths with cause and killer, growth, terrain changes, traps, portals);
nothing here decides a rule. An action is one snake's entry of the orders
object (SS-3.1), canonical as :meth:`~samtempa.games.snake.orders.Order.to_json`
writes it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from samtempa import words as vocabulary
from samtempa.games.base import JSON, OrderError
from samtempa.games.snake import SnakeSynapse
from samtempa.games.snake.orders import parse_order
from samtempa.games.snake.terrain import DIRS
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.lessons import LANGS, Lesson, Texts, pick_lang

NAME = "snake-synapse"
_ENGINE = SnakeSynapse()

RACES = {"breaker", "dasher", "trapper", "digger", "ghost", "shooter"}

_DIR_NAMES: dict[str, Texts] = {
    "U": {"fr": "le haut", "eo": "supren", "en": "up"},
    "D": {"fr": "le bas", "eo": "malsupren", "en": "down"},
    "L": {"fr": "la gauche", "eo": "maldekstren", "en": "left"},
    "R": {"fr": "la droite", "eo": "dekstren", "en": "right"},
}
#: Letters a learner may type for the four directions. French: Haut, Bas, Gauche, Droite,
#: so D is right there (as on the live page); U, L and R still work.
_LETTERS = {
    "fr": {"H": "U", "B": "D", "G": "L", "D": "R", "U": "U", "L": "L", "R": "R"},
    "eo": {"U": "U", "D": "D", "L": "L", "R": "R"},
    "en": {"U": "U", "D": "D", "L": "L", "R": "R"},
}
#: Power words, in every language (English always works).
_WORDS = {
    "breaker": "breaker",
    "break": "breaker",
    "freineur": "breaker",
    "bremsanto": "breaker",
    "bremsi": "breaker",
    "dash": "dash",
    "trap": "trap",
    "piège": "trap",
    "piege": "trap",
    "kaptilo": "trap",
    "dig": "dig",
    "creuse": "dig",
    "creuser": "dig",
    "fosi": "dig",
    "ghost": "ghost",
    "fantôme": "ghost",
    "fantome": "ghost",
    "fantomo": "ghost",
    "shoot": "shoot",
    "tir": "shoot",
    "tire": "shoot",
    "pafo": "shoot",
    "pafi": "shoot",
}

_S: dict[str, Texts] = {
    "orders": {"fr": "Chemins révélés :", "eo": "Malkaŝitaj vojoj:", "en": "Paths revealed:"},
    "order": {"fr": "{who} : {order}", "eo": "{who}: {order}", "en": "{who}: {order}"},
    "breaking": {
        "fr": "freineur, immobile tout le tour",
        "eo": "bremsanto, senmova dum la tuta vico",
        "en": "Breaker, still the whole turn",
    },
    "frame": {"fr": "Frame {n} :", "eo": "Kadro {n}:", "en": "Frame {n}:"},
    "settling": {
        "fr": "Frame {n} (sans mouvement) :",
        "eo": "Kadro {n} (sen movo):",
        "en": "Frame {n} (nobody moves):",
    },
    "body": {
        "fr": "{who} fonce dans le corps de {by} et meurt ({nth} mort).",
        "eo": "{who} trafas la korpon de {by} kaj mortas ({nth} morto).",
        "en": "{who} runs into {by}'s body and dies (death {nth}).",
    },
    "self": {
        "fr": "{who} fonce dans son propre corps et meurt ({nth} mort).",
        "eo": "{who} trafas sian propran korpon kaj mortas ({nth} morto).",
        "en": "{who} runs into its own body and dies (death {nth}).",
    },
    "wall": {
        "fr": "{who} percute un mur et meurt ({nth} mort).",
        "eo": "{who} trafas muron kaj mortas ({nth} morto).",
        "en": "{who} hits a wall and dies (death {nth}).",
    },
    "head-on": {
        "fr": "{who} rencontre une autre tête sur la même case et meurt ({nth} mort).",
        "eo": "{who} renkontas alian kapon sur la sama loko kaj mortas ({nth} morto).",
        "en": "{who} meets another head on the same cell and dies (death {nth}).",
    },
    "ghost": {
        "fr": "{who} meurt : un fantôme redevenu normal le chevauchait ({nth} mort).",
        "eo": "{who} mortas: fantomo, denove normala, kovris ĝin ({nth} morto).",
        "en": "{who} dies: a ghost turned normal while overlapping it (death {nth}).",
    },
    "growth": {"fr": "croissance {list}.", "eo": "kresko {list}.", "en": "growth {list}."},
    "end-growth": {
        "fr": "Fin du tour, croissance {list}.",
        "eo": "Fino de la vico, kresko {list}.",
        "en": "End of the turn, growth {list}.",
    },
    "change": {
        "fr": "Le terrain change ({nth} mort).",
        "eo": "La tereno ŝanĝiĝas ({nth} morto).",
        "en": "The terrain changes (death {nth}).",
    },
    "trap": {
        "fr": "{who} transforme {cell} en piège.",
        "eo": "{who} faras kaptilon el {cell}.",
        "en": "{who} turns {cell} into a trap.",
    },
    "no-trap": {
        "fr": "Le piège de {who} ne trouve pas de case libre.",
        "eo": "La kaptilo de {who} trovas neniun liberan lokon.",
        "en": "{who}'s trap finds no free cell.",
    },
    "portal": {
        "fr": "{who} place le portail {slot} en {cell}, tourné vers {dir}.",
        "eo": "{who} metas portalon {slot} sur {cell}, turnitan {dir}.",
        "en": "{who} places portal {slot} on {cell}, facing {dir}.",
    },
    "shot-lost": {
        "fr": "Le tir de {who} ne trouve pas de mur : il est perdu.",
        "eo": "La pafo de {who} trovas neniun muron: ĝi perdiĝas.",
        "en": "{who}'s shot finds no wall: it is lost.",
    },
    "shot-in-use": {
        "fr": "Un serpent traverse les portails de {who} : le tir est dépensé pour rien.",
        "eo": "Serpento trairas la portalojn de {who}: la pafo estas malŝparita.",
        "en": "A snake is crossing {who}'s portals: the shot is spent for nothing.",
    },
    "teleport": {
        "fr": "{who} passe par les portails de {owner}, de {a} à {b}.",
        "eo": "{who} trairas la portalojn de {owner}, de {a} al {b}.",
        "en": "{who} goes through {owner}'s portals from {a} to {b}.",
    },
    "portal-gone": {
        "fr": "Le portail {slot} de {who} en {cell} disparaît.",
        "eo": "La portalo {slot} de {who} sur {cell} malaperas.",
        "en": "{who}'s portal {slot} on {cell} disappears.",
    },
    "ghost-ended": {
        "fr": "{who} n'est plus un fantôme.",
        "eo": "{who} ne plu estas fantomo.",
        "en": "{who} is no longer a ghost.",
    },
    "dig-stop": {
        "fr": "Le mur sous la tête de {who} a disparu : il arrête de creuser.",
        "eo": "La muro sub la kapo de {who} malaperis: ĝi ĉesas fosi.",
        "en": "The wall under {who}'s head is gone: it stops digging.",
    },
    "quiet": {
        "fr": "Chaque serpent a fait son chemin ; personne n'est mort.",
        "eo": "Ĉiu serpento faris sian vojon; neniu mortis.",
        "en": "Every snake made its path; nobody died.",
    },
    "wins": {
        "fr": "{who} est le dernier serpent en vie : il gagne.",
        "eo": "{who} estas la lasta vivanta serpento: ĝi venkas.",
        "en": "{who} is the last snake alive and wins.",
    },
    "draw": {
        "fr": "Plus aucun serpent en vie : égalité entre {list}.",
        "eo": "Neniu serpento plu vivas: egalvenko inter {list}.",
        "en": "No snake is left alive: a draw between {list}.",
    },
}

_ERRORS: dict[str, Texts] = {
    "bad-notation": {
        "fr": "Écrivez un chemin de lettres (H, B, G, D ou U, L, R), puis un pouvoir si vous "
        "voulez : « DDDDD dash 1 », « breaker », « HDDDD trap 1 H »…",
        "eo": "Skribu vojon el literoj (U, D, L, R), poste potencon laŭvole: "
        "«RRRRR dash 1», «breaker», «URRRR trap 1 U»…",
        "en": "Write a path of letters (U, D, L, R), then a power if you like: "
        "“RRRRR dash 1”, “breaker”, “URRRR trap 1 U”…",
    },
    "bad-direction": {
        "fr": "Une direction est une lettre : H (haut), B (bas), G (gauche), D (droite).",
        "eo": "Direkto estas litero: U (supren), D (malsupren), L (maldekstren), R (dekstren).",
        "en": "A direction is one letter: U (up), D (down), L (left), R (right).",
    },
    "wrong-path-length": {
        "fr": "Le chemin doit compter exactement {n} déplacements.",
        "eo": "La vojo havu ekzakte {n} paŝojn.",
        "en": "The path must have exactly {n} steps.",
    },
    "power-not-of-race": {
        "fr": "Votre serpent n'a pas ce pouvoir : c'est un {race}.",
        "eo": "Via serpento ne havas tiun potencon: ĝi estas {race}.",
        "en": "Your snake does not have that power: it is a {race}.",
    },
    "no-charges-left": {
        "fr": "Plus assez de charges pour ce pouvoir.",
        "eo": "Ne restas sufiĉe da ŝargoj por tiu potenco.",
        "en": "Not enough charges are left for that power.",
    },
    "bad-frame": {
        "fr": "Le numéro de déplacement d'un pouvoir va de 1 à {n}, et deux tirs ne partagent "
        "pas un déplacement.",
        "eo": "La paŝo-numero de potenco estas inter 1 kaj {n}, kaj du pafoj ne dividas paŝon.",
        "en": "A power's step number runs from 1 to {n}, and two shots never share a step.",
    },
    "game-over": {
        "fr": "La partie est terminée.",
        "eo": "La ludo finiĝis.",
        "en": "The game is over.",
    },
}

LEGEND: Texts = {
    "fr": "@ tête (o fantôme, v creuseur dans un mur)  ■ corps  gris : cadavre  ## mur  "
    "XX mur infranchissable  T piège  ! case bientôt supprimée  H échelle  ⇡1 portail",
    "eo": "@ kapo (o fantomo, v fosisto en muro)  ■ korpo  griza: kadavro  ## muro  "
    "XX netrafosebla muro  T kaptilo  ! baldaŭ forigota loko  H ŝtupetaro  ⇡1 portalo",
    "en": "@ head (o Ghost, v Digger in a wall)  ■ body  grey: corpse  ## wall  "
    "XX wall no Digger crosses  T trap  ! cell about to go  H ladder  ⇡1 portal",
}


def _t(texts: Texts, lang: str, **values: Any) -> str:
    return texts[pick_lang(lang)].format(**values)


def name_of(snake_id: str, lang: str) -> str:
    """A snake as a player's name: ``Rouge``, ``Ruĝo``, ``Red`` (the games' words)."""
    return vocabulary.snake_name(pick_lang(lang), snake_id)


def snake_name(lesson: Lesson, lang: str) -> str:
    """The learner's snake and race: ``Rouge (Digger)``."""
    race = _race_of(lesson)
    name = name_of(lesson.player, lang)
    return f"{name} ({vocabulary.race_name(pick_lang(lang), race)})" if race else name


def learner_race(lesson: Lesson) -> str | None:
    """The race of the learner's snake in the lesson's start (for the page's power fields)."""
    return _race_of(lesson)


def _race_of(lesson: Lesson) -> str | None:
    start = lesson.start or {}
    for snake in start.get("snakes", []):
        if snake.get("id") == lesson.player:
            race = snake.get("race")
            return race if isinstance(race, str) else None
    return None


class SnakeLessons:
    """The Snake Synapse adapter: an action is the learner's orders entry (SS-3.1)."""

    name = NAME

    def start_state(self, lesson: Lesson) -> Any:
        """A canonical state (it has ``game``) or a setup object (SS-2.5)."""
        start = lesson.start
        if start is not None and "game" in start:
            return _ENGINE.from_json(start)
        return _ENGINE.initial_state(start)

    def normalise(self, lesson: Lesson, action: Any) -> JSON:
        try:
            order = parse_order(lesson.player, action)
        except OrderError as e:
            raise ActionError("bad-notation", _ERRORS["bad-notation"]) from e
        return order.to_json()

    def parse_text(self, lesson: Lesson, text: str, lang: str) -> JSON:
        """``RRUUL``, ``RRUUL dash 1``, ``URRRR trap 1 U``, ``RRRRU dig 1``, ``breaker``,
        ``RRRRR ghost``, ``UUUUL shoot 1 1 U shoot 2 2 R`` (French letters H B G D too)."""
        return self.normalise(lesson, parse_order_text(text, lang))

    def parse_form(self, lesson: Lesson, form: dict[str, str], lang: str) -> JSON:
        """The lesson page's form: ``path`` and ``power`` with its fields."""
        return self.normalise(lesson, order_from_form(form, lang))

    def turn(self, lesson: Lesson, state: Any, action: Any, reply: Any) -> JSON:
        return {**reply, lesson.player: action}

    def refusal(self, lesson: Lesson, error: OrderError) -> ActionError:
        texts = _ERRORS.get(error.code)
        if texts is None:
            return ActionError(error.code, dict.fromkeys(LANGS, error.message))
        race = _race_of(lesson) or "?"
        n = _path_length(lesson)
        return ActionError(
            error.code,
            {k: v.format(race=vocabulary.race_name(k, race), n=n) for k, v in texts.items()},
        )

    def describe(
        self, lesson: Lesson, turn: Any, before: Any, after: Any, report: Any, lang: str
    ) -> list[str]:
        return describe_turn(turn, before, report, lang)

    def player_name(self, lesson: Lesson, lang: str) -> str:
        return snake_name(lesson, lang)


def _path_length(lesson: Lesson) -> int:
    start = lesson.start or {}
    value = start.get("path_length", 5)
    return value if isinstance(value, int) else 5


# --- reading orders ----------------------------------------------------------------------

_TOKEN = re.compile(r"[^\s,;]+")


def _direction(word: str, lang: str) -> str:
    letters = _LETTERS[pick_lang(lang)]
    key = word.upper()
    if key not in letters:
        raise ActionError("bad-direction", _ERRORS["bad-direction"])
    return letters[key]


def _number(word: str) -> int:
    if not word.isdigit():
        raise ActionError("bad-notation", _ERRORS["bad-notation"])
    return int(word)


def parse_order_text(text: str, lang: str) -> JSON:
    """One order from the terminal's words into the orders entry of SS-3.1."""
    words = _TOKEN.findall(text.strip())
    if not words:
        raise ActionError("bad-notation", _ERRORS["bad-notation"])
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
                raise ActionError("bad-notation", _ERRORS["bad-notation"])
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
        raise ActionError("bad-notation", _ERRORS["bad-notation"]) from None
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


def letters(path: str, lang: str) -> str:
    """A path in the letters the learner types: ``DDDDD`` for right ×5 in French."""
    return path.translate(_SHOWN) if pick_lang(lang) == "fr" else path


_SHOWN = str.maketrans("UDLR", "HBGD")


def order_text(order: JSON, lang: str) -> str:
    """An order as the reveal shows it, in the learner's letters: ``RRURR, dash 1``."""
    if order.get("breaker"):
        return _t(_S["breaking"], lang)

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


# --- the turn in words -------------------------------------------------------------------


def describe_turn(turn: JSON, before: Any, report: Any, lang: str) -> list[str]:
    """The revealed orders, then every frame's events, from the engine's report."""
    terrain = before.terrain
    cell = terrain.name_of

    def name(snake_id: str) -> str:
        return name_of(snake_id, lang)

    lines = [_t(_S["orders"], lang)]
    for snake in before.snakes:
        if snake.id in turn:
            order = _t(
                _S["order"], lang, who=name(snake.id), order=order_text(turn[snake.id], lang)
            )
            lines.append("  " + order)
    quiet = True
    for f in report.frames:
        events: list[str] = []
        if f.change is not None:
            events.append(_t(_S["change"], lang, nth=_nth(f.change, lang)))
        for t in f.teleports:
            events.append(
                _t(_S["teleport"], lang, who=name(t.snake), owner=name(t.owner),
                   a=cell(t.source), b=cell(t.target))
            )  # fmt: skip
        for snake_id, death in f.deaths:
            by = name(death.by) if death.by else ""
            events.append(
                _t(
                    _S[str(death.cause)],
                    lang,
                    who=name(snake_id),
                    by=by,
                    nth=_nth(death.number, lang),
                )
            )
        for snake_id in f.ghosts_ended:
            events.append(_t(_S["ghost-ended"], lang, who=name(snake_id)))
        for snake_id, trap_cell in f.traps:
            if trap_cell is None:
                events.append(_t(_S["no-trap"], lang, who=name(snake_id)))
            else:
                events.append(_t(_S["trap"], lang, who=name(snake_id), cell=cell(trap_cell)))
        for shot in f.shots:
            if shot.outcome == "placed" and shot.cell is not None:
                d = _DIR_NAMES[DIRS[shot.dir]][pick_lang(lang)]
                events.append(
                    _t(_S["portal"], lang, who=name(shot.snake), slot=shot.slot,
                       cell=cell(shot.cell), dir=d)
                )  # fmt: skip
            elif shot.outcome == "lost":
                events.append(_t(_S["shot-lost"], lang, who=name(shot.snake)))
            else:
                events.append(_t(_S["shot-in-use"], lang, who=name(shot.snake)))
        for portal in f.portals_removed:
            events.append(
                _t(_S["portal-gone"], lang, who=name(portal.owner), slot=portal.slot,
                   cell=cell(portal.cell))
            )  # fmt: skip
        for snake_id in f.digging_stopped:
            events.append(_t(_S["dig-stop"], lang, who=name(snake_id)))
        if f.growth:
            events.append(_t(_S["growth"], lang, list=_growth(f.growth, lang)))
        if events:
            quiet = False
            tag = _t(_S["settling" if f.settling else "frame"], lang, n=f.frame)
            lines += [f"{tag} {event}" for event in events]
    if quiet:
        lines.append(_t(_S["quiet"], lang))
    if report.growth:
        lines.append(_t(_S["end-growth"], lang, list=_growth(report.growth, lang)))
    result = report.result
    if result is not None:
        if result.winner is not None:
            lines.append(_t(_S["wins"], lang, who=name(result.winner)))
        else:
            lines.append(_t(_S["draw"], lang, list=", ".join(name(s) for s in result.draw)))
    return lines


def _nth(n: int, lang: str) -> str:
    """An ordinal for a death number: ``1re``, ``2e``; ``1-a``; ``1`` (English says "death 1")."""
    lang = pick_lang(lang)
    if lang == "fr":
        return f"{n}re" if n == 1 else f"{n}e"
    return f"{n}-a" if lang == "eo" else str(n)


def _growth(growth: dict[str, int], lang: str) -> str:
    return ", ".join(f"{name_of(s, lang)} +{g}" for s, g in growth.items())


# --- boards ------------------------------------------------------------------------------

_LETTER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass(frozen=True)
class SquareView:
    """One square of a drawn Snake Synapse board (classes are the live page's)."""

    name: str
    classes: str
    seg: str
    colour: str
    text: str
    title: str


@dataclass(frozen=True)
class BoardView:
    width: int
    floors: list[list[SquareView]]
    legend: list[dict[str, str]]


def _segments(state: JSON) -> dict[str, tuple[JSON, bool]]:
    """Which snake shows on each cell: the living over corpses, heads over bodies."""
    segs: dict[str, tuple[JSON, bool]] = {}
    ordered = sorted(state["snakes"], key=lambda s: s["alive"])
    for snake in ordered:
        for c in reversed(snake["body"][1:]):
            segs[c] = (snake, False)
    for snake in ordered:
        if snake["body"]:
            segs[snake["body"][0]] = (snake, True)
    return segs


def _colours(state: JSON) -> dict[str, str]:
    from samtempa.render.palette import snake_colours

    snakes = state["snakes"]
    return dict(
        zip((s["id"] for s in snakes), snake_colours([s["colour"] for s in snakes]), strict=True)
    )


def snake_board(state: JSON, report: Any, lang: str) -> BoardView:
    """The board for a web page: squares with the live page's classes, snakes in colour."""
    lang = pick_lang(lang)
    segs = _segments(state)
    colours = _colours(state)
    traps = set(state["traps"])
    pending = {p["cell"] for p in state["pending_deletions"]}
    portals = {p["cell"] for p in state["portals"]}
    floors = []
    kinds = {"#": " wall", "X": " hard", "T": " trap", "H": " ladder"}
    for floor, rows in enumerate(state["grid"]):
        squares = []
        for r, line in enumerate(rows):
            for c, ch in enumerate(line):
                name = f"{_LETTER[c]}{r + 1}{chr(39) if floor else ''}"
                classes = (
                    "sq" + kinds.get(ch, "") + (" trap" if name in traps and ch != "T" else "")
                )
                if name in pending:
                    classes += " pending"
                seg = ""
                colour = ""
                title = name
                if name in segs:
                    snake, head = segs[name]
                    seg = "seg" + (" head" if head else "") + ("" if snake["alive"] else " corpse")
                    colour = colours[snake["id"]]
                    title = f"{name} · {name_of(snake['id'], lang)}"
                squares.append(
                    SquareView(name, classes, seg, colour, "◎" if name in portals else "", title)
                )
        floors.append(squares)
    legend = [{"colour": colours[s["id"]], "text": _legend_line(s, lang)} for s in state["snakes"]]
    return BoardView(len(state["grid"][0][0]), floors, legend)


def _legend_line(snake: JSON, lang: str) -> str:
    race = vocabulary.race_name(pick_lang(lang), snake["race"])
    words = {
        "fr": ("longueur", "charges", "mort"),
        "eo": ("longo", "ŝargoj", "mortinta"),
        "en": ("length", "charges", "dead"),
    }[lang]
    status = "" if snake["alive"] else f" · {words[2]}"
    return (
        f"{name_of(snake['id'], lang)} ({race}) · {words[0]} {snake['length']}"
        f" · {words[1]} {snake['charges']}{status}"
    )


def board_view(state: Any, lang: str) -> list[RenderableType]:
    """The board for a terminal: ``samtempa play``'s drawing, then each snake in words."""
    from samtempa.terminal.snake import STYLES, board_text

    out: list[RenderableType] = [board_text(state)]
    data = _ENGINE.to_json(state)
    for snake in data["snakes"]:
        style = STYLES.get(snake["colour"], "white") if snake["alive"] else "grey37"
        out.append(Text(_legend_line(snake, lang), style=style))
    out.append(Text(LEGEND[pick_lang(lang)], style="dim"))
    return out
