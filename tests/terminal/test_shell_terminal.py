"""The What the Shell terminal game, played whole with scripted keyboards."""

from __future__ import annotations

import io
from random import Random
from typing import Any

from rich.console import Console

from samtempa.games.base import Game, PlayerId
from samtempa.terminal.common import ScriptedPrompter, Seat, make_seat
from samtempa.terminal.shell import run_game

BLACK_PICKS = ["Z9", "a1", "b1", "C1", "d1", "E1"]  # Z9 is off the board: asked again
WHITE_PICKS = ["A9", "A1", "C9", "E9", "G9", "I9"]  # A1 is taken by then: asked again


def recorded_console() -> Console:
    return Console(file=io.StringIO(), record=True, width=100, force_terminal=False)


def scripted(console: Console) -> ScriptedPrompter:
    picks = {"Black": list(BLACK_PICKS), "White": list(WHITE_PICKS)}

    def answer(prompt: str) -> str:
        if "your pick" in prompt:
            return picks[prompt.split(maxsplit=1)[0]].pop(0)
        return ""  # Enter, at handovers and after a reveal

    return ScriptedPrompter(answer, console)


def test_a_whole_hotseat_game_never_shows_one_pick_to_the_other_player() -> None:
    console = recorded_console()
    prompter = scripted(console)
    rng = Random(1)
    seats = {
        c: make_seat(c.capitalize(), "human", "what-the-shell", rng) for c in ("black", "white")
    }
    final = run_game(console, prompter, seats)
    assert final.result == "black"
    assert final.winning_black == 5
    pick_questions = [q for q in prompter.questions if "your pick" in q.prompt]
    assert all(q.secret for q in pick_questions), "hotseat picks are typed without echo"
    black_picks = [q.answer for q in pick_questions if q.prompt.startswith("Black")]
    white_questions = [q for q in pick_questions if q.prompt.startswith("White")]
    # The accepted black pick of each turn is the last one black typed before white is asked.
    accepted_black = [p for p in black_picks if p not in ("Z9", "a1")]
    for turn, black_pick in enumerate(accepted_black):
        screens = [q.screen for q in white_questions if f"Turn {turn} played" in q.screen]
        assert screens, f"white was asked in turn {turn + 1}"
        for screen in screens:
            assert black_pick.upper() not in screen, "white must not see black's pick"
    refusals = "".join(q.screen for q in pick_questions)
    assert "off the 9×9 board" in refusals
    assert "is not empty" in refusals


def test_a_whole_game_against_the_random_bot() -> None:
    console = recorded_console()
    answers = iter(f"{c}{r}" for r in range(1, 10) for c in "ABCDEFGHI")

    def answer(prompt: str) -> str:
        return next(answers)

    prompter = ScriptedPrompter(answer, console)
    rng = Random(7)
    seats = {
        "black": make_seat("Black", "human", "what-the-shell", rng),
        "white": make_seat("White", "easy", "what-the-shell", rng),
    }
    final = run_game(console, prompter, seats)
    assert final.result is not None, "the game was played to its end"
    screen = "".join(q.screen for q in prompter.questions)
    assert "Revealed:" in screen
    assert not any(q.secret for q in prompter.questions), "no need to hide picks from a bot"


class OffBoardBot:
    """A faulty bot: every pick it sends is off the board."""

    name = "off-board"

    def choose(
        self, game: Game[Any, Any], state: Any, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        return "Z9"

    def observe(self, game: Game[Any, Any], state: Any, report: Any) -> None:
        pass


def test_a_refused_bot_pick_becomes_the_missed_order_and_the_game_goes_on() -> None:
    # terminal.common.bot_orders, shared with Snake Synapse: as on the site, a bot's
    # refused orders are the engine's missed order (a random empty cell).
    console = recorded_console()
    answers = iter(f"{c}{r}" for r in range(1, 10) for c in "ABCDEFGHI")
    prompter = ScriptedPrompter(lambda prompt: next(answers), console)
    rng = Random(3)
    seats = {
        "black": make_seat("Black", "human", "what-the-shell", rng),
        "white": Seat("White (faulty bot)", OffBoardBot(), Random(4)),
    }
    final = run_game(console, prompter, seats)
    assert final.result is not None, "the game was played to its end"
    assert final.turn > 1
