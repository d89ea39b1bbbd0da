"""The tutorial service: judging an action, hints, refusals, and replaying a lesson's moves."""

from __future__ import annotations

import pytest

from samtempa import words
from samtempa.conformance import differences
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.service import LessonMoveError, service_for

SHELL = service_for("what-the-shell")


def test_a_right_move_says_what_happened_and_why() -> None:
    attempt = SHELL.attempt("wts-capture", [], "e5", "en")
    assert attempt.success
    assert attempt.error is None
    assert attempt.action == "E5", "e5 is normalised"
    assert attempt.after.finished
    assert attempt.played is not None
    assert attempt.played["eggs"] == []
    assert any(
        "captures the white turtle F5 and the white turtle G5" in s for s in attempt.happened
    )
    assert any("B8 hatches as a black turtle" in s for s in attempt.happened)
    assert attempt.message == SHELL.lesson("wts-capture").steps[0].explanation["en"]


def test_a_wrong_move_is_played_then_gets_the_hint_and_the_same_position() -> None:
    attempt = SHELL.attempt("wts-capture", [], "A1", "fr")
    assert not attempt.success
    assert attempt.error is None
    assert attempt.after == attempt.before
    assert attempt.after.step_index == 0
    assert attempt.played is not None, "the learner sees what their move did"
    assert attempt.happened[0] == "Noir joue A1, Blanc joue B2."
    assert attempt.message == SHELL.lesson("wts-capture").steps[0].hint["fr"]


@pytest.mark.parametrize(
    ("action", "code", "text"),
    [
        ("H5", "occupied", "H5 ne estas malplena"),
        ("J5", "off-board", "J5 ne estas sur la tabulo"),
        ("five", "bad-notation", "Skribu lokon kiel E5"),
        (5, "bad-notation", "Skribu lokon kiel E5"),
    ],
)
def test_a_refused_move_says_why_in_the_learners_language(
    action: object, code: str, text: str
) -> None:
    attempt = SHELL.attempt("wts-capture", [], action, "eo")
    assert not attempt.success
    assert attempt.error_code == code
    assert attempt.error is not None
    assert text in attempt.error
    assert attempt.played is None
    assert attempt.message == SHELL.lesson("wts-capture").steps[0].hint["eo"]


def test_collision_and_vanishing_eggs_are_described_from_the_engine_report() -> None:
    collision = SHELL.attempt("wts-collision-egg", [], "D4", "en")
    assert "an egg is laid instead" in collision.happened[1]
    vanish = SHELL.attempt("wts-vanishing-egg", [], "E5", "eo")
    assert any("La ovo C7 malaperas" in s for s in vanish.happened)
    chain = SHELL.attempt("wts-hatching-chain", [], "B5", "fr")
    assert any("fraîchement éclose E8" in s for s in chain.happened)
    lost = SHELL.attempt("wts-captures-never-kept", [], "E4", "en")
    assert any("never kept" in s for s in lost.happened)
    draw = SHELL.attempt("wts-draw", [], "I9", "en")
    assert draw.happened[-1].startswith("The board is full")
    both = SHELL.attempt("wts-sudden-death-both-broken", [], "C3", "en")
    assert "sudden death ends" in both.happened[-1]


def test_position_replays_moves_and_refuses_moves_that_do_not_pass() -> None:
    position = SHELL.position("wts-capture", ["E5"])
    assert position.finished
    assert position.step is None
    with pytest.raises(LessonMoveError):
        SHELL.position("wts-capture", ["A1"])
    with pytest.raises(LessonMoveError):
        SHELL.position("wts-capture", ["E5", "A1"])
    with pytest.raises(LessonMoveError):
        SHELL.attempt("wts-capture", ["E5"], "A1", "en")
    with pytest.raises(KeyError):
        SHELL.start("no-such-lesson")


def test_unknown_language_falls_back_to_english() -> None:
    attempt = SHELL.attempt("wts-capture", [], "E5", "de")
    assert attempt.message == SHELL.lesson("wts-capture").steps[0].explanation["en"]


def test_next_lesson_follows_the_file_order() -> None:
    ids = [lesson.id for lesson in SHELL.lessons]
    assert SHELL.next_lesson(ids[0]) == SHELL.lessons[1]
    assert SHELL.next_lesson(ids[-1]) is None


def test_partial_comparison_is_the_conformance_one() -> None:
    assert differences({"a": {"b": 1}}, {"a": {"b": 1, "c": 2}, "d": 3}) == []
    assert differences({"a": [1]}, {"a": [1, 2]}) != []
    assert differences({"a": 1}, {"a": True}) != []
    assert differences({"a": 1}, {"a": 1.0}) == []
    assert differences({"a": 1}, {}) == ["$.a: missing"]


SNAKE = service_for("snake-synapse")


@pytest.mark.parametrize(
    ("text", "lang", "order"),
    [
        ("rrrrr", "en", {"path": "RRRRR"}),
        ("DDDDD", "fr", {"path": "RRRRR"}),
        ("HBGDD", "fr", {"path": "UDLRR"}),
        ("RRRRR dash 2", "eo", {"path": "RRRRR", "dash": 2}),
        ("HDDDD piège 1 H", "fr", {"path": "URRRR", "trap": {"frame": 1, "dir": "U"}}),
        ("RRRRU fosi 1", "eo", {"path": "RRRRU", "dig": {"frame": 1}}),
        ("breaker", "en", {"breaker": True}),
        ("break", "eo", {"breaker": True}),
        ("RRRRR fantôme", "fr", {"path": "RRRRR", "ghost": True}),
        (
            "UUUUL shoot 1 1 U shoot 2 2 R",
            "en",
            {"path": "UUUUL", "shoot": [
                {"frame": 1, "portal": 1, "dir": "U"}, {"frame": 2, "portal": 2, "dir": "R"}]},
        ),
    ],
)  # fmt: skip
def test_snake_orders_are_typed_in_each_language(text: str, lang: str, order: object) -> None:
    assert SNAKE.parse_text("ss-paths-and-frames", text, lang) == order


@pytest.mark.parametrize("text", ["", "RRXRR", "RRRRR dash", "RRRRR fly 2", "RRRRR trap 1"])
def test_snake_orders_that_are_no_orders_say_how_to_write_one(text: str) -> None:
    with pytest.raises(ActionError) as caught:
        SNAKE.parse_text("ss-paths-and-frames", text, "en")
    assert caught.value.message("fr")


@pytest.mark.parametrize(
    ("order", "code", "text"),
    [
        ({"path": "RRRR"}, "wrong-path-length", "exactly 5 steps"),
        ({"path": "RRRRR", "dash": 1}, "power-not-of-race", "it is a Trapper"),
        ({"path": "URRRR", "trap": {"frame": 6, "dir": "U"}}, "bad-frame", "from 1 to 5"),
        ({"path": "URRRR", "fly": True}, "bad-notation", "Write a path"),
    ],
)
def test_snake_refusals_say_why(order: object, code: str, text: str) -> None:
    attempt = SNAKE.attempt("ss-trapper", [], order, "en")
    assert attempt.error_code == code
    assert attempt.error is not None
    assert text in attempt.error
    assert attempt.message == SNAKE.lesson("ss-trapper").steps[0].hint["en"]


def test_snake_turns_are_told_frame_by_frame() -> None:
    kill = SNAKE.attempt("ss-kill", [], {"path": "RRRRR"}, "en")
    body = words.death_cause("en", "body")  # the engine's cause, in the games' words
    assert f"Frame 2: Blue dies {body}: Red's (death 1)." in kill.happened
    fr = SNAKE.attempt("ss-kill", [], {"path": "RRRRR"}, "fr")
    assert (
        f"Frame 2 : Bleu meurt {words.death_cause('fr', 'body')} : celui de Rouge (1re mort)."
        in fr.happened
    )
    assert "Frame 2: growth Red +3, Green +1." in kill.happened
    trap = SNAKE.attempt(
        "ss-trapper", [], {"path": "URRRR", "trap": {"frame": 1, "dir": "U"}}, "fr"
    )
    assert "  Rouge : HDDDD, trap 1 H" in trap.happened, "the learner's own letters"
    assert "Frame 1 : Rouge transforme F2 en piège." in trap.happened
    terrain = SNAKE.attempt("ss-terrain-changes", [], {"path": "RURRD"}, "eo")
    assert "Kadro 2: La tereno ŝanĝiĝas (2-a morto)." in terrain.happened
    portals = SNAKE.attempt("ss-shooter", [], SNAKE.lesson("ss-shooter").steps[0].accept[0], "en")
    assert "Frame 4: Red goes through Red's portals from D1 to M2." in portals.happened
    head_on = SNAKE.attempt("ss-head-on", [], {"path": "RRRRR"}, "en")
    assert head_on.happened[-1] == "Red is the last snake alive and wins."


def test_a_multi_step_lesson_goes_on_from_the_state_reached() -> None:
    first = SNAKE.attempt("ss-growth", [], {"path": "RRRRR"}, "en")
    assert first.success
    assert not first.after.finished
    assert first.after.step_index == 1
    wrong = SNAKE.attempt("ss-growth", [first.action], {"path": "LLLLL"}, "en")
    assert not wrong.success
    right = SNAKE.attempt("ss-growth", [first.action], {"path": "DDLLU"}, "en")
    assert right.success
    assert right.after.finished
