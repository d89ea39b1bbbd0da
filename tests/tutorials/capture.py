"""Every text a learner sees in the tutorials, captured to prove a refactoring changed none.

``capture()`` plays every lesson of both games in French, Esperanto and English
through the three ways a learner meets them and records what they would read:

- ``service``: each lesson's title and player, each step's instruction, hint
  and explanation, and what happened for the model answer, a wrong answer and
  refused ones (the :class:`~samtempa.tutorials.service.TutorialService`);
- ``terminal``: the whole ``samtempa learn`` session of a learner who types a
  refused move, asks for the hint, plays a wrong move and then the right one,
  and ``samtempa learn --list``;
- ``web``: the ``<main>`` of the lesson list and of every lesson page (first
  view, a refused form, a wrong move, the right move), as its text and the
  words of its attributes (titles, labels, options).

``python -m tests.tutorials.capture`` rewrites ``fixtures/tutorial_texts.json``;
``test_texts_unchanged.py`` compares. Regenerate only for a change of wording
that is meant, and say so in the commit.
"""

from __future__ import annotations

import html
import io
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from rich.console import Console

from samtempa.games.base import OrderError
from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.lessons import LANGS, load_lessons
from samtempa.tutorials.progress import Progress
from samtempa.tutorials.service import service_for
from samtempa.tutorials.terminal import main as learn
from tests.tutorials.orders import form, typed

GAMES = ("what-the-shell", "snake-synapse")
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "tutorial_texts.json"
#: Moves no lesson accepts: a cell off the board, a letter that is no direction.
REFUSED = {"what-the-shell": "Z9", "snake-synapse": "RRXRR"}
#: Refusals the engine gives, with the messages it would give them (the tutorial
#: repeats them in the learner's language).
ENGINE_REFUSALS = {
    "what-the-shell": [
        ("occupied", "E5 is not empty"),
        ("off-board", "Z9 is off the board"),
        ("bad-notation", "bad pick"),
        ("game-over", "the game is over"),
        ("something-else", "an engine message the tutorial has no words for"),
    ],
    "snake-synapse": [
        ("bad-notation", "bad order"),
        ("bad-direction", "bad direction"),
        ("wrong-path-length", "the path must have 5 steps"),
        ("power-not-of-race", "not your power"),
        ("no-charges-left", "no charges"),
        ("bad-frame", "bad frame"),
        ("game-over", "the game is over"),
        ("something-else", "an engine message the tutorial has no words for"),
    ],
}
#: Typed orders the snake parser refuses, each for its own reason.
BAD_SNAKE_TEXT = ["", "RRXRR", "RRRRR dash", "RRRRR dash x", "RRRRR fly 1", "RRRRR trap 1 Q"]


def wrong_cell(step: Any) -> str:
    return next(c for c in ("A1", "I1", "A9", "I9", "B2") if c not in step.accept)


def wrong_move(game: str, step: Any) -> Any:
    """A move that is played but does not pass the step."""
    if step.wrong:
        return step.wrong[0]
    return wrong_cell(step) if game == "what-the-shell" else None


# --- the service ----------------------------------------------------------------------


def _attempt_json(attempt: Any) -> dict[str, Any]:
    return {
        "success": attempt.success,
        "happened": list(attempt.happened),
        "message": attempt.message,
        "error": attempt.error,
    }


def service_texts() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in GAMES:
        service = service_for(game)
        for lesson in service.lessons:
            lesson_out: dict[str, Any] = {}
            for lang in LANGS:
                moves: list[Any] = []
                steps = []
                for step in lesson.steps:
                    tries: dict[str, Any] = {}
                    wrong = wrong_move(game, step)
                    if wrong is not None:
                        tries["wrong"] = _attempt_json(
                            service.attempt(lesson.id, moves, wrong, lang)
                        )
                    try:
                        action = service.parse_text(lesson.id, REFUSED[game], lang)
                        tries["refused"] = _attempt_json(
                            service.attempt(lesson.id, moves, action, lang)
                        )
                    except ActionError as e:
                        tries["refused"] = {"parse-error": e.message(lang)}
                    for accepted in step.accept:
                        attempt = service.attempt(lesson.id, moves, accepted, lang)
                        tries.setdefault("accepted", []).append(_attempt_json(attempt))
                    steps.append(
                        {
                            "instruction": step.instruction[lang],
                            "hint": step.hint[lang],
                            "explanation": step.explanation[lang],
                            **tries,
                        }
                    )
                    moves.append(step.accept[0])
                lesson_out[lang] = {
                    "title": lesson.title[lang],
                    "player": service.player_name(lesson.id, lang),
                    "steps": steps,
                }
            out[f"{game}/{lesson.id}"] = lesson_out
        # The adapter's words for each refusal the engine can give, in each language.
        first = service.lessons[-1]
        refusals: dict[str, Any] = {}
        for code, message in ENGINE_REFUSALS[game]:
            error = service.adapter.refusal(first, OrderError(code, message))
            refusals[code] = {lang: error.message(lang) for lang in LANGS}
        out[f"{game}/refusals"] = refusals
        if game == "snake-synapse":
            parse: dict[str, Any] = {}
            for text in BAD_SNAKE_TEXT:
                for lang in LANGS:
                    try:
                        parse[f"{lang}:{text}"] = service.parse_text(first.id, text, lang)
                    except ActionError as e:
                        parse[f"{lang}:{text}"] = {"code": e.code, "message": e.message(lang)}
            out[f"{game}/typed-errors"] = parse
    return out


# --- the terminal ---------------------------------------------------------------------


@dataclass
class Transcript:
    """A prompter that writes down the screen and each question and answer."""

    answer: Callable[[str], str]
    console: Console
    lines: list[str] = field(default_factory=list)

    def ask(self, prompt: str, *, secret: bool = False) -> str:
        self.lines += self.console.export_text(clear=True).splitlines()
        reply = self.answer(prompt)
        self.lines.append(f"{prompt}{reply}")
        return reply

    def cleared(self) -> None:
        self.console.export_text(clear=True)
        self.lines.append("<clear>")


def learner(game: str, lang: str) -> Callable[[str], str]:
    """A refused move, the hint, a wrong move, then the right one; Enter to everything else."""
    answers: list[str] = []
    for lesson in load_lessons(game):
        for step in lesson.steps:
            answers += [REFUSED[game], "h"]
            wrong = wrong_move(game, step)
            if wrong is not None:
                answers.append(typed(wrong, lang))
            answers.append(typed(step.accept[0], lang))

    def answer(prompt: str) -> str:
        return answers.pop(0) if "(h" in prompt else ""

    return answer


def console() -> Console:
    return Console(file=io.StringIO(), record=True, width=110, force_terminal=False)


def terminal_texts(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for game in GAMES:
        for lang in LANGS:
            path = tmp / f"{game}-{lang}.json"
            screen = console()
            prompter = Transcript(learner(game, lang), screen)
            learn(game, lang, progress_path=path, console=screen, prompter=prompter)
            prompter.lines += screen.export_text(clear=True).splitlines()
            out[f"{game}/{lang}/session"] = [line.rstrip() for line in prompter.lines]
            listed = console()
            learn(game, lang, list_only=True, progress_path=path, console=listed)
            out[f"{game}/{lang}/list"] = [
                line.rstrip() for line in listed.export_text().splitlines()
            ]
            Progress.load(path).reset(game)
    return out


# --- the web pages --------------------------------------------------------------------

_MAIN = re.compile(r"<main[^>]*>(.*)</main>", re.S)
_ATTR = re.compile(r'\b(title|aria-label|value|placeholder)="([^"]*)"')
_CSRF = re.compile(r'name="csrf_token" value="[^"]+"')
#: Attributes that hold no words: a bare cell name (``A1``, ``C3'``) or a number.
_NO_WORDS = re.compile(r"(title|aria-label|value)=([A-Z]+[0-9]+'?|[0-9]*)")


def page_texts(page: str) -> dict[str, Any]:
    """A page's main part: its text, and its attributes' words in order of first appearance."""
    found = _MAIN.search(page)
    assert found, "a page with a <main>"
    main = _CSRF.sub("", found.group(1))
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main)).split())
    seen: dict[str, None] = {}
    for name, value in _ATTR.findall(main):
        attribute = f"{name}={html.unescape(value)}"
        if not _NO_WORDS.fullmatch(attribute):
            seen.setdefault(attribute, None)
    return {"text": text, "attributes": list(seen)}


def _token(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    return found.group(1)


def _refused_form(game: str, lesson: Any, lang: str) -> dict[str, str]:
    if game == "what-the-shell":
        return {"action": REFUSED[game]}
    return {"path": REFUSED[game], "power": ""}


def _power_refused(lesson: Any) -> dict[str, str] | None:
    """A power the learner's snake does not have (the engine refuses it)."""
    from samtempa.tutorials.snake import learner_race

    race = learner_race(lesson)
    if race == "dasher":
        return {"path": "RRRRR", "power": "ghost"}
    return {"path": "RRRRR", "power": "dash", "dash": "1"}


def web_texts(tmp: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    settings = Settings(data_dir=tmp / "web", bot_budget_s=0.05)
    with TestClient(create_app(settings)) as client:
        for lang in LANGS:
            out[f"{lang}/index"] = page_texts(client.get(f"/learn?lang={lang}").text)
            for game in GAMES:
                for lesson in load_lessons(game):
                    url = f"/learn/{game}/{lesson.id}"
                    page = client.get(url).text
                    pages: dict[str, Any] = {"start": page_texts(page)}
                    token = _token(page)
                    moves: list[Any] = []
                    for n, step in enumerate(lesson.steps, 1):
                        data = {"csrf_token": token, "moves": json.dumps(moves)}
                        tries = {"refused": _refused_form(game, lesson, lang)}
                        wrong = wrong_move(game, step)
                        if wrong is not None:
                            tries["wrong"] = form(wrong, lang)
                        if game == "snake-synapse":
                            power = _power_refused(lesson)
                            if power is not None:
                                tries["power"] = power
                        for name, fields in tries.items():
                            pages[f"{n}/{name}"] = page_texts(
                                client.post(url, data={**data, **fields}).text
                            )
                        right = client.post(url, data={**data, **form(step.accept[0], lang)})
                        pages[f"{n}/right"] = page_texts(right.text)
                        moves.append(step.accept[0])
                    out[f"{lang}/{game}/{lesson.id}"] = pages
            out[f"{lang}/index-done"] = page_texts(client.get("/learn").text)
            client.cookies.clear()
    return out


def capture(tmp: Path) -> dict[str, Any]:
    return {"service": service_texts(), "terminal": terminal_texts(tmp), "web": web_texts(tmp)}


def main() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        data = capture(Path(tmp))
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE} ({FIXTURE.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main()
