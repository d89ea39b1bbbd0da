"""Both games as OpenSpiel games; CFR solves a small What the Shell position end to end."""

from __future__ import annotations

from random import Random

import pyspiel
import pytest
from open_spiel.python import policy as policy_lib
from open_spiel.python.algorithms import cfr, exploitability

from samtempa.envs import openspiel as spiel
from samtempa.games.shell import ShellState, WhatTheShell, resolve
from samtempa.games.shell.board import SIZE, SQUARES, STRIDE, winning_count


def _small_position(rng: Random) -> ShellState:
    """A board full but for three cells, with no five (a pattern of pairs, a few flipped)."""
    base_b = base_w = 0
    for r in range(SIZE):
        for c in range(SIZE):
            if (c + 2 * r) % 4 in (0, 1):
                base_b |= 1 << (r * STRIDE + c)
            else:
                base_w |= 1 << (r * STRIDE + c)
    while True:
        black, white = base_b, base_w
        for sq in rng.sample(SQUARES, 10):
            black ^= 1 << sq
            white ^= 1 << sq
        for sq in rng.sample(SQUARES, 3):
            black &= ~(1 << sq)
            white &= ~(1 << sq)
        if not (winning_count(black) or winning_count(white)):
            return ShellState(black, white, turn=39)


def test_both_games_are_registered_as_simultaneous_games() -> None:
    names = pyspiel.registered_names()
    for name in (spiel.SHELL_NAME, spiel.SNAKE_NAME):
        assert name in names
        game = pyspiel.load_game(name)
        assert game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
        assert game.new_initial_state().current_player() == pyspiel.PlayerId.SIMULTANEOUS


def test_apply_actions_plays_the_engines_turn() -> None:
    game = spiel.shell_game()
    state = game.new_initial_state()
    state.apply_actions([40, 0])  # E5 and A1
    expected = resolve(WhatTheShell().initial_state(), 44, 0)
    assert state.state == expected
    assert 40 not in state.legal_actions(0)
    assert len(state.legal_actions(1)) == 79


def test_cfr_drives_exploitability_of_a_small_position_towards_zero() -> None:
    """An exploitability-based solver end to end: CFR on the turn-based conversion of a
    three-empty-cell position, two turns deep; the uniform policy is exploitable, CFR's
    average policy almost not."""
    rng = Random(1)
    while True:
        game = pyspiel.convert_to_turn_based(spiel.shell_game(_small_position(rng), max_turns=2))
        uniform = exploitability.exploitability(game, policy_lib.UniformRandomPolicy(game))
        if uniform > 0.1:
            break
    solver = cfr.CFRSolver(game)
    for _ in range(60):
        solver.evaluate_and_update_policy()
    assert exploitability.exploitability(game, solver.average_policy()) < 0.02 < uniform


def test_snake_synapse_plays_to_a_zero_sum_end() -> None:
    game = pyspiel.load_game(spiel.SNAKE_NAME, {"races": "breaker,dasher,ghost"})
    assert game.num_players() == 3
    state = game.new_initial_state()
    rng = Random(4)
    while not state.is_terminal():
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(3)])
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9
    assert max(returns) > 0
    assert max(returns) <= 1.0
    assert min(returns) >= -1.0


def test_snake_terrains_with_long_paths_are_refused_with_a_reason() -> None:
    with pytest.raises(ValueError, match="paths grow to 8 steps"):
        pyspiel.load_game(spiel.SNAKE_NAME, {"terrain": "big"})
