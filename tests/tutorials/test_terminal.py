"""``samtempa learn``: whole tutorials played with scripted keyboards, progress remembered."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from samtempa.cli import main as cli_main
from samtempa.terminal.common import ScriptedPrompter
from samtempa.tutorials.lessons import LANGS, load_lessons
from samtempa.tutorials.progress import Progress
from samtempa.tutorials.terminal import main as learn
from samtempa.tutorials.texts import say
from tests.tutorials.orders import typed

GAME = "what-the-shell"


def recorded_console() -> Console:
    return Console(file=io.StringIO(), record=True, width=110, force_terminal=False)


def learner(game: str, lang: str, wrong_first: bool = True) -> Callable[[str], str]:
    """Answers like a learner: a refused move, a hint request, a wrong move, then the right one.

    Every other question (Enter to go on) is answered with Enter.
    """
    answers: list[str] = []
    for lesson in load_lessons(game):
        for step in lesson.steps:
            if wrong_first:
                refused = "Z9" if game == GAME else "RRXRR"
                wrong = step.wrong[0] if step.wrong else next(
                    c for c in ("A1", "I1", "A9", "I9", "B2") if c not in step.accept
                )  # fmt: skip
                answers += [refused, "h", typed(wrong, lang)]
            answers.append(typed(step.accept[0], lang))

    def answer(prompt: str) -> str:
        return answers.pop(0) if "(h" in prompt else ""

    return answer


@pytest.mark.parametrize("game", ["what-the-shell", "snake-synapse"])
@pytest.mark.parametrize("lang", LANGS)
def test_a_new_learner_goes_through_every_lesson(game: str, lang: str, tmp_path: Path) -> None:
    console = recorded_console()
    prompter = ScriptedPrompter(learner(game, lang), console)
    path = tmp_path / "learn.json"
    assert learn(game, lang, progress_path=path, console=console, prompter=prompter) == 0
    lessons = load_lessons(game)
    assert Progress.load(path).done(game) == [lesson.id for lesson in lessons]
    screens = "".join(q.screen for q in prompter.questions) + console.export_text()
    flat = " ".join(screens.split())
    for lesson in lessons:
        assert lesson.title[lang] in flat
        for step in lesson.steps:
            assert " ".join(step.instruction[lang].split()) in flat
            assert " ".join(step.explanation[lang].split()) in flat
            assert " ".join(step.hint[lang].split()) in flat
    assert say(lang, "all-done") in screens


def quitter(lessons: int) -> Callable[[str], str]:
    """Does ``lessons`` lessons right, then answers q."""
    answers = [str(x.steps[0].accept[0]) for x in load_lessons(GAME)[:lessons]]

    def answer(prompt: str) -> str:
        if "(h" in prompt:
            return answers.pop(0) if answers else "q"
        return "" if answers else "q"

    return answer


def test_progress_is_remembered_and_reset(tmp_path: Path) -> None:
    path = tmp_path / "data" / "learn.json"
    console = recorded_console()
    prompter = ScriptedPrompter(quitter(3), console)
    learn(GAME, "en", progress_path=path, console=console, prompter=prompter)
    ids = [lesson.id for lesson in load_lessons(GAME)]
    assert Progress.load(path).done(GAME) == ids[:3]
    assert "Progress saved" in console.export_text()

    # The next run starts at the fourth lesson.
    console = recorded_console()
    prompter = ScriptedPrompter(lambda prompt: "q", console)
    learn(GAME, "en", progress_path=path, console=console, prompter=prompter)
    assert load_lessons(GAME)[3].title["en"] in prompter.questions[0].screen

    console = recorded_console()
    prompter = ScriptedPrompter(lambda prompt: "q", console)
    learn(GAME, "en", reset=True, progress_path=path, console=console, prompter=prompter)
    assert Progress.load(path).done(GAME) == []
    assert "Progress reset" in prompter.questions[0].screen
    assert load_lessons(GAME)[0].title["en"] in prompter.questions[0].screen


def test_a_damaged_progress_file_means_no_progress(tmp_path: Path) -> None:
    path = tmp_path / "learn.json"
    path.write_text("{not json")
    assert Progress.load(path).done(GAME) == []
    path.write_text(json.dumps({GAME: {"done": "oops"}}))
    assert Progress.load(path).done(GAME) == []


def test_progress_lives_under_the_users_data_dir(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    progress = Progress.load()
    progress.mark_done(GAME, "wts-capture")
    assert json.loads((tmp_path / "samtempa" / "learn.json").read_text()) == {
        GAME: {"done": ["wts-capture"]}
    }


@pytest.mark.parametrize(("game", "prefix"), [(GAME, "WTS-"), ("snake-synapse", "SS-")])
def test_list_json_prints_ids_titles_and_rules(
    game: str, prefix: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli_main(["learn", game, "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [x["id"] for x in listed] == [lesson.id for lesson in load_lessons(game)]
    for item in listed:
        assert set(item) == {"id", "title", "rules"}
        assert set(item["title"]) == {"fr", "eo", "en"}
        assert item["rules"]
        assert all(r.startswith(prefix) for r in item["rules"])


def test_language_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    console = recorded_console()
    learn(GAME, None, list_only=True, progress_path=tmp_path / "p.json", console=console)
    assert load_lessons(GAME)[0].title["fr"] in console.export_text()


def test_an_unknown_lesson_is_refused(tmp_path: Path) -> None:
    console = recorded_console()
    assert learn(GAME, "en", lesson="nope", progress_path=tmp_path / "p.json", console=console) == 2
    assert "Unknown lesson: nope" in console.export_text()
