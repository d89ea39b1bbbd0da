"""``samtempa learn GAME``: the lessons in a terminal, in French, Esperanto or English.

Each lesson shows its position and instruction, takes the learner's move,
plays it through :class:`~.service.TutorialService` and shows what happened;
then the explanation, or the hint and another try from the same position.
Finished lessons are remembered (:mod:`.progress`), so the next run starts
at the first one not done.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
from rich.text import Text

from samtempa.terminal.common import ConsolePrompter, Prompter, Quit, clear
from samtempa.terminal.shell import board_text
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.lessons import LANGS, Lesson, pick_lang
from samtempa.tutorials.progress import Progress
from samtempa.tutorials.service import Attempt, Position, TutorialService, service_for
from samtempa.tutorials.shell import legend
from samtempa.tutorials.snake import board_view
from samtempa.tutorials.texts import colon, label, say

QUIT = ("q", "quit", "exit")
#: What asks for the hint: ``h``, ``?``, or the word "hint" in any language.
HINT = ("h", "?", *(say(lang, "hint").lower() for lang in LANGS))


def list_lessons(console: Console, service: TutorialService, progress: Progress, lang: str) -> None:
    done = set(progress.done(service.game_name))
    for n, lesson in enumerate(service.lessons, 1):
        mark = "✓" if lesson.id in done else " "
        # The id is what --lesson takes; rule codes are the code's, not the player's.
        console.print(f"{mark} {n:>2}. {lesson.title[lang]}  [dim]{lesson.id}[/dim]")


def _shell_view(position: Position, attempt: Attempt | None, lang: str) -> list[RenderableType]:
    if attempt is not None and attempt.played_state is not None:
        board = board_text(attempt.played_state, attempt.report)
    else:
        board = board_text(position.state)
    return [board, Text(legend(lang), style="dim")]


def _snake_view(position: Position, attempt: Attempt | None, lang: str) -> list[RenderableType]:
    if attempt is not None and attempt.played_state is not None:
        return board_view(attempt.played_state, lang)
    return board_view(position.state, lang)


VIEWS: dict[str, Callable[[Position, Attempt | None, str], list[RenderableType]]] = {
    "what-the-shell": _shell_view,
    "snake-synapse": _snake_view,
}


def show_position(
    console: Console, service: TutorialService, position: Position, lang: str, number: int
) -> None:
    lesson = position.lesson
    header = say(lang, "lesson", n=number, total=len(service.lessons))
    if len(lesson.steps) > 1:
        header += ", " + say(lang, "step", n=position.step_index + 1, total=len(lesson.steps))
    console.print(f"[bold]{header} — {lesson.title[lang]}[/bold]")
    for item in VIEWS[service.game_name](position, None, lang):
        console.print(item)
    console.print(say(lang, "you-are", who=service.player_name(lesson.id, lang)))
    step = position.step
    assert step is not None
    console.print(Text(step.instruction[lang], style="bold cyan"))
    if service.game_name == "snake-synapse":
        console.print(Text(say(lang, "snake-syntax"), style="dim"))


def show_attempt(console: Console, service: TutorialService, attempt: Attempt, lang: str) -> None:
    if attempt.error is not None:
        console.print(f"[red]{label(lang, 'illegal')}{attempt.error}[/red]")
        console.print(f"[yellow]{label(lang, 'hint')}{attempt.message}[/yellow]")
        return
    for item in VIEWS[service.game_name](attempt.before, attempt, lang):
        console.print(item)
    console.print(f"[bold]{say(lang, 'what-happened')}[/bold]")
    for line in attempt.happened:
        console.print(f"  {line}")
    if attempt.success:
        console.print(f"[bold green]{say(lang, 'well-done')}[/bold green] {attempt.message}")
    else:
        console.print(f"[bold yellow]{say(lang, 'not-yet')}[/bold yellow]")
        console.print(f"[yellow]{label(lang, 'hint')}{attempt.message}[/yellow]")
        console.print(say(lang, "try-again"))


def play_lesson(
    console: Console,
    prompter: Prompter,
    service: TutorialService,
    lesson: Lesson,
    lang: str,
    number: int,
) -> None:
    """Go through one lesson until every step is passed; raises :class:`Quit`."""
    position = service.start(lesson.id)
    while True:
        show_position(console, service, position, lang, number)
        attempt = _ask_move(console, prompter, service, position, lang)
        show_attempt(console, service, attempt, lang)
        position = attempt.after
        if position.finished:
            console.print(f"[bold]{say(lang, 'lesson-done')}[/bold]")
            return
        pause(prompter, lang)
        clear(console, prompter)


def pause(prompter: Prompter, lang: str) -> None:
    """Let the learner read; ``q`` leaves (raises :class:`Quit`)."""
    if prompter.ask(say(lang, "continue")).strip().lower() in QUIT:
        raise Quit


def _ask_move(
    console: Console,
    prompter: Prompter,
    service: TutorialService,
    position: Position,
    lang: str,
) -> Attempt:
    """Ask until the learner types something the service can judge (``h`` shows the hint)."""
    step = position.step
    assert step is not None
    while True:
        prompt = f"{say(lang, 'your-move')} {say(lang, 'help-keys')}{colon(lang)}"
        text = prompter.ask(prompt).strip()
        if text.lower() in QUIT:
            raise Quit
        if text.lower() in HINT:
            console.print(f"[yellow]{label(lang, 'hint')}{step.hint[lang]}[/yellow]")
            continue
        try:
            action = service.parse_text(position.lesson.id, text, lang)
        except ActionError as e:
            console.print(f"[red]{e.message(lang)}[/red]")
            continue
        return service.attempt(position.lesson.id, position.moves, action, lang)


def run(
    console: Console,
    prompter: Prompter,
    service: TutorialService,
    progress: Progress,
    lang: str,
    first: str | None = None,
) -> bool:
    """Go through the lessons from ``first`` (default: the first not done); True if all done."""
    lessons = list(service.lessons)
    done = set(progress.done(service.game_name))
    if first is None:
        todo = [i for i, lesson in enumerate(lessons) if lesson.id not in done]
        start = todo[0] if todo else len(lessons)
    else:
        start = [lesson.id for lesson in lessons].index(first)
    try:
        for i in range(start, len(lessons)):
            play_lesson(console, prompter, service, lessons[i], lang, i + 1)
            progress.mark_done(service.game_name, lessons[i].id)
            if i + 1 < len(lessons):
                pause(prompter, lang)
                clear(console, prompter)
    except Quit:
        console.print(say(lang, "saved"))
        return False
    console.print(f"[bold green]{say(lang, 'all-done')}[/bold green]")
    return True


def env_lang() -> str | None:
    """The learner's language from the environment (``LANG=fr_FR.UTF-8`` gives ``fr``)."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):
            code = part[:2].lower()
            if code in LANGS:
                return code
    return None


def main(
    game: str,
    lang: str | None = None,
    *,
    list_only: bool = False,
    as_json: bool = False,
    reset: bool = False,
    lesson: str | None = None,
    progress_path: Path | None = None,
    console: Console | None = None,
    prompter: Prompter | None = None,
) -> int:
    lang = pick_lang(lang or env_lang())
    console = console or Console()
    service = service_for(game)
    progress = Progress.load(progress_path)
    if list_only and as_json:
        print(json.dumps([lesson.summary() for lesson in service.lessons], ensure_ascii=False))
        return 0
    if list_only:
        list_lessons(console, service, progress, lang)
        return 0
    if reset:
        progress.reset(game)
        console.print(say(lang, "progress-reset"))
    if lesson is not None and lesson not in {x.id for x in service.lessons}:
        console.print(f"[red]{say(lang, 'unknown-lesson', id=lesson)}[/red]")
        return 2
    run(console, prompter or ConsolePrompter(console), service, progress, lang, lesson)
    return 0
