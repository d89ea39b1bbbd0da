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

GAME = "what-the-shell"


def recorded_console() -> Console:
    return Console(file=io.StringIO(), record=True, width=110, force_terminal=False)


def learner(wrong_first: bool = True, quit_after: int | None = None) -> Callable[[str], str]:
    """Answers like a learner: a wrong (or refused) move, a hint request, then the right one."""
    lessons = list(load_lessons(GAME))
    state = {"lesson": 0, "tries": 0}

    def answer(prompt: str) -> str:
        if "(h" in prompt:  # the move prompt
            lesson = lessons[state["lesson"]]
            state["tries"] += 1
            if wrong_first and state["tries"] == 1:
                return "Z9"  # off the board: refused, asked again
            if wrong_first and state["tries"] == 2:
                return "h"
            if wrong_first and state["tries"] == 3:
                occupied = set(lesson.steps[0].accept) | {lesson.steps[0].reply}
                wrong = next(c for c in ("A1", "I1", "A9", "I9", "B2", "H8") if c not in occupied)
                return wrong.lower()
            return str(lesson.steps[0].accept[0]).lower()
        # after a reveal: Enter to go on
        if state["tries"] >= (4 if wrong_first else 1):
            state["lesson"] += 1
            state["tries"] = 0
            if quit_after is not None and state["lesson"] == quit_after:
                return "q"
        return ""

    return answer


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_learner_goes_through_every_lesson(lang: str, tmp_path: Path) -> None:
    console = recorded_console()
    prompter = ScriptedPrompter(learner(), console)
    path = tmp_path / "learn.json"
    assert learn(GAME, lang, progress_path=path, console=console, prompter=prompter) == 0
    lessons = load_lessons(GAME)
    assert Progress.load(path).done(GAME) == [lesson.id for lesson in lessons]
    screens = "".join(q.screen for q in prompter.questions) + console.export_text()
    flat = " ".join(screens.split())
    for lesson in lessons:
        step = lesson.steps[0]
        assert lesson.title[lang] in flat
        assert step.instruction[lang] in flat
        assert step.explanation[lang] in flat
        assert step.hint[lang] in flat
    from samtempa.tutorials.texts import say

    assert say(lang, "all-done") in screens


def test_progress_is_remembered_and_reset(tmp_path: Path) -> None:
    path = tmp_path / "data" / "learn.json"
    console = recorded_console()
    prompter = ScriptedPrompter(learner(wrong_first=False, quit_after=3), console)
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


def test_list_json_prints_ids_titles_and_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["learn", GAME, "--list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [x["id"] for x in listed] == [lesson.id for lesson in load_lessons(GAME)]
    for item in listed:
        assert set(item) == {"id", "title", "rules"}
        assert set(item["title"]) == {"fr", "eo", "en"}
        assert item["rules"]
        assert all(r.startswith("WTS-") for r in item["rules"])


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
