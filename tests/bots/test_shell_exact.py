"""The exact simultaneous search (issue 20): its matrix solver, its cells, races decided
by the engine's count of winning turtles (WTS-6), fives completed and blocked."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.bots.registry import LEVELS, make_bot
from samtempa.bots.shell import (
    EXACT,
    EXPERT,
    ShellExactBot,
    ShellHybridBot,
    _exact,
    _matrix,
    _solve,
)
from samtempa.games.shell import ShellState, WhatTheShell, fast, random_empty, square
from samtempa.games.shell.board import square_name

GAME = WhatTheShell()
#: A node cap instead of the clock, so the answers do not depend on the machine's load.
EXACT_T = replace(EXACT, max_nodes=60_000)
BUDGET = 30.0  # never reached: the node cap stops the search first


def position(black: list[str], white: list[str]) -> ShellState:
    b = sum(1 << square(n) for n in black)
    w = sum(1 << square(n) for n in white)
    return ShellState(black=b, white=w, turn=max(len(black), len(white)))


def root(state: ShellState, depth: int = 1) -> tuple[list[str], list[str], list[float]]:
    cb, _, cw, _, _, _, _, matrix = _exact.search(
        tuple(state), BUDGET, depth, 10**9, EXACT.widths, EXACT.weights
    )
    return [square_name(c) for c in cb], [square_name(c) for c in cw], matrix


def entry(state: ShellState, black: str, white: str) -> float:
    cb, cw, matrix = root(state)
    return matrix[cb.index(black) * len(cw) + cw.index(white)]


# --- the matrix solver --------------------------------------------------------------------


def test_solver_matching_pennies_and_rock_paper_scissors() -> None:
    pb, pw, v = _solve.solve_game([1.0, 0.0, 0.0, 1.0], 2, 2)
    assert pb == pytest.approx([0.5, 0.5])
    assert pw == pytest.approx([0.5, 0.5])
    assert v == pytest.approx(0.5)
    rps = [0.5, 0.0, 1.0, 1.0, 0.5, 0.0, 0.0, 1.0, 0.5]
    pb, pw, v = _solve.solve_game(rps, 3, 3)
    assert pb == pytest.approx([1 / 3] * 3, abs=0.01)
    assert pw == pytest.approx([1 / 3] * 3, abs=0.01)
    assert v == pytest.approx(0.5, abs=0.005)


def test_solver_takes_a_saddle_point_pure() -> None:
    # Row 1 is black's maximin (0.4), column 2 white's minimax (0.4): a saddle point.
    pb, pw, v = _solve.solve_game([0.3, 0.9, 0.2, 0.6, 0.5, 0.4, 0.1, 0.8, 0.3], 3, 3)
    assert pb == [0.0, 1.0, 0.0]
    assert pw == [0.0, 0.0, 1.0]
    assert v == 0.4


def test_solver_2x2_in_closed_form() -> None:
    # [[0.8, 0.2], [0.3, 0.7]]: black plays row 0 with (0.7-0.3)/1.0, white col 0 with 0.5.
    pb, pw, v = _solve.solve_game([0.8, 0.2, 0.3, 0.7], 2, 2)
    assert pb == pytest.approx([0.4, 0.6])
    assert pw == pytest.approx([0.5, 0.5])
    assert v == pytest.approx(0.5)


@settings(max_examples=40, deadline=None)
@given(
    kb=st.integers(1, 6),
    kw=st.integers(1, 6),
    seed=st.integers(0, 10**6),
)
def test_solver_strategies_are_near_equilibrium(kb: int, kw: int, seed: int) -> None:
    rng = Random(seed)
    a = [rng.random() for _ in range(kb * kw)]
    pb, pw, v = _solve.solve_game(a, kb, kw, 4000)
    assert sum(pb) == pytest.approx(1.0)
    assert sum(pw) == pytest.approx(1.0)
    # No pure deviation gains more than a little against the other's strategy.
    best_row = max(sum(a[i * kw + j] * pw[j] for j in range(kw)) for i in range(kb))
    best_col = min(sum(a[i * kw + j] * pb[i] for i in range(kb)) for j in range(kw))
    assert best_row - best_col < 0.02
    assert best_col - 1e-9 <= v <= best_row + 1e-9


def test_restricted_response_exploits_the_obvious_column() -> None:
    # White always plays column 0 (p = 1): black's best answer is row 1 (0.9 > 0.2).
    a = [0.2, 0.8, 0.9, 0.1]
    assert _solve.restricted_response(a, 2, 2, [1.0, 0.0], 1.0)[1] > 0.99
    # p = 0: the equilibrium of the game, (0.8 / 1.4, 0.6 / 1.4).
    pb = _solve.restricted_response(a, 2, 2, [1.0, 0.0], 0.0, 6000)
    assert pb == pytest.approx([0.8 / 1.4, 0.6 / 1.4], abs=0.02)


#: A 3 × 4 game with no saddle point (not solved in closed form): regret matching+ runs.
MIXED_3X4 = [0.2, 0.7, 0.4, 0.9, 0.1, 0.6, 0.5, 0.8, 0.3, 0.6, 0.2, 0.7]


def test_restricted_response_at_p0_is_bit_for_bit_the_solvers_strategy() -> None:
    # One regret matching+ (_solve.regret_matching) serves both: with p = 0 black answers
    # white's own strategy, so the restricted response is the plain solver's to the bit.
    pb, _, _ = _solve.solve_game(MIXED_3X4, 3, 4, 3000)
    assert 0.0 < max(pb) < 1.0  # a mixed strategy: the iterations ran
    assert _solve.restricted_response(MIXED_3X4, 3, 4, [0.0, 0.0, 1.0, 0.0], 0.0, 3000) == pb


def test_solve_matrix_and_the_exact_solver_are_one_algorithm() -> None:
    # White's payoff as 1 − a (_matrix) or −a (_solve), each in its recorded rounding
    # order: the same regret matching+, apart in the last bits only.
    game = _solve.solve_game(MIXED_3X4, 3, 4, 3000)
    mc = _matrix.solve_matrix(MIXED_3X4, 3, 4, 3000)
    assert mc[0] == pytest.approx(game[0], abs=1e-12)
    assert mc[1] == pytest.approx(game[1], abs=1e-12)
    assert mc[2] == pytest.approx(game[2], abs=1e-12)


# --- cells and evaluation -----------------------------------------------------------------


def test_candidates_put_fives_first_then_blocks_then_captures() -> None:
    # Black: four in row 5 with A5 taken (F5 completes); white: four in row 7, A7 taken
    # (F7 completes); the white pair D2, E2 lies between black's F2 and the empty C2:
    # black's C2 captures it (WTS-4.1).
    state = position(
        ["A7", "B5", "C5", "D5", "E5", "F2"], ["A5", "B7", "C7", "D7", "E7", "D2", "E2"]
    )
    cells = [square_name(c) for c in _exact.candidate_cells(tuple(state), True, 6)]
    assert cells[:3] == ["F5", "F7", "C2"]
    white = [square_name(c) for c in _exact.candidate_cells(tuple(state), False, 6)]
    assert white[:2] == ["F7", "F5"]


def test_evaluation_is_symmetric_between_colours() -> None:
    state = position(["D4", "E5", "F6", "C3"], ["D5", "E4", "G2"])
    swapped = ShellState(black=state.white, white=state.black, turn=state.turn)
    v = _exact.evaluation(tuple(state), EXACT.weights)
    assert 0.5 < v < 1.0  # black's diagonal of four pieces is worth more
    assert _exact.evaluation(tuple(swapped), EXACT.weights) == pytest.approx(1.0 - v)


# --- play ---------------------------------------------------------------------------------


def picks(state: ShellState, player: str, seeds: int = 8) -> list[str]:
    bot = ShellExactBot("t", EXACT_T)
    return [square_name(bot.pick(state, player, BUDGET, Random(s))) for s in range(seeds)]


def test_completes_one_of_its_two_fives_and_mixes() -> None:
    # An open four B5..E5: A5 and F5 both complete; white cannot block both.
    state = position(["B5", "C5", "D5", "E5"], ["B7", "H2", "G8", "A1"])
    black = picks(state, "black", 12)
    assert set(black) == {"A5", "F5"}, (
        "only the fives, and both (a predictable attacker is blocked)"
    )
    white = picks(state, "white", 12)
    assert set(white) <= {"A5", "F5"}


def test_a_five_that_cannot_be_stopped_is_worth_nearly_a_win() -> None:
    # Two open fours (row 5 and column H): four cells complete a five, white has none.
    state = position(
        ["B5", "C5", "D5", "E5", "H2", "H3", "H4", "H6"], ["B7", "A9", "G8", "A1", "D9"]
    )
    _cb, _, _cw, _, value, depth, _, _ = _exact.search(
        tuple(state), BUDGET, 2, 10**9, EXACT.widths, EXACT.weights
    )
    assert depth == 2
    assert value > 0.7
    bot = ShellExactBot("t", EXACT_T)
    bot.pick(state, "black", BUDGET, Random(1))
    fives = {"A5", "F5", "H1", "H5"}
    assert {square_name(c) for c in bot.last["strategy"]} <= fives


def test_blocks_the_only_five() -> None:
    # White has four in a column C2..C5 whose top end is taken by black: only C6 makes five.
    state = position(["C1", "H8", "G2"], ["C2", "C3", "C4", "C5"])
    assert set(picks(state, "black")) == {"C6"}


def test_a_longer_line_wins_the_race_and_the_defender_blocks_it() -> None:
    # WTS-6.1: black's F5 makes a run of six (B5..G5), white's F7 a five: if both
    # complete, black has 6 winning turtles to 5 and wins (WTS-6.2).
    state = position(["B5", "C5", "D5", "E5", "A7", "G5"], ["B7", "C7", "D7", "E7", "A5"])
    assert entry(state, "F5", "F7") == 1.0
    after = fast.step(state, square("F5"), square("F7"))
    assert (after.result, after.winning_black, after.winning_white) == ("black", 6, 5)
    # White's only defence is to take F5 (a collision there lays an egg, WTS-3.2).
    assert set(picks(state, "white")) == {"F5"}
    # Black completes: against a white who completes its own five, that wins at once.
    assert set(picks(state, "black")) == {"F5"}


def test_two_crossing_fives_beat_a_longer_run() -> None:
    # Black's F5 completes row 5 (B5..F5) and column F (F1..F5): 9 winning turtles, the
    # shared one counted once (WTS-6.1); white's F7 makes one run of seven (B7..H7).
    # Nine against seven: black wins (WTS-6.2).
    state = position(
        ["B5", "C5", "D5", "E5", "F1", "F2", "F3", "F4", "A9"],
        ["B7", "C7", "D7", "E7", "G7", "H7", "I1", "I3", "A5"],
    )
    after = fast.step(state, square("F5"), square("F7"))
    assert (after.result, after.winning_black, after.winning_white) == ("black", 9, 7)
    assert entry(state, "F5", "F7") == 1.0


def test_equal_fives_go_on_in_sudden_death() -> None:
    # Both complete a five of five turtles: no winner (WTS-6.2), the game goes on.
    state = position(["B5", "C5", "D5", "E5", "A7"], ["B7", "C7", "D7", "E7", "A5"])
    value = entry(state, "F5", "F7")
    assert 0.0 < value < 1.0
    assert fast.step(state, square("F5"), square("F7")).phase == "sudden-death"
    # Both colours only ever complete or block (F5, F7).
    assert set(picks(state, "black")) <= {"F5", "F7"}
    assert set(picks(state, "white")) <= {"F5", "F7"}


def test_a_capped_search_repeats_itself() -> None:
    state = position(["D4", "E5", "F6"], ["D5", "E4", "C6"])
    first = _exact.search(tuple(state), BUDGET, 6, 20_000, EXACT.widths, EXACT.weights)
    second = _exact.search(tuple(state), BUDGET, 6, 20_000, EXACT.widths, EXACT.weights)
    assert first == second
    assert first[5] >= 2  # at least two simultaneous turns deep


@settings(max_examples=15, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    turns=st.integers(0, 50),
    level=st.sampled_from(["expert-duct", "expert-exact", "expert-hybrid"]),
)
def test_unlisted_levels_pick_empty_cells(seed: int, turns: int, level: str) -> None:
    rng = Random(seed)
    state = ShellState()
    while state.turn < turns:
        after = fast.step(state, random_empty(state, rng), random_empty(state, rng))
        if after.result is not None:
            break
        state = after
    bot = make_bot("what-the-shell", level)
    for player in ("black", "white"):
        answer = bot.choose(GAME, state, player, 0.01, Random(seed))
        GAME.validate(state, player, GAME.parse_orders(state, player, answer))
    assert level not in LEVELS["what-the-shell"]  # measured in the arena, not offered


def test_hybrid_blocks_the_only_five_and_takes_a_won_five() -> None:
    tree = replace(EXPERT, max_iterations=3000, max_matrix_rounds=20)
    bot = ShellHybridBot("t", tree, EXACT_T)
    block = position(["C1", "H8", "G2"], ["C2", "C3", "C4", "C5"])
    assert {square_name(bot.pick(block, "black", BUDGET, Random(s))) for s in range(4)} == {"C6"}
    # Two open fours: the exact search finds the win and plays only five cells.
    won = position(["B5", "C5", "D5", "E5", "H2", "H3", "H4", "H6"], ["B7", "A9", "G8", "A1", "D9"])
    picks = {square_name(bot.pick(won, "black", BUDGET, Random(s))) for s in range(4)}
    assert picks <= {"A5", "F5", "H5"}
    assert bot.last["source"] == "exact"


def test_races_only_hybrid_plays_the_exact_search_in_a_race_and_the_tree_elsewhere() -> None:
    tree = replace(EXPERT, max_iterations=3000, max_matrix_rounds=20)
    bot = ShellHybridBot("t", tree, EXACT_T, races_only=True)
    race = position(["B5", "C5", "D5", "E5", "A7", "G5"], ["B7", "C7", "D7", "E7", "A5"])
    assert {square_name(bot.pick(race, "white", BUDGET, Random(s))) for s in range(4)} == {"F5"}
    assert bot.last["source"] == "exact"
    bot.pick(position(["D4"], ["E5"]), "black", BUDGET, Random(1))
    assert bot.last["source"] == "tree"


def test_the_expert_level_is_the_races_hybrid() -> None:
    bot = make_bot("what-the-shell", "expert")
    assert isinstance(bot, ShellHybridBot)
    assert bot.races_only
    assert not isinstance(make_bot("what-the-shell", "expert-duct"), ShellHybridBot)
