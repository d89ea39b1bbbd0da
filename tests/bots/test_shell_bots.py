"""What the Shell bots: legal picks everywhere, the right pure answers, mixing where it should."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.bots.registry import LEVELS, make_bot
from samtempa.bots.shell import EXPERT, HARD, ShellSearchBot, _matrix, _search
from samtempa.games.shell import (
    INITIAL,
    ShellState,
    WhatTheShell,
    fast,
    random_empty,
    square,
)
from samtempa.games.shell.board import FULL_MASK

GAME = WhatTheShell()
#: Iteration caps instead of the clock, so these tests give the same answers under load.
HARD_T = replace(HARD, max_iterations=6000)
EXPERT_T = replace(EXPERT, max_iterations=8000, max_matrix_rounds=40)
EXPERT_MATRIX = replace(EXPERT, max_iterations=8000, max_matrix_rounds=150)
BUDGET = 30.0  # never reached: the caps stop the searches first


def position(black: list[str], white: list[str]) -> ShellState:
    b = sum(1 << square(n) for n in black)
    w = sum(1 << square(n) for n in white)
    return ShellState(black=b, white=w, turn=max(len(black), len(white)))


def random_position(seed: int, turns: int) -> ShellState:
    rng = Random(seed)
    state = INITIAL
    while state.result is None and state.turn < turns:
        nxt = fast.step(state, random_empty(state, rng), random_empty(state, rng))
        if nxt.result is not None:
            break
        state = nxt
    return state


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 60),
    level=st.sampled_from(LEVELS["what-the-shell"]),
)
def test_every_level_picks_an_empty_cell(seed: int, turns: int, level: str) -> None:
    state = random_position(seed, turns)
    bot = make_bot("what-the-shell", level)
    for player in ("black", "white"):
        answer = bot.choose(GAME, state, player, 0.004, Random(seed))
        pick = GAME.parse_orders(state, player, answer)
        GAME.validate(state, player, pick)  # raises on an occupied or off-board pick


def test_last_empty_cell_is_taken() -> None:
    empty_sq = square("I9")
    full = FULL_MASK & ~(1 << empty_sq)
    # Alternate colours so nobody has a five: fill row by row with a B/W pattern.
    black = sum(
        1 << sq for i, sq in enumerate(s for s in range(90) if full >> s & 1) if (i // 2) % 2
    )
    state = ShellState(black=black, white=full & ~black, turn=80)
    for level in LEVELS["what-the-shell"]:
        assert (
            make_bot("what-the-shell", level).choose(GAME, state, "black", 0.01, Random(1)) == "I9"
        )


@pytest.mark.parametrize("settings_", [HARD_T, EXPERT_T], ids=["hard", "expert"])
def test_search_blocks_the_only_five(settings_: object) -> None:
    # White has four in a column C2..C5 whose top end is taken by black: only C6 makes five.
    state = position(["C1", "H8", "G2"], ["C2", "C3", "C4", "C5"])
    bot = ShellSearchBot("t", settings_)  # type: ignore[arg-type]
    picks = [bot.pick(state, "black", BUDGET, Random(seed)) for seed in range(6)]
    assert picks.count(square("C6")) == len(picks)


@pytest.mark.parametrize("settings_", [HARD_T, EXPERT_T], ids=["hard", "expert"])
def test_search_completes_one_of_its_two_fives_and_mixes(settings_: object) -> None:
    # Black has an open four B5..E5: A5 and F5 both win; white cannot block both.
    state = position(["B5", "C5", "D5", "E5"], ["B7", "H2", "G8", "A1"])
    bot = ShellSearchBot("t", settings_)  # type: ignore[arg-type]
    picks = {bot.pick(state, "black", BUDGET, Random(seed)) for seed in range(10)}
    assert picks <= {square("A5"), square("F5")}
    assert picks == {square("A5"), square("F5")}, "a predictable attacker is blocked"


def test_defender_of_an_open_four_guesses_both_ends() -> None:
    state = position(["B5", "C5", "D5", "E5"], ["B7", "H2", "G8", "A1"])
    bot = ShellSearchBot("t", HARD_T)
    picks = [bot.pick(state, "white", BUDGET, Random(seed)) for seed in range(10)]
    assert set(picks) == {square("A5"), square("F5")}


def test_expert_completes_its_five_when_both_can_and_fives_are_equal() -> None:
    # Black completes at F5 (A5 blocked), white at F7 (A7 blocked): fives of equal length,
    # so both completing is a sudden death (WTS-6.2) and the matrix's saddle point.
    state = position(["B5", "C5", "D5", "E5", "A7"], ["B7", "C7", "D7", "E7", "A5"])
    empty = FULL_MASK & ~state.occupied
    assert _search.five_cells(state.black, empty) == 1 << square("F5")
    assert _search.five_cells(state.white, empty) == 1 << square("F7")
    bot = ShellSearchBot("expert", EXPERT_MATRIX)
    for player, own, theirs in (("black", "F5", "F7"), ("white", "F7", "F5")):
        picks = []
        for seed in range(5):
            picks.append(bot.pick(state, player, BUDGET, Random(seed)))
            assert bot.last["matrix"] is True
        assert set(picks) <= {square(own), square(theirs)}
        assert picks.count(square(own)) >= 3


def test_expert_blocks_a_longer_five_and_completes_its_own() -> None:
    # Black's F5 makes a run of six (B5..G5) against white's five at F7 (WTS-6.1):
    # black completing wins unless white blocks it, so white blocks.
    state = position(["B5", "C5", "D5", "E5", "A7", "G5"], ["B7", "C7", "D7", "E7", "A5"])
    bot = ShellSearchBot("expert", EXPERT_MATRIX)
    white = [bot.pick(state, "white", BUDGET, Random(seed)) for seed in range(5)]
    assert white.count(square("F5")) == len(white)
    black = [bot.pick(state, "black", BUDGET, Random(seed)) for seed in range(5)]
    assert set(black) <= {square("F5"), square("F7")}
    assert black.count(square("F5")) >= 3


def test_solve_matrix_finds_matching_pennies() -> None:
    strategy_b, strategy_w, value = _matrix.solve_matrix([1.0, 0.0, 0.0, 1.0], 2, 2, 4000)
    assert strategy_b == pytest.approx([0.5, 0.5], abs=0.02)
    assert strategy_w == pytest.approx([0.5, 0.5], abs=0.02)
    assert value == pytest.approx(0.5, abs=0.02)


def test_solve_matrix_finds_a_dominant_row() -> None:
    strategy_b, _, value = _matrix.solve_matrix([0.9, 0.8, 0.1, 0.2], 2, 2, 2000)
    assert strategy_b[0] > 0.97
    assert value == pytest.approx(0.8, abs=0.03)


def test_five_cells_and_four_cells() -> None:
    own = sum(1 << square(n) for n in ("B1", "C1", "D1", "E1"))
    empty = FULL_MASK & ~own
    assert _search.five_cells(own, empty) == (1 << square("A1")) | (1 << square("F1"))
    three = sum(1 << square(n) for n in ("B1", "C1", "D1"))
    assert _search.four_cells(three, FULL_MASK & ~three) == sum(
        1 << square(n) for n in ("A1", "E1", "F1")
    )


def test_policy_playout_ends_the_game() -> None:
    rng = Random(3)
    for _ in range(50):
        result, turns = _search.policy_playout(tuple(INITIAL), (1.0, 1.0, 0.5, 0.3, 0.3), rng)
        assert result in ("black", "white", "draw")
        assert turns > 0


def test_medium_completes_and_blocks_fives() -> None:
    bot = make_bot("what-the-shell", "medium")
    win = position(["B5", "C5", "D5", "E5", "A6"], ["A5", "H1", "H2"])
    assert bot.choose(GAME, win, "black", 0.01, Random(1)) == "F5"
    block = position(["H1", "H3", "A9"], ["C2", "C3", "C4", "C5", "C1"])
    assert block.occupied >> square("C1") & 1
    assert bot.choose(GAME, block, "black", 0.01, Random(1)) == "C6"
