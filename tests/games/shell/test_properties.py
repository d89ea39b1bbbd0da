"""Properties of the What the Shell engine over many random positions (Hypothesis)."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.games.shell import INITIAL, ShellState, WhatTheShell, random_empty, step
from samtempa.games.shell.board import squares_of
from samtempa.games.shell.notation import format_turn, from_json, to_json
from tests.games.shell.strategies import states
from tests.games.shell.util import SYMMETRIES, map_state, swap_colours

settings.register_profile("shell", max_examples=150, deadline=None)
settings.load_profile("shell")


def random_picks(state: ShellState, seed: int) -> tuple[int, int]:
    rng = Random(seed)
    return random_empty(state, rng), random_empty(state, rng)


def playable(state: ShellState) -> bool:
    return state.result is None


@given(states(), st.integers(0, 2**32))
def test_wts_1_3_the_egg_queue_always_equals_the_egg_cells(state: ShellState, seed: int) -> None:
    rng = Random(seed)
    for _ in range(30):
        if state.result is not None:
            break
        state = step(state, random_empty(state, rng), random_empty(state, rng))
        assert sorted(state.queue) == squares_of(state.eggs)
        assert len(set(state.queue)) == len(state.queue)
        assert state.black & state.white == 0
        assert (state.black | state.white) & state.eggs == 0


@given(st.integers(0, 2**32))
def test_wts_7_1_replaying_a_record_reproduces_every_state(seed: int) -> None:
    rng = Random(seed)
    game = WhatTheShell()
    state, record, seen = INITIAL, [], [INITIAL]
    while state.result is None:
        black, white = random_empty(state, rng), random_empty(state, rng)
        record.append(format_turn(black, white))
        state = step(state, black, white)
        seen.append(state)
    replayed = [INITIAL]
    for turn in record:
        replayed.append(game.play(replayed[-1], turn).state)
    assert replayed == seen


@given(states())
def test_wts_7_2_json_round_trip_is_lossless(state: ShellState) -> None:
    assert from_json(to_json(state)) == state


@given(states(), st.integers(0, 2**32), st.sampled_from(sorted(SYMMETRIES)))
def test_symmetries_of_the_square_commute_with_a_turn(
    state: ShellState, seed: int, name: str
) -> None:
    if not playable(state):
        return
    f = SYMMETRIES[name]
    black, white = random_picks(state, seed)
    expected = map_state(step(state, black, white), f)
    assert step(map_state(state, f), f(black), f(white)) == expected


@given(states(), st.integers(0, 2**32))
def test_swapping_colours_and_picks_swaps_the_result(state: ShellState, seed: int) -> None:
    if not playable(state):
        return
    black, white = random_picks(state, seed)
    expected = swap_colours(step(state, black, white))
    assert step(swap_colours(state), white, black) == expected
