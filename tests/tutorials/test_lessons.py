"""Every lesson is complete (three languages, real rule numbers) and claims what the engine does."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from samtempa.games.shell.board import SQUARES, square_name
from samtempa.tutorials.lessons import LANGS, Lesson, LessonError, load_lessons, parse_lessons
from samtempa.tutorials.service import TutorialService, service_for

GAMES = ("what-the-shell", "snake-synapse")
ROOT = Path(__file__).resolve().parents[2]
RULE_NUMBERS = json.loads((Path(__file__).parent / "rule_numbers.json").read_text("utf-8"))
SHARED_RULES = ROOT.parent / "shared" / "rules"
PAGES = {
    "what-the-shell": ("what-the-shell.md", "WTS"),
    "snake-synapse": ("snake-synapse.md", "SS"),
}


def all_lessons() -> list[Any]:
    return [
        pytest.param(game, lesson, id=lesson.id) for game in GAMES for lesson in load_lessons(game)
    ]


@pytest.mark.skipif(not SHARED_RULES.is_dir(), reason="../shared is not beside this checkout")
@pytest.mark.parametrize("game", sorted(PAGES))
def test_vendored_rule_numbers_match_the_rules_pages(game: str) -> None:
    page, prefix = PAGES[game]
    text = (SHARED_RULES / page).read_text("utf-8")
    numbers = set(re.findall(rf"^- ({prefix}-\d+\.\d+)", text, re.MULTILINE))
    assert numbers == set(RULE_NUMBERS[game])


@pytest.mark.parametrize(("game", "lesson"), all_lessons())
def test_lesson_cites_existing_rules_and_speaks_three_languages(game: str, lesson: Lesson) -> None:
    assert lesson.rules, "a lesson teaches at least one rule"
    unknown = [r for r in lesson.rules if r not in RULE_NUMBERS[game]]
    assert unknown == [], f"no such rule: {unknown}"
    texts = [lesson.title] + [
        t for step in lesson.steps for t in (step.instruction, step.explanation, step.hint)
    ]
    for t in texts:
        assert tuple(t) == LANGS
        assert all(t[lang].strip() for lang in LANGS)
    # Translations are not left in English by mistake.
    for step in lesson.steps:
        assert step.instruction["fr"] != step.instruction["en"]
        assert step.instruction["eo"] != step.instruction["en"]


@pytest.mark.parametrize(("game", "lesson"), all_lessons())
def test_every_accepted_action_reaches_the_claimed_outcome(game: str, lesson: Lesson) -> None:
    service = service_for(game)
    moves: list[Any] = []
    for step in lesson.steps:
        for action in step.accept:
            attempt = service.attempt(lesson.id, moves, action, "en")
            assert attempt.error is None, f"{action!r} refused: {attempt.error}"
            assert attempt.success, f"{action!r} does not reach the claimed outcome"
            assert attempt.message == step.explanation["en"]
        moves.append(step.accept[0])
    assert service.position(lesson.id, moves).finished


@pytest.mark.parametrize(("game", "lesson"), all_lessons())
def test_wrong_actions_get_the_hint(game: str, lesson: Lesson) -> None:
    service = service_for(game)
    moves: list[Any] = []
    for step in lesson.steps:
        for action in step.wrong:
            attempt = service.attempt(lesson.id, moves, action, "en")
            assert not attempt.success, f"{action!r} is listed as wrong but reaches the outcome"
            assert attempt.message == step.hint["en"]
            assert attempt.after == attempt.before, "a wrong action leaves the position as it was"
        moves.append(step.accept[0])


def shell_successes(service: TutorialService, lesson: Lesson, moves: list[Any]) -> set[str]:
    """Every legal pick that passes the current step: the engine's answer, not the lesson's."""
    found = set()
    for sq in SQUARES:
        attempt = service.attempt(lesson.id, moves, square_name(sq), "en")
        if attempt.error is None and attempt.success:
            found.add(square_name(sq))
    return found


@pytest.mark.parametrize(
    "lesson", [pytest.param(x, id=x.id) for x in load_lessons("what-the-shell")]
)
def test_what_the_shell_accepts_exactly_the_picks_that_reach_the_outcome(lesson: Lesson) -> None:
    """So the hint is meaningful: no other pick passes, and every model answer is listed."""
    service = service_for("what-the-shell")
    moves: list[Any] = []
    for step in lesson.steps:
        assert shell_successes(service, lesson, moves) == set(step.accept)
        moves.append(step.accept[0])


POWERS = ("breaker", "dash", "trap", "dig", "ghost", "shoot")


@pytest.mark.parametrize(
    "lesson",
    [
        pytest.param(x, id=x.id)
        for x in load_lessons("snake-synapse")
        if any(p in x.steps[0].accept[0] for p in POWERS)
    ],
)
def test_a_race_lesson_needs_its_power(lesson: Lesson) -> None:
    """No plain path of the 1024 reaches the outcome: the lesson really teaches the power."""
    service = service_for("snake-synapse")
    for path in itertools.product("UDLR", repeat=5):
        attempt = service.attempt(lesson.id, [], {"path": "".join(path)}, "en")
        assert not attempt.success, f"{''.join(path)} passes without the power"


def test_snake_synapse_covers_the_issue_list() -> None:
    lessons = load_lessons("snake-synapse")
    taught = {r for lesson in lessons for r in lesson.rules}
    # frames and paths, tails, growth, kills and head-to-heads, terrain changes
    for rule in ("SS-4.2", "SS-5.4", "SS-6.1", "SS-6.5", "SS-5.5", "SS-5.6", "SS-7.2"):
        assert rule in taught
    # one lesson per race
    for n, race in enumerate(("breaker", "dasher", "trapper", "digger", "ghost", "shooter"), 1):
        assert f"SS-8.{n}" in taught
        assert f"ss-{race}" in {lesson.id for lesson in lessons}


def test_what_the_shell_covers_every_rule_the_issue_lists() -> None:
    taught = {r for lesson in load_lessons("what-the-shell") for r in lesson.rules}
    # simultaneous picks, egg from a collision, exactly two, eggs capturable, trap safe,
    # anticipation and mutual captures, oldest first, chains, vanishing egg, never kept,
    # lines of five, sudden death and its ways out, the draw.
    for rule in ("WTS-2.1", "WTS-3.2", "WTS-4.1", "WTS-4.2", "WTS-4.3", "WTS-4.4", "WTS-4.5"):
        assert rule in taught
    for rule in ("WTS-5.1", "WTS-5.2", "WTS-5.3", "WTS-6.1", "WTS-6.2", "WTS-6.3", "WTS-6.4"):
        assert rule in taught
    ids = {lesson.id for lesson in load_lessons("what-the-shell")}
    for needed in (
        "wts-sudden-death-lengthen",
        "wts-sudden-death-second-line",
        "wts-sudden-death-break",
        "wts-draw",
    ):
        assert needed in ids


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d["lessons"][0].update(title={"en": "A title"}), "English text"),
        (lambda d: d["lessons"][0]["steps"][0].update(accept=[]), "accept"),
        (lambda d: d["lessons"].append(dict(d["lessons"][0])), "id"),
        (lambda d: d["lessons"][0].update(extra=1), "keys"),
        (lambda d: d["lessons"][0]["steps"][0].update(hint=" "), "non-empty"),
    ],
)
def test_malformed_lesson_files_are_refused(mutate: Any, message: str) -> None:
    path = ROOT / "src" / "samtempa" / "tutorials" / "lessons" / "what-the-shell.json"
    data = json.loads(path.read_text("utf-8"))
    mutate(data)
    with pytest.raises(LessonError, match=message):
        parse_lessons("what-the-shell", data)
